/**
 * `npm run release`: after `npm run release:check` (lint, build, the API reference, the packaging
 * tests), puts every artifact of a release in one folder, `release/` (or `--out <folder>`):
 *
 * - `pulumi-ngrok-dynamic-<version>.tgz` and `ngrok-api-emulator-<version>.tgz`, packed by
 *   `npm pack` from what the build left in `dist/` (scripts ignored: the check built it just
 *   before; `prepack` builds for an `npm pack` or `npm publish` of its own);
 * - `SHA256SUMS`, one `<sha256>  <file>` line per file (a path relative to the folder for the
 *   templates' files), as `sha256sum -c` reads it.
 *
 * Each packed `package.json` is read back from its tarball and refused if it carries a script
 * that npm runs when the package is installed (`preinstall`, `install`, `postinstall`,
 * `prepare`, `prepublish`), or a name or version other than the package's. Until the packages
 * are on the npm registry, users install these files (README.md, "Install"):
 * `npm install <folder>/pulumi-ngrok-dynamic-<version>.tgz`.
 *
 * The artifacts are the entries of {@link ARTIFACTS}: the two packages; the provider plugin's
 * self-contained executable for each platform, in the archives Pulumi fetches
 * (`pulumi-resource-ngrok-dynamic-v<version>-<os>-<arch>.tar.gz`, which `pulumi plugin install
 * resource ngrok-dynamic <version> --file <archive>` also installs) and the emulator's
 * (tools/scripts/executableArchives.ts); the SDK packages for Node.js, Python and .NET
 * (tools/scripts/sdkPackages.ts); the `pulumi new` templates, as folders `templates/<name>/`
 * (tools/scripts/templates.ts).
 *
 * `node dist/tools/scripts/release.js [--out <folder>] [--only packages,executables,sdks,templates]`:
 * `--only` makes the named groups alone (a contributor's shortcut: the packages take seconds, the
 * whole release about 4 minutes). Exits 1 with the reason when an artifact cannot be made or fails
 * its check. The folder is emptied first, of a previous release only: a
 * folder holding anything else is refused.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import type { Artifact } from "./artifact";
import { PLUGIN_PROGRAM } from "../devtools/executables";
import { EMULATOR_ARCHIVES, PLUGIN_ARCHIVES } from "./executableArchives";
import { packageManifest, packageVersion } from "./packageVersion";
import { SDK_PACKAGE_ARTIFACTS } from "./sdkPackages";
import { TEMPLATE_ARTIFACT, TEMPLATES, templateNames } from "./templates";

const REPO = path.resolve(__dirname, "../../..");

/** The file of checksums written beside the artifacts. */
export const CHECKSUMS = "SHA256SUMS";

export type { Artifact } from "./artifact";

/** npm runs these scripts of a package when it is installed: none may ship. */
export const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare", "prepublish"];

/**
 * The npm package in `dir` (relative to the repository), packed with `npm pack` into the release
 * folder and checked: see the module comment.
 */
export function npmPackage(dir: string): Artifact {
  const packageDir = path.join(REPO, dir);
  const manifest = packageManifest(packageDir);
  return {
    describe: `the npm package ${manifest.name} ${manifest.version}`,
    make(outDir) {
      const [packed] = JSON.parse(
        execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", outDir], {
          cwd: packageDir,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        }),
      ) as { filename: string }[];
      const problems = packedManifestProblems(
        readPackedManifest(path.join(outDir, packed.filename)),
        manifest,
      );
      if (problems.length > 0) {
        throw new Error(`${packed.filename}: ${problems.join("; ")}`);
      }
      return [packed.filename];
    },
  };
}

/** The two npm packages of a release. */
export const PACKAGE_ARTIFACTS: readonly Artifact[] = [npmPackage("."), npmPackage("emulator")];

/**
 * The artifacts of a release by group, for `--only`: the npm packages, the executables, the SDKs,
 * the templates.
 */
export const ARTIFACT_GROUPS = {
  packages: PACKAGE_ARTIFACTS,
  executables: [PLUGIN_ARCHIVES, EMULATOR_ARCHIVES],
  sdks: SDK_PACKAGE_ARTIFACTS,
  templates: [TEMPLATE_ARTIFACT],
} as const satisfies Record<string, readonly Artifact[]>;

/** The artifacts of a release, in this order. */
export const ARTIFACTS: readonly Artifact[] = Object.values(ARTIFACT_GROUPS).flat();

/**
 * The artifacts of the groups `only` names (comma-separated, e.g. `packages,sdks`), in release
 * order; all of them when `only` is `undefined`.
 *
 * @throws Error naming the groups when one is unknown.
 */
export function artifactsOf(only: string | undefined): readonly Artifact[] {
  if (only === undefined) return ARTIFACTS;
  const names = only.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(name in ARTIFACT_GROUPS));
  if (unknown.length > 0) {
    throw new Error(
      `--only ${unknown.join(",")}: the groups are ${Object.keys(ARTIFACT_GROUPS).join(", ")}`,
    );
  }
  return Object.entries(ARTIFACT_GROUPS)
    .filter(([name]) => names.includes(name))
    .flatMap(([, artifacts]) => artifacts);
}

