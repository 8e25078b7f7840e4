/**
 * The hand-written files git tracks, read: what the repository's checks of the source
 * (`tests/repository/copiedRuns.test.ts`, `commentPaths.test.ts`) run over.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "./repo";
import { isGenerated, type SourceFile } from "./sourceLimits";

/** The tracked files matching `globs` (git pathspecs), with their text, generated ones left out. */
export function trackedSources(...globs: string[]): SourceFile[] {
  return execFileSync("git", ["ls-files", "-z", "--", ...globs], { cwd: REPO, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(REPO, file)))
    .map((file) => ({ path: file, text: fs.readFileSync(path.join(REPO, file), "utf8") }))
    .filter((file) => !isGenerated(file));
}
