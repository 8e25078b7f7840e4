/**
 * The pure check of SshUserCertificate (provider/sshUserCertificate/definition.ts): what it adds to
 * the host certificate's rules (criticalOptions and extensions, user names as principals), and
 * that the shared rules apply to it too. The shared rules themselves are tabled in
 * ../sshHostCertificate/inputs.test.ts.
 */
import fc from "fast-check";
import { UNKNOWN } from "../../../provider/common/unknown";
import {
  checkSshUserCertificate,
  OPTION_NAME_MAX_BYTES,
} from "../../../provider/sshUserCertificate/definition";
import * as keys from "../../support/sshKeys";

const CA = "sshca_2ZpXGdAbcDef0123456789abc";
const base = {
  __provider: "exports.handler = …",
  sshCertificateAuthorityId: CA,
  publicKey: keys.ED25519,
};
const check = (patch: Record<string, unknown>) => checkSshUserCertificate({ ...base, ...patch });
const failuresOf = (patch: Record<string, unknown>) => check(patch).failures ?? [];

describe("check: SshUserCertificate", () => {
  test("sets no default: ngrok fills extensions (permit-pty, permit-user-rc) and the rest itself", () => {
    expect(check({})).toEqual({
      inputs: { sshCertificateAuthorityId: CA, publicKey: keys.ED25519 },
      failures: [],
    });
  });

  test.each([
    ["no critical option", { criticalOptions: {} }],
    [
      "OpenSSH's critical options",
      {
        criticalOptions: {
          "force-command": "/usr/bin/rsync --server -e.Lsfx . /backup",
          "source-address": "10.0.0.0/8,192.168.1.1",
          "verify-required": "",
        },
      },
    ],
    [
      "OpenSSH's extensions and a vendor one",
      {
        extensions: {
          "permit-pty": "",
          "permit-port-forwarding": "",
          "no-touch-required": "",
          "login@example.com": "deploy",
        },
      },
    ],
    ["a name of exactly 255 bytes", { extensions: { ["é".repeat(127) + "x"]: "" } }],
    [
      "a value with spaces and newlines",
      { criticalOptions: { "force-command": "echo a\necho b" } },
    ],
    ["user names", { principals: ["deploy", "root", "svc-backup@corp"] }],
  ])("accepts %s", (_what, patch) => {
    const result = check(patch);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toEqual({
      sshCertificateAuthorityId: CA,
      publicKey: keys.ED25519,
      ...patch,
    });
  });

  test.each([
    [
      "extensions",
      { extensions: ["permit-pty"] },
      /^extensions must be a map of names to string values; got a list$/,
    ],
    [
      "criticalOptions",
      { criticalOptions: "force-command=ls" },
      /map of names to string values.*got "force-command=ls"$/,
    ],
    ["criticalOptions", { criticalOptions: 1 }, /got 1$/],
    [
      "extensions",
      { extensions: { "": "" } },
      /^extensions has a name that is empty: extensions\[""\]$/,
    ],
    [
      "extensions",
      { extensions: { "permit pty": "" } },
      /^extensions has a name that holds whitespace or a control character \(U\+0020 at index 6\), which an OpenSSH option name cannot: extensions\["permit pty"\]$/,
    ],
    [
      "criticalOptions",
      { criticalOptions: { "force-command\n": "ls" } },
      /\(U\+000A at index 13\)/,
    ],
    ["criticalOptions", { criticalOptions: { "\u0007bell": "" } }, /\(U\+0007 at index 0\)/],
    ["extensions", { extensions: { "permit\u00a0pty": "" } }, /\(U\+00A0 at index 6\)/],
    [
      "extensions",
      { extensions: { ["é".repeat(128)]: "" } },
      /^extensions has a name that is 256 bytes of UTF-8, over the 255-byte limit: extensions\["é{60}…"\]$/,
    ],
    [
      "extensions",
      { extensions: { "\uD800x": "" } },
      /^extensions has a name that is not valid Unicode text: .*U\+D800/,
    ],
    [
      "extensions",
      { extensions: { "permit-pty": true } },
      /^extensions\["permit-pty"\] must be a string \(use "" for a flag\); got true$/,
    ],
    [
      "criticalOptions",
      { criticalOptions: { "force-command": null } },
      /must be a string .*; got null$/,
    ],
    [
      "criticalOptions",
      { criticalOptions: { "force-command": "\uDC00" } },
      /^criticalOptions\["force-command"\] must be valid Unicode text/,
    ],
    // The shared rules, through this resource.
    ["publicKey", { publicKey: keys.DSA_1024 }, /^publicKey is a DSA key \(ssh-dss, 1024 bits\)/],
    [
      "principals",
      { principals: ["deploy,root"] },
      /^principals\[0\] must be one of the certificate's user names, without whitespace, commas or control characters/,
    ],
    [
      "validUntil",
      { validUntil: "24h" },
      /^validUntil must be an RFC 3339 timestamp, not a relative duration/,
    ],
    [
      "other",
      { other: 1 },
      /^other is not a property of pulumi-nodejs:dynamic\/ngrok:SshUserCertificate; its properties are sshCertificateAuthorityId, publicKey, principals, validAfter, validUntil, criticalOptions, extensions, description, metadata$/,
    ],
  ])("refuses a bad %s (case %#)", (property, patch, reason) => {
    expect(failuresOf(patch)).toContainEqual({ property, reason: expect.stringMatching(reason) });
  });

  test("an empty extensions map is refused: ngrok takes it as unset and would sign its defaults", () => {
    expect(failuresOf({ extensions: {} })).toEqual([
      {
        property: "extensions",
        reason:
          "extensions must not be empty: ngrok takes an empty map as unset and signs its default " +
          'extensions ({ "permit-pty": "", "permit-user-rc": "" }) instead of none; leave ' +
          "extensions out for those, or list the extensions the certificate should carry",
      },
    ]);
    expect(failuresOf({ criticalOptions: {} })).toEqual([]);
  });

  test("every bad entry of a map is reported at once: its values (the map's own check), then its names (the options' rule)", () => {
    const failures = failuresOf({
      criticalOptions: { "": "x", "a b": "", ok: 1 },
      extensions: { "permit-pty": "" },
    });
    expect(failures.map((f) => f.reason)).toEqual([
      'criticalOptions["ok"] must be a string (use "" for a flag); got 1',
      'criticalOptions has a name that is empty: criticalOptions[""]',
      expect.stringMatching(/^criticalOptions has a name that holds whitespace/),
    ]);
  });

  test("does not judge maps that are unknown during preview", () => {
    expect(failuresOf({ criticalOptions: UNKNOWN, extensions: UNKNOWN })).toEqual([]);
  });

  test(`property: a name is refused exactly when it is empty, has whitespace or a control character, or is over ${OPTION_NAME_MAX_BYTES} bytes`, () => {
    const characters = fc.constantFrom(
      "a",
      "-",
      "@",
      ".",
      "é",
      "€",
      "😀",
      " ",
      "\t",
      "\u0000",
      "\u007f",
      "\u2028",
    );
    fc.assert(
      fc.property(
        fc.array(characters, { maxLength: 140 }).map((parts) => parts.join("")),
        (name) => {
          const refused =
            name === "" ||
            [...name].some((ch) => {
              const code = ch.codePointAt(0)!;
              return /\s/.test(ch) || code < 0x20 || (code >= 0x7f && code <= 0x9f);
            }) ||
            Buffer.byteLength(name, "utf8") > OPTION_NAME_MAX_BYTES;
          const failures = failuresOf({ extensions: { [name]: "" } });
          expect(failures.length > 0).toBe(refused);
          for (const failure of failures) expect(failure.property).toBe("extensions");
        },
      ),
      { numRuns: 300, examples: [["€".repeat(85)], ["€".repeat(86)]] },
    );
  });
});
