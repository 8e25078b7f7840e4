/**
 * The example programs of the docs pages: each resource's is its definition's `example`
 * (`provider/framework/example.ts`), and the languages page's is put together from the
 * certificates' examples. Each is checked before it is rendered in YAML, Python, Go and C# by
 * `./render.ts` ({@link checkExample}): one name declares one resource (YAML would refuse the
 * second key, Go the second `:=`), names that the languages would spell as one variable are
 * refused too, a reference is to a resource declared before it (so that each language's program
 * reads its variable after it is set) and to one of its properties, an argument is an input of
 * its resource, and the text given for a file is of a file the program reads. The arguments'
 * types are checked against the package schema when rendered.
 *
 * @module
 */
import type { ExampleProgram } from "../../../../provider/framework/example";
import { output } from "../../../../provider/framework/example";
import type { ResourceDefinition } from "../../../../provider/framework/resource";
import { DEFINITIONS } from "../../../../provider/registry";
import { expressions, fileReads } from "./programWalk";
import { camel, snake } from "./schemaNames";

/**
 * Checks the example `program`, named `title` in its errors (`CloudEndpoint's example`), against
 * the resources it may declare (`byName`: definitions by their name).
 *
 * @throws Error naming the example and the name at fault when a resource type is not one of
 *   `byName`, a name is declared twice or spells the same variable as another (camelCase or
 *   snake_case), an argument is not an input of its resource, an expression refers to a resource
 *   the program does not declare before it or to a property its resource does not have, or
 *   `files` gives the text of a file the program does not read.
 */
export function checkExample(
  title: string,
  program: ExampleProgram,
  byName: ReadonlyMap<string, ResourceDefinition>,
): void {
  const declared = new Map<string, ResourceDefinition>();
  const variables = new Map<string, string>();
  for (const resource of program.resources) {
    const definition = byName.get(resource.type);
    if (definition === undefined) {
      throw new Error(`${title} declares ${resource.type}, not a resource`);
    }
    if (declared.has(resource.name)) {
      throw new Error(
        `${title} declares "${resource.name}" twice: each resource needs a name of its own`,
      );
    }
    for (const variable of new Set([camel(resource.name), snake(resource.name)])) {
      const other = variables.get(variable);
      if (other !== undefined) {
        throw new Error(
          `${title} declares "${other}" and "${resource.name}", which the languages spell as ` +
            `one variable (${variable})`,
        );
      }
      variables.set(variable, resource.name);
    }
    for (const arg of Object.keys(resource.args)) {
      if (definition.properties[arg]?.role !== "input") {
        throw new Error(
          `${title} gives ${resource.type} "${resource.name}" the argument ${arg}, which is not ` +
            "one of its inputs",
        );
      }
    }
    // Its own arguments may refer only to the resources declared before it.
    checkReferences(title, program, declared, resource.name);
    declared.set(resource.name, definition);
  }
  checkReferences(title, program, declared, undefined);
  const read = new Set(fileReads(program).map((f) => f.path));
  for (const file of Object.keys(program.files ?? {})) {
    if (!read.has(file)) {
      throw new Error(`${title} gives the text of ${file}, a file it does not read`);
    }
  }
}

/** The references of `owner`'s arguments (`undefined`: of the stack outputs) against `declared`. */
function checkReferences(
  title: string,
  program: ExampleProgram,
  declared: ReadonlyMap<string, ResourceDefinition>,
  owner: string | undefined,
): void {
  const where = owner === undefined ? "its outputs" : `"${owner}"`;
  for (const found of expressions(program)) {
    const { expression } = found;
    if (found.owner?.name !== owner || expression.kind !== "output") continue;
    const target = declared.get(expression.resource);
    if (target === undefined) {
      const later = program.resources.some((r) => r.name === expression.resource);
      throw new Error(
        `${title}: ${where} refers to "${expression.resource}", which it ` +
          (later ? "declares only after" : "does not declare"),
      );
    }
    if (expression.property !== "id" && target.properties[expression.property] === undefined) {
      throw new Error(
        `${title}: ${where} refers to ${expression.property} of "${expression.resource}", ` +
          `which ${target.name} does not have`,
      );
    }
  }
}

/**
 * Each resource's example, by the resource's name, in the registry's order (`definitions`:
 * the registry's, unless a test gives others).
 *
 * @throws Error when a resource has no example, or {@link checkExample} refuses one.
 */
export function resourceExamples(
  definitions: readonly ResourceDefinition[] = DEFINITIONS,
): ReadonlyMap<string, ExampleProgram> {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const examples = new Map<string, ExampleProgram>();
  for (const definition of definitions) {
    const { example } = definition;
    if (example === undefined) throw new Error(`${definition.name} has no example resource`);
    checkExample(`${definition.name}'s example`, example, byName);
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
  const program: ExampleProgram = {
    summary: "A host CA and a user CA, each signing one certificate.",
    resources: [...host.resources, ...user.resources],
    outputs: {
      hostCaKey: output("host-ca", "publicKey"),
      trustedUserCaKey: output("user-ca", "publicKey"),
      web1HostCertificate: output("web1", "certificate"),
      backupCertificate: output("backup", "certificate"),
    },
  };
  checkExample(
    "The languages page's example",
    program,
    new Map(DEFINITIONS.map((d) => [d.name, d])),
  );
  return program;
}
