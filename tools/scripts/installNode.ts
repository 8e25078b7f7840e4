/**
 * `npm run node:install`: installs (or reuses) the Node.js versions the tests run on, from the npm
 * registry, into a cache outside the repository (tools/devtools/nodeInstall.ts). `npm test` does it
 * itself: a contributor never needs to run this first.
 *
 * @module
 */
import { installNodes } from "../devtools/nodeInstall";

export { installNode, installNodes, nodeVersionIn } from "../devtools/nodeInstall";

if (require.main === module) {
  try {
    installNodes();
  } catch (error) {
    process.stderr.write(`node:install failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
