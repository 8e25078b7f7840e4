/**
 * A pinned npm tarball, fetched and unpacked into a cache folder with nothing but npm: the Node.js
 * binaries the tests run on (tools/scripts/installNode.ts) and the runtimes the plugin executables embed
 * (tools/devtools/executables/runtimes.ts) both come this way.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The file in an unpacked folder that records the integrity it came from. */
const INTEGRITY_FILE = ".integrity";

/** The `sha512-…` integrity string of a file, as npm writes it. */
export function integrityOf(file: string): string {
  return `sha512-${crypto.createHash("sha512").update(fs.readFileSync(file)).digest("base64")}`;
}

/** Whether `dir` holds an unpacked tarball of exactly `integrity`. */
export function unpackedFrom(dir: string, integrity: string): boolean {
  const recorded = path.join(dir, INTEGRITY_FILE);
  return fs.existsSync(recorded) && fs.readFileSync(recorded, "utf8").trim() === integrity;
}

/**
 * Fetches `spec` (`<name>@<version>`) with `npm pack` (through npm's own cache and registry
 * settings, `--force` because a runtime's os/cpu fields may name another platform), checks its
 * SHA-512 against `integrity` (npm's `dist.integrity`), and unpacks its `package/` folder into
 * `dir`, through a temporary folder beside it renamed into place: an interrupted fetch leaves
 * nothing half-written. A `dir` already unpacked from `integrity` is kept as it is.
 *
 * @throws Error when npm refuses, or the tarball's integrity is not `integrity`.
 */
export function fetchPinnedTarball(spec: string, integrity: string, dir: string): void {
  if (unpackedFrom(dir, integrity)) return;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "npm-tarball-"));
  try {
    execFileSync("npm", ["pack", spec, "--pack-destination", work, "--silent", "--force"], {
      stdio: ["ignore", "ignore", "inherit"],
      timeout: 600_000,
    });
    const tarball = fs.readdirSync(work).find((name) => name.endsWith(".tgz"));
    if (tarball === undefined) throw new Error(`npm pack ${spec} wrote no tarball`);
    const actual = integrityOf(path.join(work, tarball));
    if (actual !== integrity) {
      throw new Error(`${spec}: integrity ${actual} is not the pinned ${integrity}`);
    }
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
      fs.writeFileSync(path.join(unpacked, INTEGRITY_FILE), `${integrity}\n`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(unpacked, dir);
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
