/**
 * examples/yaml-ssh-and-saml through the plain Pulumi CLI, and `pulumi import`, with the plugin as
 * the npm package's `bin` runs it: the compiled plugin run by this Node.js
 * (tests/support/yamlProgramSuite.ts holds the suite; yamlProgramExecutable runs it with the
 * self-contained executable).
 */
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { describeYamlProgram } from "../support/yamlProgramSuite";

describeYamlProgram("The YAML example through the plain Pulumi CLI, and pulumi import", {
  binDir: async () => pluginBinDir(),
});
