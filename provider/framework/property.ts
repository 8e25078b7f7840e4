/**
 * The vocabulary of a resource's definition (see `./resource`): what one property is.
 *
 * A property is written once, in its resource's `definition.ts`, with all the package derives from
 * it: type and rules (`check`), description (TSDoc, schema, docs tables), required and default,
 * secret, computed by ngrok (an output), wire name (snake_case), what a change does.
 *
 * The types are a small closed vocabulary rather than zod schemas: `check` and `diff`, all that
 * `pulumi preview` runs, must not load zod (see `../../BENCHMARKS.md`, cold start), and each kind
 * maps to exactly one TypeScript type, one Pulumi schema type, one rule of `check` and one wire
 * schema (built with zod on first use, in `./wire`).
 *
 * @module
 */
import type { InputChecker } from "../common/inputChecker";
import type { StringFormat } from "./formats";

/**
 * A string: `maxBytes` counted in UTF-8; `nonEmpty` refuses `""` and whitespace only; `format`
 * what it holds (`./formats`, the vocabulary a traffic policy's fields share: `cidr`, `url`,
 * `pemCertificate`, …), judged at `check` by that format's rule and named in the docs' Type column.
 */
export interface StringType {
  readonly kind: "string";
  readonly maxBytes?: number;
  readonly nonEmpty?: boolean;
  readonly format?: StringFormat;
}
/** `true` or `false`. */
export interface BooleanType {
  readonly kind: "boolean";
}
/** An integer within `[min, max]`, in `unit` (e.g. `seconds`). */
export interface IntegerType {
  readonly kind: "integer";
  readonly min: number;
  readonly max: number;
  readonly unit?: string;
}
/** One of `values` (strings or numbers), in `unit` (e.g. `bits`). */
export interface EnumType<V extends string | number = string | number> {
  readonly kind: "enum";
  readonly values: readonly V[];
  readonly unit?: string;
  /** The TypeScript name of the union of `values`, exported by the SDK, e.g. `PrivateKeyType`. */
  readonly typeName?: string;
  /** What the union is, for the TSDoc of {@link EnumType.typeName}. */
  readonly typeDescription?: string;
}
/**
 * An ngrok id: `prefix` (e.g. `sshca_`), then letters and digits. `names` says whose id it is in
 * the failure (`an SSH certificate authority`), `example` where one comes from (`e.g. the id
 * output of an SshCertificateAuthority`); without them the failure says `an ngrok id`.
 */
export interface NgrokIdType {
  readonly kind: "ngrokId";
  readonly prefix: string;
  readonly names?: string;
  readonly example?: string;
}
/**
 * A reference to another object (ngrok's `Ref`): its value is the object's id (`ipPolicyId:
 * "ipp_…"`), or with `many` a list of ids (`ipPolicyIds`). An input is sent under the property's
 * `wire`, `<name>_id` (`<name>_ids`), and read back from the answer's `<name>: { id, uri }`
 * (`<names>: [{ id, uri }]`, see `./reference`), on every read, an import and the lookups alike,
 * so a change made outside Pulumi shows as drift. `check` refuses an id without the referenced
 * resource's `prefix`, naming it (`the id of an IP policy (ipp_…), e.g. the id output of an
 * IpPolicy`). Made by `reference` and `references` of `./reference` from the referenced resource.
 */
export interface ReferenceType {
  readonly kind: "reference";
  /** The referenced resource's type name, e.g. `IpPolicy`. */
  readonly resource: string;
  /** The referenced object in a sentence, e.g. `IP policy`. */
  readonly noun: string;
  /** The prefix of its ids, e.g. `ipp_`. */
  readonly prefix: string;
  /** A list of references. */
  readonly many?: boolean;
  /** ngrok documents no prefix of the referenced ids: `prefix` is not judged (`ResourceApi`). */
  readonly prefixUndocumented?: boolean;
}
/** A list of non-empty strings. */
export interface StringListType {
  readonly kind: "stringList";
}
/** A map of names to string values. */
export interface StringMapType {
  readonly kind: "stringMap";
}

/** One field of an {@link ObjectListType}'s objects: a string, described. */
export interface ObjectField {
  readonly description: string;
}
/**
 * A list of objects with string fields, each field required and sent under its own name: an
 * output computed by the provider (the signing certificates of an IdP metadata document), or an
 * input (an event subscription's `sources`, `check` refusing an item that is not an object of
 * these fields). `typeName` names the objects' type in the SDK and the package schema.
 */
