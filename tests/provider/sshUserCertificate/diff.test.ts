/**
 * The pure diff of SshUserCertificate (provider/sshUserCertificate/definition.ts): what it adds to the
 * host certificate's (criticalOptions and extensions, which ngrok fills when they are left out).
 */
import { UNKNOWN } from "../../../provider/common/unknown";
import { diffSshUserCertificate } from "../../../provider/sshUserCertificate/definition";
import * as keys from "../../support/sshKeys";

describe("diff: SshUserCertificate", () => {
  /** State after a create that declared neither map: ngrok's defaults are in the outputs. */
  const outputs = {
    sshCertificateAuthorityId: "sshca_1",
    publicKey: keys.ED25519,
    principals: ["deploy"],
    validAfter: "2026-09-04T10:11:37Z",
    validUntil: "2026-09-05T10:11:37Z",
    criticalOptions: {},
    extensions: { "permit-pty": "", "permit-user-rc": "" },
    certificate: "ssh-ed25519-cert-v01@openssh.com AAAA sucrt_1",
    keyType: "ed25519",
    uri: "https://api.ngrok.com/ssh_user_certificates/sucrt_1",
    createdAt: "2026-09-04T10:11:37Z",
  };
  const inputs = {
    sshCertificateAuthorityId: "sshca_1",
    publicKey: keys.ED25519,
    principals: ["deploy"],
  };
  const NONE = { changes: false, replaces: [], deleteBeforeReplace: false, updates: [] };

  test.each([
    ["both maps left out: ngrok's default extensions are no perpetual diff", {}],
    ["the default extensions declared", { extensions: { "permit-user-rc": "", "permit-pty": "" } }],
    ["no critical option declared as {}", { criticalOptions: {} }],
  ])("no change: %s", (_what, patch) => {
    expect(diffSshUserCertificate(outputs, { ...inputs, ...patch })).toEqual(NONE);
  });

  test.each([
    [{ extensions: { "permit-port-forwarding": "" } }, ["extensions"]],
    [{ extensions: { "permit-pty": "" } }, ["extensions"]],
    [{ extensions: { "permit-pty": "", "permit-user-rc": "x" } }, ["extensions"]],
    [{ extensions: UNKNOWN }, ["extensions"]],
    [{ criticalOptions: { "force-command": "/bin/true" } }, ["criticalOptions"]],
    [
      { criticalOptions: { "source-address": "10.0.0.0/8" }, principals: ["root"] },
      ["principals", "criticalOptions"],
    ],
  ])("%j replaces %j", (patch, replaces) => {
    expect(diffSshUserCertificate(outputs, { ...inputs, ...patch })).toEqual({
      changes: true,
      replaces,
      deleteBeforeReplace: false,
      updates: [],
    });
  });

  test("declared options that ngrok kept are no change, and a description still updates in place", () => {
    const declared = {
      ...outputs,
      criticalOptions: { "force-command": "ls" },
      extensions: { "permit-X11-forwarding": "" },
    };
    expect(
      diffSshUserCertificate(declared, {
        ...inputs,
        criticalOptions: { "force-command": "ls" },
        extensions: { "permit-X11-forwarding": "" },
        description: "deploy key",
      }),
    ).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      updates: ["description"],
    });
  });
});
