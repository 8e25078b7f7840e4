/**
 * The vocabulary of the traffic policy table (`./actions`, `./authActions`, `./phases`): what a
 * phase, an action and a config field are, written once as data, from which the TypeScript types
 * of a policy (`./types`), the checks of `checkTrafficPolicy` (`./index.ts`) and the Pulumi package schema's
 * types (`tools/scripts/generate/trafficPolicySchema.ts`) are all derived.
 *
 * Fields are keyed by ngrok's wire name (snake_case, as ngrok's docs and API write them); the
 * name in the SDKs is derived from it ({@link camelCase}: `issuer_url` → `issuerUrl`), at the
 * type level too ({@link CamelCase}), so each name is written once.
 *
 * Source of the structure: ngrok's "How Traffic Policy Works"
 * (https://ngrok.com/docs/traffic-policy/how-it-works/), sections Phases, Phase rules and
 * Actions.
 *
 * @module
 */
import type { StringFormat } from "../framework/formats";

/**
 * What a string field holds beyond "a string", each judged by the rule of that name in
 * `./formats`. In a field that takes CEL ({@link FieldSpec.cel}) the parts of a value given by an
 * interpolation `${…}` are left to ngrok; in any other field `${…}` is text like any other. Every
 * format a resource's property may have (`StringFormat` of `../framework/formats.ts`: `httpsUrl`,
 * `url`, `cidr`, …), and those only a policy has:
 * - `internalUrl`: a `scheme://host[:port]` URL whose host ends in `.internal` (an internal
 *   endpoint of the same account);
 * - `celExpression`: the whole value is one CEL expression;
 * - `credential`: `username:password`, the password 8 to 128 characters;
 * - `idpMetadata`: an identity provider's SAML 2.0 metadata document (the rules of
 *   `HttpsEdgeRouteSaml.idpMetadata`);
 * - `ipPolicyId`: the id of an ngrok IP policy (`ipp_…`);
 * - `headerName`: an HTTP field name, a token of RFC 9110 (`X-Client-IP`);
 * - `domain`: a domain name (`example.com`, `.example.com`, an internationalized one);
 * - `regex`: a regular expression in RE2's syntax, which ngrok compiles (Go's `regexp`).
 */
export type PolicyFormat =
  | StringFormat
  | "internalUrl"
  | "celExpression"
  | "credential"
  | "idpMetadata"
  | "ipPolicyId"
  | "headerName"
  | "domain"
  | "regex";

/**
 * A string, of `format` if given, with at most `maxLength` characters, only ASCII ones when
 * `ascii`, none of the values of `refused`.
 */
export interface StringField {
  readonly kind: "string";
  readonly format?: PolicyFormat;
  readonly maxLength?: number;
  readonly ascii?: boolean;
  /** Values that are strings but not accepted (`none` as a JWT algorithm), and why. */
  readonly refused?: { readonly values: readonly string[]; readonly why: string };
  /**
   * A number or a boolean passes in its place, with a warning, and is sent as written: `why`
   * names where ngrok writes one so (a header value `1` unquoted in YAML).
   */
  readonly scalars?: { readonly why: string };
  /**
   * An object of `fields` passes in its place, with a warning, and is sent as written: `why`
   * names where ngrok writes one so (`basic-auth` credentials as `{username, password}`).
   */
  readonly orObject?: { readonly fields: Fields; readonly why: string };
}
/** `true` or `false`. */
export interface BooleanField {
  readonly kind: "boolean";
}
/** An integer from `min` to `max`. */
export interface IntegerField {
  readonly kind: "integer";
  readonly min: number;
  readonly max: number;
}
/** A number (integer or not) from `min` to `max`. */
export interface NumberField {
  readonly kind: "number";
  readonly min: number;
  readonly max: number;
}
/**
 * A duration as Go writes one (`90s`, `1h30m`, `500ms`), from `min` to `max` when given (also
 * durations), a multiple of `multipleOf` when given. An integer passes too, with a warning, read
 * as Go's `time.Duration` reads one: nanoseconds (ngrok's operator writes `120000000000`).
 */
export interface DurationField {
  readonly kind: "duration";
  readonly min?: string;
  readonly max?: string;
  readonly multipleOf?: string;
}
/** One of `values`. */
export interface EnumField {
  readonly kind: "enum";
  readonly values: readonly string[];
}
/**
 * A list of `items`, with `minItems` to `maxItems` of them; `unique`: no item twice; `orOne`: one
 * item alone passes in place of the list, as written (where ngrok's reference says a list and
 * its examples write one object).
 */
export interface ListField {
  readonly kind: "list";
  readonly items: FieldType;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly unique?: boolean;
  readonly orOne?: boolean;
}
/**
 * A map of names (kept as written, in every form: header names, variable names) to `values`,
 * with `minEntries` to `maxEntries` entries, each name of format `names` when given.
 */
export interface MapField {
  readonly kind: "map";
  readonly values: FieldType;
  readonly minEntries?: number;
  readonly maxEntries?: number;
  readonly names?: PolicyFormat;
}
/** An object of known `fields` (a nested config object). */
export interface ObjectField {
  readonly kind: "object";
  readonly fields: Fields;
}
/** Any JSON value (a CEL value, a shape ngrok's docs disagree on): only interpolations are checked. */
export interface AnyField {
  readonly kind: "any";
  /**
   * The keys of its objects are ngrok field names (not names of the user's, as in a log's
   * metadata): in the object form, a camelCase key is sent in snake_case (`snakeCase`).
   */
  readonly wireKeys?: boolean;
}

