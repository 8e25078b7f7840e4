/** The pure diff of SshCertificateAuthority (provider/sshCertificateAuthority/definition.ts, on provider/framework/diff.ts). */
import { UNKNOWN } from "../../../provider/common/unknown";
import { diffSshCertificateAuthority } from "../../../provider/sshCertificateAuthority/definition";

describe("diff: SshCertificateAuthority", () => {
  const outputs = {
    __provider: "old provider code",
    privateKeyType: "ecdsa",
    ellipticCurve: "p256",
    description: "hosts",
    publicKey: "ecdsa-sha2-nistp256 AAAA",
    keyType: "ecdsa",
    uri: "https://api.ngrok.com/ssh_certificate_authorities/sshca_1",
    createdAt: "2025-09-04T10:11:37Z",
  };
  const inputs = {
    __provider: "new provider code",
    privateKeyType: "ecdsa",
    ellipticCurve: "p256",
    description: "hosts",
  };

  test("no change: not after create, not when only the provider code changed", () => {
    expect(diffSshCertificateAuthority(outputs, inputs)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
      updates: [],
    });
  });

  test.each([
    [{ description: "" }, { description: undefined }],
    [{ metadata: "" }, {}],
    [{}, { metadata: "" }],
  ])(
    'an absent value and "" are the same (ngrok omits empty fields): %j vs %j',
    (newsPatch, oldsPatch) => {
      const result = diffSshCertificateAuthority(
        { ...outputs, description: "", ...oldsPatch },
        { ...inputs, description: "", ...newsPatch },
      );
      expect(result.changes).toBe(false);
    },
  );

  test.each([
    [{ description: "web hosts" }],
    [{ metadata: "{}" }],
    [{ description: undefined }],
    [{ description: UNKNOWN }],
  ])("%j updates in place", (patch) => {
    expect(diffSshCertificateAuthority(outputs, { ...inputs, ...patch })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      updates: Object.keys(patch),
    });
  });

  test.each([
    [{ ellipticCurve: "p384" }, ["ellipticCurve"]],
    [{ privateKeyType: "ed25519", ellipticCurve: undefined }, ["privateKeyType", "ellipticCurve"]],
    [
      { privateKeyType: "rsa", ellipticCurve: undefined, keySize: 4096 },
      ["privateKeyType", "ellipticCurve", "keySize"],
    ],
    [{ privateKeyType: UNKNOWN }, ["privateKeyType"]],
  ])("%j replaces %j, creating the new CA first", (patch, replaces) => {
    expect(diffSshCertificateAuthority(outputs, { ...inputs, ...patch })).toEqual({
      changes: true,
      replaces,
      deleteBeforeReplace: false,
      updates: [],
    });
  });
});