/** The `package/package.json` inside an npm tarball. */
function readPackedManifest(tarball: string): Record<string, unknown> {
  const text = execFileSync("tar", ["-xzOf", tarball, "package/package.json"], {
    encoding: "utf8",
  });
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * What is wrong with a packed `package.json`: an install-time script (see
 * {@link INSTALL_SCRIPTS}), or a name or version other than `expected`'s. Empty when nothing.
 */
export function packedManifestProblems(
  packed: Record<string, unknown>,
  expected: { readonly name: string; readonly version: string },
): string[] {
  const problems: string[] = [];
  const scripts = (packed.scripts ?? {}) as Record<string, unknown>;
  for (const name of INSTALL_SCRIPTS.filter((script) => script in scripts)) {
    problems.push(
      `package.json has a "${name}" script, which npm runs when the package is installed; ` +
        `a release installs prebuilt (build in "prepack" instead)`,
    );
  }
  if (packed.name !== expected.name || packed.version !== expected.version) {
    problems.push(
      `package.json says ${String(packed.name)}@${String(packed.version)}, not ` +
        `${expected.name}@${expected.version}`,
    );
  }
  return problems;
}

/** The files under `dir`, in its subfolders too, relative to it with `/` separators. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join("/"));
}

/**
 * Empties `outDir` of a previous release (the files its `SHA256SUMS` lists, the folders they
 * leave empty, and that file), or creates it.
 *
 * @throws Error when it holds any other file, which a release must not delete.
 */
function prepareFolder(outDir: string): void {
  fs.mkdirSync(outDir, { recursive: true });
  const sums = path.join(outDir, CHECKSUMS);
  const previous = fs.existsSync(sums)
    ? fs
        .readFileSync(sums, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => line.replace(/^[0-9a-f]{64} {2}/, ""))
    : [];
  const foreign = filesUnder(outDir).filter((f) => f !== CHECKSUMS && !previous.includes(f));
  if (foreign.length > 0) {
    throw new Error(
      `${outDir} holds files that are not a previous release's (${foreign.join(", ")}): ` +
        "give an empty folder with --out, or remove them",
    );
  }
  for (const file of [...previous, CHECKSUMS]) {
    fs.rmSync(path.join(outDir, file), { force: true });
  }
  // The folders the previous files were in, deepest first, when nothing else is left in them.
  const folders = new Set(
    previous.flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    const dir = path.join(outDir, folder);
    if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  }
}

/** The SHA-256 of a file, hex. */
function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * Makes every artifact of {@link ARTIFACTS} in `outDir` (see the module comment); returns the
 * files written, the checksums last.
 */
export async function makeRelease(
  outDir: string,
  artifacts: readonly Artifact[] = ARTIFACTS,
): Promise<string[]> {
  prepareFolder(outDir);
  const files: string[] = [];
  for (const artifact of artifacts) {
    try {
      files.push(...(await artifact.make(outDir)));
    } catch (error) {
      throw new Error(
        `could not make ${artifact.describe}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
  fs.writeFileSync(
    path.join(outDir, CHECKSUMS),
    files.map((file) => `${sha256(path.join(outDir, file))}  ${file}\n`).join(""),
  );
  return [...files, CHECKSUMS];
}

/**
 * How to install what a release made in `outDir`, as lines of its summary: `npm install` of the
 * npm packages among `files` (the names {@link makeRelease} returned), `pulumi plugin install`
 * when the provider plugin's archives are among them, and `pulumi new` of each template among
 * them; no line of what was not made (`--only`).
 * `version` is the package's, e.g. `0.4.0`.
 *
 * @returns the lines, without line ends; none when nothing installable was made.
 */
export function installLines(outDir: string, files: readonly string[], version: string): string[] {
  const npmLines = [
    ["npm install", `pulumi-ngrok-dynamic-${version}.tgz`],
    ["npm install --save-dev", `ngrok-api-emulator-${version}.tgz`],
  ]
    .filter(([, file]) => files.includes(file))
    .map(([command, file]) => `  ${command} ${path.join(outDir, file)}`);
  const pluginArchive = `${PLUGIN_PROGRAM.name}-v${version}-`;
  const plugin = files.some((file) => file.startsWith(pluginArchive));
  const templates = templateNames().filter((name) =>
    files.some((file) => file.startsWith(`${TEMPLATES}/${name}/`)),
  );
  return [
    ...(npmLines.length > 0
      ? ["Install in a Pulumi project (README.md, Install):", ...npmLines]
      : []),
    ...(plugin
      ? [
          "Install the provider plugin, for every other language (docs/otherLanguages.md):",
          `  pulumi plugin install resource ngrok-dynamic ${version} --file ${path.join(
            outDir,
            `${pluginArchive}<os>-<arch>.tar.gz`,
          )}`,
        ]
      : []),
    ...(templates.length > 0
      ? [
          "Start a project from a template (README.md, Quick start):",
          ...templates.map((name) => `  pulumi new ${path.join(outDir, TEMPLATES, name)}`),
        ]
      : []),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: "string" }, only: { type: "string" } },
    strict: true,
  });
  const outDir = path.resolve(values.out ?? path.join(REPO, "release"));
  const files = await makeRelease(outDir, artifactsOf(values.only));
  const size = (file: string) => {
    const bytes = fs.statSync(path.join(outDir, file)).size;
    return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KiB`;
  };
  process.stdout.write(
    [
      `release: ${files.length} files in ${outDir}`,
      ...files.map((file) => `  ${file}  ${size(file)}`),
      ...installLines(outDir, files, packageVersion()),
      "",
    ].join("\n"),
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
