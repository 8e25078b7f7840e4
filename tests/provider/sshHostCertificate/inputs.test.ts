/**
 * The pure check of SshHostCertificate (provider/sshHostCertificate/definition.ts, whose rules live in
 * provider/sshCertificateCommon/): a table of accepted and refused inputs, and properties with fast-check.
 * The rules the user certificate adds (its maps) are in ../sshUserCertificate/inputs.test.ts.
 */
import fc from "fast-check";
import { UNKNOWN } from "../../../provider/common/unknown";
import { checkSshHostCertificate } from "../../../provider/sshHostCertificate/definition";
import * as keys from "../../support/sshKeys";

const CA = "sshca_2ZpXGdAbcDef0123456789abc";
const base = {
  __provider: "exports.handler = …",
  sshCertificateAuthorityId: CA,
  publicKey: keys.ED25519,
};
const check = (patch: Record<string, unknown>) => checkSshHostCertificate({ ...base, ...patch });
const failuresOf = (patch: Record<string, unknown>) => check(patch).failures ?? [];

describe("check: SshHostCertificate", () => {
  test.each([
    ["the two required inputs", {}, {}],
    [
      "every input",
      {
        principals: ["web1.example.com", "10.0.0.5", "::1"],
        validAfter: "2026-01-01T00:00:00Z",
        validUntil: "2027-01-01T00:00:00.5-05:00",
        description: "é".repeat(127),
        metadata: '{"team":"infra"}',
      },
      // Timestamps recorded as ngrok answers them: UTC, to the second.
      { validUntil: "2027-01-01T05:00:00Z" },
    ],
    ["no principals (valid for any host)", { principals: [] }, {}],
    [
      "null for an optional input (unset)",
      { description: null, principals: null },
      { description: undefined, principals: undefined },
    ],
    ["an ECDSA P-521 key", { publicKey: keys.ECDSA_P521 }, {}],
    ["an RSA key of 1024 bits, OpenSSH's minimum", { publicKey: keys.RSA_1024 }, {}],
    ["a key without a comment", { publicKey: keys.ED25519.replace(" test@example", "") }, {}],
    [
      "a key read from a .pub file: the newline and spaces around it dropped",
      { publicKey: `  ${keys.RSA_2048}\r\n` },
      { publicKey: keys.RSA_2048 },
    ],
    ["fields separated by a tab", { publicKey: keys.ED25519.replace(" ", "\t") }, {}],
  ])("accepts %s", (_what, patch, adjusted) => {
    const result = check(patch);
    expect(result.failures).toEqual([]);
    const expected = Object.fromEntries(
      Object.entries({ ...base, ...patch, ...adjusted, __provider: undefined }).filter(
        ([, v]) => v !== undefined && v !== null,
      ),
    );
    expect(result.inputs).toEqual(expected);
  });

  test.each([
    [
      "sshCertificateAuthorityId",
      { sshCertificateAuthorityId: undefined },
      /^sshCertificateAuthorityId is required: the id \(sshca_…\) of the SSH certificate authority/,
    ],
    [
      "sshCertificateAuthorityId",
      { sshCertificateAuthorityId: "shcrt_2ZpXGdAbcDef0123456789abc" },
      /^sshCertificateAuthorityId must be the id of an SSH certificate authority: "sshca_" followed by letters and digits, e\.g\. the id output of an SshCertificateAuthority; got "shcrt_/,
    ],
    [
      "sshCertificateAuthorityId",
      { sshCertificateAuthorityId: " " },
      /must be the id of an SSH certificate authority: .*; got " "$/,
    ],
    [
      "sshCertificateAuthorityId",
      { sshCertificateAuthorityId: "sshca_" },
      /followed by letters and digits.*; got "sshca_"$/,
    ],
    [
      "sshCertificateAuthorityId",
      { sshCertificateAuthorityId: "sshca_abc/../x" },
      /followed by letters and digits/,
    ],
    ["sshCertificateAuthorityId", { sshCertificateAuthorityId: 7 }, /must be a string, not 7$/],
    [
      "publicKey",
      { publicKey: undefined },
      /^publicKey is required: one line of an OpenSSH public key file/,
    ],
    ["publicKey", { publicKey: "" }, /^publicKey must not be empty/],
    [
      "publicKey",
      { publicKey: keys.DSA_1024 },
      /^publicKey is a DSA key \(ssh-dss, 1024 bits\): ngrok certifies RSA, ECDSA and Ed25519 keys only/,
    ],
    [
      "publicKey",
      { publicKey: keys.RSA_768 },
      /^publicKey is an RSA key of 768 bits \(ssh-rsa\): OpenSSH refuses RSA keys under 1024 bits/,
    ],
    [
      "publicKey",
      { publicKey: keys.ED25519_CERT },
      /^publicKey is an SSH certificate \(ssh-ed25519-cert-v01@openssh\.com\), not a public key/,
    ],
    [
      "publicKey",
      { publicKey: keys.RSA_768_PEM },
      /^publicKey is in PEM format \(-----BEGIN PUBLIC KEY-----\), not OpenSSH's one-line format: convert it with `ssh-keygen -i -m PKCS8 -f <file>`/,
    ],
    [
      "publicKey",
      { publicKey: `${keys.ED25519}\n${keys.RSA_2048}` },
      /^publicKey must be one key on one line; it has 2 lines/,
    ],
    [
      "publicKey",
      { publicKey: `restrict,from="10.0.0.0/8" ${keys.ED25519}` },
      /^publicKey starts with something before its type ssh-ed25519 \(authorized_keys options\?\)/,
    ],
    [
      "publicKey",
      { publicKey: keys.ED25519.replace("ssh-ed25519", "ssh-rsa") },
      /^publicKey says ssh-rsa but its key data is an ssh-ed25519 key$/,
    ],
    [
      "publicKey",
      { publicKey: keys.ECDSA_P256.replace("nistp256 ", "nistp384 ") },
      /^publicKey says ecdsa-sha2-nistp384 but its key data is an ecdsa-sha2-nistp256 key$/,
    ],
    [
      "publicKey",
      { publicKey: "ssh-ed25519" },
      /^publicKey has no key data after its type \(ssh-ed25519\)/,
    ],
    [
      "publicKey",
      { publicKey: "ssh-ed25519 AAAA$$$$" },
      /^publicKey has key data that is not base64/,
    ],
    [
      "publicKey",
      { publicKey: keys.ED25519.slice(0, 60) },
      /^publicKey has key data that is not a valid ssh-ed25519 key: /,
    ],
    [
      "publicKey",
      { publicKey: "sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29t x" },
      /^publicKey is a FIDO security key \(sk-ssh-ed25519@openssh\.com\)/,
    ],
    [
      "publicKey",
      { publicKey: "ssh-ed448 AAAA" },
      /^publicKey is not an OpenSSH public key line .* it starts with "ssh-ed448"$/,
    ],
    ["principals", { principals: "web1" }, /^principals must be a list of strings, not "web1"$/],
    ["principals", { principals: [""] }, /^principals\[0\] must be a non-empty string; got ""$/],
    [
      "principals",
      { principals: ["web1.example.com,web2.example.com"] },
      /^principals\[0\] must be one of the certificate's host names or IP addresses, without whitespace, commas or control characters; it has U\+002C at index 16 \(give each principal as its own list item\)$/,
    ],
    ["principals", { principals: ["web 1"] }, /it has U\+0020 at index 3$/],
    ["principals", { principals: ["web1\u0000"] }, /it has U\+0000 at index 4$/],
    [
      "principals",
      { principals: ["a", "b", "a"] },
      /^principals\[2\] repeats principals\[0\]: each principal once$/,
    ],
    [
      "validAfter",
      { validAfter: "2026-01-01" },
      /^validAfter must be an RFC 3339 timestamp with a time and an offset, e\.g\. "2026-12-03T10:11:37Z"/,
    ],
    ["validAfter", { validAfter: "2026-01-01T00:00:00" }, /with a time and an offset/],
    ["validAfter", { validAfter: "2026-01-01 00:00:00Z" }, /with a time and an offset/],
    ["validAfter", { validAfter: "2026-01-01t00:00:00z" }, /with a time and an offset/],
    [
      "validUntil",
      { validUntil: "30d" },
      /^validUntil must be an RFC 3339 timestamp, not a relative duration \("30d"\): compute the instant in the program, e\.g\. new Date\(Date\.now\(\) \+ 30 \* 24 \* 3600 \* 1000\)\.toISOString\(\)$/,
    ],
    ["validUntil", { validUntil: "720h" }, /not a relative duration/],
    [
      "validUntil",
      { validUntil: "2027-02-29T00:00:00Z" },
      /^validUntil has no such date: 2027-02-29/,
    ],
    ["validUntil", { validUntil: "2027-13-01T00:00:00Z" }, /has no such date/],
    [
      "validUntil",
      { validUntil: "2027-01-01T24:00:00Z" },
      /^validUntil has no such time of day: 24:00:00/,
    ],
    [
      "validUntil",
      { validUntil: "2027-01-01T23:59:60Z" },
      /a leap second cannot be in a certificate/,
    ],
    [
      "validUntil",
      { validUntil: "2027-01-01T00:00:00+24:00" },
      /^validUntil has an offset out of range: \+24:00/,
    ],
    [
      "validAfter",
      { validAfter: "1969-12-31T23:59:59Z" },
      /^validAfter must not be before 1970-01-01T00:00:00Z/,
    ],
    [
      "validUntil",
      { validUntil: "9999-12-31T23:00:00-05:00" },
      /^validUntil must be before 10000-01-01T00:00:00Z \(RFC 3339 has four-digit years\)/,
    ],
    [
      "validUntil",
      { validAfter: "2026-06-01T12:00:00Z", validUntil: "2026-06-01T07:00:00-05:00" },
      /^validUntil must be after validAfter; validUntil 2026-06-01T07:00:00-05:00 is the same second as validAfter 2026-06-01T12:00:00Z$/,
    ],
    [
      "validUntil",
      { validAfter: "2026-06-01T12:00:00Z", validUntil: "2026-06-01T11:59:59Z" },
      /is before validAfter 2026-06-01T12:00:00Z$/,
    ],
    [
      "validUntil",
      { validAfter: "2026-06-01T12:00:00.100Z", validUntil: "2026-06-01T12:00:00.900Z" },
      /is the same second as validAfter/,
    ],
    [
      "description",
      { description: "x".repeat(256) },
      /^description must be at most 255 bytes of UTF-8; it is 256 bytes$/,
    ],
    [
      "metadata",
      { metadata: "€".repeat(1366) },
      /^metadata must be at most 4096 bytes of UTF-8; it is 4098 bytes$/,
    ],
    [
      "criticalOptions",
      { criticalOptions: { "force-command": "ls" } },
      /^criticalOptions is not a property of pulumi-nodejs:dynamic\/ngrok:SshHostCertificate; its properties are sshCertificateAuthorityId, publicKey, principals, validAfter, validUntil, description, metadata$/,
    ],
    [
      "extensions",
      { extensions: {} },
      /^extensions is not a property of pulumi-nodejs:dynamic\/ngrok:SshHostCertificate/,
    ],
  ])("refuses a bad %s (case %#)", (property, patch, reason) => {
    expect(failuresOf(patch)).toContainEqual({ property, reason: expect.stringMatching(reason) });
  });

  test("a private key is refused without naming the property, so the engine cannot print it, and is not recorded", () => {
    const result = check({ publicKey: keys.FAKE_PRIVATE_KEY });
    expect(result.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^publicKey is a private key \(-----BEGIN OPENSSH PRIVATE KEY-----\), which must never leave the machine it belongs to: give its public key instead/,
        ),
      },
    ]);
    expect(JSON.stringify(result)).not.toContain("b3BlbnNzaC1rZXktdjE");
    // PEM private keys of every kind, and PuTTY's.
    for (const armour of [
      "RSA PRIVATE KEY",
      "EC PRIVATE KEY",
      "PRIVATE KEY",
      "ENCRYPTED PRIVATE KEY",
    ]) {
      const text = `-----BEGIN ${armour}-----\nMIIEvQIBADANBg\n-----END ${armour}-----\n`;
      expect(failuresOf({ publicKey: text })).toEqual([
        {
          property: "",
          reason: expect.stringContaining(`publicKey is a private key (-----BEGIN ${armour}-----)`),
        },
      ]);
    }
    expect(
      failuresOf({ publicKey: "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n" }),
    ).toEqual([
      {
        property: "",
        reason: expect.stringContaining("publicKey is a private key (PuTTY-User-Key-File-3)"),
      },
    ]);
  });

  test("reports every failure at once, so one preview shows them all", () => {
    const failures = failuresOf({
      sshCertificateAuthorityId: "ca_1",
      publicKey: keys.DSA_1024,
      principals: ["a", "a"],
      validUntil: "1y",
      description: "x".repeat(300),
      extra: true,
    });
    expect(failures.map((f) => f.property).sort()).toEqual([
      "description",
      "extra",
      "principals",
      "publicKey",
      "sshCertificateAuthorityId",
      "validUntil",
    ]);
  });

  test("does not judge values that are unknown during preview, nor the rules that need them", () => {
    expect(
      failuresOf({
        sshCertificateAuthorityId: UNKNOWN,
        publicKey: UNKNOWN,
        principals: ["web1", UNKNOWN],
        validAfter: UNKNOWN,
        validUntil: "2026-01-01T00:00:00Z",
        description: UNKNOWN,
      }),
    ).toEqual([]);
    expect(failuresOf({ principals: UNKNOWN, validUntil: UNKNOWN })).toEqual([]);
    expect(check({ publicKey: UNKNOWN }).inputs).toEqual({
      sshCertificateAuthorityId: CA,
      publicKey: UNKNOWN,
    });
  });

  test("property: check never throws, and every failure names a property and a rule", () => {
    const anything = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.integer())),
      fc.dictionary(fc.string(), fc.string()),
      fc.constantFrom(keys.ED25519, keys.DSA_1024, keys.RSA_768, keys.ED25519_CERT, CA, UNKNOWN),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            "sshCertificateAuthorityId",
            "publicKey",
            "principals",
            "validAfter",
            "validUntil",
            "description",
            "metadata",
            "other",
          ),
          anything,
        ),
        (news) => {
          const result = checkSshHostCertificate(news);
          for (const failure of result.failures ?? []) {
            expect(failure.reason).toMatch(/^[a-zA-Z]+/);
            const named = failure.property === "" ? failure.reason.split(" ")[0] : failure.property;
            expect(failure.reason).toContain(named);
          }
        },
      ),
    );
  });

  test("property: any instant from 1970 to 9999, in UTC or with any offset, is accepted and recorded in UTC to the second", () => {
    const offsets = fc
      .tuple(
        fc.constantFrom("+", "-"),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
      )
      .map(([sign, h, m]) => ({
        text: `${sign}${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`,
        ms: (sign === "+" ? 1 : -1) * (h * 60 + m) * 60_000,
      }));
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1971-01-01T00:00:00Z"),
          max: new Date("9998-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.option(offsets, { nil: undefined }),
        (date, offset) => {
          // The same wall-clock digits with an offset name another instant: date - offset.
          const text =
            offset === undefined
              ? date.toISOString()
              : date.toISOString().replace("Z", offset.text);
          const instant = date.getTime() - (offset?.ms ?? 0);
          const result = check({ validAfter: text });
          expect(result.failures).toEqual([]);
          const recorded = result.inputs?.validAfter as string;
          expect(recorded).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
          expect(Date.parse(recorded)).toBe(Math.floor(instant / 1000) * 1000);
        },
      ),
    );
  });

  test("property: check is idempotent (checking checked inputs changes nothing)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(keys.ED25519, keys.ECDSA_P256, keys.ECDSA_P384, keys.RSA_2048),
        fc.constantFrom("", "\n", "  \r\n"),
        fc.uniqueArray(fc.stringMatching(/^[a-z0-9.-]{1,20}$/), { maxLength: 5 }),
        fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
        (key, around, principals, description) => {
          const once = check({ publicKey: `${key}${around}`, principals, description });
          expect(once.failures).toEqual([]);
          expect(once.inputs?.publicKey).toBe(key);
          expect(checkSshHostCertificate({ ...once.inputs }).inputs).toEqual(once.inputs);
        },
      ),
    );
  });
});