export interface ObjectListType {
  readonly kind: "objectList";
  readonly typeName: string;
  readonly typeDescription: string;
  readonly fields: Readonly<Record<string, ObjectField>>;
}

/**
 * One field of an {@link ObjectType}: a string (one of `values`, of `format` when set), a list of
 * strings (`list`), or an object of its own (`object`); ngrok's name of it is `wire`. `required`:
 * `check` refuses the object without it. `secret`: a credential inside the object
 * (`./secretFields.ts`).
 */
export interface ObjectTypeField {
  readonly description: string;
  readonly wire: string;
  readonly values?: readonly string[];
  readonly format?: StringFormat;
  /** A list of strings (e.g. a TLS certificate's `subject_alternative_names.dns_names`). */
  readonly list?: boolean;
  readonly object?: ObjectType;
  readonly required?: boolean;
  readonly secret?: boolean;
}
/**
 * An object of named fields (ngrok's nested objects, e.g. a reserved domain's certificate
 * management policy), named `typeName` in the SDK and the package schema. Its fields go to and
 * come from the wire under their `wire` names; a field an answer leaves out or holds `null` is
 * left out.
 */
export interface ObjectType {
  readonly kind: "object";
  readonly typeName: string;
  readonly typeDescription: string;
  readonly fields: Readonly<Record<string, ObjectTypeField>>;
  /**
   * Exactly one of the fields is set, the others left out (ngrok's "exactly one of", e.g. an event
   * destination's `target`): `check` refuses none and more than one, naming them.
   */
  readonly exactlyOne?: boolean;
}
/**
 * A document given as an object or as YAML or JSON text (a traffic policy): the SDK's type is
 * `typeName | string` (`typeName` imported from `typeModule`, relative to `sdk/generated/`), the
 * package schema's `Any`. Its own `rule` judges it and `encode` writes it on the wire.
 */
export interface DocumentType {
  readonly kind: "document";
  readonly typeName: string;
  readonly typeModule: string;
}

/** Every kind of property type. */
export type PropertyType =
  | StringType
  | BooleanType
  | IntegerType
  | EnumType
  | NgrokIdType
  | ReferenceType
  | StringListType
  | StringMapType
  | ObjectListType
  | ObjectType
  | DocumentType;

/** The JavaScript value of a property of type `T`. */
export type ValueOf<T extends PropertyType> =
  T extends EnumType<infer V>
    ? V
    : T extends { kind: "reference"; many: true }
      ? string[]
      : T extends BooleanType
        ? boolean
        : T extends IntegerType
          ? number
          : T extends StringListType
            ? string[]
            : T extends StringMapType
              ? Record<string, string>
              : T extends ObjectListType
                ? { [K in keyof T["fields"]]: string }[]
                : T extends ObjectType
                  ? Record<string, unknown>
                  : T extends DocumentType
                    ? string | Record<string, unknown>
                    : string;

/** A value as a definition writes it: lists and maps may be read-only literals. */
export type LiteralOf<T extends PropertyType> = ValueOf<T> | ReadonlyOf<ValueOf<T>>;
/** `V` with its lists and maps read-only (distributes over a union). */
type ReadonlyOf<V> = V extends (infer U)[] ? readonly U[] : V extends object ? Readonly<V> : V;

/**
 * Who sets a property:
 * - `input`: the program (an argument), recorded in the outputs too;
 * - `output`: ngrok (computed, read-only), or the provider itself;
 * - `internal`: the resource class or the plugin, never the user (e.g. the owner the ownership
 *   marker writes); not documented, not in the SDK's arguments or outputs.
 */
export type PropertyRole = "input" | "output" | "internal";

/**
 * What a change of an input does: `update` in place, `replace` the object (a new one is created
 * before the old one is deleted), or `nothing` (an input only create reads).
 */
export type ChangeEffect = "update" | "replace" | "nothing";

