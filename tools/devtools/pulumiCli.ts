/**
 * Where the project's real Pulumi CLI lives, shared by the installer (`npm run pulumi:install`),
 * the Automation API tests, the demo and the bench.
 *
 * Two places, in this order:
 * 1. A `pulumi` on `PATH` whose `pulumi version` is compatible with the `@pulumi/pulumi` the
 *    repository pins (same major version, not older): a user's own install. Nothing is built.
 * 2. The cache folder that the installer fills, outside the repository and keyed by version:
 *    `$PULUMI_NGROK_CLI_CACHE/v<version>/bin`, by default
 *    `${XDG_CACHE_HOME:-~/.cache}/pulumi-ngrok-dynamic/pulumi-cli/v<version>/bin`. It holds
 *    `pulumi` (built from the Go module pinned in `tools/devtools/go/pulumi-cli/`), the
 *    `pulumi-resource-pulumi-nodejs` script copied from `@pulumi/pulumi`, and Pulumi's YAML
 *    language host `pulumi-language-yaml` (built from the Go module pinned in
 *    `tools/devtools/go/pulumi-yaml/`).
 *
 * The Node.js language host (`pulumi-language-nodejs`) cannot be had on machines that reach only
 * the Go module proxy (the proxy refuses its module), so the Node.js programs run as Automation
 * API inline programs, which need none. The YAML language host can: YAML program folders (the
 * provider plugin's examples) run with the plain CLI ({@link findYamlLanguageHost}).
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The repository's root folder (this file compiles to `dist/tools/devtools/`). */
const REPO = path.resolve(__dirname, "../../..");

/** The CLI's file name on this platform. */
const PULUMI_EXE = process.platform === "win32" ? "pulumi.exe" : "pulumi";

/** The YAML language host's file name on this platform. */
export const YAML_LANGUAGE_HOST_EXE =
  process.platform === "win32" ? "pulumi-language-yaml.exe" : "pulumi-language-yaml";

/** A usable Pulumi CLI. */
export interface PulumiCli {
  /** The folder holding `pulumi` (and the plugins beside it); put it first on `PATH`. */
  readonly binDir: string;
  /** What `pulumi version` printed, without the leading `v`, e.g. `3.248.0`. */
  readonly version: string;
  /** `path`: a user's own install found on `PATH`; `cache`: the installer's build. */
  readonly source: "path" | "cache";
}

/**
 * The version of `@pulumi/pulumi` that package-lock.json pins (`npm ci` installs it): the CLI is
 * pinned to it. Read from the lock, not from `node_modules`, where the oldest leg of `npm test`
 * puts an older release for its length (tools/scripts/pulumiSdkSwap.ts).
 */
export function pinnedPulumiVersion(repo: string = REPO): string {
  const lock = path.join(repo, "package-lock.json");
  const parsed = JSON.parse(fs.readFileSync(lock, "utf8")) as {
    packages?: Record<string, { version?: unknown }>;
  };
  const version = parsed.packages?.["node_modules/@pulumi/pulumi"]?.version;
  if (typeof version !== "string") throw new Error(`${lock} pins no @pulumi/pulumi`);
  return version;
}

/**
 * The oldest Pulumi CLI the provider plugin is tested with: the `pulumi/pkg/v3` version that
 * `tools/devtools/go/pulumi-cli-oldest/go.mod` requires (without `v`), built beside the pinned CLI by
 * `npm run pulumi:install` into {@link cachedCliBinDir} of that version.
 *
 * @throws Error when that go.mod requires no `pulumi/pkg/v3`.
 */
export function oldestPluginCliVersion(repo: string = REPO): string {
  const goMod = path.join(repo, "tools", "devtools", "go", "pulumi-cli-oldest", "go.mod");
  const match = /^require github\.com\/pulumi\/pulumi\/pkg\/v3 v(\S+)$/m.exec(
    fs.readFileSync(goMod, "utf8"),
  );
  if (match === null) throw new Error(`${goMod} does not require pulumi/pkg/v3`);
  return match[1];
}

/**
 * The cache folder of one of the project's tools, outside the repository: `override` when set,
 * else `${XDG_CACHE_HOME:-~/.cache}/pulumi-ngrok-dynamic/<tool>`.
 */
export function toolCacheRoot(
  tool: string,
  override: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return (
    override ??
    path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-ngrok-dynamic", tool)
  );
}

/** The installer's cache folder for `version`: `<cache root>/v<version>/bin`. */
export function cachedCliBinDir(version: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(
    toolCacheRoot("pulumi-cli", env.PULUMI_NGROK_CLI_CACHE, env),
    `v${version}`,
    "bin",
  );
}

