/**
 * `node dist/tools/scripts/onPrimaryNode.js <script> [args…]`: runs a script of this repository on the
 * primary Node.js of tools/devtools/nodeToolchain.ts (installed, or reused from the cache, by
 * tools/scripts/installNode.ts), that Node.js first on `PATH` so that every process the script starts
 * runs on it too. `npm run bench` and `npm run demo` use it, so that their figures and output are
 * the primary toolchain's, whatever `node` ran npm. Exits with the script's status.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { PRIMARY_NODE } from "../devtools/nodeToolchain";
import { installNode } from "./installNode";

if (require.main === module) {
  const [script, ...args] = process.argv.slice(2);
  if (script === undefined) {
    process.stderr.write("usage: node dist/tools/scripts/onPrimaryNode.js <script> [args…]\n");
    process.exit(2);
  }
  const binDir = installNode(PRIMARY_NODE);
  const result = spawnSync(path.join(binDir, "node"), [script, ...args], {
    stdio: "inherit",
    env: { ...process.env, PATH: [binDir, process.env.PATH ?? ""].join(path.delimiter) },
  });
  process.exitCode = result.status ?? 1;
}
