/**
 * `npm run pulumi:install`: makes the real Pulumi CLI available to the tests, the demo and the
 * bench, without downloading anything but Go modules.
 *
 * - A compatible `pulumi` already on `PATH` (a user's machine): used as is, nothing is built.
 * - Otherwise `pulumi` is built from the Go module pinned in `tools/devtools/go/pulumi-cli/` (the release that
 *   matches `@pulumi/pulumi` in package-lock.json), stamped with that version, into the cache
 *   folder of {@link cachedCliBinDir} (outside the repository); a cache that already holds that
 *   version is reused. `pulumi-resource-pulumi-nodejs` (the dynamic-provider plugin, a script
 *   inside `@pulumi/pulumi`) is put beside it.
 * - Pulumi's YAML language host (`pulumi-language-yaml`, which runs the YAML program folders of
 *   `examples/` with the plain CLI) is built from the Go module pinned in `tools/devtools/go/pulumi-yaml/`
 *   into the same folder, unless one is already beside the CLI or on `PATH` (a user's install
 *   ships it) or the cache holds the pinned version. A module of its own, so that the CLI's
 *   dependencies stay as `tools/devtools/go/pulumi-cli/` pins them (pulumi-yaml does not compile against the
 *   CLI's pulumi/pkg/v3: see its tools.go); built with the CLI's flags and, apart from pkg/v3 and
 *   sdk/v3, the CLI's module versions, so that it reuses much of the CLI's build from Go's cache.
 * - The oldest CLI the provider plugin is tested with (`tools/devtools/go/pulumi-cli-oldest/`, v3.4.0:
 *   tests/automation/pluginOldestCli.automation.test.ts) is built the same way into the cache
 *   folder of its version, or reused from there (cold: 491 s here, 219 s of CPU: mostly the
 *   download of its modules).
 * - The Node.js language host is looked up on the module proxy and reported: the proxy refuses
 *   it, so programs run as Automation API inline programs, which need none.
 *
 * Prints where the CLI is. Exits 1 with the reason when it cannot provide one.
 *
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { goEnv } from "../devtools/goTools";
import {
  cachedCliBinDir,
  cliVersion,
  findPulumiCli,
  findYamlLanguageHost,
  oldestPluginCliVersion,
  pinnedPulumiVersion,
  type PulumiCli,
  YAML_LANGUAGE_HOST_EXE,
} from "../devtools/pulumiCli";

const REPO = path.resolve(__dirname, "../../..");
const WRAPPER = path.join(REPO, "tools", "devtools", "go", "pulumi-cli");
const OLDEST_WRAPPER = path.join(REPO, "tools", "devtools", "go", "pulumi-cli-oldest");
const YAML_WRAPPER = path.join(REPO, "tools", "devtools", "go", "pulumi-yaml");
const YAML_MODULE = "github.com/pulumi/pulumi-yaml";
const LANGUAGE_HOST_MODULE = "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3";

function say(line: string): void {
  process.stdout.write(`pulumi:install: ${line}\n`);
}

/** The version of `pkg/v3` that the wrapper module's go.mod pins. */
function wrapperVersion(): string {
  const goMod = fs.readFileSync(path.join(WRAPPER, "go.mod"), "utf8");
  const match = /^require github\.com\/pulumi\/pulumi\/pkg\/v3 v(\S+)$/m.exec(goMod);
  if (match === null) throw new Error(`${WRAPPER}/go.mod does not require pulumi/pkg/v3`);
  return match[1];
}

