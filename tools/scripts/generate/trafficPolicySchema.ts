/**
 * The package schema's types of a Traffic Policy, derived from the table the check reads
 * (`provider/trafficPolicy`: `PHASES`, `ACTIONS`, each field's `FieldSpec`), so that an action or a
 * field added there is typed in every SDK by `npm run generate` and `npm run sdks`:
 *
 * - `TrafficPolicy`: one list of `TrafficPolicyRule` per phase (`onHttpRequest`, …);
 * - `TrafficPolicyRule`: `name`, `expressions`, `actions`, each action one of a `oneOf` on `type`
 *   with a `discriminator` (its `mapping` from each known type to its object type): an
 *   `<Action>Action` per known action (`OpenidConnectAction`: `type`, constant, and `config`, an
 *   `<Action>ActionConfig` whose fields, and nested objects, are the table's), and
 *   `TrafficPolicyAction`, any `type` with an untyped `config`, for an action this version does not
 *   know (it passes preview with a warning);
 * - the property itself ({@link trafficPolicyProperty}): `TrafficPolicy` or a string, ngrok's YAML or
 *   JSON text.
 *
 * Every property name is the SDKs' spelling of the table's wire name (`camelCase`: `issuer_url` →
 * `issuerUrl`), which the check reads back (`walk.ts`, `fields.ts`: `camelCase(wire) === key`); a
 * map's keys are the user's (header names, variable names), never converted. A known action's `type`
 * is a constant with the same default, so that Python and C# fill it in; Go's generator ignores both
 * (a Go program sets `Type`).
 *
 * Shapes, units, defaults and formats go into each description, from the same table (a format's
 * words are `FORMATS[format].what`, the words of its failure); each action's type and config name
 * its reference page (`source`).
 *
 * @module
 */
import { ACTIONS } from "../../../provider/trafficPolicy/actions";
import { FORMATS } from "../../../provider/trafficPolicy/formats";
import { PHASE_NAMES, PHASES } from "../../../provider/trafficPolicy/phases";
import {
  camelCase,
  type ActionSpec,
  type FieldSpec,
  type Fields,
  type FieldsRule,
  type FieldType,
} from "../../../provider/trafficPolicy/schema";

type Spec = Record<string, unknown>;

/** ngrok's page on the policy's structure: phases, rules, actions. */
const HOW_IT_WORKS = "https://ngrok.com/docs/traffic-policy/how-it-works/";

/** The names of the policy's own types (the actions' are derived from their types). */
export const POLICY_TYPE = "TrafficPolicy";
export const RULE_TYPE = "TrafficPolicyRule";
export const ANY_ACTION_TYPE = "TrafficPolicyAction";

/** A wire name in PascalCase, for a type's name: `openid-connect` → `OpenidConnect`. */
export function pascalCase(wire: string): string {
  return wire
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("");
}

/** The schema type names of a known action: `openid-connect` → `OpenidConnectAction`. */
export function actionTypeName(type: string): string {
  return `${pascalCase(type)}Action`;
}
/** …and of its config: `OpenidConnectActionConfig`. */
export function configTypeName(type: string): string {
  return `${actionTypeName(type)}Config`;
}

/** `words` with a final period. */
const sentence = (words: string) => (/[.!?]$/.test(words) ? words : `${words}.`);

/** `values` as a list of code spans: `` `a`, `b` or `c` ``. */
function oneOfWords(values: readonly string[], last = "or"): string {
  const quoted = values.map((value) => `\`${value}\``);
  return quoted.length < 2
    ? quoted.join("")
    : `${quoted.slice(0, -1).join(", ")} ${last} ${quoted[quoted.length - 1]}`;
}

/** The shape of a value of `type` in words (after "It is"): its kind, range, format, limits. */
function shapeWords(type: FieldType): string {
  switch (type.kind) {
    case "string": {
      const format = type.format === undefined ? "a string" : FORMATS[type.format].what;
      return type.maxLength === undefined
        ? format
        : `${format}, at most ${type.maxLength} characters`;
    }
    case "boolean":
      return "a boolean";
    case "integer":
      return type.min === type.max
        ? `an integer, ${type.min}`
        : `an integer from ${type.min} to ${type.max}`;
    case "number":
      return `a number from ${type.min} to ${type.max}`;
    case "duration": {
      const range =
        type.min !== undefined && type.max !== undefined
          ? `, from ${type.min} to ${type.max}`
          : type.min !== undefined
            ? `, at least ${type.min}`
            : type.max !== undefined
              ? `, at most ${type.max}`
              : "";
      const multiple = type.multipleOf === undefined ? "" : `, a multiple of ${type.multipleOf}`;
      return `a duration as Go writes one (\`90s\`, \`1h30m\`)${range}${multiple}`;
    }
    case "enum":
      return `one of ${oneOfWords(type.values)}`;
    case "list": {
      const count =
        type.minItems !== undefined && type.maxItems !== undefined
          ? `${type.minItems} to ${type.maxItems}`
          : type.minItems !== undefined
            ? `at least ${type.minItems}`
            : type.maxItems !== undefined
              ? `at most ${type.maxItems}`
              : "";
      const unique = type.unique ? ", none twice" : "";
      return `a list of ${count === "" ? "" : `${count} `}items, each ${shapeWords(type.items)}${unique}`;
    }
    case "map": {
      const count =
        type.minEntries !== undefined && type.maxEntries !== undefined
          ? `${type.minEntries} to ${type.maxEntries} entries`
          : type.maxEntries !== undefined
            ? `at most ${type.maxEntries} entries`
            : type.minEntries !== undefined
              ? `at least ${type.minEntries} entr${type.minEntries === 1 ? "y" : "ies"}`
              : "";
      return (
        `a map of names (kept as written) to values, each ${shapeWords(type.values)}` +
        (count === "" ? "" : `, ${count}`)
      );
    }
    case "object":
      return "an object";
    case "any":
      return type.wireKeys
        ? "any value (its objects' keys are ngrok's field names; camelCase ones are sent in snake_case)"
        : "any value";
  }
}

