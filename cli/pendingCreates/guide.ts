/**
 * Where the command's help sends a reader: the page "If a deployment is interrupted", online and
 * in the installed package (`docs/*.md` ship with it). It sits with the `pending-creates`
 * command, whose page it is; `../importFile` and `../index` import it from here, so that no
 * subcommand imports `cli/` back (`tests/repository/importCycles.test.ts`).
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The page online, from the repository named in package.json (`homepage`). */
export const INTERRUPTED_DEPLOYMENTS_URL =
  "https://github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/blob/main/docs/interruptedDeployments.md";

/** The same page in this installed copy (this file compiles to `dist/cli/pendingCreates/`). */
export const INTERRUPTED_DEPLOYMENTS_FILE = path.resolve(
  __dirname,
  "../../../docs/interruptedDeployments.md",
);

/**
 * The line that ends each help text; without the local copy where there is none (the plugin's
 * self-contained executable, `pulumi-resource-ngrok-dynamic pending-creates --help`, ships no
 * docs).
 */
export const GUIDE_LINE =
  `Guide: "If a deployment is interrupted", ${INTERRUPTED_DEPLOYMENTS_URL}` +
  (fs.existsSync(INTERRUPTED_DEPLOYMENTS_FILE)
    ? `\n       (also in this package: ${INTERRUPTED_DEPLOYMENTS_FILE})`
    : "");
