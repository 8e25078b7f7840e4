/**
 * No copied code in `provider/` and `plugin/` (issue #32): no run of six significant lines that
 * reads the same in two places (`tests/support/copiedRuns.ts`). The check runs over the files git
 * tracks, generated files excepted, and over synthetic files that break it, so that it can fail.
 */
import { copiedRuns, MIN_RUN_LINES } from "../support/copiedRuns";
import { trackedSources } from "../support/trackedSources";

/** The hand-written TypeScript of `folders` that git tracks. */
const sources = (...folders: string[]) => trackedSources(...folders.map((f) => `${f}/*.ts`));

/** `n` distinct substantial lines, each naming `tag`. */
const body = (tag: string, n = MIN_RUN_LINES) =>
  Array.from({ length: n }, (_, i) => `  const value${i} = compute("${tag}", ${i});`).join("\n");

describe("copied code", () => {
  test("provider/ and plugin/ have none", () => {
    const files = sources("provider", "plugin");
    expect(files.length).toBeGreaterThan(50);
    expect(copiedRuns(files)).toEqual([]);
  });

  test("a run copied into another file is found, with where it starts in each", () => {
    const files = [
      { path: "a.ts", text: `// a\n${body("x")}\n` },
      { path: "b.ts", text: `import y from "y";\n\n${body("x")}\n` },
    ];
    expect(copiedRuns(files)).toEqual([{ first: "a.ts:2", second: "b.ts:3", lines: 6 }]);
  });

  test("a run copied within one file is found", () => {
    const files = [{ path: "a.ts", text: `${body("x")}\nother();\n${body("x")}\n` }];
    expect(copiedRuns(files)).toHaveLength(1);
  });

  test("comments and blank lines do not hide a copy", () => {
    const spaced = body("x").split("\n").join("\n\n  // a note\n");
    expect(
      copiedRuns([
        { path: "a.ts", text: body("x") },
        { path: "b.ts", text: spaced },
      ]),
    ).toHaveLength(1);
  });

  test("five lines, other values, or brackets alone are not a copy", () => {
    const five = body("x", MIN_RUN_LINES - 1);
    expect(
      copiedRuns([
        { path: "a.ts", text: five },
        { path: "b.ts", text: five },
      ]),
    ).toEqual([]);
    expect(
      copiedRuns([
        { path: "a.ts", text: body("x") },
        { path: "b.ts", text: body("y") },
      ]),
    ).toEqual([]);
    const brackets = "}\n});\n}\n)\n}\n});\n";
    expect(
      copiedRuns([
        { path: "a.ts", text: brackets },
        { path: "b.ts", text: brackets },
      ]),
    ).toEqual([]);
  });
});

test("import lists are not code", () => {
  const imports = Array.from({ length: 8 }, (_, i) => `import { name${i} } from "./module${i}";`);
  const text = `${imports.join("\n")}\nimport {\n  a,\n  b,\n} from "./ab";\n`;
  expect(
    copiedRuns([
      { path: "a.ts", text },
      { path: "b.ts", text },
    ]),
  ).toEqual([]);
});