/** Shapes that say no more than the schema's own type. */
const PLAIN_SHAPES = ["a string", "a boolean", "a list of items, each a string"];

/** A field's description: what it is, then its shape, CEL, phases, default and secrecy. */
function fieldDescription(field: FieldSpec): string {
  const parts = [sentence(field.description)];
  const shape = field.type.kind === "object" ? undefined : shapeWords(field.type);
  if (shape !== undefined && !PLAIN_SHAPES.includes(shape)) parts.push(sentence(`It is ${shape}`));
  if (field.cel) parts.push("CEL interpolations (`${…}`) are evaluated in it.");
  if (field.phases !== undefined) parts.push(`Only in ${field.phases.join(", ")}.`);
  if (field.default !== undefined) parts.push(`Default: \`${field.default}\`.`);
  if (field.secret) parts.push("Secret: a policy that holds it is secret in state.");
  return parts.join(" ");
}

/** A rule between fields in words, with the SDKs' names. */
function ruleWords(rule: FieldsRule): string {
  const names = rule.fields.map(camelCase);
  switch (rule.kind) {
    case "atLeastOne":
      return `Set at least one of ${oneOfWords(names)}.`;
    case "together":
      return `Set ${oneOfWords(names, "and")} together, or none of them.`;
    case "requiredWhen":
      return (
        `${oneOfWords(names, "and")} are required when \`${camelCase(rule.when)}\` is ` +
        `${oneOfWords(rule.values)}: ${rule.why}.`
      );
  }
}

/** Where the derived types go, and how a type's name becomes its token. */
interface Into {
  readonly types: Spec;
  readonly token: (name: string) => string;
}

/** A reference to the type `name`. */
const ref = (into: Into, name: string) => `#/types/${into.token(name)}`;

/** `into.types[token(name)] = spec`; fails on a name derived twice (two derived names meeting). */
function addType(into: Into, name: string, spec: Spec): void {
  const key = into.token(name);
  if (key in into.types) throw new Error(`the schema type ${name} is derived twice`);
  into.types[key] = spec;
}

/**
 * The schema of a value of `type`; a nested object (`object`, or one in a list or map) becomes the
 * named type `name`, described as `description`.
 */
function valueSpec(into: Into, type: FieldType, name: string, description: string): Spec {
  switch (type.kind) {
    case "string":
    case "duration":
    case "enum":
      return { type: "string" };
    case "boolean":
      return { type: "boolean" };
    case "integer":
      return { type: "integer" };
    case "number":
      return { type: "number" };
    case "list":
      return { type: "array", items: valueSpec(into, type.items, name, description) };
    case "map":
      return {
        type: "object",
        additionalProperties: valueSpec(into, type.values, name, description),
      };
    case "object":
      objectSpec(into, name, type.fields, description);
      return { $ref: ref(into, name) };
    case "any":
      return { $ref: "pulumi.json#/Any" };
  }
}

/** The object type `name` of `fields` (by wire name), its nested objects too. */
function objectSpec(
  into: Into,
  name: string,
  fields: Fields,
  description: string,
  rules: readonly FieldsRule[] = [],
): void {
  addType(into, name, {
    type: "object",
    description: [description, ...rules.map(ruleWords)].join(" "),
    properties: Object.fromEntries(
      Object.entries(fields).map(([wire, field]) => [
        camelCase(wire),
        {
          ...valueSpec(into, field.type, `${name}${pascalCase(wire)}`, sentence(field.description)),
          description: fieldDescription(field),
          ...(field.secret ? { secret: true } : {}),
        },
      ]),
    ),
    required: Object.entries(fields)
      .filter(([, field]) => isRequired(field))
      .map(([wire]) => camelCase(wire)),
  });
}

/** Required in every phase (a field required in some phases only is optional in the type). */
const isRequired = (field: FieldSpec) => field.required === true && field.phases === undefined;

