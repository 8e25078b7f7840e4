/**
 * The repository is self-contained: no test, example, script, benchmark or CI step reads outside
 * it, so a fresh `git clone` alone passes `npm ci` and `npm test`. Every tracked code file is
 * searched for paths that climb out of the repository (such as the `../shared` folder the
 * project's documents came from).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../support/repo";

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
];
/** A quoted relative path that climbs (`"../../x"`): judged by where it leads from its file. */
const CLIMBING = /["'`]((?:\.\.\/)+)/g;

/**
 * ESLint's import restrictions name import specifiers of the linted files (`"../provider/*"`),
 * not paths read from the config's own folder.
 */
const PATTERNS_ONLY = new Set(["eslint.config.mjs"]);

/** Source folders `npm run build` compiles into `dist/<folder>` (tsconfig.build.json). */
const COMPILED = ["cli", "provider", "sdk", "tools"];

/**
 * The first quoted relative path of `text` that leads out of the repository from `file`, judged
 * from where the file runs: its compiled copy under `dist/` for the folders `npm run build`
 * compiles, the file itself otherwise.
 */
function climbsOut(file: string, text: string): { index: number; path: string } | undefined {
  if (PATTERNS_ONLY.has(file)) return undefined;
  const runsFrom = COMPILED.includes(file.split("/")[0])
    ? path.join("dist", path.dirname(file))
    : path.dirname(file);
  for (const match of text.matchAll(CLIMBING)) {
    const target = path.resolve(REPO, runsFrom, match[1]);
    if (path.relative(REPO, target).startsWith("..")) {
      return { index: match.index, path: match[1] };
    }
  }
  return undefined;
}

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
    const out = climbsOut(file, text);
    if (out !== undefined) {
      const line = text.slice(0, out.index).split("\n").length;
      found.push(`${file}:${line}: a path that climbs out of the repository (${out.path})`);
    }
  }
  expect(found).toEqual([]);
});

test("the IdP metadata fixtures are in the repository, with their sources", () => {
  const dir = path.join(REPO, "tests/fixtures/idp-metadata");
  expect(fs.readdirSync(dir).filter((f) => f.endsWith(".xml")).length).toBeGreaterThanOrEqual(10);
  expect(fs.readFileSync(path.join(dir, "SOURCES.md"), "utf8")).toContain("okta.xml");
});
