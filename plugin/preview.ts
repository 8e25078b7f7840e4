/**
 * What `Create` and `Update` answer in a preview (`preview: true` in `CreateRequest` and
 * `UpdateRequest`, `sdk/proto/provider.proto`; the engine sends it once `Configure` answered
 * `supportsPreview: true`), without a request to ngrok:
 *
 * - an update: the old state's outputs with the new inputs applied, so what ngrok computed and
 *   an update does not change (a CA's `publicKey`, `keyType`, `uri`, `createdAt`) stays known,
 *   and a program that uses it (`${ca.publicKey}`) is not shown as changing. An output derived
 *   from an input that changes (`derivedFrom`: a SAML module's `idpSigningCertificates`, read
 *   from `idpMetadata`) is unknown: its old value no longer holds, and a program that uses it is
 *   shown as changing. An input the program no longer sets is unknown (ngrok's default), unless
 *   ngrok fills it (`serverFilled`: leaving it out is never a change, the old value stays);
 * - a create: the inputs as given, and every output ngrok computes (and every input ngrok fills
 *   that the program leaves out) unknown.
 *
 * Without `supportsPreview` the engine previews an update with the new inputs as the outputs,
 * which drops every computed output, so whatever reads one previews as `[unknown]`.
 *
 * @module
 */
import { isUnknown, UNKNOWN } from "../provider";
import { sameValue } from "../provider/framework/diff";
import type { PropertyDefinition } from "../provider/framework/property";
import { DEFINITIONS } from "../provider/registry";
import { pluginToken } from "../provider/framework/tokens";

/** The inputs named `names` among `properties`, with their definitions. */
function sourcesOf(
  properties: readonly [string, PropertyDefinition][],
  names: readonly string[],
): [string, PropertyDefinition][] {
  return properties.filter(([name]) => names.includes(name));
}

/** What a preview needs of a resource's definition. */
interface PreviewShape {
  /** Outputs only ngrok computes, and inputs ngrok fills when they are left out. */
  readonly computed: readonly string[];
  /** The inputs a program sets, each with whether ngrok fills it when left out. */
  readonly inputs: ReadonlyMap<string, boolean>;
  /** Each output derived from inputs (`derivedFrom`), with those inputs' definitions. */
  readonly derived: readonly (readonly [string, readonly [string, PropertyDefinition][]])[];
}

const SHAPES: ReadonlyMap<string, PreviewShape> = new Map(
  DEFINITIONS.map((definition) => {
    const properties = Object.entries(definition.properties);
    return [
      pluginToken(definition.name),
      {
        computed: properties
          .filter(([, p]) => p.role === "output" || p.serverFilled === true)
          .map(([name]) => name),
        inputs: new Map(
          properties
            .filter(([, p]) => p.role === "input")
            .map(([name, p]) => [name, p.serverFilled === true]),
        ),
        derived: properties.flatMap(([name, p]) =>
          p.derivedFrom === undefined
            ? []
            : [[name, sourcesOf(properties, p.derivedFrom)] as const],
        ),
      },
    ];
  }),
);

function shapeOf(type: string): PreviewShape {
  const shape = SHAPES.get(type);
  if (shape === undefined) throw new Error(`unknown resource type ${type}`);
  return shape;
}

/** A create's preview outputs for the checked `inputs` of a resource of `type`. */
export function previewCreate(
  type: string,
  inputs: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const outputs: Record<string, unknown> = { ...inputs };
  for (const name of shapeOf(type).computed) {
    if (outputs[name] === undefined) outputs[name] = UNKNOWN;
  }
  return outputs;
}

/** An update's preview outputs: the old state `olds` with the new inputs `news` applied. */
export function previewUpdate(
  type: string,
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const outputs: Record<string, unknown> = { ...olds };
  for (const [name, value] of Object.entries(news)) {
    if (value !== undefined) outputs[name] = value;
  }
  const shape = shapeOf(type);
  for (const [name, filled] of shape.inputs) {
    if (news[name] === undefined && olds[name] !== undefined && !filled) outputs[name] = UNKNOWN;
  }
  for (const [output, sources] of shape.derived) {
    const changes = sources.some(
      ([source, property]) =>
        isUnknown(news[source]) || !sameValue(property, olds[source], news[source]),
    );
    if (changes) outputs[output] = UNKNOWN;
  }
  return outputs;
}
