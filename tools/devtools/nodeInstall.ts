/**
 * Installs the Node.js versions the tests run on
 * ({@link TESTED_NODES} in tools/devtools/nodeToolchain.ts) into a cache outside the repository, from
 * the npm registry, with nothing but npm.
 *
 * For each version: a cache that already holds it (its `bin/node --version` prints it, and the
 * integrity it was installed from is the pinned one) is reused. Otherwise the npm tarball
 * `node-<os>-<arch>@<version>` is fetched, checked against the pinned `dist.integrity` and
 * unpacked into `<cache>/v<version>` by {@link fetchPinnedTarball}.
 *
 * On a platform with no pinned tarball, a `node` on `PATH` of the same major version is used
 * instead, and said so; without one, the install fails and names the version to install.
 *
 * `npm test` (tools/scripts/test.ts) and the executables' blob maker (tools/devtools/executables/sea.ts) call
 * {@link installNode} themselves; `npm run node:install` (tools/scripts/installNode.ts) runs
 * {@link installNodes}.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  type NodeRelease,
  nodeBinDir,
  nodeInstallDir,
  nodePackage,
  platformKey,
  TESTED_NODES,
} from "./nodeToolchain";
import { fetchPinnedTarball, unpackedFrom } from "./npmTarball";

function say(line: string): void {
  process.stdout.write(`node:install: ${line}\n`);
}

/** What `<binDir>/node --version` prints, without the `v`; `undefined` if it does not run. */
export function nodeVersionIn(binDir: string): string | undefined {
  try {
    return execFileSync(path.join(binDir, "node"), ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 30_000,
    })
      .trim()
      .replace(/^v/, "");
  } catch {
    return undefined;
  }
}

/** The first folder on `PATH` whose `node` is of `major`, for platforms with no pinned tarball. */
function nodeOnPath(major: string): string | undefined {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir !== "")
    .find((dir) => nodeVersionIn(dir)?.split(".")[0] === major);
}

/**
 * Makes `release` available and returns the folder holding its `node`. Throws with the reason
 * (a refused download, a checksum mismatch, an unsupported platform with no such `node`).
 */
export function installNode(release: NodeRelease): string {
  const { version } = release;
  const key = platformKey();
  const expected = release.integrity[key];
  const binDir = nodeBinDir(version);
  if (expected === undefined) {
    const major = version.split(".")[0];
    const found = nodeOnPath(major);
    if (found === undefined) {
      throw new Error(
        `no pinned Node.js ${version} for ${key}: install Node.js ${major} and put it on PATH`,
      );
    }
    say(`no pinned Node.js for ${key}; using the Node.js ${major} in ${found}`);
    return found;
  }
  const dir = nodeInstallDir(version);
  if (nodeVersionIn(binDir) === version && unpackedFrom(dir, expected)) {
    say(`reusing Node.js ${version} in ${binDir}`);
    return binDir;
  }
  const started = Date.now();
  const spec = `${nodePackage(key)}@${version}`;
  say(`fetching ${spec} from the npm registry`);
  // A folder whose node does not run is fetched again, whatever it records.
  fs.rmSync(dir, { recursive: true, force: true });
  fetchPinnedTarball(spec, expected, dir);
  const printed = nodeVersionIn(binDir);
  if (printed !== version) {
    throw new Error(
      `the installed node in ${binDir} prints ${printed ?? "nothing"}, not v${version}`,
    );
  }
  say(`Node.js ${version} is in ${binDir} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return binDir;
}

/** Installs (or reuses) every tested version; returns version → folder of its `node`. */
export function installNodes(): Map<string, string> {
  return new Map(TESTED_NODES.map((release) => [release.version, installNode(release)]));
}
