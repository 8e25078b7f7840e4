/**
 * A plain CRUD resource of ngrok's OpenAPI document served with no behaviour of its own: one
 * `{ path, idPrefix }` (e.g. `{ path: "/ip_policies", idPrefix: "ipp_" }`) and the emulator
 * accepts, stores, updates, lists and deletes what the document describes, as
 * `routes/collection.ts` serves every resource. The rules it applies are the document's own:
 * the fields and their types, the required ones, and the byte limits its field descriptions state
 * (`"… optional, max 255 bytes."`), refused with ERR_NGROK_215 as ngrok refuses a too-long
 * reserved domain description. An unknown id answers 404 without a code (ngrok's catalogue has
 * none for most resources; see `errors/cloud.ts`).
 *
 * A resource whose rules the document does not say (codes of its own, generated keys, checks
 * across resources) declares a {@link ResourceBehaviour} instead, as `sshCredential.ts` does.
 */
import { apiErrors } from "../errors";
import type { OperationObject, Values } from "../spec";
import {
  resourceOperations,
  stampFields,
  type ResourceBehaviour,
  type ResourceContext,
  type ResourceRecord,
} from "./resource";
import type { PlainCollection } from "./store";
import { utf8Length } from "./validation";

export type { PlainCollection } from "./store";

/** `max 255 bytes` in a field's description: the limit ngrok states for it. */
const STATED_LIMIT = /\bmax(?:imum)? (\d+) bytes\b/i;

/** Refuses (215) a text value longer than the byte limit its field's description states. */
function checkStatedLimits(
  op: OperationObject | undefined,
  values: Values,
  context: ResourceContext,
) {
  if (op === undefined) return;
  const properties = context.spec.requestSchemaOf(op).properties ?? {};
  for (const [name, value] of Object.entries(values)) {
    const limit = STATED_LIMIT.exec(properties[name]?.description ?? "");
    if (limit !== null && typeof value === "string" && utf8Length(value) > Number(limit[1])) {
      throw apiErrors.invalidValue(name, `it is longer than ${limit[1]} bytes`);
    }
  }
}

/** The behaviour of a {@link PlainCollection}: the document's rules, nothing of its own. */
export function plainResource(collection: PlainCollection): ResourceBehaviour<ResourceRecord> {
  const behaviour: ResourceBehaviour<ResourceRecord> = {
    ...collection,
    table: (store) => store.plainTable(collection),
    create(values, echoed, context) {
      checkStatedLimits(resourceOperations(context.spec, collection).create, values, context);
      return behaviour.table(context.store).insert((stamp) => ({ ...stamp, fields: echoed }));
    },
    update(_record, values, echoed, context) {
      checkStatedLimits(resourceOperations(context.spec, collection).update, values, context);
      return echoed;
    },
    computed: (record, urls) => stampFields(collection, record, urls),
  };
  return behaviour;
}
