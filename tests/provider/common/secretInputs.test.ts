/**
 * No failure shows a secret input's value (issue #38 §3), and none hides more than that value
 * (issue #48 §2). Secrets are known by path: the hidden input lists them as messages write paths;
 * a value inside an input is cleared whole or JSON-escaped, a value of a document made secret as a
 * whole only where it stands as a word, and an input secret as a whole (not a document) also cut
 * to its first characters, as `quoted` cuts a long value.
 */
import { quoted } from "../../../provider/common/ids";
import {
  parsePath,
  pathText,
  redactSecretText,
  SECRET_INPUTS_KEY,
  secretInputsEntry,
  secretPathsOf,
  secretsIn,
  secretTexts,
} from "../../../provider/common/secretInputs";
import { sshCertificateAuthorityDefinition } from "../../../provider/sshCertificateAuthority/definition";

test("a secret's text is cleared whole, JSON-escaped, and cut to its start only for an input secret as a whole", () => {
  const secret = `TOPSECRET-"quoted"-${"x".repeat(80)}`;
  const whole = [{ text: secret, match: "prefix" as const }];
  expect(redactSecretText(`got ${secret} here`, whole)).toBe("got [secret] here");
  expect(redactSecretText(`got ${JSON.stringify(secret)}`, whole)).toBe('got "[secret]"');
  expect(redactSecretText(`got ${quoted(secret)}`, whole)).toBe('got "[secret]"…');
  expect(redactSecretText("nothing of it", whole)).toBe("nothing of it");
  // A value known by path: whole or escaped only; its start alone is a message's own words.
  const leaf = [{ text: secret, match: "anywhere" as const }];
  expect(redactSecretText(`got ${JSON.stringify(secret)}`, leaf)).toBe('got "[secret]"');
  expect(redactSecretText('TOPSECRET-" starts it', leaf)).toBe('TOPSECRET-" starts it');
});

test("a value of a document secret as a whole is cleared where it stands as a word, a secret value anywhere", () => {
  const hidden = [{ text: "app", match: "word" as const }];
  expect(redactSecretText('clientId got "app"; the rule applies to app.', hidden)).toBe(
    'clientId got "[secret]"; the rule applies to [secret].',
  );
  const secret = [{ text: "app", match: "anywhere" as const }];
  expect(redactSecretText("it applies", secret)).toBe("it [secret]lies");
  // Shorter than 3 characters: left to the checks, which never quote it.
  expect(redactSecretText("on", [{ text: "on", match: "anywhere" }])).toBe("on");
});

test("paths are written as messages write them, and read back", () => {
  const steps = ["onHttpRequest", 0, "actions", 1, "config", "headers", "X-Client-IP", "a.b"];
  const text = pathText("trafficPolicy", steps);
  expect(text).toBe(
    'trafficPolicy.onHttpRequest[0].actions[1].config.headers["X-Client-IP"]["a.b"]',
  );
  expect(parsePath(text)).toEqual(["trafficPolicy", ...steps]);
  expect(parsePath('m["0"]')).toEqual(["m", "0"]); // a key "0", not an index
  expect(parsePath("description")).toEqual(["description"]);
  expect(parsePath("a..b")).toBeUndefined();
});

test("the hidden input lists paths; an entry that is not one stands for its whole input", () => {
  const paths = secretPathsOf({
    [SECRET_INPUTS_KEY]: [
      "description",
      "trafficPolicy.onHttpRequest[0].actions[0].config.clientSecret",
      "metadata[oops",
      42,
    ],
  });
  expect(paths).toEqual([
    ["description"],
    ["trafficPolicy", "onHttpRequest", 0, "actions", 0, "config", "clientSecret"],
    ["metadata"],
  ]);
  expect(secretInputsEntry(paths)).toEqual([
    "description",
    "trafficPolicy.onHttpRequest[0].actions[0].config.clientSecret",
    "metadata",
  ]);
  expect(secretsIn(paths, "trafficPolicy")).toEqual({
    whole: false,
    inside: [["onHttpRequest", 0, "actions", 0, "config", "clientSecret"]],
  });
  expect(secretsIn(paths, "description")).toEqual({ whole: true, inside: [] });
  expect(secretPathsOf({ [SECRET_INPUTS_KEY]: "metadata" })).toEqual([]);
});

test("the texts of the secrets: a leaf's value, a whole input's every text, a document's written values", () => {
  const raw = {
    metadata: { owner: "alice-secret" },
    principals: ["root-secret", "ab"],
    keySize: 4096,
    trafficPolicy: { onHttpRequest: [{ actions: [{ type: "deny", config: { k: "policy-v" } }] }] },
    description: "not secret",
  };
  const texts = secretTexts(raw, [["metadata"], ["principals", 0], ["keySize"]]);
  expect(texts).toEqual([
    { text: "owner", match: "prefix" },
    { text: "alice-secret", match: "prefix" },
    { text: "root-secret", match: "anywhere" },
    { text: "4096", match: "prefix" },
  ]);
  const written = (name: string) => (name === "trafficPolicy" ? ["policy-v"] : undefined);
  expect(secretTexts(raw, [["trafficPolicy"]], written)).toEqual([
    { text: "policy-v", match: "word" },
  ]);
  // A path that cannot be followed stands for its whole input.
  expect(secretTexts(raw, [["description", "nope"]])).toEqual([
    { text: "not secret", match: "prefix" },
  ]);
});

test("a resource's check: a secret's failures quote nothing of it, a plain one's do, and the path list is not kept", () => {
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
