/**
 * examples/yaml-ssh-and-saml through the plain Pulumi CLI, and `pulumi import`, with the plugin's
 * self-contained executable for this machine (linux-amd64: tools/devtools/executables) and **no `node`
 * on PATH**: only the executable's folder, the YAML language host's and the CLI's. The suite is
 * tests/support/yamlProgramSuite.ts, the one the Node.js plugin runs.
 */
import { describeYamlProgram } from "../support/yamlProgramSuite";
import { pluginExecutableDir } from "../support/yamlProject";

describeYamlProgram("The YAML example through the plugin executable, with no node on PATH", {
  withoutNode: true,
  binDir: pluginExecutableDir,
});
