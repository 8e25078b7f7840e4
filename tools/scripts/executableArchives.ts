/**
 * The release's self-contained executables (tools/devtools/executables), one archive per platform:
 *
 * - the provider plugin, `pulumi-resource-ngrok-dynamic-v<version>-<os>-<arch>.tar.gz`, named as
 *   Pulumi fetches a plugin (from the schema's `pluginDownloadURL`, or `pulumi plugin install
 *   resource ngrok-dynamic <version> --server <url>`), with the executable
 *   `pulumi-resource-ngrok-dynamic[.exe]` at its root;
 * - the emulator, `ngrok-api-emulator-v<version>-<os>-<arch>.tar.gz`, holding
 *   `ngrok-api-emulator[.exe]`: for users with no Node.js project.
 *
 * Each archive also holds the package's LICENSE. The archives are reproducible: entries sorted,
 * owned by 0, dated the epoch, and gzip without a name or time.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  buildExecutables,
  EMULATOR_PROGRAM,
  EXECUTABLE_TARGETS,
  type ExecutableTarget,
  PLUGIN_PROGRAM,
  type Program,
  targetName,
} from "../devtools/executables";
import type { Artifact } from "./artifact";
import { packageVersion } from "./packageVersion";

const REPO = path.resolve(__dirname, "../../..");

/** The archive of `program` for `target`: `<program>-v<version>-<os>-<arch>.tar.gz`. */
export function archiveName(
  program: Program,
  target: ExecutableTarget,
  version: string = packageVersion(),
): string {
  return `${program.name}-v${version}-${targetName(target)}.tar.gz`;
}

/** Writes `archive` (a `.tar.gz`) of the files in `dir`, reproducibly (see the module comment). */
function reproducibleTarGz(dir: string, archive: string): void {
  const tar = archive.replace(/\.gz$/, "");
  execFileSync("tar", [
    "--sort=name",
    "--owner=0",
    "--group=0",
    "--numeric-owner",
    "--mtime=@0",
    "-cf",
    tar,
    "-C",
    dir,
    ".",
  ]);
  execFileSync("gzip", ["-n", "-f", tar]);
}

/** The archives of `program` for `targets` (default: every target): see the module comment. */
export function executableArchives(
  program: Program,
  describe: string,
  targets: readonly ExecutableTarget[] = EXECUTABLE_TARGETS,
): Artifact {
  return {
    describe,
    async make(outDir) {
      const version = packageVersion();
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "executable-archives-"));
      try {
        const { executables } = await buildExecutables(program, targets, work);
        return executables.map(({ target, file }) => {
          fs.copyFileSync(path.join(REPO, "LICENSE"), path.join(path.dirname(file), "LICENSE"));
          const name = archiveName(program, target, version);
          reproducibleTarGz(path.dirname(file), path.join(outDir, name));
          return name;
        });
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/** The provider plugin's five archives. */
export const PLUGIN_ARCHIVES: Artifact = executableArchives(
  PLUGIN_PROGRAM,
  `the provider plugin ngrok-dynamic for ${EXECUTABLE_TARGETS.map(targetName).join(", ")}`,
);

/** The emulator's five archives. */
export const EMULATOR_ARCHIVES: Artifact = executableArchives(
  EMULATOR_PROGRAM,
  `the emulator ngrok-api-emulator for ${EXECUTABLE_TARGETS.map(targetName).join(", ")}`,
);
