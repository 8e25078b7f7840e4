/**
 * The package declaration of the YAML `pulumi new` template
 * (`templates/ngrok-ssh-yaml/sdks/ngrok-dynamic/ngrok-dynamic.yaml`), from the package schema.
 *
 * A Pulumi YAML program has no SDK to carry the schema's `version` and `pluginDownloadURL`:
 * without them, the CLI looks for a missing plugin in Pulumi's own GitHub organization
 * (`github://api.github.com/pulumi/pulumi-ngrok-dynamic`) and `pulumi about` shows the plugin's
 * version as `unknown`. Pulumi YAML (since 1.11: `pkg/pulumiyaml/packages` of pulumi-yaml) reads
 * every `*.yaml` file of the project that says `packageDeclarationVersion: 1` as the declaration
 * of a package, the file `pulumi package add` writes (as `sdks/<name>/<name>-<version>.yaml`):
 * its name, version and download URL apply to every resource of that package in the program.
 *
 * @module
 */

/** Where the YAML template's package declaration is, relative to the repository. */
export const YAML_PACKAGE_DECLARATION =
  "templates/ngrok-ssh-yaml/sdks/ngrok-dynamic/ngrok-dynamic.yaml";

/**
 * The declaration's text: `schema`'s `name`, `version` and `pluginDownloadURL` (which
 * package.json's `version` and `repository` give, tools/scripts/generate/schema.ts), in the fields and
 * order `pulumi package add` writes them, after a comment for the program's reader.
 */
export function yamlPackageDeclaration(schema: Record<string, unknown>): string {
  const { name, version, pluginDownloadURL } = schema;
  return [
    `# The ${String(name)} provider plugin of this program: its version, and where Pulumi`,
    "# downloads it when it is not installed (the declaration `pulumi package add` writes).",
    "packageDeclarationVersion: 1",
    `name: ${String(name)}`,
    `version: ${String(version)}`,
    `downloadUrl: ${String(pluginDownloadURL)}`,
    "",
  ].join("\n");
}
