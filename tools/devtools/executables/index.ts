/**
 * Self-contained executables of the provider plugin and of the emulator: one file per platform
 * ({@link EXECUTABLE_TARGETS}) that needs no Node.js on the machine. Each is a Node.js single
 * executable application: the program bundled by esbuild (`./bundle`), its blob injected into the
 * pinned Node.js binary of the platform (`./sea`). Why this toolchain: contributing/releasing.md,
 * "Executables".
 *
 * `npm run release` makes them for every target (tools/scripts/release.ts); the tests make
 * the one of this machine with {@link cachedExecutable}.
 *
 * @module
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_PACKAGE } from "../../../provider/registry";
import { bundle, type Bundle } from "./bundle";
import { injectBlob, seaBlob, withCodeCache } from "./sea";
import { type ExecutableTarget, targetName } from "./targets";

export { EXECUTABLE_TARGETS, hostTarget, targetName, targetNamed } from "./targets";
export type { ExecutableTarget } from "./targets";
export { inspectBinary } from "./binaryFormat";

/** A program made into executables: its compiled entry point and the executable's name. */
export interface Program {
  /** The compiled entry point, relative to the repository. */
  readonly entry: string;
  /** The executable's file name, without `.exe`. */
  readonly name: string;
}

/** The provider plugin: `pulumi-resource-ngrok-dynamic`, as Pulumi names a plugin executable. */
export const PLUGIN_PROGRAM: Program = {
  entry: "dist/plugin/index.js",
  name: `pulumi-resource-${PLUGIN_PACKAGE}`,
};

/** The emulator's command line, `ngrok-api-emulator`. */
export const EMULATOR_PROGRAM: Program = {
  entry: "emulator/dist/cli.js",
  name: "ngrok-api-emulator",
};

/** One executable made: where, for which target, and its size in bytes. */
export interface Executable {
  readonly target: ExecutableTarget;
  readonly file: string;
  readonly bytes: number;
}

/**
 * Makes `program`'s executable for each of `targets` in `outDir/<os>-<arch>/<name>[.exe]`. The
 * bundle is made once (or not at all when `made` is given: a bundle of `program.entry` already
 * made, its file kept by the caller until this resolves), a blob once per Node.js major, and a
 * target whose runtime another target already embeds gets a copy of that executable.
 *
 * @returns the executables, and the bundle they embed (its size by package, for the release's
 *   summary and the bench; its `file` is `""` when this made it, for it is removed).
 * @throws Error when the bundle or a runtime cannot be made, or an executable fails its checks.
 */
export async function buildExecutables(
  program: Program,
  targets: readonly ExecutableTarget[],
  outDir: string,
  made?: Bundle,
): Promise<{ executables: Executable[]; bundle: Bundle }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "executable-"));
  try {
    const used = made ?? (await bundle(program.entry, path.join(work, `${program.name}.js`)));
    // One blob per Node.js major, and one with code cache for this machine's platform.
    const blobs = new Set<string>();
    const blobFor = (target: ExecutableTarget): string => {
      const major = target.runtime.version.split(".")[0];
      const codeCache = withCodeCache(target);
      const file = path.join(work, `node${major}${codeCache ? "-code-cache" : ""}.blob`);
      if (!blobs.has(file)) {
        seaBlob(used.file, major, file, codeCache);
        blobs.add(file);
      }
      return file;
    };
    const byRuntime = new Map<string, string>();
    const executables: Executable[] = [];
    for (const target of targets) {
      const file = path.join(outDir, targetName(target), `${program.name}${target.suffix}`);
      const runtimeKey = `${target.runtime.package}@${target.runtime.version}`;
      const same = byRuntime.get(runtimeKey);
      if (same !== undefined) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.copyFileSync(same, file);
        fs.chmodSync(file, 0o755);
      } else {
        injectBlob(target, blobFor(target), file);
        byRuntime.set(runtimeKey, file);
      }
      executables.push({ target, file, bytes: fs.statSync(file).size });
    }
    return { executables, bundle: made ?? { ...used, file: "" } };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The executable of `program` for `target`, made from this working copy's `dist/` and kept in
 * the temporary folder under a hash of its bundle and runtime, so the tests of one run (and
 * later runs of an unchanged build) make it once. The bundle hashed is the one built from: one
 * esbuild run per call.
 *
 * @returns the executable's path.
 * @throws Error when the bundle or the executable cannot be made ({@link buildExecutables}).
 */
export async function cachedExecutable(
  program: Program,
  target: ExecutableTarget,
): Promise<string> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "executable-key-"));
  try {
    // The bundle is hashed for the key, and the same bundle is built from when the key is new.
    const made = await bundle(program.entry, path.join(work, `${program.name}.js`));
    const key = createHash("sha256")
      .update(fs.readFileSync(made.file))
      .update(JSON.stringify({ runtime: target.runtime, codeCache: withCodeCache(target) }))
      .digest("hex")
      .slice(0, 16);
    const dir = path.join(os.tmpdir(), "ngrok-dynamic-executables", `${program.name}-${key}`);
    const file = path.join(dir, targetName(target), `${program.name}${target.suffix}`);
    if (fs.existsSync(file)) return file;
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const staging = fs.mkdtempSync(`${dir}.partial-`);
    try {
      await buildExecutables(program, [target], staging, made);
      try {
        fs.renameSync(staging, dir);
      } catch (error) {
        // Another test process made the same executable first: use that one.
        if (!fs.existsSync(file)) throw error;
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    return file;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