/** One property of a resource. */
export interface PropertyDefinition<T extends PropertyType = PropertyType> {
  readonly type: T;
  readonly role: PropertyRole;
  /**
   * What users read about it: the TSDoc of the argument (or of the output, for an output), the
   * package schema's description, the docs table. Markdown, no line breaks needed.
   */
  readonly description: string;
  /** The output's TSDoc when it says something else than {@link PropertyDefinition.description}. */
  readonly outputDescription?: string;
  /** Inputs: the program must set it. */
  readonly required?: boolean;
  /**
   * Required inputs: what to give, after `<name> is required: ` in the failure when it is
   * missing (default: the enum's values, or the description).
   */
  readonly requiredText?: string;
  /** Inputs: the value `check` records when the program leaves it out (sent to ngrok). */
  readonly default?: LiteralOf<T>;
  /**
   * Inputs: the default as the docs say it, when it is not a value `check` records, e.g. ngrok's
   * own (`the creation time`). Shown in the docs table and the schema's description.
   */
  readonly defaultText?: string;
  /**
   * Inputs ngrok fills when they are left out: the output holds ngrok's value, and leaving the
   * input out is never a change.
   */
  readonly serverFilled?: boolean;
  /** Inputs: what a change does (required for inputs). */
  readonly onChange?: ChangeEffect;
  /**
   * Whether the value is a secret: Pulumi encrypts it in state on both paths (the plugin's answers
   * wrap it, the Node.js classes register it secret), no message quotes it. Implied by
   * `writeOnly` and `returnedOnce` (see {@link isSecret}).
   */
  readonly secret?: boolean;
  /**
   * Inputs ngrok takes and never returns (a vault secret's `value`, a private key): a secret,
   * recorded in state from the inputs, kept from state by every read (so a refresh never reports
   * drift on it), a change of it does what `onChange` says. An object read without state (an
   * import, a lookup) does not have it; a required one declared for such an object is taken as
   * ngrok's until it changes (`./diff`), since ngrok cannot say what it holds.
   */
  readonly writeOnly?: boolean;
  /**
   * Outputs ngrok answers once, to the create (an API key's `token`): a secret, kept from state
   * through every read, refresh and update (whose answers hold `null`). An import or a lookup
   * cannot recover it and leaves it unset, as its descriptions say ({@link returnedOnceWords}).
   */
  readonly returnedOnce?: boolean;
  /**
   * ngrok's name of the field (snake_case), or `undefined` when the property never goes to ngrok
   * (a path parameter, or the provider's own).
   */
  readonly wire?: string;
  /**
   * Whether ngrok's answers carry the field (`wire`): the output is read from the answer. When
   * false, the output keeps the input (ngrok never returns it). Default: true when `wire` is set
   * and the input is not `writeOnly`.
   */
  readonly echoed?: boolean;
  /** Echoed inputs: ngrok's answers always carry a non-empty value (else an answer is refused). */
  readonly alwaysAnswered?: boolean;
  /** The output's value when an answer leaves the field out, is `null` or `""`. */
  readonly whenAbsent?: LiteralOf<T> | "omit";
  /**
   * Inputs that apply only when another input has one value: e.g. `ellipticCurve` only when
   * `privateKeyType` is `ecdsa`. `check` refuses it otherwise, and its default applies only then.
   */
  readonly onlyWhen?: { readonly property: string; readonly value: string };
  /** The docs' Type column, when the type's own words are not enough, e.g. `string, sshca_…`. */
  readonly typeText?: string;
  /** Lists: the order does not count (a set), so a reordered list is not a change. */
  readonly unordered?: boolean;
  /**
   * Outputs, and inputs ngrok fills (`serverFilled`): the API answer may lack it (an optional
   * output); default: it is always set.
   */
  readonly optional?: boolean;
  /**
   * Outputs computed from these inputs (by ngrok or by the provider), e.g. the signing
   * certificates read from `idpMetadata`: a preview of an update that changes one of them shows
   * the output as unknown, since its old value no longer holds; other outputs keep their old,
   * known values.
   */
  readonly derivedFrom?: readonly string[];
  /**
   * Inputs: how a value in state and a declared value are compared where equality is not enough
   * (two timestamps of one instant, one key with another comment), by `diff` and by the
   * pending-creates command alike. Run on the values as they are, absent as `undefined`.
   * Default: equal after `canonical` (`./diff`).
   */
  readonly same?: (old: unknown, declared: unknown) => boolean;
  /**
   * Inputs: what the property's type does not say (a document to parse, a key to judge, a
   * timestamp to read), written beside the definition in the resource's `rules.ts`. It runs
   * after the shared checks (required, then the type's rule) and only with a value they
   * accepted: set, known, and of the property's type (see `./check`). What it returns, if
   * anything, is what it parsed (e.g. a document's signing certificates): `check` hands it on
   * (`checkParsed`, see `./define`), so that nothing is parsed twice and no rule keeps state.
   */
  rule?(value: ValueOf<T>, c: RuleChecker, name: string): unknown;
  /**
   * Inputs: whether a failure about `value` names the property. Pulumi's engine prints a named
   * property's value whole with the failure, so a document names none (property `""`; its reason
   * still starts with the name). Default: always.
   */
  readonly namedInFailures?: (value: unknown) => boolean;
  /**
   * Inputs: the value ngrok receives, from the checked value (e.g. a traffic policy's canonical
   * JSON); default: the value itself (an object's fields under their wire names).
   */
  readonly encode?: (value: unknown) => unknown;
  /**
   * Documents: the values the program wrote in `value` (a text's, parsed), without its keys and
   * what names its structure (a traffic policy's action types): what no message may show when
   * the program made the whole input secret, while its keys and paths stay readable
   * (`../common/secretInputs`). Default: every text in the input is hidden, keys included.
   */
  readonly writtenValues?: (value: unknown) => readonly string[];
  /** Inputs: `""` is taken as left out, so the default applies (e.g. ngrok's own `""`). */
  readonly blankIsDefault?: boolean;
  /**
   * Inputs ngrok allows once per account (a key), or once among the objects that share the input
   * `within` (a rule's block in its policy, a secret's name in its vault): a replacement that
   * keeps the value (and the `within` input) deletes the old object before creating the new one,
   * since ngrok would refuse the copy; a create whose answer is lost is found again by it (and
   * the `within` input).
   */
  readonly unique?: boolean | { readonly within: string };
}