/** The action's description: what it does, its phases, whether it ends the request, its page. */
function actionDescription(type: string, spec: ActionSpec): string {
  return [
    sentence(spec.description),
    `The \`${type}\` action; it runs in ${spec.phases.join(", ")}.`,
    spec.terminating ? "It ends the handling of the request or connection." : "",
    spec.earlyAccess ? "ngrok offers it in early access only." : "",
    spec.aliases === undefined ? "" : `ngrok's docs also call it ${oneOfWords(spec.aliases)}.`,
    `Source: ${spec.source}`,
  ]
    .filter((part) => part !== "")
    .join(" ");
}

/** A known action's type (`type`, `config`) and its config's types. */
function actionSpecs(into: Into, type: string, spec: ActionSpec): void {
  const hasConfig = Object.keys(spec.fields).length > 0;
  const configRequired = Object.values(spec.fields).some(isRequired);
  addType(into, actionTypeName(type), {
    type: "object",
    description: actionDescription(type, spec),
    properties: {
      type: {
        type: "string",
        const: type,
        default: type,
        description: `The action's type: \`${type}\`, filled in where the SDK can.`,
      },
      ...(hasConfig
        ? {
            config: {
              $ref: ref(into, configTypeName(type)),
              description: `The action's config (${spec.source}).`,
            },
          }
        : {}),
    },
    required: ["type", ...(configRequired ? ["config"] : [])],
  });
  if (hasConfig) {
    objectSpec(
      into,
      configTypeName(type),
      spec.fields,
      `The config of the \`${type}\` action (${spec.source}).`,
      spec.rules,
    );
  }
}

/** The action of a rule: one of the known actions' types, or the untyped one. */
function actionUnion(into: Into): Spec {
  const known = Object.keys(ACTIONS);
  return {
    oneOf: [
      ...known.map((type) => ({ $ref: ref(into, actionTypeName(type)) })),
      { $ref: ref(into, ANY_ACTION_TYPE) },
    ],
    discriminator: {
      propertyName: "type",
      mapping: Object.fromEntries(known.map((type) => [type, ref(into, actionTypeName(type))])),
    },
  };
}

/**
 * Every type of a Traffic Policy, by token (`token` makes a type's token from its name): the
 * policy, the rule, each known action and its config (nested objects too), the untyped action.
 */
export function trafficPolicyTypes(token: (name: string) => string): Spec {
  const into: Into = { types: {}, token };
  addType(into, POLICY_TYPE, {
    type: "object",
    description:
      "A Traffic Policy: the rules of each phase, run in order; ngrok's YAML or JSON policy in " +
      "the SDK's spelling. ngrok receives it as canonical JSON. Checked at preview. " +
      `Source: ${HOW_IT_WORKS}`,
    properties: Object.fromEntries(
      PHASE_NAMES.map((phase) => [
        camelCase(phase),
        {
          type: "array",
          items: { $ref: ref(into, RULE_TYPE) },
          description: `${sentence(PHASES[phase].description)} ngrok's name: \`${phase}\`.`,
        },
      ]),
    ),
  });
  addType(into, RULE_TYPE, {
    type: "object",
    description:
      "A rule of a phase: when all its `expressions` hold (or it has none), its `actions` run " +
      `in order. Source: ${HOW_IT_WORKS}#phase-rules`,
    properties: {
      name: { type: "string", description: "A label for the rule." },
      expressions: {
        type: "array",
        items: { type: "string" },
        description:
          "CEL expressions that must all be true for the actions to run; none: always. Each is " +
          "type-checked at preview against ngrok's variables of the rule's phase.",
      },
      actions: {
        type: "array",
        items: actionUnion(into),
        description:
          "The actions, in order: each the type of a known action (`DenyAction`, …), " +
          `or a \`${ANY_ACTION_TYPE}\` for an action this version does not know.`,
      },
    },
    required: ["actions"],
  });
  for (const [type, spec] of Object.entries(ACTIONS)) actionSpecs(into, type, spec);
  addType(into, ANY_ACTION_TYPE, {
    type: "object",
    description:
      "An action of any type, its config untyped: for an action this version does not know " +
      "(ngrok adds actions often: it passes preview with a warning, and ngrok judges it when the " +
      "policy is applied), or a known one as ngrok's docs write it. Its config's camelCase keys " +
      `are sent in snake_case, any other key as written. Source: ${HOW_IT_WORKS}#actions`,
    properties: {
      type: { type: "string", description: "The action's type, e.g. `deny`." },
      config: {
        type: "object",
        additionalProperties: { $ref: "pulumi.json#/Any" },
        description: "The action's config, by ngrok's field names.",
      },
    },
    required: ["type"],
  });
  return into.types;
}

/**
 * A Traffic Policy input's schema: a `TrafficPolicy`, ngrok's YAML or JSON text, or a map in
 * ngrok's names (as its docs write one, which Pulumi YAML would refuse before the check sees it).
 */
export function trafficPolicyProperty(token: (name: string) => string): Spec {
  return {
    oneOf: [
      { $ref: `#/types/${token(POLICY_TYPE)}` },
      { type: "string" },
      { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } },
    ],
  };
}
