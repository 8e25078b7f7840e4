/**
 * `npm run node:install`: installs the Node.js versions the tests run on
 * ({@link TESTED_NODES} in devtools/nodeToolchain.ts) into a cache outside the repository, from
 * the npm registry, with nothing but npm.
 *
 * For each version: a cache that already holds it (its `bin/node --version` prints it, and the
 * integrity it was installed from is the pinned one) is reused. Otherwise `npm pack
 * node-<os>-<arch>@<version>` fetches the tarball (through npm's own cache and registry
 * settings), its SHA-512 is checked against the pinned `dist.integrity`, and it is unpacked
 * into `<cache>/v<version>` through a temporary folder renamed into place, so that an
 * interrupted install leaves nothing half-written.
 *
 * On a platform with no pinned tarball, a `node` on `PATH` of the same major version is used
 * instead, and said so; without one, the install fails and names the version to install.
 *
 * `npm test` calls {@link installNodes} itself: a contributor never needs to run this first.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  type NodeRelease,
  nodeBinDir,
  nodeInstallDir,
  nodePackage,
  platformKey,
  TESTED_NODES,
} from "../devtools/nodeToolchain";

/** The file in an installed version's folder that records the integrity it came from. */
const INTEGRITY_FILE = ".integrity";

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

/** The `sha512-…` integrity string of a file, as npm writes it. */
function integrityOf(file: string): string {
  return `sha512-${crypto.createHash("sha512").update(fs.readFileSync(file)).digest("base64")}`;
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
  const recorded = path.join(dir, INTEGRITY_FILE);
  if (
    nodeVersionIn(binDir) === version &&
    fs.existsSync(recorded) &&
    fs.readFileSync(recorded, "utf8").trim() === expected
  ) {
    say(`reusing Node.js ${version} in ${binDir}`);
    return binDir;
  }
  const started = Date.now();
  const spec = `${nodePackage(key)}@${version}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "node-install-"));
  try {
    say(`fetching ${spec} from the npm registry`);
    // `--force`: the package's os/cpu fields name the platform it is for, which is this one.
    execFileSync("npm", ["pack", spec, "--pack-destination", work, "--silent", "--force"], {
      stdio: ["ignore", "ignore", "inherit"],
      timeout: 600_000,
    });
    const tarball = fs.readdirSync(work).find((name) => name.endsWith(".tgz"));
    if (tarball === undefined) throw new Error(`npm pack ${spec} wrote no tarball`);
    const actual = integrityOf(path.join(work, tarball));
    if (actual !== expected) {
      throw new Error(`${spec}: integrity ${actual} is not the pinned ${expected}`);
    }
    // Unpacked beside its final place, then renamed: one step, on one file system.
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const unpacked = fs.mkdtempSync(`${dir}.partial-`);
    try {
      execFileSync("tar", [
        "-xzf",
        path.join(work, tarball),
        "-C",
        unpacked,
        "--strip-components=1",
      ]);
      fs.writeFileSync(path.join(unpacked, INTEGRITY_FILE), `${expected}\n`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(unpacked, dir);
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
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

if (require.main === module) {
  try {
    installNodes();
  } catch (error) {
    process.stderr.write(`node:install failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
