/**
 * The examples in other languages of the docs pages, as printed: for each resource's page (and the
 * languages page), the code blocks between its `<!-- generated:examples -->` markers, byte for
 * byte, with the text of each file the page shows (`FILE_INTRO`), and the program they were
 * rendered from (its definition's `example`), whose declarations say which config and files the
 * example reads (`programWalk.ts`). {@link exampleInputs} gives those values as the emulator
 * accepts them, and {@link expectedObjects} what the emulator should hold after `up`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ExampleProgram, Value } from "../../dist/provider/framework/example";
import { docsPageOf, lowerFirst, pluralNameOf } from "../../dist/provider/framework/names";
import type { ResourceDefinition } from "../../dist/provider/framework/resource";
import { DEFINITIONS } from "../../dist/provider/registry";
import { FILE_INTRO, LANGUAGES_PAGE } from "../../dist/tools/scripts/generate/docsExamples";
import {
  configs,
  fileReads,
  isExpression,
  isMap,
  isObjectValue,
} from "../../dist/tools/scripts/generate/examples/programWalk";
import {
  languagesExample,
  resourceExamples,
} from "../../dist/tools/scripts/generate/examples/specs";
import type { EmulatorSnapshot } from "../../emulator/index";
import { markdown } from "./docsBlocks";
import * as keys from "./sshKeys";

type ApiObject = Record<string, unknown>;
const definitions = new Map<string, ResourceDefinition>(DEFINITIONS.map((d) => [d.name, d]));

/** The languages an example is printed in, by the heading of its block. */
export const LANGUAGES = { YAML: "yaml", Python: "python", Go: "go", "C#": "csharp" } as const;
export type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES];

/** One page's example: its program, its code in each language and the files it shows. */
export interface PageExample {
  /** The page, relative to the repository (`docs/cloudEndpoint.md`). */
  readonly page: string;
  /** Its name for folders and projects: the page's file name without `.md` (`cloudEndpoint`). */
  readonly name: string;
  readonly program: ExampleProgram;
  /** Each language's block, as printed (its final newline included). */
  readonly code: Readonly<Record<Language, string>>;
  /** The text of each file the page shows, by its path. */
  readonly shown: Readonly<Record<string, string>>;
}

/** The part of `page`'s text between its examples markers. */
function examplesSection(page: string): string {
  const text = markdown(page);
  const start = text.indexOf("<!-- generated:examples -->");
  const end = text.indexOf("<!-- /generated:examples -->");
  if (start < 0 || end < start) throw new Error(`${page} has no generated examples`);
  return text.slice(start, end);
}

/** The first fenced block after `at` in `text`, as printed. */
function blockAfter(text: string, at: number, what: string): string {
  const match = /^```[\w#]*\n([\s\S]*?)^```$/m.exec(text.slice(at));
  if (match === null) throw new Error(`no code block after ${what}`);
  return match[1];
}

/** `page`'s example as printed, with `program`, the example it was rendered from. */
export function pageExample(page: string, program: ExampleProgram): PageExample {
  const section = examplesSection(page);
  const code: Partial<Record<Language, string>> = {};
  for (const [title, language] of Object.entries(LANGUAGES)) {
    const heading = new RegExp(`^#{3,4} ${title.replace("#", "\\#")}$`, "m").exec(section);
    if (heading === null) throw new Error(`${page}: no ${title} example`);
    code[language] = blockAfter(section, heading.index, `${page}'s ${title} heading`);
  }
  const shown: Record<string, string> = {};
  for (const file of Object.keys(program.files ?? {})) {
    const at = section.indexOf(FILE_INTRO(file));
    if (at < 0) throw new Error(`${page} does not show ${file}`);
    shown[file] = blockAfter(section, at, `${page}'s ${file}`);
  }
  return {
    page,
    name: path.basename(page, ".md"),
    program,
    code: code as Record<Language, string>,
    shown,
  };
}

/** Every resource page's example, in the registry's order, then the languages page's. */
export function allPageExamples(): PageExample[] {
  return [
    ...[...resourceExamples()].map(([name, program]) => pageExample(docsPageOf({ name }), program)),
    pageExample(LANGUAGES_PAGE, languagesExample()),
  ];
}

/** What the test gives an example's config: the HTTPS edge and route seeded in the emulator. */
export interface Seeded {
  readonly edgeId: string;
  readonly routeId: string;
  /** IdP metadata the emulator accepts (`sampleIdpMetadata()`). */
  readonly idpMetadata: string;
}

/** A certificate or key of `tests/fixtures/certificates/` (made for this repository). */
const certificateFixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, "..", "fixtures", "certificates", name), "utf8");

/** The text of a file no page shows, by the input that reads it (`<type>.<input>`). */
const FILE_BY_INPUT: Readonly<Record<string, (seeded: Seeded) => string>> = {
  "SshCredential.publicKey": () => `${keys.ECDSA_P256}\n`,
  "SshHostCertificate.publicKey": () => `${keys.ED25519}\n`,
  "SshUserCertificate.publicKey": () => `${keys.ED25519}\n`,
  "HttpsEdgeRouteSaml.idpMetadata": (seeded) => seeded.idpMetadata,
  "CertificateAuthority.caPem": () => certificateFixture("example-ca.pem"),
  "TlsCertificate.certificatePem": () => certificateFixture("app.example.com.crt"),
  "TlsCertificate.privateKeyPem": () => certificateFixture("app.example.com.key"),
};

