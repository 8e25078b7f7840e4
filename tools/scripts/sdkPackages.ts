/**
 * The release's SDK packages for other languages ({@link SDK_PACKAGE_ARTIFACTS}), each made from
 * what `npm run sdks` (tools/scripts/sdks.ts) generates from `schema.json` into a temporary folder, for
 * the package's version, requiring Pulumi from the oldest release tested (`./pulumiFloors`; the
 * tested one, {@link testedPulumiRange}, for Node.js):
 *
 * - Node.js: `pulumi-ngrok-dynamic-ngrok-dynamic-<version>.tgz`, the npm package
 *   `@pulumi-ngrok-dynamic/ngrok-dynamic` compiled (the generator writes TypeScript): JavaScript
 *   and declarations at its root, `@pulumi/pulumi` at the tested range, no scripts.
 * - Python: `pulumi_ngrok_dynamic-<version>.tar.gz` and `…-py3-none-any.whl`, built offline by
 *   `python3 -m build --no-isolation` (Debian's python3-build, python3-wheel and
 *   python3-setuptools), requiring `pulumi>=3.269.0,<4.0.0` (`pythonPulumiRequirement`).
 * - Go: nothing in the folder. The Go SDK is the committed `sdks/go`, a module in a subfolder of
 *   the repository, which Go fetches from the tag `sdks/go/v<version>` ({@link goSdkRelease});
 *   the artifact checks that `sdks/go` is what `schema.json` gives and requires `sdk/v3` at
 *   `GO_PULUMI_SDK_FLOOR`.
 * - .NET: `pulumi-ngrok-dynamic-dotnet-<version>.tar.gz`, the generated project in a folder of
 *   that name, with `<Version>` the package's and `Pulumi` at {@link DOTNET_PULUMI_RANGE}. Not
 *   built: there is no .NET toolchain here.
 *
 * Each artifact runs `node dist/tools/scripts/sdks.js` (Go on PATH; the generators' first build takes
 * minutes, later runs seconds) and throws an Error saying what failed.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pinnedPulumiVersion } from "../devtools/pulumiCli";
import type { Artifact } from "./artifact";
import { GO_PULUMI_SDK_FLOOR, PYTHON_PULUMI_FLOOR, pythonPulumiRequirement } from "./pulumiFloors";
import { packageManifest, packageVersion } from "./packageVersion";

const REPO = path.resolve(__dirname, "../../..");

/**
 * The `Pulumi` NuGet range the .NET SDK's project requires. NuGet's `Pulumi` is released by
 * pulumi/pulumi-dotnet with numbers of its own, not the CLI's: `[3.276.0,4)` would name no
 * release. This is the floor Pulumi's .NET generator writes; nothing here runs .NET, so no
 * narrower range is tested.
 */
export const DOTNET_PULUMI_RANGE = "[3.76.1,4)";

/**
 * The tested Pulumi release (`pinnedPulumiVersion()`, `@pulumi/pulumi` in the repository) up to
 * the next major one, as npm writes it: `{ version: "3.276.0", npm: ">=3.276.0 <4.0.0" }`.
 */
export function testedPulumiRange(repo: string = REPO): {
  readonly version: string;
  readonly npm: string;
} {
  const version = pinnedPulumiVersion(repo);
  const next = `${Number(version.split(".")[0]) + 1}.0.0`;
  return { version, npm: `>=${version} <${next}` };
}

/**
 * The Go SDK's module path (`sdks/go/go.mod`), the tag that publishes `version` of it
 * (`sdks/go/v0.2.0`: Go finds a module in a subfolder of a repository by tags prefixed with that
 * folder) and the line a Go user runs once the tag is pushed.
 *
 * @throws Error when the module path is not under the repository's (package.json `repository`),
 *   or a v2+ version has no `/vN` suffix.
 */
