/**
 * The rules of a user certificate's `criticalOptions` and `extensions`: maps of name to value, as
 * OpenSSH's certificate format holds them (PROTOCOL.certkeys: a list of name and data strings).
 *
 * - The map is a plain object of strings (not a list, not a string), each valid Unicode: the
 *   shared checks of a map (`../common/inputChecker.ts`), before this rule.
 * - A name is a non-empty string of at most {@link OPTION_NAME_MAX_BYTES} bytes of UTF-8, without
 *   whitespace or control characters (OpenSSH's names are words such as `permit-pty`,
 *   `force-command` or `name@example.com`; `ssh-keygen -O` could not pass one with a space).
 * - A value is a string (`""` for the flag-like extensions such as `permit-pty`).
 * - `extensions` is not empty: ngrok's official Go client leaves an empty map out of the request
 *   (`omitempty`), and an empty map is taken as unset, so ngrok would sign its default
 *   extensions (`permit-pty`, `permit-user-rc`) instead of none: more than the program asked
 *   for, and a replacement on every run. The local emulator answers so too; ngrok does not
 *   document it either way, so the provider refuses the ambiguous value.
 *
 * Names are not checked against a list: ngrok documents `force-command` and `source-address` and
 * OpenSSH knows `verify-required` too, but any name is a valid certificate. Note that `sshd`
 * refuses a certificate that carries a critical option it does not know.
 *
 * @module
 */
import { quotedName, unpairedSurrogate } from "../common/inputChecker";
import type { RuleChecker } from "../framework/property";

/** The longest option or extension name, in bytes of UTF-8: 255. */
export const OPTION_NAME_MAX_BYTES = 255;

// Whitespace and control characters (Unicode categories Zs/Zl/Zp and Cc, with \s for the rest).
const FORBIDDEN_IN_NAME = /[\s\p{Cc}]/u;

/**
 * The rule of `criticalOptions` and `extensions`, run on a map the shared checks accepted (a map
 * of strings, each valid Unicode): its names, and `extensions` not empty (see the module comment).
 */
export function checkOptions(
  value: Record<string, string>,
  c: RuleChecker,
  property: string,
): void {
  if (property === "extensions" && Object.keys(value).length === 0) {
    c.fail(
      property,
      "extensions must not be empty: ngrok takes an empty map as unset and signs its default " +
        'extensions ({ "permit-pty": "", "permit-user-rc": "" }) instead of none; leave ' +
        "extensions out for those, or list the extensions the certificate should carry",
    );
  }
  for (const name of Object.keys(value)) {
    const problem = nameRule(name);
    if (problem !== undefined) {
      c.fail(property, `${property} has a name that ${problem}: ${property}[${quotedName(name)}]`);
    }
  }
}

/** What is wrong with an option name, or `undefined`. */
function nameRule(name: string): string | undefined {
  if (name === "") {
    return "is empty";
  }
  const surrogate = unpairedSurrogate(name);
  if (surrogate !== undefined) {
    return surrogate.replace(/^must be/, "is not");
  }
  const forbidden = FORBIDDEN_IN_NAME.exec(name);
  if (forbidden !== null) {
    const code = forbidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    return `holds whitespace or a control character (U+${code} at index ${forbidden.index}), which an OpenSSH option name cannot`;
  }
  const bytes = Buffer.byteLength(name, "utf8");
  if (bytes > OPTION_NAME_MAX_BYTES) {
    return `is ${bytes} bytes of UTF-8, over the ${OPTION_NAME_MAX_BYTES}-byte limit`;
  }
  return undefined;
}