/** Why the language host is not available, as the module proxy answers it. */
function languageHostAnswer(version: string): string {
  const result = spawnSync("go", ["list", "-m", "-json", `${LANGUAGE_HOST_MODULE}@v${version}`], {
    cwd: WRAPPER,
    env: goEnv(),
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status === 0) return "available (not needed: programs run inline)";
  const reason = (result.stderr || result.error?.message || "no answer")
    .trim()
    .split("\n")
    .pop()
    ?.trim();
  return `not available: ${reason}`;
}

/**
 * Builds `pulumi` of the wrapper module `wrapper` (which pins `version`) into `binDir`; a cold
 * build takes about `coldMinutes` on 2 cores.
 */
function build(version: string, binDir: string, wrapper = WRAPPER, coldMinutes = 10): void {
  fs.mkdirSync(binDir, { recursive: true });
  const partial = path.join(binDir, `.pulumi.${process.pid}.partial`);
  const started = Date.now();
  say(
    `building pulumi v${version} from ${wrapper} (cold: about ${coldMinutes} minutes on 2 cores)`,
  );
  execFileSync(
    "go",
    [
      // goEnv's GOFLAGS carry Pulumi's release flags (-trimpath, the osusergo and grpcnotrace tags).
      "build",
      "-ldflags",
      // The version stamp: in sdk/v3 today, in pkg/v3 in releases before 3.1xx (the linker
      // ignores a -X of a variable the binary does not have).
      `-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${version}` +
        ` -X github.com/pulumi/pulumi/pkg/v3/version.Version=v${version}`,
      "-o",
      partial,
      "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi",
    ],
    { cwd: wrapper, env: goEnv(), stdio: "inherit" },
  );
  fs.renameSync(partial, path.join(binDir, "pulumi"));
  say(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Makes the oldest CLI the provider plugin is tested with available in the cache folder of its
 * version (see the module's description): reused when it is there, else built.
 *
 * @throws Error when the built CLI prints another version.
 */
function installOldestPluginCli(): void {
  const version = oldestPluginCliVersion(REPO);
  const binDir = cachedCliBinDir(version);
  if (cliVersion(binDir) === version) {
    say(`reusing the cached build of pulumi v${version} (the plugin's oldest) in ${binDir}`);
    return;
  }
  build(version, binDir, OLDEST_WRAPPER, 8);
  const printed = cliVersion(binDir);
  if (printed !== version) {
    throw new Error(`the built pulumi prints version ${printed ?? "nothing"}, not v${version}`);
  }
}

/** The version of pulumi-yaml that `tools/devtools/go/pulumi-yaml/go.mod` pins, with its `v`. */
function yamlWrapperVersion(): string {
  const goMod = fs.readFileSync(path.join(YAML_WRAPPER, "go.mod"), "utf8");
  const match = /^require github\.com\/pulumi\/pulumi-yaml (v\S+)$/m.exec(goMod);
  if (match === null) throw new Error(`${YAML_WRAPPER}/go.mod does not require ${YAML_MODULE}`);
  return match[1];
}

/**
 * The pulumi-yaml version a built language host holds (its Go build information, `mod` or `dep`, read with
 * `go version -m`); `undefined` when `file` is missing or not such a build, `"unknown"` without Go.
 */
function builtYamlVersion(file: string): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  const result = spawnSync("go", ["version", "-m", file], { encoding: "utf8", timeout: 60_000 });
  if (result.error !== undefined) return "unknown";
  const line = new RegExp(
    `^\\s*(?:mod|dep)\\s+${YAML_MODULE.replace(/[./]/g, "\\$&")}\\s+(\\S+)`,
    "m",
  );
  return line.exec(result.stdout ?? "")?.[1];
}

function buildYamlHost(version: string, binDir: string): void {
  fs.mkdirSync(binDir, { recursive: true });
  const partial = path.join(binDir, `.pulumi-language-yaml.${process.pid}.partial`);
  const started = Date.now();
  say(`building pulumi-language-yaml ${version} from ${YAML_WRAPPER} (about 1 minute on 2 cores)`);
  execFileSync(
    "go",
    [
      // With the CLI's flags (goEnv), so that the packages both use come from Go's build cache.
      "build",
      "-ldflags",
      `-s -w -X ${YAML_MODULE}/pkg/version.Version=${version}`,
      "-o",
      partial,
      `${YAML_MODULE}/cmd/pulumi-language-yaml`,
    ],
    { cwd: YAML_WRAPPER, env: goEnv(), stdio: "inherit" },
  );
  fs.renameSync(partial, path.join(binDir, YAML_LANGUAGE_HOST_EXE));
  say(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Makes the YAML language host available to `cli`: one already beside it or on `PATH` is used as
 * is; otherwise the pinned version is built into `cacheBinDir` (or reused from there).
 */
function installYamlHost(cli: PulumiCli, cacheBinDir: string): void {
  const version = yamlWrapperVersion();
  const found = findYamlLanguageHost(cli);
  if (found !== undefined && found !== cacheBinDir) {
    say(`using the pulumi-language-yaml in ${found}; nothing built`);
    return;
  }
  const target = path.join(cacheBinDir, YAML_LANGUAGE_HOST_EXE);
  const cached = builtYamlVersion(target);
  if (cached === version || cached === "unknown") {
    say(
      `reusing the cached pulumi-language-yaml ${cached === "unknown" ? "" : `${version} `}in ${cacheBinDir}`,
    );
    return;
  }
  buildYamlHost(version, cacheBinDir);
  const built = builtYamlVersion(target);
  if (built !== version) {
    throw new Error(
      `the built pulumi-language-yaml holds ${YAML_MODULE} ${built ?? "nothing"}, not ${version}`,
    );
  }
  say(`pulumi-language-yaml ${version} is in ${cacheBinDir}`);
}

/** Puts the dynamic-provider plugin script of the repository's `@pulumi/pulumi` beside the CLI. */
function installDynamicProviderPlugin(binDir: string): void {
  const source = path.join(
    REPO,
    "node_modules",
    "@pulumi",
    "pulumi",
    "pulumi-resource-pulumi-nodejs",
  );
  const target = path.join(binDir, "pulumi-resource-pulumi-nodejs");
  fs.copyFileSync(source, target);
  fs.chmodSync(target, 0o755);
}

/**
 * Makes the CLI, its dynamic-provider plugin script and the YAML language host available (see
 * the module's description); `npm test` calls it before the tests. Throws with the reason.
 */
export function installPulumiCli(): void {
  const pinned = pinnedPulumiVersion(REPO);
  const wrapped = wrapperVersion();
  if (wrapped !== pinned) {
    throw new Error(
      `tools/devtools/go/pulumi-cli/go.mod pins pulumi v${wrapped} but package-lock.json has @pulumi/pulumi ` +
        `${pinned}: update the wrapper module (go get github.com/pulumi/pulumi/pkg/v3@v${pinned}).`,
    );
  }
  const found = findPulumiCli();
  if (found.found && found.cli.source === "path") {
    say(`using the pulumi ${found.cli.version} on PATH, in ${found.cli.binDir}; nothing built`);
    installYamlHost(found.cli, cachedCliBinDir(pinned));
    installOldestPluginCli();
    return;
  }
  const binDir = cachedCliBinDir(pinned);
  if (cliVersion(binDir) === pinned) {
    say(`reusing the cached build in ${binDir}`);
  } else {
    build(pinned, binDir);
    const printed = cliVersion(binDir);
    if (printed !== pinned) {
      throw new Error(`the built pulumi prints version ${printed ?? "nothing"}, not v${pinned}`);
    }
  }
  installDynamicProviderPlugin(binDir);
  installYamlHost({ binDir, version: pinned, source: "cache" }, binDir);
  installOldestPluginCli();
  say(`pulumi-language-nodejs v${pinned}: ${languageHostAnswer(pinned)}`);
  say(`pulumi v${pinned} and pulumi-resource-pulumi-nodejs are in ${binDir}`);
}

if (require.main === module) {
  try {
    installPulumiCli();
  } catch (error) {
    process.stderr.write(`pulumi:install failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