export function goSdkRelease(version: string = packageVersion()): {
  readonly module: string;
  readonly tag: string;
  readonly goGet: string;
} {
  const goMod = fs.readFileSync(path.join(REPO, "sdks", "go", "go.mod"), "utf8");
  const module = /^module (\S+)$/m.exec(goMod)?.[1];
  const repository = packageManifest()
    .repository.url.replace(/^git\+/, "")
    .replace(/^https?:\/\//, "")
    .replace(/\.git$/, "");
  if (module === undefined || !module.startsWith(`${repository}/`)) {
    throw new Error(`sdks/go/go.mod: module ${module} is not in the repository ${repository}`);
  }
  const major = Number(version.split(".")[0]);
  if (major >= 2 && !module.endsWith(`/v${major}`)) {
    throw new Error(
      `sdks/go/go.mod: version ${version} needs the module path to end in /v${major}`,
    );
  }
  const folder = module.slice(repository.length + 1).replace(/\/v\d+$/, "");
  return { module, tag: `${folder}/v${version}`, goGet: `go get ${module}@v${version}` };
}

/** Whether release `a` (`3.270.1`) is newer than release `b`. */
function newer(a: string, b: string): boolean {
  const [x, y] = [a, b].map((version) => version.split(".").map(Number));
  const at = x.findIndex((part, i) => part !== y[i]);
  return at >= 0 && x[at] > y[at];
}

/** Runs `fn` on a new temporary folder, removed afterwards. */
function inTempDir<T>(prefix: string, fn: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    return fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `command` in `cwd`; returns its stdout.
 *
 * @throws Error with its output when it exits other than 0.
 */
function run(command: string, args: string[], cwd: string = REPO): string {
  const done = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (done.status !== 0) {
    throw new Error(
      `${path.basename(command)} ${args.join(" ")} failed: ${done.stdout}` +
        (done.stderr || done.error?.message || `exit ${done.status}`),
    );
  }
  return done.stdout;
}

/** `node dist/tools/scripts/sdks.js <args>` (what `npm run sdks -- <args>` runs after its build). */
const runSdks = (args: string[]) =>
  run(process.execPath, [path.join(__dirname, "sdks.js"), ...args]);

/** Generates `language`'s SDK under `dir`; returns its folder, `<dir>/<language>`. */
function generate(language: string, dir: string): string {
  runSdks(["--out", dir, "--languages", language]);
  return path.join(dir, language);
}

/** Replaces the one match of `pattern` in `text`; throws naming `what` unless there is one. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (matches?.length !== 1) {
    throw new Error(`${what}: expected one ${pattern}, found ${matches?.length ?? 0}`);
  }
  return text.replace(pattern, replacement);
}

/** Every file under `dir`, relative to it, `/`-separated, sorted. */
export function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

/**
 * The npm package of the Node.js SDK: generated, compiled with the repository's TypeScript (its
 * `node_modules` linked in for `@pulumi/pulumi` and `@types/node`) into `bin/`, which gets the
 * package.json (`@pulumi/pulumi` at the tested range; no scripts, no devDependencies), README.md
 * and LICENSE, and is packed with `npm pack`.
 */
export function nodejsSdkPackage(): Artifact {
  const version = packageVersion();
  return {
    describe: `the Node.js SDK @pulumi-ngrok-dynamic/ngrok-dynamic ${version}`,
    make: (outDir) =>
      inTempDir("sdk-nodejs-", (tmp) => {
        const sdk = generate("nodejs", tmp);
        const manifest = JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8")) as {
          version: string;
          dependencies: Record<string, string>;
          [key: string]: unknown;
        };
        if (manifest.version !== version) {
          throw new Error(`the generated package.json says ${manifest.version}, not ${version}`);
        }
        fs.symlinkSync(path.join(REPO, "node_modules"), path.join(sdk, "node_modules"), "dir");
        run(
          process.execPath,
          [
            path.join(REPO, "node_modules", "typescript", "bin", "tsc"),
            ...["-p", sdk, "--sourceMap", "false", "--declarationMap", "false"],
          ],
          sdk,
        );
        const bin = path.join(sdk, "bin");
        delete manifest.scripts;
        delete manifest.devDependencies;
        manifest.main = "index.js";
        manifest.types = "index.d.ts";
        manifest.dependencies["@pulumi/pulumi"] = testedPulumiRange().npm;
        fs.writeFileSync(path.join(bin, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
        fs.copyFileSync(path.join(sdk, "README.md"), path.join(bin, "README.md"));
        fs.copyFileSync(path.join(REPO, "LICENSE"), path.join(bin, "LICENSE"));
        const [packed] = JSON.parse(
          run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", outDir], bin),
        ) as { filename: string }[];
        return [packed.filename];
      }),
  };
}

/**
 * A Python that runs `python -m build` offline: `$PYTHON`, else the first of `python3` and
 * `/usr/bin/python3` that imports build, wheel and setuptools (a pyenv `python3` first on PATH
 * may lack Debian's packages).
 *
 * @throws Error when none does.
 */
export function pythonWithBuild(): string {
  const candidates = [process.env.PYTHON, "python3", "/usr/bin/python3"].filter(
    (python): python is string => python !== undefined && python !== "",
  );
  for (const python of new Set(candidates)) {
    const probe = spawnSync(python, ["-c", "import build, wheel, setuptools"], { stdio: "ignore" });
    if (probe.status === 0) return python;
  }
  throw new Error(
    `no Python among ${candidates.join(", ")} imports build, wheel and setuptools ` +
      "(Debian: apt-get install python3-build python3-wheel python3-setuptools; or set PYTHON)",
  );
}

/**
 * The Python SDK's sdist and wheel: generated, its pyproject.toml requiring `pulumi` from the
 * oldest release tested (`pythonPulumiRequirement`: the generator writes its own floor, which
 * must not be above it) and listing the `.pyi` stubs as package data (setuptools before 69
 * leaves them out), README.md beside it, built by `python -m build --no-isolation`.
 *
 * @throws Error when the generator's own `pulumi` floor is above `PYTHON_PULUMI_FLOOR` (a newer
 *   Pulumi generator calls newer runtime functions: find the floor again,
 *   contributing/toolchain.md).
 */
export function pythonSdkPackages(): Artifact {
  const version = packageVersion();
  return {
    describe: `the Python SDK pulumi_ngrok_dynamic ${version} (sdist and wheel)`,
    make: (outDir) =>
      inTempDir("sdk-python-", (tmp) => {
        const python = pythonWithBuild();
        const sdk = generate("python", tmp);
        const pyprojectFile = path.join(sdk, "pyproject.toml");
        let pyproject = fs.readFileSync(pyprojectFile, "utf8");
        const module = /^\s*name = "([^"]+)"$/m.exec(pyproject)?.[1];
        if (module === undefined) throw new Error("the generated pyproject.toml has no name");
        if (
          !new RegExp(`^\\s*version = "${version.replace(/\./g, "\\.")}"$`, "m").test(pyproject)
        ) {
          throw new Error(`the generated pyproject.toml does not have version ${version}`);
        }
        const generatorFloor = /"pulumi>=(\d+\.\d+\.\d+)[,<"]/.exec(pyproject)?.[1];
        if (generatorFloor === undefined || newer(generatorFloor, PYTHON_PULUMI_FLOOR)) {
          throw new Error(
            `Pulumi's Python generator requires pulumi>=${generatorFloor}, above the floor ` +
              `claimed and tested, ${PYTHON_PULUMI_FLOOR} (tools/scripts/pulumiFloors.ts): find ` +
              "the floor again (contributing/toolchain.md)",
          );
        }
        pyproject = replaceOnce(
          pyproject,
          /"pulumi>=[^"]*"/,
          JSON.stringify(pythonPulumiRequirement()),
          "pyproject.toml",
        );
        const stubs = filesUnder(path.join(sdk, module)).filter((file) => file.endsWith(".pyi"));
        pyproject = replaceOnce(
          pyproject,
          new RegExp(`^(\\s*${module} = \\[.*)\\]$`, "m"),
          `$1${stubs.map((stub) => `, ${JSON.stringify(stub)}`).join("")}]`,
          "pyproject.toml's package-data",
        );
        fs.writeFileSync(pyprojectFile, pyproject);
        if (!fs.existsSync(path.join(sdk, "README.md"))) {
          fs.copyFileSync(path.join(sdk, module, "README.md"), path.join(sdk, "README.md"));
        }
        const built = path.join(tmp, "dist");
        run(python, ["-m", "build", "--no-isolation", "--outdir", built, sdk], sdk);
        const files = fs
          .readdirSync(built)
          .sort((a, b) => Number(a.endsWith(".whl")) - Number(b.endsWith(".whl")));
        if (files.length !== 2 || !files[0].endsWith(".tar.gz") || !files[1].endsWith(".whl")) {
          throw new Error(`python -m build wrote ${files.join(", ")}, not an sdist and a wheel`);
        }
        for (const file of files) fs.copyFileSync(path.join(built, file), path.join(outDir, file));
        return files;
      }),
  };
}

