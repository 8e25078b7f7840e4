/**
 * The release's `pulumi new` templates: each folder of the repository's `templates/`
 * (`ngrok-ssh-typescript`, `ngrok-ssh-yaml`), copied file for file into the release folder as
 * `templates/<name>/`, so that a release folder alone starts a project:
 * `pulumi new "$RELEASE/templates/ngrok-ssh-yaml"` (README.md, "A YAML program").
 *
 * The files are those git holds or would hold (tracked, or new and not ignored: `git ls-files
 * --cached --others --exclude-standard`), so that a template's `node_modules` or a stack file
 * left by a try (`Pulumi.<stack>.yaml`) never ships.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Artifact } from "./artifact";

/** The repository's root folder (this file compiles to `dist/tools/scripts/`). */
const REPO = path.resolve(__dirname, "../../..");

/** The templates' folder, in the repository and in a release. */
export const TEMPLATES = "templates";

/**
 * The files of the templates, relative to the repository with `/` separators, sorted (e.g.
 * `templates/ngrok-ssh-yaml/Pulumi.yaml`).
 *
 * @throws Error when git cannot list them (not a clone).
 */
export function templateFiles(): string[] {
  return execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", `${TEMPLATES}/`],
    { cwd: REPO, encoding: "utf8" },
  )
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(REPO, file)))
    .sort();
}

/** The templates' names: the folders of `templates/`, sorted. */
export function templateNames(): string[] {
  return [...new Set(templateFiles().map((file) => file.split("/")[1]))];
}

/** The templates, copied into the release folder's `templates/`: see the module comment. */
export const TEMPLATE_ARTIFACT: Artifact = {
  describe: `the pulumi new templates (${TEMPLATES}/)`,
  make(outDir) {
    const files = templateFiles();
    for (const file of files) {
      const target = path.join(outDir, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(REPO, file), target);
    }
    return files;
  },
};
