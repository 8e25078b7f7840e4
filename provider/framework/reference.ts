/**
 * References (`ReferenceType` of `./property`): a property whose value is another object's id,
 * sent as ngrok's `<name>_id` and read back from its `Ref`, `<name>: { id, uri }`, as ngrok's
 * Terraform provider reads one (`model.IPPolicyID = rule.IPPolicy.ID`). Everything else follows
 * from the type: `check` judges the id's prefix (`./check`), the wire reads the answer's field
 * (`./wire`), the lookups filter and judge by it (`../registry`), the generator names it.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`): every `…Create` field
 * `<name>_id` (`<name>_ids`) whose object answers `<name>` (`<names>`) of schema `Ref`
 * (`IPPolicyRuleCreate.ip_policy_id` and `IPPolicyRule.ip_policy`, `IPRestrictionCreate.ip_policy_ids`
 * and `IPRestriction.ip_policies`, `SecretCreate.vault_id` and `Secret.vault`).
 *
 * @module
 */
import { pluralOf } from "./names";
import type { PropertyDefinition, ReferenceType } from "./property";

/** What a reference is made from: the referenced resource's definition, or its facts. */
export interface Referenced {
  /** Its type name, e.g. `IpPolicy`. */
  readonly name: string;
  readonly api: {
    readonly noun: string;
    readonly idPrefix?: string;
    readonly idPrefixUndocumented?: boolean;
  };
}

/** The facts of a reference to `target`'s objects. */
function referenceTo(target: Referenced) {
  const prefix = target.api.idPrefix;
  if (prefix === undefined) throw new Error(`${target.name}: its objects have no ids to refer to`);
  const undocumented = target.api.idPrefixUndocumented === true;
  return {
    kind: "reference",
    resource: target.name,
    noun: target.api.noun,
    prefix,
    ...(undocumented ? { prefixUndocumented: true } : {}),
  } as const;
}

/**
 * A reference to one object of `target` (a definition, e.g. `ipPolicyDefinition`, or the facts of
 * a resource the package does not have yet).
 *
 * @throws Error when `target`'s objects have no ids.
 */
export function reference(target: Referenced): ReferenceType & { readonly many?: false } {
  return referenceTo(target);
}

/**
 * A list of references to objects of `target` (see {@link reference}).
 *
 * @throws Error when `target`'s objects have no ids.
 */
export function references(target: Referenced): ReferenceType & { readonly many: true } {
  return { ...referenceTo(target), many: true };
}

/** `noun` with its article: `an IP policy`, `an SSH key`, `a vault`, `a TLS certificate`, `a user`. */
export function withArticle(noun: string): string {
  // A vowel said as one (not the "you" of user, unique, URL), or an initialism whose first
  // letter is said with one (F, H, L, M, N, R, S, X).
  const vowel = /^[aeiou]/i.test(noun) && !/^(us|uni|url)/i.test(noun);
  return vowel || /^[FHLMNRSX][A-Z]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** What a value of `type` must be: `the id of an IP policy (ipp_…), e.g. the id output of an IpPolicy`. */
export function referenceWords(type: ReferenceType): string {
  return `the id of ${withArticle(type.noun)} (${type.prefix}…), e.g. the id output of ${withArticle(type.resource)}`;
}

/**
 * The field of ngrok's answer that holds the reference `property` (wire `<name>_id` or
 * `<name>_ids`): `<name>`, or `<names>` for a list.
 *
 * @throws Error when the property's wire name does not end in `_id` (`_ids` for a list).
 */
export function answerField(property: PropertyDefinition & { type: ReferenceType }): string {
  const { wire, type } = property;
  const suffix = type.many === true ? "_ids" : "_id";
  if (wire === undefined || !wire.endsWith(suffix) || wire.length === suffix.length) {
    throw new Error(`a reference's wire name is <name>${suffix}, not ${String(wire)}`);
  }
  const name = wire.slice(0, -suffix.length);
  return type.many === true ? pluralOf(name) : name;
}

/** The id of ngrok's `Ref` `value` (`{ id, uri }`), or `undefined`. */
function refId(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const id: unknown = Reflect.get(value, "id");
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** The value of a reference of `type` in an answer's field `value`: the id, or the list of ids. */
export function answeredReference(type: ReferenceType, value: unknown): unknown {
  if (type.many !== true) return refId(value);
  if (!Array.isArray(value)) return undefined;
  const items: unknown[] = value;
  return items.map(refId).filter((id): id is string => id !== undefined);
}
