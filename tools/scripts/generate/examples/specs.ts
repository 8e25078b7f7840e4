/**
 * The example programs of the docs pages: each resource's is its definition's `example`
 * (`provider/framework/example.ts`), and the languages page's is put together from the
 * certificates' examples. {@link resourceExamples} refuses an example that gives a resource an
 * argument that is not one of its inputs, so that what is rendered in YAML, Python, Go and C# by
 * `./render.ts` only names real inputs (their types are checked against the package schema when
 * rendered).
 *
 * @module
 */
import type { ExampleProgram } from "../../../../provider/framework/example";
import { output } from "../../../../provider/framework/example";
import type { ResourceDefinition } from "../../../../provider/framework/resource";
import { DEFINITIONS } from "../../../../provider/registry";

/**
 * Each resource's example, by the resource's name, in the registry's order (`definitions`:
 * the registry's, unless a test gives others).
 *
 * @throws Error when a resource has no example, or an example gives a resource an argument that
 *   is not one of its inputs, naming both.
 */
export function resourceExamples(
  definitions: readonly ResourceDefinition[] = DEFINITIONS,
): ReadonlyMap<string, ExampleProgram> {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const examples = new Map<string, ExampleProgram>();
  for (const definition of definitions) {
    const { example } = definition;
    if (example === undefined) throw new Error(`${definition.name} has no example resource`);
    for (const resource of example.resources) {
      const properties = byName.get(resource.type)?.properties;
      if (properties === undefined) {
        throw new Error(`${definition.name}'s example declares ${resource.type}, not a resource`);
      }
      for (const arg of Object.keys(resource.args)) {
        if (properties[arg]?.role !== "input") {
          throw new Error(
            `${definition.name}'s example gives ${resource.type} "${resource.name}" the argument ` +
              `${arg}, which is not one of its inputs`,
          );
        }
      }
    }
    examples.set(definition.name, example);
  }
  return examples;
}

/** The languages page's program: a host CA and a user CA, each signing one certificate. */
export function languagesExample(): ExampleProgram {
  const examples = resourceExamples();
  const host = examples.get("SshHostCertificate");
  const user = examples.get("SshUserCertificate");
  if (host === undefined || user === undefined) throw new Error("no certificate examples");
  return {
    summary: "A host CA and a user CA, each signing one certificate.",
    resources: [...host.resources, ...user.resources],
    outputs: {
      hostCaKey: output("host-ca", "publicKey"),
      trustedUserCaKey: output("user-ca", "publicKey"),
      web1HostCertificate: output("web1", "certificate"),
      backupCertificate: output("backup", "certificate"),
    },
  };
}
