/**
 * No comment names a file that does not exist (issue #50), in the hand-written TypeScript git
 * tracks; and the check fails on a comment that does (`tests/support/commentPaths.ts`).
 */
import { missingPaths, namedPaths } from "../support/commentPaths";
import { REPO } from "../support/repo";
import { trackedSources } from "../support/trackedSources";

/** The hand-written TypeScript git tracks, but the checks of paths themselves. */
const tracked = () => trackedSources("*.ts").filter((file) => !CHECKERS.includes(file.path));

/**
 * The checks of paths themselves, whose examples name paths missing or outside the repository on
 * purpose.
 */
const CHECKERS = [
  "tests/support/commentPaths.ts",
  "tests/repository/commentPaths.test.ts",
  "tests/repository/selfContained.test.ts",
];

describe("files named in comments", () => {
  test("every one exists", () => {
    const files = tracked();
    expect(files.length).toBeGreaterThan(300);
    expect(missingPaths(REPO, files)).toEqual([]);
  });

  test("a path that does not exist is found; a pattern, a URL and a package are not paths", () => {
    const file = {
      path: "provider/vault/definition.ts",
      text: [
        "/** See `provider/vault/missing.ts` and ./absent, not `provider/<resource>/definition.ts`. */",
        "// https://ngrok.com/docs/a/b.md, @pulumi/pulumi/dynamic, and ../framework/define exists.",
      ].join("\n"),
    };
    expect(missingPaths(REPO, [file])).toEqual([
      "provider/vault/definition.ts: provider/vault/missing.ts",
      "provider/vault/definition.ts: ./absent",
    ]);
    expect(namedPaths("// `provider/<resource>/provider.ts`")).toEqual([]);
  });
});
