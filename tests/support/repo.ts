/**
 * The repository's root folder, absolute. Its own module, which loads nothing else, so that a
 * suite that needs only this path does not load the deployment harness of `./stack.ts` (the
 * emulator, the provider host, the programs' runner: several hundred modules per suite).
 */
import * as path from "node:path";

/** The repository's root folder (the one holding package.json), absolute. */
export const REPO = path.resolve(__dirname, "../..");
