/**
 * One JavaScript file holding a program and everything it requires, for a single executable
 * application (which can `require` only Node.js's built-in modules): esbuild bundles the compiled
 * entry point (`dist/…/*.js`).
 *
 * Two things are not bundled as they are:
 *
 * - `@pulumi/pulumi`'s main module is replaced by one that throws when required. Its import loads
 *   the dynamic-provider runtime, with TypeScript (9.7 MB of the 15.7 MB a plain bundle holds),
 *   `@npmcli`'s script runner and `execa`; the plugin reaches none of them (its log lines go to
 *   the engine through its own sink, and `@pulumi/pulumi/proto/*` is bundled). A path that did
 *   reach it fails naming it.
 * - `plugin/packageFiles.ts` reads `package.json` and `schema.json` beside the package; an
 *   executable has none, so their text is written into the bundle (`define`).
 *
 * The bundle is ASCII only, without comments or indentation (`minifyWhitespace`; names are kept,
 * so stack traces still name functions): a single executable application's main script is one
 * string, and one non-ASCII character anywhere (esbuild keeps the doc comments of class fields,
 * and some held `…` and `→`) made V8 decode all of it from UTF-8 into a two-byte string at every
 * start, a tenth of the start's instructions (issue #38 §14: contributing/releasing.md,
 * "Executables"). esbuild writes strings' non-ASCII characters as escapes (`charset: "ascii"`)
 * but not those of regular expression literals (`@bufbuild/cel`'s duration pattern holds `µs`):
 * {@link asciiOnly} escapes what is left, and {@link bundle} refuses a bundle that still holds one.
 *
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type * as Esbuild from "esbuild";
import { PACKAGE_FILES } from "../../../plugin/packageFiles";
import { OLDEST_NODE } from "../nodeToolchain";

/** The repository's root folder (this file compiles to `dist/tools/devtools/executables/`). */
const REPO = path.resolve(__dirname, "../../../..");

/** The module ids replaced by a module that throws when required: see the module comment. */
export const LEFT_OUT = ["@pulumi/pulumi"];

/** What a bundle holds: its path, size in bytes, and bytes per npm package (or local folder). */
export interface Bundle {
  readonly file: string;
  readonly bytes: number;
  readonly byPackage: ReadonlyMap<string, number>;
}

const leftOut: Esbuild.Plugin = {
  name: "left-out",
  setup(build) {
    const filter = new RegExp(`^(${LEFT_OUT.map((id) => id.replace(/[/@]/g, "\\$&")).join("|")})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: "left-out" }));
    build.onLoad({ filter: /.*/, namespace: "left-out" }, (args) => ({
      contents:
        `throw new Error(${JSON.stringify(`${args.path} is left out of this executable: `)} + ` +
        `"its dynamic-provider runtime is not used by the plugin");`,
      loader: "js",
    }));
  },
};

/**
 * `code` with each non-ASCII UTF-16 code unit written as a `\uXXXX` escape. What esbuild leaves
 * unescaped is in regular expression literals, where `\uXXXX` means the same code unit (and, with
 * the `u` flag, a pair of escaped surrogates the same code point); in identifiers, strings and
 * templates the escape means the same too.
 */
export function asciiOnly(code: string): string {
  // Every code unit past ASCII, surrogates one by one (no `u` flag).
  return code.replace(
    /[\u0080-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The first byte over 0x7f in `bytes`, with the text around it, or `undefined` if none. */
export function firstNonAscii(bytes: Buffer): { offset: number; context: string } | undefined {
  // eslint-disable-next-line no-control-regex -- bytes as latin1: one character per byte
  const offset = bytes.toString("latin1").search(/[^\x00-\x7f]/);
  if (offset === -1) return undefined;
  return {
    offset,
    context: bytes.subarray(Math.max(0, offset - 40), offset + 20).toString("utf8"),
  };
}

/**
 * Bundles `entry` (a compiled file, relative to the repository, e.g. `dist/plugin/index.js`)
 * into `outFile`, for the oldest Node.js the package claims ({@link OLDEST_NODE}), so that one
 * bundle serves every runtime; the package's files are embedded, and the output is ASCII only
 * (see the module comment). Takes about a second.
 *
 * @throws Error with esbuild's messages when a module cannot be resolved, or when the bundle
 *   holds a non-ASCII character.
 */
export async function bundle(entry: string, outFile: string): Promise<Bundle> {
  const esbuild = require("esbuild") as typeof Esbuild;
  const files = Object.fromEntries(
    PACKAGE_FILES.map((name) => [name, fs.readFileSync(path.join(REPO, name), "utf8")]),
  );
  const result = await esbuild.build({
    absWorkingDir: REPO,
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: `node${OLDEST_NODE.version.split(".")[0]}`,
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
    // No comments, hence ASCII only (see the module comment); identifiers are not renamed.
    minifyWhitespace: true,
    charset: "ascii",
    plugins: [leftOut],
    define: {
      NGROK_DYNAMIC_PACKAGE_FILES: JSON.stringify(files),
      // The emulator's OpenAPI document (emulator/spec/document.ts); the plugin never reads it.
      NGROK_API_EMULATOR_OPENAPI: JSON.stringify(
        fs.readFileSync(path.join(REPO, "emulator", "openapi", "ngrok.json"), "utf8"),
      ),
    },
  });
  fs.writeFileSync(outFile, asciiOnly(fs.readFileSync(outFile, "utf8")));
  const nonAscii = firstNonAscii(fs.readFileSync(outFile));
  if (nonAscii !== undefined) {
    throw new Error(
      `${outFile} holds a non-ASCII character at byte ${nonAscii.offset} (…${nonAscii.context}…): ` +
        "V8 would decode the whole main script into a two-byte string at every start",
    );
  }
  const byPackage = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const key = input
        .replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1")
        .replace(/^(dist\/[^/]+\/).*$/, "$1");
      byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
    }
  }
  return { file: outFile, bytes: fs.statSync(outFile).size, byPackage };
}
