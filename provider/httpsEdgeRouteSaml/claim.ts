/**
 * The claim a resource writes into the SAML module it manages, so that a delete never removes a
 * module that another resource has written since.
 *
 * A route has one SAML module, and the engine can run the create of one resource before the
 * delete of another on the same route: a forced replacement (`pulumi up --replace`,
 * `replaceWith`), a rename or a move into a component without `aliases` (a new URN is created,
 * the old one deleted at the end of the update). If that delete removed the module, the route
 * would be public while the state says it is protected.
 *
 * So every `PUT` appends one XML comment to `idp_metadata` (which ngrok's reference shows stored
 * and returned byte for byte; an API that drops comments drops the claim too, which `./create`
 * and `./definition.ts` handle: a warning at each write, no take-over of an unclaimed module), naming
 * the writer: its stack (`<project>/<stack>`), its resource name, and a random
 * token the resource keeps in state for its whole life (`claimToken`). Then:
 * - create takes over a module that carries a claim of the same stack (its predecessor, which is
 *   being replaced or renamed and whose delete will leave the module alone), and refuses any
 *   other existing module unless `adoptExisting` is set;
 * - delete removes the module only when it carries no claim or this resource's own token;
 * - read reports the module gone for a resource whose token is no longer on it (another resource
 *   has taken it over), so that refresh drops the stale resource.
 * The comment is removed from what the resource returns (`idpMetadata` is the program's document)
 * and ignored by diff (as every comment is, see `./sameness`). IdPs and ngrok ignore XML comments,
 * and XML signatures do not cover them (exclusive canonicalization without comments), so a signed
 * document stays valid.
 *
 * @module
 */
import { splitClaimedBy } from "../framework/names";

/** The start of the comment, by which it is found. */
const MARKER = "<!-- Managed by Pulumi through pulumi-ngrok-dynamic:";
/** The comment at the end of a document: `\n<comment>\n`, as {@link withClaim} appends it. */
const TRAILING_CLAIM =
  /\n<!-- Managed by Pulumi through pulumi-ngrok-dynamic: stack=(\S*) resource=(\S*) claim=(\S*); [^>]*-->\n?$/;

/** Who wrote a module: parsed from its claim comment. */
export interface Claim {
  /** `<project>/<stack>` of the writing stack. */
  readonly stack: string;
  /** The writing resource's name (its URN's last part). */
  readonly resource: string;
  /** The writing resource's token (`claimToken` in its state). */
  readonly token: string;
}

/** Encodes a value so that the comment stays one valid XML comment (no `--`, no spaces). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/-(?=-)/g, "%2D");
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `document` with the claim of `claimedBy` and `token` appended (any earlier claim removed). */
export function withClaim(document: string, claimedByValue: string, token: string): string {
  const { stack, resource } = splitClaimedBy(claimedByValue);
  return (
    `${withoutClaim(document)}\n${MARKER} stack=${encode(stack)} resource=${encode(resource)} ` +
    `claim=${encode(token)}; it tells Pulumi which resource wrote this module. -->\n`
  );
}

/** A token as long as the ones `HttpsEdgeRouteSaml` writes (`randomUUID()`: 36 ASCII characters). */
const TOKEN_OF_THE_SAME_LENGTH = "00000000-0000-0000-0000-000000000000";

/**
 * How many bytes (UTF-8) {@link withClaim} appends to a document without a claim for
 * `claimedByValue`: what the size limit of `idpMetadata` must leave room for.
 */
export function claimBytes(claimedByValue: string): number {
  return Buffer.byteLength(withClaim("", claimedByValue, TOKEN_OF_THE_SAME_LENGTH), "utf8");
}

/** `document` without a trailing claim comment: what the program gave. */
export function withoutClaim(document: string): string {
  return document.replace(TRAILING_CLAIM, "");
}

/** The claim at the end of `document`, or `undefined` when it has none. */
export function claimOf(document: string | null | undefined): Claim | undefined {
  const match = TRAILING_CLAIM.exec(document ?? "");
  if (match === null) {
    return undefined;
  }
  return { stack: decode(match[1]), resource: decode(match[2]), token: decode(match[3]) };
}