/** Every kind of config field. */
export type FieldType =
  | StringField
  | BooleanField
  | IntegerField
  | NumberField
  | DurationField
  | EnumField
  | ListField
  | MapField
  | ObjectField
  | AnyField;

/** One field of an action's config (or of a nested object). */
export interface FieldSpec {
  readonly type: FieldType;
  /** What users read: the TSDoc of the SDK, the package schema, the docs. */
  readonly description: string;
  /** The policy must set it. */
  readonly required?: boolean;
  /** ngrok's default when it is left out, as its docs write it (for the docs only). */
  readonly default?: string;
  /**
   * It holds a secret (a client secret, a password, a private key): never quoted in a message,
   * and a policy holding one is reported secret-bearing (see `./index.ts`, `secretPaths`). A
   * reference to an ngrok vault secret (`${secrets.get('vault', 'name')}`) holds none.
   */
  readonly secret?: boolean;
  /**
   * ngrok evaluates CEL interpolations (`${…}`) in its strings (its reference page marks it
   * "Supports CEL"), and so vault secrets (https://ngrok.com/docs/traffic-policy/secrets/: "in
   * all Traffic Policy actions and fields that support CEL"). Elsewhere `${…}` is text.
   */
  readonly cel?: boolean;
  /** The field applies in these phases only (e.g. `deny`'s `status_code`: HTTP only). */
  readonly phases?: readonly PhaseName[];
  /**
   * An older spelling of the field named here, which ngrok's own tools still write (the
   * operator's `content` for `body`): known, so it does not warn, but left out of the SDKs' types.
   */
  readonly legacyOf?: string;
}

/** The fields of a config object, by wire name. */
export type Fields = Readonly<Record<string, FieldSpec>>;

/** A rule between fields that no single field's type says. */
export type FieldsRule =
  /** At least one of `fields` is set. */
  | { readonly kind: "atLeastOne"; readonly fields: readonly string[] }
  /** Either all of `fields` are set, or none. */
  | { readonly kind: "together"; readonly fields: readonly string[] }
  /** `fields` are required when the field `when` has one of `values`, because `why`. */
  | {
      readonly kind: "requiredWhen";
      readonly fields: readonly string[];
      readonly when: string;
      readonly values: readonly string[];
      readonly why: string;
    };

/** One action of the table. */
export interface ActionSpec {
  /** What it does, for users. */
  readonly description: string;
  /**
   * ngrok's reference page of the action, the source of its facts: `<DOCS>/<page>/` (see
   * `./fieldSpecs`), derived from {@link ActionEntry.page}.
   */
  readonly source: string;
  /** The phases it may run in. */
  readonly phases: readonly PhaseName[];
  /**
   * It ends the handling of the request or connection (ngrok's "terminating action"): nothing
   * after it in its rule runs (an action there is refused, `ERR_NGROK_2207`), and a cloud
   * endpoint's policy must end with one (`ERR_NGROK_2235`). Where ngrok's pages disagree:
   * - `unless`: it does not terminate when its config sets `field` to `value`
   *   (`forward-internal` with `on_error: continue`);
   * - `laterActions`: why an action after it in its rule may still run (it is warned of, not
   *   refused);
   * - `contested`: why it may end a cloud endpoint's policy though it is not terminating (a
   *   policy that ends with it passes with a warning; an action after it runs).
   */
  readonly terminating?:
    | true
    | {
        readonly unless?: { readonly field: string; readonly value: string };
        readonly laterActions?: string;
        readonly contested?: string;
      };
  /**
   * The schemes of the endpoints it runs on, when its page restricts them (`terminate-tls`):
   * judged when the endpoint's URL is known.
   */
  readonly schemes?: readonly EndpointScheme[];
  /** ngrok offers it in early access only; its documented fields may be incomplete. */
  readonly earlyAccess?: boolean;
  /** Other names ngrok's docs give its type (e.g. `oidc` for `openid-connect`). */
  readonly aliases?: readonly string[];
  readonly fields: Fields;
  readonly rules?: readonly FieldsRule[];
}

/** An entry of the table as written (`./authActions`, …): its `source` is derived from `page`. */
export type ActionEntry = Omit<ActionSpec, "source"> & {
  /** The name of its reference page under ngrok's actions docs, when it is not its type. */
  readonly page?: string;
};

/** The schemes of an endpoint's URL (https://ngrok.com/docs/universal-gateway/endpoints/). */
export type EndpointScheme = "http" | "https" | "tls" | "tcp";

/** ngrok's phases, by wire name (see `./phases`). */
export type PhaseName =
  "on_tcp_connect" | "on_http_request" | "on_http_response" | "on_event_stream_message";

/** `snake_case` as `camelCase`, at the type level: `issuer_url` → `issuerUrl`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A wire name in the SDKs' spelling: `issuer_url` → `issuerUrl`, `on_http_request` → `onHttpRequest`. */
export function camelCase(wire: string): string {
  return wire.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * An SDK name in ngrok's spelling, for a key that is in no table (a field this version does not
 * know): a camelCase identifier such as `statusCode` → `status_code`; any other name (`X-Header`,
 * `status_code`) is kept as written.
 */
export function snakeCase(name: string): string {
  return /^[a-z][a-zA-Z0-9]*$/.test(name)
    ? name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()
    : name;
}
