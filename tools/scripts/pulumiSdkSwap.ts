/**
 * The oldest leg's `@pulumi/pulumi` (tools/devtools/nodeToolchain.ts, {@link OLDEST_PULUMI}) put in
 * place of the pinned one for the length of a Jest run, so that every process of the leg loads
 * it as a user's project on that release would: Jest's (the classes, the providers), the
 * programs, the dynamic-provider host that the tests or the CLI start, the provider plugin.
 *
 * package.json installs that release beside the pinned one as the npm alias
 * {@link OLDEST_PULUMI_ALIAS} (`node_modules/pulumi-sdk-oldest`, pinned by package-lock.json, its
 * dependencies deduplicated with the repository's as npm does in a user's project). For the run,
 * the pinned `node_modules/@pulumi/pulumi` is moved aside to `node_modules/@pulumi/.pulumi-pinned`
 * and a symbolic link to the alias takes its place; Node.js and Jest resolve a module's own
 * dependencies from its real folder, so the old SDK finds the dependencies npm laid out for it.
 * {@link restorePinnedSdk} undoes it, and runs first too: a run killed in the middle leaves the
 * link, which the next `npm test` removes (`npm ci` replaces `node_modules` anyway).
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { OLDEST_PULUMI, OLDEST_PULUMI_ALIAS } from "../devtools/nodeToolchain";

const REPO = path.resolve(__dirname, "../../..");
const LIVE = path.join(REPO, "node_modules", "@pulumi", "pulumi");
const PARKED = path.join(REPO, "node_modules", "@pulumi", ".pulumi-pinned");
const OLDEST = path.join(REPO, "node_modules", OLDEST_PULUMI_ALIAS);

/** The version in `dir`'s package.json. */
function versionIn(dir: string): string {
  return (
    JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }
  ).version;
}

/** Puts the pinned `@pulumi/pulumi` back if {@link withOldestSdk} replaced it. */
export function restorePinnedSdk(): void {
  const live = fs.lstatSync(LIVE, { throwIfNoEntry: false });
  if (live !== undefined && !live.isSymbolicLink()) return; // the pinned copy is in place
  if (live !== undefined) fs.unlinkSync(LIVE);
  if (fs.existsSync(PARKED)) fs.renameSync(PARKED, LIVE);
}

/**
 * Runs `body` with `node_modules/@pulumi/pulumi` being the oldest leg's release, then puts the
 * pinned one back, also when `body` throws or the run is interrupted (SIGINT, SIGTERM: Jest, in
 * the same process group, stops; this process waits for it, then restores).
 *
 * @throws Error when the alias is not installed or is not {@link OLDEST_PULUMI} (`npm ci` first).
 */
export function withOldestSdk<T>(body: () => T): T {
  if (!fs.existsSync(OLDEST) || versionIn(OLDEST) !== OLDEST_PULUMI) {
    throw new Error(
      `node_modules/${OLDEST_PULUMI_ALIAS} is not @pulumi/pulumi ${OLDEST_PULUMI}: run npm ci`,
    );
  }
  restorePinnedSdk();
  const hold = () => undefined; // a listener keeps Node.js from exiting before the finally
  process.on("SIGINT", hold).on("SIGTERM", hold);
  fs.renameSync(LIVE, PARKED);
  try {
    fs.symlinkSync(path.relative(path.dirname(LIVE), OLDEST), LIVE, "dir");
    return body();
  } finally {
    restorePinnedSdk();
    process.off("SIGINT", hold).off("SIGTERM", hold);
  }
}
