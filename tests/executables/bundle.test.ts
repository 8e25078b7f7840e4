/**
 * The bundle a single executable application embeds (tools/devtools/executables/bundle.ts) is ASCII
 * only: a single executable application's main script is one string, and one non-ASCII
 * character anywhere made V8 decode all of it into a two-byte string at every start (issue #38
 * §14, contributing/releasing.md, "Executables"). `bundle` refuses a bundle that is not; this
 * makes the plugin's and reads it back.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { asciiOnly, bundle, firstNonAscii } from "../../dist/tools/devtools/executables/bundle";
import { PLUGIN_PROGRAM } from "../../dist/tools/devtools/executables";

test("the plugin's bundle is ASCII only, without comments, its functions' names kept", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-ascii-"));
  try {
    const made = await bundle(PLUGIN_PROGRAM.entry, path.join(dir, "plugin.js"));
    const bytes = fs.readFileSync(made.file);
    expect(firstNonAscii(bytes)).toBeUndefined();
    const text = bytes.toString("latin1");
    // The doc comments esbuild keeps without minifyWhitespace (a class field's, with "…").
    expect(text).not.toContain("ngrok's operation id");
    // Identifiers are not renamed: the provider's functions keep their names.
    expect(text).toMatch(/\bfunction providerService\(/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test("firstNonAscii names the first byte over 0x7f and the text around it", () => {
  expect(firstNonAscii(Buffer.from("plain text"))).toBeUndefined();
  expect(firstNonAscii(Buffer.from("op_… id"))).toEqual({ offset: 3, context: "op_… id" });
});

test("asciiOnly escapes what esbuild leaves, regular expression literals included, keeping their meaning", () => {
  // @bufbuild/cel's duration pattern holds µs and μs in a sticky regular expression literal.
  const code = 'exports.part = /(\\d+)(ns|µs|μs|ms)/y; exports.face = "😀"; exports.wide = /😀/u;';
  const escaped = asciiOnly(code);
  expect(firstNonAscii(Buffer.from(escaped))).toBeUndefined();
  const loaded: { part?: RegExp; face?: string; wide?: RegExp } = {};
  new Function("exports", escaped)(loaded);
  expect(loaded.part?.test("5µs")).toBe(true);
  expect(loaded.face).toBe("😀");
  expect(loaded.wide?.test("😀")).toBe(true);
  expect(asciiOnly("plain")).toBe("plain");
});
