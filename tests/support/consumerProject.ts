/**
 * A user's project folder with this package installed as npm serves it: `npm pack` of the
 * repository, installed with the `@pulumi/pulumi`, `typescript` and `@types/node` versions the
 * repository itself uses (the registry, or npm's cache, provides those).
 */
import { execFileSync } from "node:child_process";
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
