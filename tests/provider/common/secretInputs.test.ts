/**
 * No failure quotes a secret input (issue #38 §3): the shared checks describe a secret value as
 * `[secret]`, and every reason is cleared of the secret inputs' texts, whole, JSON-escaped or cut
 * to their first characters as `quoted` cuts a long value.
 */
import { quoted } from "../../../provider/common/ids";
import {
  redactSecretText,
  SECRET_INPUTS_KEY,
  secretInputNames,
  secretTexts,
} from "../../../provider/common/secretInputs";
import { sshCertificateAuthorityDefinition } from "../../../provider/sshCertificateAuthority/definition";

test("a secret's text is cleared whole, JSON-escaped, and cut to its start", () => {
  const secret = `TOPSECRET-"quoted"-${"x".repeat(80)}`;
  const texts = [secret];
  expect(redactSecretText(`got ${secret} here`, texts)).toBe("got [secret] here");
  expect(redactSecretText(`got ${JSON.stringify(secret)}`, texts)).toBe('got "[secret]"');
  expect(redactSecretText(`got ${quoted(secret)}`, texts)).toBe('got "[secret]"…');
  expect(redactSecretText("nothing of it", texts)).toBe("nothing of it");
});

test("the texts of the named inputs, deeply, short ones left to the shared checks", () => {
  const raw = {
    [SECRET_INPUTS_KEY]: ["metadata", "principals", "keySize"],
    metadata: { owner: "alice-secret" },
    principals: ["root-secret", "ab"],
    keySize: 4096,
    description: "not secret",
  };
  const names = secretInputNames(raw);
  expect([...names]).toEqual(["metadata", "principals", "keySize"]);
  expect(secretTexts(raw, names)).toEqual(["alice-secret", "root-secret", "owner", "4096"]);
  expect(secretInputNames({ [SECRET_INPUTS_KEY]: "metadata" }).size).toBe(0);
});

test("a resource's check: a secret's failures quote nothing of it, a plain one's do, and the name list is not kept", () => {
  const secret = sshCertificateAuthorityDefinition.check({
    privateKeyType: "rsa",
    keySize: 1234,
    description: 7,
    [SECRET_INPUTS_KEY]: ["keySize", "description"],
  });
  const reasons = (secret.failures ?? []).map((f) => f.reason);
  expect(reasons).toEqual([
    "keySize must be one of 2048, 4096 (bits); got [secret]",
    "description must be a string, not [secret]",
  ]);
  expect(secret.inputs).not.toHaveProperty(SECRET_INPUTS_KEY);
  const plain = sshCertificateAuthorityDefinition.check({ privateKeyType: "rsa", keySize: 1234 });
  expect((plain.failures ?? []).map((f) => f.reason).join()).toMatch(/got 1234/);
});
