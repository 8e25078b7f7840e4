/**
 * The hints in rule messages that tell what to write in the program, in the caller's terms.
 *
 * The Node.js resource classes are used from a JavaScript or TypeScript program, so a hint can be
 * code of that program (`new Date(…).toISOString()`, `fs.readFileSync(…)`). The provider plugin
 * serves programs in every language (YAML, Go, Python, .NET…), where such code means nothing:
 * there, the same hint is given in words, with the YAML function where one exists.
 *
 * Each hint is written once, here, in both forms ({@link HINTS}), and a rule's message takes it
 * through {@link languageHint}, which picks the caller's form. The caller is known per call: the
 * plugin runs each call of the provider's methods inside {@link asPluginCall}
 * (`plugin/resources.ts`); any other call (the Node.js classes, through Pulumi's dynamic-provider
 * host) gets the JavaScript form.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** Who called the provider: the Node.js classes' program, or the plugin (any language). */
export type Caller = "nodejs" | "plugin";

const caller = new AsyncLocalStorage<Caller>();

/** One hint in both forms. */
export interface LanguageHint {
  /** For a JavaScript or TypeScript program (the Node.js classes): code it can use. */
  readonly javascript: string;
  /** For a program in any language (the plugin): words, and the YAML function where one exists. */
  readonly neutral: string;
}

/**
 * Runs `fn` as a call through the provider plugin: the hints of the rule messages it writes are
 * the language-neutral ones, also across its awaits.
 */
export function asPluginCall<T>(fn: () => T): T {
  return caller.run("plugin", fn);
}

/** The caller of the provider method running now: `plugin` inside {@link asPluginCall}. */
export function currentCaller(): Caller {
  return caller.getStore() ?? "nodejs";
}

/** `hint` in the form for the caller of the provider method running now. */
export function languageHint(hint: LanguageHint): string {
  return currentCaller() === "plugin" ? hint.neutral : hint.javascript;
}

/** Every hint of a rule message, in both forms, by what it is about. */
export const HINTS = {
  /** `validAfter`/`validUntil` given as a relative duration (`sshCertificateCommon/validity.ts`). */
  relativeDuration: {
    javascript:
      "compute the instant in the program, e.g. new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString()",
    neutral:
      "write the instant itself, an RFC 3339 timestamp with a time and an offset such as " +
      "2027-01-01T00:00:00Z (a fixed date, or one your program computes)",
  },
  /** `idpMetadata` given as the file's path (`quoted`, or `path` when long) (`samlRules.ts`). */
  metadataFile: (quoted: string): LanguageHint => ({
    javascript: `idpMetadata: fs.readFileSync(${quoted}, "utf8")`,
    neutral:
      "the metadata document's XML text, read from the file as UTF-8 " +
      `(in YAML: idpMetadata: { fn::readFile: ${quoted} })`,
  }),
  /** `idpMetadata` read from a UTF-16 file as UTF-8 or Latin-1 (`xmlText.ts`). */
  utf16Metadata: {
    javascript:
      'read the file with its encoding (e.g. fs.readFileSync(path, "utf16le")) or convert it to UTF-8',
    neutral:
      "convert the file to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8 metadata.xml > metadata-utf8.xml), " +
      "or read it with its encoding (YAML's fn::readFile reads UTF-8)",
  },
  /** `metadata` that is not a JSON object while the ownership marker is on (`ownershipMarker.ts`). */
  jsonMetadata: {
    javascript: "Write metadata as JSON (e.g. JSON.stringify({ … }))",
    neutral: "Write metadata as a JSON object's text (in YAML: metadata: { fn::toJSON: { … } })",
  },
} as const satisfies Record<string, LanguageHint | ((quoted: string) => LanguageHint)>;
