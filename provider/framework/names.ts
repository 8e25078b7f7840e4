/**
 * The names derived from a resource's name, each rule written once: its plural, the module that
 * holds it everywhere (`provider/<module>/`, `sdk/thinProviders/<module>.ts`, `docs/<module>.md`),
 * the exports of `pulumi-ngrok-dynamic/provider` and the SDK's lookup functions, and the fields of a
 * list (the lookup's result, ngrok's page). The type tokens are in `./tokens`.
 *
 * @module
 */

/** What the names are derived from: a definition's `name`, `pluralName` and `api.path`. */
export interface Named {
  /** The type name, e.g. `SshCertificateAuthority`. */
  readonly name: string;
  /** The type name of several, when it is not `<name>s`. */
  readonly pluralName?: string;
  readonly api: { readonly path: string; readonly listField?: string };
}

/** `name` with its first letter in lower case: `SshCredential` → `sshCredential`. */
export const lowerFirst = (name: string) => `${name.charAt(0).toLowerCase()}${name.slice(1)}`;

/** `name` with its first letter in upper case: `getSshCredential` → `GetSshCredential`. */
export const upperFirst = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/**
 * Several of `word`, by the English rule for regular nouns: `Policy` → `Policies` (a `y` after a
 * consonant), `Domain` → `Domains`; an irregular one is declared (`pluralName`).
 */
export const pluralOf = (word: string) =>
  /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;

/** The type name of several objects: `pluralName`, or {@link pluralOf} the name. */
export const pluralNameOf = (definition: Pick<Named, "name" | "pluralName">) =>
  definition.pluralName ?? pluralOf(definition.name);

/**
 * The module of a resource, `<name>` with a lower-case first letter (`sshCredential`): its folder
 * `provider/<module>/` and the value that folder exports, its SDK module and thin provider
 * (`sdk/thinProviders/<module>.ts`), and its docs page (`docs/<module>.md`).
 */
export const moduleNameOf = (definition: Pick<Named, "name">) => lowerFirst(definition.name);

/** The docs page of a resource: `docs/<module>.md`. */
export const docsPageOf = (definition: Pick<Named, "name">) =>
  `docs/${moduleNameOf(definition)}.md`;

/** Every name of one resource, derived from its definition by the rules above. */
export interface ResourceNames {
  /** `SshCredential`. */
  readonly type: string;
  /** `SshCredentials`. */
  readonly plural: string;
  /** `sshCredential` (see {@link moduleNameOf}). */
  readonly module: string;
  /** `sshCredentialProvider`: the export of `pulumi-ngrok-dynamic/provider` a thin provider calls. */
  readonly provider: string;
  /** `getSshCredential`: the lookup of one object (the SDK's function, the schema's). */
  readonly getOne: string;
  /** `getSshCredentials`: the lookup of every object its filters keep. */
  readonly getList: string;
  /** `lookupSshCredential`: the export of `pulumi-ngrok-dynamic/provider` behind {@link getOne}. */
  readonly lookupOne: string;
  /** `listSshCredentials`: the export behind {@link getList} (and `pending-creates`). */
  readonly lookupList: string;
  /** `sshCredentials`: the field of {@link getList}'s result that holds the objects. */
  readonly listResultField: string;
  /**
   * `ssh_credentials`: the field of ngrok's list page, the last segment of `api.path` unless the
   * definition says another (`api.listField`: `secrets` for `/vault_secrets`).
   */
  readonly wireListField: string;
  /** `docs/sshCredential.md`. */
  readonly docsPage: string;
}

/** The names of `definition`'s resource (see {@link ResourceNames}). */
export function namesOf(definition: Named): ResourceNames {
  const { name } = definition;
  const plural = pluralNameOf(definition);
  const module = moduleNameOf(definition);
  return {
    type: name,
    plural,
    module,
    provider: `${module}Provider`,
    getOne: `get${name}`,
    getList: `get${plural}`,
    lookupOne: `lookup${name}`,
    lookupList: `list${plural}`,
    listResultField: lowerFirst(plural),
    wireListField: definition.api.listField ?? definition.api.path.split("/").pop() ?? "",
    docsPage: docsPageOf(definition),
  };
}

/**
 * The `claimedBy` of the resource `resource` of stack `stack` in project `project`:
 * `<project>/<stack>/<resource name>`, what the SDK's class and the plugin give a resource that
 * declares `claimedBy` (project and stack names hold no `/`; the resource name may).
 */
export function claimedByOf(project: string, stack: string, resource: string): string {
  return `${project}/${stack}/${resource}`;
}

/** The stack (`<project>/<stack>`) and the resource name of a {@link claimedByOf} value. */
export function splitClaimedBy(value: string): { stack: string; resource: string } {
  const [project = "", stack = "", ...rest] = value.split("/");
  return { stack: `${project}/${stack}`, resource: rest.join("/") };
}
