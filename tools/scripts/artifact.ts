/**
 * One artifact of a release (`npm run release`, tools/scripts/release.ts): what it is and how it is made
 * into the release folder. The release lists them in `ARTIFACTS`; each kind lives in its own
 * module (npm packages, plugin executables, SDK packages).
 *
 * @module
 */

/** One artifact of a release: how it is made, into the release folder. */
export interface Artifact {
  /** What it is, for the summary, e.g. `the package pulumi-ngrok-dynamic`. */
  readonly describe: string;
  /** Makes the artifact in `outDir`; returns (or resolves to) the names of the files it wrote. */
  make(outDir: string): string[] | Promise<string[]>;
}
