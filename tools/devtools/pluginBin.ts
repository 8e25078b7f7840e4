/**
 * The provider plugin of this working copy on `PATH`, as a user's install puts it there: a folder
 * holding `pulumi-resource-ngrok-dynamic`, a script that runs the compiled plugin
 * (`dist/plugin/index.js`) with this Node.js. For the real-engine tests, the demo and the bench.
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_PACKAGE } from "../../provider/registry";

/** The repository's root folder (this file compiles to `dist/tools/devtools/`). */
const REPO = path.resolve(__dirname, "../../..");

/** The plugin's executable name: `pulumi-resource-<package>`. */
export const PLUGIN_EXECUTABLE = `pulumi-resource-${PLUGIN_PACKAGE}`;

/**
 * A new temporary folder holding the plugin's executable for the compiled plugin of `repo`
 * (default: this repository); put it first on `PATH`.
 */
export function pluginBinDir(repo: string = REPO): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-dynamic-plugin-"));
  const script = path.join(dir, PLUGIN_EXECUTABLE);
  const entry = path.join(repo, "dist", "plugin", "index.js");
  fs.writeFileSync(script, `#!/bin/sh\nexec "${process.execPath}" "${entry}" "$@"\n`, {
    mode: 0o755,
  });
  return dir;
}
