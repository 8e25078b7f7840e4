/**
 * The hand-written source stays in modules a reader can hold (issue #32): no file outside
 * `tests/` over 400 lines (generated files excepted, see `tests/support/sourceLimits.ts`), and no
 * `as unknown as` cast. Each check runs over the files git tracks, and over synthetic files that
 * break it, so that it can fail.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  GENERATED_MARK,
  isSourcePath,
  lineCount,
  MAX_SOURCE_LINES,
  oversizedFiles,
  type SourceFile,
  unknownCasts,
} from "../support/sourceLimits";
import { REPO } from "../support/repo";

/** The source files git tracks (and that exist: one being deleted in the working tree is not). */
function trackedSources(): SourceFile[] {
  return execFileSync("git", ["ls-files", "-z", "--", "*.ts", "*.js", "*.mjs"], {
    cwd: REPO,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => isSourcePath(file) && fs.existsSync(path.join(REPO, file)))
    .map((file) => ({ path: file, text: fs.readFileSync(path.join(REPO, file), "utf8") }));
}

/** The most lines a resource's `definition.ts` (data only) may have (issue #32). */
const MAX_DEFINITION_LINES = 300;

const lines = (n: number) => Array.from({ length: n }, (_, i) => `const x${i} = ${i};\n`).join("");

describe("the repository's source", () => {
  const files = trackedSources();

  test("is what the checks read: provider, emulator, scripts and more, no tests", () => {
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["provider/index.ts", "emulator/index.ts"]));
    expect(paths.some((p) => p.startsWith("tests/"))).toBe(false);
  });

  test(`has no hand-written file over ${MAX_SOURCE_LINES} lines`, () => {
    expect(oversizedFiles(files)).toEqual([]);
  });

  test(`has no resource definition over ${MAX_DEFINITION_LINES} lines`, () => {
    const definitions = files.filter((f) => /^provider\/\w+\/definition\.ts$/.test(f.path));
    expect(definitions.length).toBeGreaterThanOrEqual(5);
    expect(oversizedFiles(definitions, MAX_DEFINITION_LINES)).toEqual([]);
  });

  test("has no 'as unknown as' outside tests", () => {
    expect(unknownCasts(files)).toEqual([]);
  });
});

describe("the checks, on synthetic files", () => {
  test("a file of 401 lines is listed with its count; one of 400 is not", () => {
    const files = [
      { path: "provider/big.ts", text: lines(401) },
      { path: "emulator/fits.ts", text: lines(400) },
      { path: "eslint.config.mjs", text: lines(450) },
    ];
    expect(oversizedFiles(files)).toEqual([
      { path: "eslint.config.mjs", lines: 450 },
      { path: "provider/big.ts", lines: 401 },
    ]);
  });

  test("generated files, tests and other languages are not held to the size limit", () => {
    const files = [
      {
        path: "sdk/generated/types.ts",
        text: `${GENERATED_MARK} from …: do not edit.\n${lines(900)}`,
      },
      { path: "sdks/nodejs/index.ts", text: lines(900) },
      { path: "tests/provider/long.test.ts", text: lines(900) },
      { path: "sdks/python/ngrok_dynamic/big.py", text: lines(900) },
    ];
    expect(oversizedFiles(files)).toEqual([]);
  });

  test("lines are counted as wc -l counts them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("a\n\nb\n")).toBe(3);
  });

  test("an 'as unknown as' is found with its place, outside tests only", () => {
    const files = [
      { path: "plugin/resources.ts", text: "const a = 1;\nconst m = x as unknown as Methods;\n" },
      { path: "tools/scripts/x.mjs", text: "const y = z as  unknown  as T;\n" },
      { path: "tests/plugin/server.test.ts", text: "const m = x as unknown as Methods;\n" },
      { path: "provider/ok.ts", text: "const n = x as unknown;\nconst u: unknown = y as Known;\n" },
    ];
    expect(unknownCasts(files)).toEqual(["plugin/resources.ts:2", "tools/scripts/x.mjs:1"]);
  });
});