/** The value of the example's config, by its name. */
const CONFIG: Readonly<Record<string, (seeded: Seeded) => string>> = {
  edgeId: (seeded) => seeded.edgeId,
  routeId: (seeded) => seeded.routeId,
  datadogApiKey: () => "dd-example-api-key-0123456789abcdef",
  oidcClientSecret: () => "oidc-example-client-secret",
};

/**
 * The files (path → text) and config (name → value) `example` reads: a file the page shows gets
 * the page's text exactly, any other the value for the input that reads it.
 *
 * @throws Error naming the file or config the test has no value for (a new example's).
 */
export function exampleInputs(
  example: PageExample,
  seeded: Seeded,
): { files: Record<string, string>; config: Record<string, string> } {
  const files: Record<string, string> = {};
  for (const read of fileReads(example.program)) {
    const shown = example.shown[read.path];
    const given = FILE_BY_INPUT[`${read.type}.${read.input}`];
    if (shown === undefined && given === undefined) {
      throw new Error(`${example.page}: no text for ${read.path} (${read.type}.${read.input})`);
    }
    files[read.path] = shown ?? given(seeded);
  }
  const config: Record<string, string> = {};
  for (const { name } of configs(example.program)) {
    const value = CONFIG[name];
    if (value === undefined) throw new Error(`${example.page}: no value for the config ${name}`);
    config[name] = value(seeded);
  }
  return { files, config };
}

/**
 * The emulator's snapshot's objects of resource `type`: its field named as the definition's plural
 * (`sshCredentials`), else the plain collection of its API path (`collections["/ip_policies"]`,
 * none until the path is served); the SAML modules, which the snapshot names by what they are,
 * are the one exception.
 *
 * @throws Error when `type` is not a resource.
 */
function heldOf(snapshot: EmulatorSnapshot, type: string): ApiObject[] {
  const definition = definitions.get(type);
  if (definition === undefined) throw new Error(`${type} is not a resource`);
  const field =
    type === "HttpsEdgeRouteSaml" ? "samlModules" : lowerFirst(pluralNameOf(definition));
  const held: unknown =
    field in snapshot
      ? snapshot[field as keyof EmulatorSnapshot]
      : (snapshot.collections[definition.api.path] ?? []);
  return held as ApiObject[];
}

/** Every resource type's objects the emulator holds, by type, for checking they are all gone. */
export const collectionsOf = (snapshot: EmulatorSnapshot): Record<string, unknown[]> =>
  Object.fromEntries(DEFINITIONS.map((d) => [d.name, heldOf(snapshot, d.name)]));

/** The wire name of `type`'s property; its own name for one not on the wire (a path's id). */
function wireOf(type: string, property: string): string {
  const spec = definitions.get(type)?.properties[property];
  if (spec === undefined) throw new Error(`${type} has no property ${property}`);
  return spec.wire ?? property;
}

/**
 * The object the emulator holds for each resource of `program` (by its name), matched by the
 * values the program gives it (literals, config, strings made of outputs of the objects matched
 * before it); and the stack outputs the program's outputs should then have.
 *
 * @throws Error naming the resource when no object matches it, or the emulator holds no list of
 *   its type.
 */
export function expectedObjects(
  program: ExampleProgram,
  snapshot: EmulatorSnapshot,
  config: Readonly<Record<string, string>>,
): { objects: Map<string, ApiObject>; outputs: Record<string, unknown> } {
  const objects = new Map<string, ApiObject>();
  const typeOf = new Map(program.resources.map((r) => [r.name, r.type]));
  const valueOf = (resource: string, property: string): unknown => {
    const object = objects.get(resource);
    if (object === undefined) throw new Error(`no object for "${resource}"`);
    return property === "id" ? object.id : object[wireOf(typeOf.get(resource)!, property)];
  };
  /** What the emulator should hold for `value`; `undefined` where it is not plain (a file). */
  const evaluate = (value: Value): unknown => {
    if (Array.isArray(value)) {
      const items = (value as Value[]).map(evaluate);
      return items.includes(undefined) ? undefined : items;
    }
    if (isMap(value)) return value.entries;
    // An object's fields go under the wire names of its type: not compared here.
    if (isObjectValue(value)) return undefined;
    if (!isExpression(value)) return value;
    switch (value.kind) {
      case "output":
        return valueOf(value.resource, value.property);
      case "config":
        return config[value.name];
      case "interpolate":
        return value.parts
          .map((part) => (typeof part === "string" ? part : String(evaluate(part))))
          .join("");
      case "file":
        return undefined;
    }
  };
  for (const resource of program.resources) {
    const held = heldOf(snapshot, resource.type);
    const wanted = Object.entries(resource.args).flatMap(([input, value]) => {
      const expected = evaluate(value as Value);
      return expected === undefined ? [] : [[wireOf(resource.type, input), expected] as const];
    });
    const taken = new Set(objects.values());
    // Fields ngrok takes at create and does not answer (`private_key_type`) cannot be compared.
    const match = held.find(
      (object) =>
        !taken.has(object) &&
        wanted.every(
          ([wire, expected]) =>
            !(wire in object) || JSON.stringify(object[wire]) === JSON.stringify(expected),
        ),
    );
    if (match === undefined) {
      throw new Error(
        `"${resource.name}": none of the emulator's ${resource.type} objects has ${JSON.stringify(Object.fromEntries(wanted))}: ` +
          JSON.stringify(held),
      );
    }
    objects.set(resource.name, match);
  }
  const outputs = Object.fromEntries(
    Object.entries(program.outputs).map(([name, value]) => [name, evaluate(value)]),
  );
  return { objects, outputs };
}
