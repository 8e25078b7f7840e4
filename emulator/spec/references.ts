/**
 * References between collections, as ngrok's document shows them: a request field `<name>_id`
 * (or `<name>_ids`, a list) whose success answer holds `<name>` of schema `Ref` (or `<names>`, a
 * list of `Ref`), `{ id, uri }` of the object referred to: an IP policy rule's `ip_policy_id` and
 * `ip_policy`, an IP restriction's `ip_policy_ids` and `ip_policies`, an event subscription's
 * `destination_ids` and `destinations`. A request field `<name>_name` described as the "name of
 * the referenced <name>" (a vault secret's `vault_name`) names the same object by its `name`.
 *
 * The collection referred to is the one named after the noun: `/<names>`, else the one collection
 * whose path ends in `_<names>` (`destination` → `/event_destinations`); see
 * `model/references.ts`.
 */
import { refName, type OperationObject, type SchemaObject } from "./document";

/** One reference field of an operation's request (see the module comment). */
export interface ReferenceField {
  /** The noun: `ip_policy`, `destination`, `vault`. */
  readonly noun: string;
  /** The request field: `ip_policy_id`, `ip_policy_ids`. */
  readonly request: string;
  /** The answer's field holding the `Ref`s: `ip_policy`, `ip_policies`. */
  readonly answer: string;
  /** Whether it is a list (`<name>_ids`). */
  readonly many: boolean;
  /** The request field naming the object by its `name` instead (`vault_name`), if any. */
  readonly byName?: string;
}

/** The plural of a collection noun, as ngrok's paths spell it: `ip_policy` → `ip_policies`. */
export function pluralOf(noun: string): string {
  return /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** Whether `schema` (a property of the effective document) is a `Ref`, maybe nullable. */
function isRef(schema: SchemaObject | undefined): boolean {
  const ref = schema?.$ref ?? (schema?.allOf?.length === 1 ? schema.allOf[0].$ref : undefined);
  return ref !== undefined && refName(ref) === "Ref";
}

/**
 * The reference fields of an operation whose request is `request` and whose answer is `answer`
 * (both resolved object schemas).
 */
export function referenceFields(request: SchemaObject, answer: SchemaObject): ReferenceField[] {
  const asked = request.properties ?? {};
  const answered = answer.properties ?? {};
  const fields: ReferenceField[] = [];
  for (const [name, property] of Object.entries(asked)) {
    const single = /^(.+)_id$/.exec(name);
    const list = /^(.+)_ids$/.exec(name);
    if (single !== null && property.type === "string" && isRef(answered[single[1]])) {
      const noun = single[1];
      const byName = `${noun}_name`;
      const named = /\bname of the referenced\b/i.test(asked[byName]?.description ?? "");
      fields.push({
        noun,
        request: name,
        answer: noun,
        many: false,
        ...(named ? { byName } : {}),
      });
    } else if (list !== null && property.type === "array") {
      const answerName = pluralOf(list[1]);
      const items = answered[answerName];
      if (items?.type === "array" && isRef(items.items)) {
        fields.push({ noun: list[1], request: name, answer: answerName, many: true });
      }
    }
  }
  return fields;
}

/** The reference fields of an operation of `spec` (see {@link referenceFields}). */
export function operationReferences(
  spec: {
    requestSchemaOf(op: OperationObject): SchemaObject;
    resolve(schema: SchemaObject): SchemaObject;
    successSchema(op: OperationObject): SchemaObject;
  },
  op: OperationObject,
): ReferenceField[] {
  return referenceFields(spec.requestSchemaOf(op), spec.resolve(spec.successSchema(op)));
}
