/**
 * The package schema's Traffic Policy types (`tools/scripts/generate/trafficPolicySchema.ts`), which
 * every SDK is generated from, against the table they are derived from and the check that reads
 * what the SDKs send:
 *
 * - the shape: `trafficPolicy` is a `TrafficPolicy` or a string; `TrafficPolicy` has one list of
 *   rules per phase; a rule's action is a `oneOf` on `type` with a `discriminator` mapping each
 *   known type to its own object type (its `type` a constant), and the untyped
 *   `TrafficPolicyAction` for any other; each known action's config type has the table's fields,
 *   nested objects as named types;
 * - the names: a policy that sets every property of every action under the schema's names (what
 *   Go's `pulumi:"…"` tags, Python's and C#'s getters and Node.js's keys send to the plugin),
 *   with a valid value of each field's type, passes the check with no field unknown, and reaches
 *   ngrok with every field of the table under its wire name and each map's keys as written.
 */
import {
  ACTIONS,
  type ActionSpec,
  checkTrafficPolicy,
  type FieldType,
  PHASE_NAMES,
  type PhaseName,
} from "../../../provider/trafficPolicy";
import { camelCase, type PolicyFormat } from "../../../provider/trafficPolicy/schema";
import { packageSchema } from "../../../dist/tools/scripts/generate/schema";
import {
  actionTypeName,
  ANY_ACTION_TYPE,
  configTypeName,
  POLICY_TYPE,
  RULE_TYPE,
} from "../../../dist/tools/scripts/generate/trafficPolicySchema";
import { readIdpMetadata } from "../../support/fixtures";

type Spec = {
  type?: string;
  $ref?: string;
  const?: unknown;
  items?: Spec;
  additionalProperties?: Spec;
  properties?: Record<string, Spec>;
  required?: string[];
  oneOf?: Spec[];
  discriminator?: { propertyName: string; mapping: Record<string, string> };
};

const schema = packageSchema() as {
  types: Record<string, Spec>;
  resources: Record<
    string,
    { inputProperties: Record<string, Spec>; properties: Record<string, Spec> }
  >;
};
const token = (name: string) => `ngrok-dynamic:index:${name}`;
const typeOf = (name: string): Spec => {
  const type = schema.types[token(name)];
  if (type === undefined) throw new Error(`the schema has no type ${name}`);
  return type;
};
const refTo = (name: string) => `#/types/${token(name)}`;
const named = (ref: string | undefined): Spec => {
  if (ref === undefined || !ref.startsWith("#/types/")) throw new Error(`not a type: ${ref}`);
  return schema.types[ref.slice("#/types/".length)];
};
const actions: [string, ActionSpec][] = Object.entries(ACTIONS);

/** A map key no conversion may touch: camelCase, as a header name may be written. */
const MAP_KEY = "camelCaseKey";

