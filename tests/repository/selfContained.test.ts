/**
 * The repository is self-contained: no test, example, script, benchmark or CI step reads outside
 * it, so a fresh `git clone` alone passes `npm ci` and `npm test`. Every tracked code file is
 * searched for paths that climb out of the repository (such as the `../shared` folder the
 * project's documents came from).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../support/stack";

const CODE = /\.(ts|js|mjs|cjs|json|sh|ya?ml)$|^\.ci\/run$/;
const SELF = path.relative(REPO, __filename);

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: REPO, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && CODE.test(file) && file !== SELF)
    .filter((file) => file !== "package-lock.json" && fs.existsSync(path.join(REPO, file)));
}

/** Ways a file could name a place outside the repository. */
const OUTSIDE = [
  { rule: "a path into ../shared", pattern: /(?:\.\.\/)+shared\b/ },
  { rule: "the repository root's parent", pattern: /\bREPO\s*,\s*["'`]\.\.(?:["'`/])/ },
  { rule: "a path climbing four or more folders", pattern: /["'`](?:\.\.\/){4,}/ },
];

test("the repository has code files to search", () => {
  expect(trackedFiles().length).toBeGreaterThan(100);
});

test("no tracked code file reads outside the repository", () => {
  const found: string[] = [];
  for (const file of trackedFiles()) {
    const text = fs.readFileSync(path.join(REPO, file), "utf8");
    for (const { rule, pattern } of OUTSIDE) {
      const match = pattern.exec(text);
      if (match !== null) {
        const line = text.slice(0, match.index).split("\n").length;
        found.push(`${file}:${line}: ${rule} (${match[0]})`);
      }
    }
  }
  expect(found).toEqual([]);
});

test("the IdP metadata fixtures are in the repository, with their sources", () => {
  const dir = path.join(REPO, "tests/fixtures/idp-metadata");
  expect(fs.readdirSync(dir).filter((f) => f.endsWith(".xml")).length).toBeGreaterThanOrEqual(10);
  expect(fs.readFileSync(path.join(dir, "SOURCES.md"), "utf8")).toContain("okta.xml");
});