/**
 * The Go SDK: nothing in the folder (Go fetches the committed `sdks/go` by its tag, see
 * {@link goSdkRelease}); fails unless `sdks/go` is what `schema.json` gives (`npm run sdks --
 * --check`) and its go.mod requires `github.com/pulumi/pulumi/sdk/v3` at `GO_PULUMI_SDK_FLOOR`.
 */
export function goSdkModule(): Artifact {
  const version = packageVersion();
  const release = goSdkRelease(version);
  return {
    describe: `the Go SDK ${release.module} (tag ${release.tag}; nothing in the folder)`,
    make() {
      const goMod = fs.readFileSync(path.join(REPO, "sdks", "go", "go.mod"), "utf8");
      const floor = `v${GO_PULUMI_SDK_FLOOR}`;
      const required = /^\s*(?:require )?github\.com\/pulumi\/pulumi\/sdk\/v3 (\S+)/m.exec(goMod);
      if (required?.[1] !== floor) {
        throw new Error(`sdks/go/go.mod requires sdk/v3 ${required?.[1]}, not ${floor}`);
      }
      runSdks(["--check", "--languages", "go"]);
      return [];
    },
  };
}

/** The file name of the .NET SDK's archive; its top folder is the name without `.tar.gz`. */
export const dotnetArchiveName = (version: string) =>
  `pulumi-ngrok-dynamic-dotnet-${version}.tar.gz`;