/**
 * A property's own rule (see {@link PropertyDefinition.rule}): judges `value`, which the shared
 * checks accepted, and records failures that name the property through `c` (the checker of
 * `../common/inputChecker.ts`); it may also record a normalized value (`c.set`) or drop one (`c.drop`), and
 * return what it parsed.
 */
export type PropertyRule<T extends PropertyType = PropertyType> = (
  value: ValueOf<T>,
  c: RuleChecker,
  name: string,
) => unknown;

/** The checker a {@link PropertyRule} records through (every property by its name). */
export type RuleChecker = InputChecker<Record<string, unknown>>;

/** The id prefix a value of `type` has: an ngrok id's, or one reference's; else `undefined`. */
export function idPrefixOf(type: PropertyType | undefined): string | undefined {
  if (type?.kind === "ngrokId") return type.prefix;
  const judged = type?.kind === "reference" && !type.many && !type.prefixUndocumented;
  return judged ? type.prefix : undefined;
}

/**
 * Whether a lookup's result holds `property`: what ngrok holds of an object, not the resource's
 * bookkeeping (an internal property, an input only create reads, an output the provider keeps)
 * nor a `writeOnly` input, which ngrok never returns.
 */
export function isReadByLookups(property: PropertyDefinition): boolean {
  return (
    property.role !== "internal" &&
    !(property.role === "input" && (property.onChange === "nothing" || property.writeOnly)) &&
    !(property.role === "output" && property.wire === undefined)
  );
}

/** Whether `property`'s value is a secret: `secret`, `writeOnly` or `returnedOnce`. */
export function isSecret(
  property: Pick<PropertyDefinition, "secret" | "writeOnly" | "returnedOnce">,
): boolean {
  return property.secret === true || property.writeOnly === true || property.returnedOnce === true;
}

/** The sentence every `returnedOnce` output's description ends with (docs, schema, SDK). */
export const returnedOnceWords =
  "ngrok returns it once, to the create: `pulumi import` and the lookups cannot recover it and " +
  "leave it unset.";

/** What users read of `property` as an output: its output description, with what it implies. */
export function outputWords(property: PropertyDefinition): string {
  const text = property.outputDescription ?? property.description;
  return property.returnedOnce === true ? `${text} ${returnedOnceWords}` : text;
}

/** The type names of an {@link EnumType}'s values, e.g. `"rsa" | "ecdsa"`. */
export function literalUnion(values: readonly (string | number)[]): string {
  return values.map((v) => JSON.stringify(v)).join(" | ");
}
