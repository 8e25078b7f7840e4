/**
 * The two files of the package the plugin answers with: `package.json` (its version, for
 * `GetPluginInfo`) and `schema.json` (`GetSchema`).
 *
 * Run from the package (`dist/plugin/index.js`), they are read from the package's root. A
 * self-contained executable has no package around it (its `__dirname` is the plugin's install
 * folder), so the bundler that makes one writes both files' text into the bundle as the
 * constant `NGROK_DYNAMIC_PACKAGE_FILES` (tools/devtools/executables/bundle.ts).
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { isRecord } from "../provider/client/brand";

/** The files a plugin executable embeds, by name. */
export const PACKAGE_FILES = ["package.json", "schema.json"] as const;

/** One of {@link PACKAGE_FILES}. */
export type PackageFile = (typeof PACKAGE_FILES)[number];

/** Set by the bundler of an executable (esbuild `define`); not defined anywhere else. */
declare const NGROK_DYNAMIC_PACKAGE_FILES: Readonly<Record<PackageFile, string>> | undefined;

/** The package's root (this file compiles to `dist/plugin/`). */
const ROOT = path.resolve(__dirname, "../..");

/** The text of `name`: embedded in an executable, else read from the package's root. */
export function packageFile(name: PackageFile): string {
  if (typeof NGROK_DYNAMIC_PACKAGE_FILES !== "undefined") return NGROK_DYNAMIC_PACKAGE_FILES[name];
  return fs.readFileSync(path.join(ROOT, name), "utf8");
}

/** The `version` of this package (`package.json`), e.g. `0.2.0`. */
export function packageVersion(): string {
  const manifest: unknown = JSON.parse(packageFile("package.json"));
  const version = isRecord(manifest) ? manifest.version : undefined;
  if (typeof version !== "string") throw new Error("package.json has no version");
  return version;
}
