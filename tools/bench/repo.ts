/**
 * The repository's root folder, absolute (this module runs compiled, from `dist/tools/bench/`).
 * Its own module, which loads nothing else, so that any module of the benchmark can name it
 * without an import cycle.
 *
 * @module
 */
import * as path from "node:path";

/** The repository's root folder, absolute. */
export const REPO = path.resolve(__dirname, "../../..");
