/**
 * A user's project folder with this package installed as npm serves it: `npm pack` of the
 * repository, installed with the `@pulumi/pulumi`, `typescript` and `@types/node` versions the
 * repository itself uses (the registry, or npm's cache, provides those).
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "./stack";

/** The version of a package in the repository's own node_modules. */
export function installedVersion(name: string): string {
  const manifest = path.join(REPO, "node_modules", name, "package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}

/**
 * `npm pack` of the package in `packageDir` (default: the repository's root, `pulumi-ngrok-dynamic`;
 * `emulator/` is `ngrok-api-emulator`) into `folder`; returns the tarball's name and its files.
 */
export function packInto(
  folder: string,
  packageDir: string = REPO,
): { filename: string; files: string[] } {
  const [pack] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", folder], {
      cwd: packageDir,
      encoding: "utf8",
    }),
  ) as { filename: string; files: { path: string }[] }[];
  return { filename: pack.filename, files: pack.files.map((f) => f.path) };
}

/** `npm install --save-dev ngrok-api-emulator` in `folder`, from the packed `emulator/`. */
export function installPackedEmulator(folder: string): void {
  const { filename } = packInto(folder, path.join(REPO, "emulator"));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--save-dev", `./${filename}`], {
    cwd: folder,
    stdio: "pipe",
  });
}

/**
 * `npm install` in `folder` (which holds a package.json) of the packed package and the program's
 * usual dependencies, as `npm install pulumi-ngrok-dynamic` would.
 */
export function installPackedPackage(folder: string): void {
  const tarball = packInto(folder).filename;
  execFileSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      `./${tarball}`,
      `@pulumi/pulumi@${installedVersion("@pulumi/pulumi")}`,
      `typescript@${installedVersion("typescript")}`,
      `@types/node@${installedVersion("@types/node")}`,
    ],
    { cwd: folder, stdio: "pipe" },
  );
}

/**
 * `npm run release`'s packing step (`node dist/tools/scripts/release.js --out <folder>`, after the
 * checks the script runs first), its npm packages only (`--only packages`: the executables and
 * SDK packages take minutes, and tests/executables/release.test.ts makes them): the release folder
 * Node.js users install from. Returns the folder.
 */
export function makeRelease(folder: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  // What `npm run release` runs after release:check: the test runs the same file.
  if (!manifest.scripts.release.endsWith("&& node dist/tools/scripts/release.js")) {
    throw new Error(`npm run release is now ${JSON.stringify(manifest.scripts.release)}`);
  }
  execFileSync(
    process.execPath,
    [path.join(REPO, "dist/tools/scripts/release.js"), "--out", folder, "--only", "packages"],
    { stdio: "pipe" },
  );
  return folder;
}

/**
 * What `pulumi new typescript --yes` leaves in `folder`: `Pulumi.yaml`, a `package.json`, and
 * `@pulumi/pulumi`, `typescript` and `@types/node` installed (the versions the repository uses).
 */
export function newTypeScriptProject(folder: string, name: string): void {
  fs.writeFileSync(
    path.join(folder, "Pulumi.yaml"),
    `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n`,
  );
  fs.writeFileSync(
    path.join(folder, "package.json"),
    JSON.stringify({ name, main: "index.ts", private: true }, null, 2),
  );
  execFileSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      `@pulumi/pulumi@${installedVersion("@pulumi/pulumi")}`,
      `typescript@${installedVersion("typescript")}`,
      `@types/node@${installedVersion("@types/node")}`,
    ],
    { cwd: folder, stdio: "pipe" },
  );
}

/**
 * Runs shell command lines of the docs in `folder`, as printed, with `env` added (such as the
 * `RELEASE` folder); returns what they printed (stdout and stderr).
 *
 * @throws Error with the output when a line fails.
 */
export function runDocLines(lines: string[], folder: string, env: Record<string, string>): string {
  let output = "";
  for (const line of lines) {
    const result = spawnSync("sh", ["-c", line], {
      cwd: folder,
      env: { ...process.env, npm_config_prefer_offline: "true", ...env },
      encoding: "utf8",
    });
    output += `$ ${line}\n${result.stdout}${result.stderr}`;
    if (result.status !== 0) throw new Error(`${line} failed (${result.status}):\n${output}`);
  }
  return output;
}