describe("the schema's shape", () => {
  test("trafficPolicy is a TrafficPolicy, ngrok's text or a map in ngrok's names; as an output, what ngrok holds", () => {
    const resource = schema.resources[token("CloudEndpoint")];
    expect(resource.inputProperties.trafficPolicy.oneOf).toEqual([
      { $ref: refTo(POLICY_TYPE) },
      { type: "string" },
      { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } },
    ]);
    expect(resource.properties.trafficPolicy.$ref).toBe("pulumi.json#/Any");
  });

  test("a TrafficPolicy has a list of rules for each phase, in the SDKs' spelling", () => {
    const policy = typeOf(POLICY_TYPE);
    expect(Object.keys(policy.properties!)).toEqual(PHASE_NAMES.map(camelCase));
    for (const phase of Object.values(policy.properties!)) {
      expect(phase).toMatchObject({ type: "array", items: { $ref: refTo(RULE_TYPE) } });
    }
  });

  test("an action is one known action's type, chosen by `type`, or the untyped one", () => {
    const rule = typeOf(RULE_TYPE);
    expect(rule.required).toEqual(["actions"]);
    const union = rule.properties!.actions.items!;
    expect(union.oneOf).toEqual([
      ...actions.map(([type]) => ({ $ref: refTo(actionTypeName(type)) })),
      { $ref: refTo(ANY_ACTION_TYPE) },
    ]);
    expect(union.discriminator).toEqual({
      propertyName: "type",
      mapping: Object.fromEntries(actions.map(([type]) => [type, refTo(actionTypeName(type))])),
    });
    const any = typeOf(ANY_ACTION_TYPE);
    expect(any.properties!.type).toMatchObject({ type: "string" });
    expect(any.properties!.type.const).toBeUndefined();
    expect(any.properties!.config).toMatchObject({
      type: "object",
      additionalProperties: { $ref: "pulumi.json#/Any" },
    });
  });

  test.each(actions)(
    "%s: its type is a constant, its config has the table's fields",
    (type, spec) => {
      const action = typeOf(actionTypeName(type));
      expect(action.properties!.type).toMatchObject({ type: "string", const: type });
      const fields = Object.keys(spec.fields);
      if (fields.length === 0) {
        expect(Object.keys(action.properties!)).toEqual(["type"]);
        return;
      }
      expect(action.properties!.config.$ref).toBe(refTo(configTypeName(type)));
      const config = typeOf(configTypeName(type));
      expect(Object.keys(config.properties!).sort()).toEqual(fields.map(camelCase).sort());
      const required = fields.filter(
        (wire) => spec.fields[wire].required && !spec.fields[wire].phases,
      );
      expect(config.required!.sort()).toEqual(required.map(camelCase).sort());
      expect(action.required).toEqual(required.length > 0 ? ["type", "config"] : ["type"]);
    },
  );
});

/** A phase `spec` runs in where each of its fields applies (on_http_request if it is one). */
function phaseFor(spec: ActionSpec): PhaseName {
  return spec.phases.includes("on_http_request") ? "on_http_request" : spec.phases[0];
}

/** A format no config field of the table has yet: a field that gets it needs a real sample here. */
function noPolicyField(format: PolicyFormat): never {
  throw new Error(`a config field is now of format ${format}: give FORMAT_SAMPLES a real one`);
}

/** A value of each string format (a record of every format: a new one fails to compile here). */
const FORMAT_SAMPLES: Record<PolicyFormat, () => string> = {
  httpsUrl: () => "https://idp.example.com",
  url: () => "https://api.example.com/hook",
  internalUrl: () => "https://app.internal",
  cidr: () => "203.0.113.0/24",
  cidrBlock: () => "203.0.113.0/24",
  rfc3339: () => "2026-01-01T00:00:00Z",
  xml: () => readIdpMetadata("okta.xml"),
  pemCertificate: () => noPolicyField("pemCertificate"),
  pemCaCertificate: () => noPolicyField("pemCaCertificate"),
  celExpression: () => "true",
  credential: () => "user:password-of-16",
  idpMetadata: () => readIdpMetadata("okta.xml"),
  ipPolicyId: () => "ipp_2ZpAbCdEf0123456789",
  headerName: () => "X-Example",
  domain: () => "example.com",
  regex: () => "^/v1/(.*)$",
};

/**
 * A valid value of the table's `type` (for `wire`), with every property of its objects set under
 * the schema's names (read from `schemaSpec`), and each map keyed by {@link MAP_KEY}.
 */
function sample(wire: string, type: FieldType, schemaSpec: Spec): unknown {
  switch (type.kind) {
    case "string":
      return type.format === undefined ? `${wire} value` : FORMAT_SAMPLES[type.format]();
    case "boolean":
      return true;
    case "integer":
    case "number":
      return type.min;
    case "duration":
      return type.min ?? "10s";
    case "enum":
      return type.values[0];
    case "list":
      return [sample(wire, type.items, schemaSpec.items!)];
    case "map":
      return { [MAP_KEY]: sample(wire, type.values, schemaSpec.additionalProperties!) };
    case "object":
      return objectSample(type.fields, named(schemaSpec.$ref));
    case "any":
      return "any value";
  }
}

