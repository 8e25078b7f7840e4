/**
 * examples/yaml-ssh-and-saml through the plain Pulumi CLI, and `pulumi import`, with the plugin's
 * self-contained executable for this machine (linux-amd64: devtools/executables) and **no `node`
 * on PATH**: only the executable's folder, the YAML language host's and the CLI's. The suite is
 * tests/support/yamlProgramSuite.ts, the one the Node.js plugin runs.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  cachedExecutable,
  hostTarget,
  inspectBinary,
  PLUGIN_PROGRAM,
} from "../../dist/devtools/executables";
import { describeYamlProgram } from "../support/yamlProgramSuite";

describeYamlProgram("The YAML example through the plugin executable, with no node on PATH", {
  withoutNode: true,
  async binDir() {
    const target = hostTarget();
    if (target === undefined) throw new Error(`no executable is made for ${process.platform}`);
    const executable = await cachedExecutable(PLUGIN_PROGRAM, target);
    const facts = inspectBinary(fs.readFileSync(executable));
    if (facts.format !== target.format || !facts.seaInjected) {
      throw new Error(
        `${executable} is not a single executable application: ${JSON.stringify(facts)}`,
      );
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-dynamic-executable-"));
    fs.copyFileSync(executable, path.join(dir, PLUGIN_PROGRAM.name));
    fs.chmodSync(path.join(dir, PLUGIN_PROGRAM.name), 0o755);
    return dir;
  },
});
