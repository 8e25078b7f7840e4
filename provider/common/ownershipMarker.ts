/**
 * The ownership marker (the stack setting `ngrok:ownershipMarker`): a member of the object's
 * `metadata` that names the Pulumi resource that created it, so that a create retried after an
 * interrupted deployment finds the object its predecessor made (see `./takeOver`).
 *
 * ngrok's objects have only two fields a user writes, `description` (255 bytes) and `metadata`
 * (4096 bytes, "machine-readable", in practice JSON). The marker goes into `metadata` as one
 * member of a JSON object, and never rewrites what the user wrote:
 *
 * - no `metadata` (or `""`): the metadata becomes `{"pulumi-ngrok-dynamic:owner":"<owner>"}`;
 * - a JSON object: the member is inserted before its closing brace, after the user's last
 *   member; every byte the user wrote stays as written (spacing, order, escapes);
 * - a JSON object that already has the member with this owner: kept as it is;
 * - anything else is refused by `check`, naming the rule: text that is not a JSON object (it
 *   would have to be rewritten), a member of that name that names another owner, and a result
 *   over ngrok's 4096 bytes (the failure says how many bytes the marker takes and how many are
 *   left).
 *
 * `<owner>` is `<organization>/<URN>`, e.g.
 * `organization/urn:pulumi:prod::infra::pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority::user-ca`
 * (an organization name holds no `/`). The program computes it (the resource classes pass it as
 * the input {@link OWNER_INPUT}; the provider never sees a URN otherwise) and `check` folds it
 * into `metadata`, so the state, the preview's diff and ngrok all show the same text: the marker
 * shows in the diff as a change of `metadata` the first time it is added.
 *
 * Pure: no API call.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { isRecord } from "../client/brand";
import { CONFIG_KEYS } from "../client/settings";
import { HINTS, languageHint } from "./hints";
import { quoted } from "./ids";
import { UNKNOWN, isUnknown } from "./unknown";

/**
 * The setting's stack config key as messages name it: `ngrok:ownershipMarker`, or under the
 * provider plugin's namespace (`ngrok-dynamic:ownershipMarker`), as the provider's own settings.
 */
const markerSetting = () => CONFIG_KEYS.apiKey.replace(/apiKey$/, "ownershipMarker");

/** The member of `metadata` that holds the owner: `pulumi-ngrok-dynamic:owner`. */
export const MARKER_KEY = "pulumi-ngrok-dynamic:owner";

/**
 * The hidden input through which the resource classes pass the owner (`<organization>/<URN>`)
 * when `ngrok:ownershipMarker` is on. `check` folds it into `metadata` and drops it: it is never
 * recorded in state as an input of its own.
 */
export const OWNER_INPUT = "ownedBy";

/** An owner: an organization name (no `/`), a `/`, and a URN, on one line. */
const OWNER_PATTERN = /^[^/\n]+\/urn:pulumi:[^\n]+$/;

/** The result of {@link markMetadata}: the metadata to send, or why it cannot carry the marker. */
export type MarkedMetadata = { ok: true; metadata: string } | { ok: false; reason: string };

/**
 * `declared` (the program's `metadata`) with the marker of `owner` added as the module comment
 * says, or the reason it cannot be, a sentence that starts with `metadata`.
 *
 * @param maxBytes ngrok's limit of the field, in bytes of UTF-8 (4096).
 */
export function markMetadata(
  declared: string | undefined,
  owner: string,
  maxBytes: number,
): MarkedMetadata {
  const member = `${JSON.stringify(MARKER_KEY)}:${JSON.stringify(owner)}`;
  let marked: string;
  if (declared === undefined || declared === "") {
    marked = `{${member}}`;
  } else {
    const parsed = parseObject(declared);
    if (parsed === undefined) {
      return {
        ok: false,
        reason:
          `metadata must be a JSON object (or left out) while ${markerSetting()} is on: the ` +
          `marker is added as the member ${JSON.stringify(MARKER_KEY)} of that object, and other ` +
          `text would have to be rewritten. ${languageHint(HINTS.jsonMetadata)}, ` +
          `or turn ${markerSetting()} off for this stack`,
      };
    }
    if (Object.prototype.hasOwnProperty.call(parsed, MARKER_KEY)) {
      if (parsed[MARKER_KEY] === owner) {
        return withinLimit(declared, owner, maxBytes);
      }
      return {
        ok: false,
        reason:
          `metadata has the member ${JSON.stringify(MARKER_KEY)} with ${describeOwner(parsed[MARKER_KEY])}, ` +
          `which conflicts with the ownership marker ${markerSetting()} writes for this ` +
          `resource (${JSON.stringify(owner)}): remove that member from metadata`,
      };
    }
    marked = insertMember(declared, member);
  }
  return withinLimit(marked, owner, maxBytes);
}