/**
 * The table's `fields` paired with the properties of the schema type `object`, in order (the
 * generator writes them in the table's order), whatever their names: each field's wire name and
 * type, and the name and schema of its property.
 */
function paired(
  fields: ActionSpec["fields"],
  object: Spec,
): { wire: string; type: FieldType; name: string; spec: Spec }[] {
  const properties = Object.entries(object.properties!);
  const table = Object.entries(fields);
  if (properties.length !== table.length) {
    throw new Error(`${properties.length} properties for ${table.length} fields`);
  }
  return table.map(([wire, field], i) => ({
    wire,
    type: field.type,
    name: properties[i][0],
    spec: properties[i][1],
  }));
}

/** Every field of `fields` set, under the name the schema type `object` gives it. */
function objectSample(fields: ActionSpec["fields"], object: Spec): Record<string, unknown> {
  return Object.fromEntries(
    paired(fields, object).map(({ wire, type, name, spec }) => [name, sample(wire, type, spec)]),
  );
}

/**
 * What ngrok should receive of `value` (a sample of the table's `type`, `spec` its schema): every
 * field under its wire name, each map's keys as written.
 */
function wireForm(type: FieldType, spec: Spec, value: unknown): unknown {
  switch (type.kind) {
    case "list":
      return (value as unknown[]).map((item) => wireForm(type.items, spec.items!, item));
    case "map":
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, item]) => [
          key,
          wireForm(type.values, spec.additionalProperties!, item),
        ]),
      );
    case "object":
      return objectWireForm(type.fields, named(spec.$ref), value);
    default:
      return value;
  }
}
function objectWireForm(fields: ActionSpec["fields"], object: Spec, value: unknown): unknown {
  const given = value as Record<string, unknown>;
  return Object.fromEntries(
    paired(fields, object).map(({ wire, type, name, spec }) => [
      wire,
      wireForm(type, spec, given[name]),
    ]),
  );
}

describe("the names the SDKs send are the ones the check reads", () => {
  test.each(actions)(
    "%s with every field set, under the schema's names, passes with each field known",
    (type, spec) => {
      const action = typeOf(actionTypeName(type));
      const config =
        Object.keys(spec.fields).length === 0
          ? undefined
          : objectSample(spec.fields, named(action.properties!.config.$ref));
      const phase = phaseFor(spec);
      const policy = {
        [camelCase(phase)]: [{ actions: [{ type, ...(config ? { config } : {}) }] }],
      };
      const check = checkTrafficPolicy(policy, { now: Date.parse("2026-01-01T00:00:00Z") });
      expect(check.failures).toEqual([]);
      expect(check.warnings.filter((w) => /not a field|does not know/.test(w))).toEqual([]);
      const expectedConfig =
        config === undefined
          ? undefined
          : objectWireForm(spec.fields, named(action.properties!.config.$ref), config);
      expect(JSON.parse(check.canonical!)).toEqual({
        [phase]: [{ actions: [{ type, ...(expectedConfig ? { config: expectedConfig } : {}) }] }],
      });
    },
  );

  test("an action this version does not know, as a TrafficPolicyAction, passes with a warning", () => {
    const any = typeOf(ANY_ACTION_TYPE);
    const action = { type: "geo-fence", config: { allowCountries: ["FR"], "X-Kept": 1 } };
    expect(Object.keys(action).every((key) => key in any.properties!)).toBe(true);
    const check = checkTrafficPolicy({ onHttpRequest: [{ actions: [action] }] });
    expect(check.failures).toEqual([]);
    expect(check.warnings).toEqual([
      expect.stringContaining('onHttpRequest[0].actions[0].type is "geo-fence", an action'),
    ]);
    expect(JSON.parse(check.canonical!)).toEqual({
      on_http_request: [
        { actions: [{ type: "geo-fence", config: { allow_countries: ["FR"], "X-Kept": 1 } }] },
      ],
    });
  });
});
