/**
 * The one reader of a package's `package.json` for the release scripts: its name, version and
 * repository, which the archives' names, the SDK packages and the release's summary carry.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The repository's root folder (this file compiles to `dist/tools/scripts/`). */
const REPO = path.resolve(__dirname, "../../..");

/** What the release scripts read of a `package.json`. */
export interface PackageManifest {
  /** The npm name, e.g. `pulumi-ngrok-dynamic`. */
  readonly name: string;
  /** The version, e.g. `0.4.0`. */
  readonly version: string;
  /** Where the source lives: `git+https://github.com/<owner>/<repository>.git`. */
  readonly repository: { readonly url: string };
}

/**
 * The `package.json` of the package in `dir` (an absolute folder; the repository's root, the
 * package this repository publishes, unless told), read afresh on each call.
 *
 * @throws Error when the file cannot be read, or SyntaxError when it is not JSON.
 */
export function packageManifest(dir: string = REPO): PackageManifest {
  return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as PackageManifest;
}

/**
 * The version of the repository's package (its `package.json`), e.g. `0.4.0`.
 *
 * @throws Error as {@link packageManifest} does.
 */
export function packageVersion(): string {
  return packageManifest().version;
}
