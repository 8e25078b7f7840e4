/**
 * The fast tier's suites that the oldest leg of `npm test` runs (tools/scripts/test.ts): those whose
 * outcome can depend on the `@pulumi/pulumi` release the leg swaps in. The primary leg runs every
 * suite; the oldest one repeated all of them before, most of which never load the SDK.
 *
 * A suite is left out of the oldest leg when what it loads cannot reach `@pulumi/pulumi`:
 *
 * - its static import graph (followed through every relative import and `require` of a literal
 *   path, `dist/` included, by esbuild's bundler with packages left external) imports no
 *   `@pulumi/*` module; and
 * - it starts no process and compiles no code (its graph imports neither `child_process`,
 *   `worker_threads` nor `typescript`, whose checker reads the SDK's declarations from disk), or
 *   it is under `tests/repository/` (checks of the repository's own files: lint, git, sources
 *   parsed, the generator's output) or `tests/emulator/` (the emulator, which depends on no Pulumi
 *   package, and the tools it is checked with).
 *
 * Everything else runs: every suite that imports the SDK (the providers, the plugin, the
 * dynamic-provider host, `tests/repository/toolchain.test.ts` that checks the leg's versions) and
 * every suite that starts a process that may load it (the CLI, the plugin, the host) or compiles
 * code against its declarations (`tests/types/`). When the
 * analysis fails the whole tier runs.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import * as esbuild from "esbuild";

/** Packages whose import makes a suite one the oldest leg runs. */
const SDK = /^@pulumi\//;
/** Imports that start processes (which may load the SDK), or compile code (against its types). */
const INDIRECT = /^((node:)?(child_process|worker_threads)|typescript)$/;
/** Folders whose suites start only processes, and compile only code, that cannot use the SDK. */
const NO_SDK_PROCESSES = ["tests/repository/", "tests/emulator/"];

/** The external imports (packages, Node.js built-ins) each entry point's graph reaches. */
export function externalImports(repo: string, suites: readonly string[]): Map<string, Set<string>> {
  const { metafile } = esbuild.buildSync({
    entryPoints: [...suites],
    absWorkingDir: repo,
    outbase: repo,
    outdir: path.join(repo, ".oldest-subset-unused"), // write: false, nothing lands there
    write: false,
    bundle: true,
    platform: "node",
    format: "cjs",
    packages: "external",
    loader: { ".node": "empty" },
    metafile: true,
    logLevel: "silent",
  });
  const reached = new Map<string, Set<string>>();
  for (const output of Object.values(metafile.outputs)) {
    if (output.entryPoint === undefined) continue;
    const externals = new Set<string>();
    for (const input of Object.keys(output.inputs)) {
      for (const imported of metafile.inputs[input]?.imports ?? []) {
        if (imported.external) externals.add(imported.path);
      }
    }
    reached.set(output.entryPoint, externals);
  }
  return reached;
}

/** Whether the oldest leg runs `suite` (repository-relative, `/`-separated), given what it imports. */
export function runsOnOldestLeg(suite: string, externals: ReadonlySet<string>): boolean {
  const imports = [...externals];
  if (imports.some((name) => SDK.test(name))) return true;
  if (!imports.some((name) => INDIRECT.test(name))) return false;
  return !NO_SDK_PROCESSES.some((folder) => suite.startsWith(folder));
}

/**
 * The fast tier's suites (repository-relative) as Jest lists them, and the ones the oldest leg
 * runs; `undefined` when the analysis failed (then the whole tier runs).
 *
 * @param node - the Node.js executable that runs Jest.
 */
export function oldestFastSubset(
  repo: string,
  node: string,
): { all: string[]; subset: string[] } | undefined {
  const listed = spawnSync(
    node,
    [path.join(repo, "node_modules/jest/bin/jest.js"), "--listTests", "--selectProjects", "fast"],
    { cwd: repo, encoding: "utf8" },
  );
  const all = listed.stdout
    .split("\n")
    .filter((line) => line.endsWith(".ts"))
    .map((file) => path.relative(repo, file).split(path.sep).join("/"))
    .sort();
  if (listed.status !== 0 || all.length === 0) return undefined;
  try {
    const reached = externalImports(repo, all);
    const subset = all.filter((suite) => {
      const externals = reached.get(suite);
      return externals === undefined || runsOnOldestLeg(suite, externals);
    });
    return { all, subset };
  } catch {
    return undefined;
  }
}