/** The owner named by the marker in `metadata`, or `undefined` when it has none. */
export function ownerOf(metadata: string | undefined): string | undefined {
  if (metadata === undefined || metadata === "") {
    return undefined;
  }
  const parsed = parseObject(metadata);
  const owner = parsed?.[MARKER_KEY];
  return typeof owner === "string" ? owner : undefined;
}

/** The URN part of an owner (`<organization>/<URN>`), or the whole text when it has no `/`. */
export function urnOfOwner(owner: string): string {
  const slash = owner.indexOf("/");
  return slash === -1 ? owner : owner.slice(slash + 1);
}

/**
 * Wraps a resource's pure `check` so that it accepts the hidden input {@link OWNER_INPUT} and
 * folds it into `metadata` (see the module comment): without that input the check is unchanged.
 * An owner or a metadata not known yet (preview) makes `metadata` unknown.
 */
export function withOwnershipMarker<Inputs extends object, Parsed>(
  check: (news: Record<string, unknown>) => Checked<Inputs, Parsed>,
  maxBytes: number,
): (news: Record<string, unknown>) => Checked<Inputs, Parsed> {
  return (news) => {
    const { [OWNER_INPUT]: owner, ...rest } = news;
    const { result, parsed } = check(rest);
    return {
      result:
        owner === undefined || owner === null ? result : markedResult(result, owner, maxBytes),
      parsed,
    };
  };
}

/** What a pure `check` gives: its result, and what the properties' rules parsed. */
export interface Checked<Inputs, Parsed> {
  readonly result: pulumi.dynamic.CheckResult<Inputs>;
  readonly parsed: Parsed;
}

/** `result` with `owner` folded into its `metadata`, or a failure that says why it cannot be. */
function markedResult<Inputs extends object>(
  result: pulumi.dynamic.CheckResult<Inputs>,
  owner: unknown,
  maxBytes: number,
): pulumi.dynamic.CheckResult<Inputs> {
  const failures = [...(result.failures ?? [])];
  // A copy (the checks always return inputs; without them there is no metadata to mark).
  const inputs = result.inputs === undefined ? undefined : { ...result.inputs };
  if (
    typeof owner !== "string" ||
    (!isUnknown(owner) && (owner.length > maxBytes || !OWNER_PATTERN.test(owner)))
  ) {
    failures.push({
      property: OWNER_INPUT,
      reason:
        `${OWNER_INPUT} is set by the resource classes when ${markerSetting()} is on: ` +
        `"<organization>/<URN>"; got ${typeof owner === "string" ? quoted(owner) : typeof owner}`,
    });
    return { inputs, failures };
  }
  if (failures.some((f) => f.property === "metadata")) {
    return { inputs, failures };
  }
  const declared = inputs !== undefined && "metadata" in inputs ? inputs.metadata : undefined;
  if (isUnknown(owner) || isUnknown(declared)) {
    return { inputs: inputs && { ...inputs, metadata: UNKNOWN }, failures };
  }
  const marked = markMetadata(typeof declared === "string" ? declared : undefined, owner, maxBytes);
  if (marked.ok) {
    return { inputs: inputs && { ...inputs, metadata: marked.metadata }, failures };
  }
  failures.push({ property: "metadata", reason: marked.reason });
  return { inputs, failures };
}

/** `text` parsed when it is a JSON object (not an array, not a scalar), else `undefined`. */
function parseObject(text: string): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isRecord(parsed) ? parsed : undefined;
}

/**
 * `member` inserted into the JSON object `text` right after its last member (or inside `{}`),
 * before the whitespace that precedes the closing brace: the rest of `text` is kept byte for byte.
 */
function insertMember(text: string, member: string): string {
  const close = text.lastIndexOf("}");
  let last = close - 1;
  while (last >= 0 && /\s/.test(text[last])) {
    last -= 1;
  }
  const separator = text[last] === "{" ? "" : ",";
  return text.slice(0, last + 1) + separator + member + text.slice(last + 1);
}

function withinLimit(marked: string, owner: string, maxBytes: number): MarkedMetadata {
  const bytes = Buffer.byteLength(marked, "utf8");
  if (bytes <= maxBytes) {
    return { ok: true, metadata: marked };
  }
  const markerBytes = Buffer.byteLength(
    `,${JSON.stringify(MARKER_KEY)}:${JSON.stringify(owner)}`,
    "utf8",
  );
  return {
    ok: false,
    reason:
      `metadata with the ownership marker (${markerSetting()}) would be ${bytes} bytes of ` +
      `UTF-8, over ngrok's ${maxBytes}: the marker takes ${markerBytes} bytes for this ` +
      `resource's URN, which leaves ${maxBytes - markerBytes} bytes for the metadata you write`,
  };
}

function describeOwner(value: unknown): string {
  return typeof value === "string" ? `the owner ${JSON.stringify(value)}` : `a ${typeof value}`;
}