/** What `<binDir>/pulumi version` prints, without the `v`; `undefined` if it does not run. */
export function cliVersion(binDir: string): string | undefined {
  try {
    const out = execFileSync(path.join(binDir, PULUMI_EXE), ["version"], {
      encoding: "utf8",
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 30_000,
    }).trim();
    return out.replace(/^v/, "") || undefined;
  } catch {
    return undefined;
  }
}

/** True when a CLI of version `found` can run programs written against `pinned`. */
export function isCompatible(found: string, pinned: string): boolean {
  const parse = (v: string) => v.split(/[.+-]/, 3).map((n) => Number.parseInt(n, 10));
  const [fMajor, fMinor, fPatch] = parse(found);
  const [pMajor, pMinor, pPatch] = parse(pinned);
  if ([fMajor, fMinor, fPatch].some(Number.isNaN) || fMajor !== pMajor) return false;
  return fMinor > pMinor || (fMinor === pMinor && fPatch >= pPatch);
}

/** True when `file` exists and may be executed. */
function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first folder on `PATH` holding an executable `exe`, or `undefined`. */
function folderOnPath(exe: string, env: NodeJS.ProcessEnv): string | undefined {
  return (env.PATH ?? "")
    .split(path.delimiter)
    .find((dir) => dir !== "" && isExecutable(path.join(dir, exe)));
}

/** The first `pulumi` on `PATH`, or `undefined`. */
function pulumiOnPath(env: NodeJS.ProcessEnv): string | undefined {
  return folderOnPath(PULUMI_EXE, env);
}

/**
 * The folder holding Pulumi's YAML language host for `cli`, where the CLI looks for it: beside
 * the CLI (a user's install ships it there; `npm run pulumi:install` builds it there), else on
 * `PATH`, else the installer's cache folder for the pinned version (a CLI found on `PATH` without
 * its YAML host gets one built there). `undefined` when there is none: run
 * `npm run pulumi:install`.
 */
export function findYamlLanguageHost(
  cli: PulumiCli,
  env: NodeJS.ProcessEnv = process.env,
  repo = REPO,
): string | undefined {
  return [
    cli.binDir,
    folderOnPath(YAML_LANGUAGE_HOST_EXE, env),
    cachedCliBinDir(pinnedPulumiVersion(repo), env),
  ].find((dir) => dir !== undefined && isExecutable(path.join(dir, YAML_LANGUAGE_HOST_EXE)));
}

/** The result of {@link findPulumiCli}: the CLI, or why there is none. */
export type CliLookup =
  | { readonly found: true; readonly cli: PulumiCli }
  | { readonly found: false; readonly reason: string };

/**
 * Finds the CLI the tests, the demo and the bench use: a compatible `pulumi` on `PATH`, else
 * the installer's cache. Never builds anything.
 */
export function findPulumiCli(env: NodeJS.ProcessEnv = process.env, repo = REPO): CliLookup {
  const pinned = pinnedPulumiVersion(repo);
  const onPath = pulumiOnPath(env);
  let pathNote = "no `pulumi` on PATH";
  if (onPath !== undefined) {
    const version = cliVersion(onPath);
    if (version !== undefined && isCompatible(version, pinned)) {
      return { found: true, cli: { binDir: onPath, version, source: "path" } };
    }
    pathNote = `the \`pulumi\` on PATH (${onPath}) is ${version ?? "not runnable"}, not ${pinned} or a later 3.x`;
  }
  const cached = cachedCliBinDir(pinned, env);
  const version = cliVersion(cached);
  if (version === pinned) {
    return { found: true, cli: { binDir: cached, version, source: "cache" } };
  }
  return {
    found: false,
    reason:
      `${pathNote}, and ${cached} holds no pulumi v${pinned}. ` +
      "Run `npm run pulumi:install` (builds it from its Go modules; needs Go) or install the " +
      "Pulumi CLI (https://www.pulumi.com/docs/install/).",
  };
}

/**
 * The environment every real-engine run uses: offline and self-contained. The CLI's folder first
 * on `PATH` (it holds the dynamic-provider plugin), `PULUMI_HOME` and the file backend in
 * `workDir`, passphrase secrets, no update check, no automatic plugin download (a missing plugin
 * fails at once with its name).
 */
export function offlineEnv(cli: PulumiCli, workDir: string): Record<string, string> {
  const home = path.join(workDir, "pulumi-home");
  const backend = path.join(workDir, "state");
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(backend, { recursive: true });
  return {
    PATH: [cli.binDir, process.env.PATH ?? ""].join(path.delimiter),
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: "pulumi-ngrok-dynamic local test passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
}

/** Where {@link offlineEnv} puts the file backend's files, for reading the real checkpoint. */
export function backendDir(workDir: string): string {
  return path.join(workDir, "state");
}