/**
 * The .NET SDK's project as a gzipped tar ({@link dotnetArchiveName}), its files in a folder of
 * the archive's name: the generated project with `<Version>`, version.txt and pulumi-plugin.json
 * at the package's version and `Pulumi` at {@link DOTNET_PULUMI_RANGE}.
 */
export function dotnetSdkArchive(): Artifact {
  const version = packageVersion();
  const name = dotnetArchiveName(version);
  return {
    describe: `the .NET SDK PulumiNgrokDynamic.NgrokDynamic ${version} (project archive)`,
    make: (outDir) =>
      inTempDir("sdk-dotnet-", (tmp) => {
        const sdk = generate("dotnet", tmp);
        const projects = fs.readdirSync(sdk).filter((file) => file.endsWith(".csproj"));
        if (projects.length !== 1) throw new Error(`sdks/dotnet holds ${projects.length} .csproj`);
        const projectFile = path.join(sdk, projects[0]);
        let project = fs.readFileSync(projectFile, "utf8");
        project = replaceOnce(
          project,
          /<Version>[^<]*<\/Version>/,
          `<Version>${version}</Version>`,
          projects[0],
        );
        project = replaceOnce(
          project,
          /<PackageReference Include="Pulumi" Version="[^"]*" \/>/,
          `<PackageReference Include="Pulumi" Version="${DOTNET_PULUMI_RANGE}" />`,
          projects[0],
        );
        fs.writeFileSync(projectFile, project);
        fs.writeFileSync(path.join(sdk, "version.txt"), version);
        const pluginFile = path.join(sdk, "pulumi-plugin.json");
        const plugin = JSON.parse(fs.readFileSync(pluginFile, "utf8")) as Record<string, unknown>;
        fs.writeFileSync(pluginFile, `${JSON.stringify({ ...plugin, version }, null, 2)}\n`);
        const folder = name.replace(/\.tar\.gz$/, "");
        fs.renameSync(sdk, path.join(tmp, folder));
        run("tar", ["-czf", path.join(outDir, name), "-C", tmp, folder]);
        return [name];
      }),
  };
}

/** The SDK packages of a release, in this order: Node.js, Python, Go (no file), .NET. */
export const SDK_PACKAGE_ARTIFACTS: readonly Artifact[] = [
  nodejsSdkPackage(),
  pythonSdkPackages(),
  goSdkModule(),
  dotnetSdkArchive(),
];
