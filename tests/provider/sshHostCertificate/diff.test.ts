/** The pure diff of SshHostCertificate (provider/sshHostCertificate/definition.ts, rules in provider/sshCertificateCommon/rules.ts). */
import { UNKNOWN } from "../../../provider/common/unknown";
import { diffSshHostCertificate } from "../../../provider/sshHostCertificate/definition";
import * as keys from "../../support/sshKeys";

describe("diff: SshHostCertificate", () => {
  /** State after a create that declared only the CA, the key, principals and a description. */
  const outputs = {
    __provider: "old provider code",
    sshCertificateAuthorityId: "sshca_1",
    publicKey: keys.ED25519,
    principals: ["web1.example.com", "10.0.0.5"],
    validAfter: "2026-09-04T10:11:37Z",
    validUntil: "2027-09-04T10:11:37Z",
    description: "web1",
    certificate: "ssh-ed25519-cert-v01@openssh.com AAAA shcrt_1",
    keyType: "ed25519",
    uri: "https://api.ngrok.com/ssh_host_certificates/shcrt_1",
    createdAt: "2026-09-04T10:11:37Z",
  };
  const inputs = {
    __provider: "new provider code",
    sshCertificateAuthorityId: "sshca_1",
    publicKey: keys.ED25519,
    principals: ["web1.example.com", "10.0.0.5"],
    description: "web1",
  };
  const NONE = { changes: false, replaces: [], deleteBeforeReplace: false, updates: [] };
  const UPDATE = { changes: true, replaces: [], deleteBeforeReplace: false, updates: [] };

  test("no change: not after create, not when only the provider code changed", () => {
    expect(diffSshHostCertificate(outputs, inputs)).toEqual(NONE);
  });

  test.each([
    ["validAfter and validUntil left out: ngrok's values stay", {}],
    ["principals left out (ngrok's [] would be no change either)", { principals: undefined }],
    ["validAfter declared as the instant ngrok recorded", { validAfter: "2026-09-04T10:11:37Z" }],
    ["validUntil with an offset, the same instant", { validUntil: "2027-09-04T05:11:37-05:00" }],
    [
      "validUntil with +00:00 and a fraction of the same second",
      { validUntil: "2027-09-04T10:11:37.999+00:00" },
    ],
    [
      "the same key with another comment",
      { publicKey: keys.ED25519.replace("test@example", "web1") },
    ],
    ["the same key without a comment", { publicKey: keys.ED25519.replace(" test@example", "") }],
    ['metadata "" against none in state', { metadata: "" }],
  ])("no change: %s", (_what, patch) => {
    expect(diffSshHostCertificate(outputs, { ...inputs, ...patch })).toEqual(NONE);
  });

  test.each([
    [{ description: "web1 (eu)" }],
    [{ description: undefined }],
    [{ metadata: "{}" }],
    [{ metadata: UNKNOWN }],
  ])("%j updates in place", (patch) => {
    expect(diffSshHostCertificate(outputs, { ...inputs, ...patch })).toEqual({
      ...UPDATE,
      updates: Object.keys(patch),
    });
  });

  test.each([
    [{ sshCertificateAuthorityId: "sshca_2" }, ["sshCertificateAuthorityId"]],
    [{ sshCertificateAuthorityId: UNKNOWN }, ["sshCertificateAuthorityId"]],
    [{ publicKey: keys.ECDSA_P256 }, ["publicKey"]],
    [{ publicKey: UNKNOWN }, ["publicKey"]],
    [{ principals: ["web1.example.com"] }, ["principals"]],
    [{ principals: ["10.0.0.5", "web1.example.com"] }, ["principals"]],
    [{ principals: [] }, ["principals"]],
    [{ principals: ["web1.example.com", UNKNOWN] }, ["principals"]],
    [{ validAfter: "2026-09-04T10:11:38Z" }, ["validAfter"]],
    [{ validUntil: "2028-01-01T00:00:00Z" }, ["validUntil"]],
    [{ validUntil: "2027-09-04T10:11:37-05:00" }, ["validUntil"]],
    [{ validUntil: UNKNOWN }, ["validUntil"]],
    [
      { publicKey: keys.RSA_2048, validUntil: "2028-01-01T00:00:00Z", description: "x" },
      ["publicKey", "validUntil"],
      ["description"],
    ],
  ])("%j replaces %j, creating the new certificate first", (patch, replaces, updates = []) => {
    expect(diffSshHostCertificate(outputs, { ...inputs, ...patch })).toEqual({
      changes: true,
      replaces,
      deleteBeforeReplace: false,
      updates,
    });
  });
});
