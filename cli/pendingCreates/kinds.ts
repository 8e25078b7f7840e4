/**
 * The resource types whose pending creates `pulumi-ngrok-dynamic pending-creates` can resolve:
 * the ones created with a `POST` that is not idempotent (`SshCertificateAuthority`,
 * `SshHostCertificate`, `SshUserCertificate`). For each: how to list the live objects, and how a
 * live object differs from a pending create's inputs, input by input.
 *
 * `HttpsEdgeRouteSaml` is not here: its create is a `PUT` on the route, which a rerun repeats
 * without making a second module.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type { NgrokClient } from "../../provider/client";
import { ownerOf, urnOfOwner } from "../../provider/common/ownershipMarker";
import { listCertificates, type SshCertificateResponse } from "../../provider/sshCertificate/api";
import { HOST, USER, type CertificateKind } from "../../provider/sshCertificate/kinds";
import { keyMaterial } from "../../provider/sshCertificate/publicKey";
import { sameInstant } from "../../provider/sshCertificate/validity";
import {
  COLLECTION_PATH,
  sshCertificateAuthorityListSchema,
} from "../../provider/sshCertificateAuthority/api";
import {
  ELLIPTIC_CURVES,
  PRIVATE_KEY_TYPES,
  RSA_KEY_SIZES,
} from "../../provider/sshCertificateAuthority/definition";
import {
  type KeyParameters,
  keyMismatch,
  publicKeyFacts,
} from "../../provider/sshCertificateAuthority/keyParameters";
import { SECRET } from "./stackExport";

/** A live object, as the command compares it. */
export interface LiveObject {
  readonly id: string;
  /** RFC 3339. */
  readonly createdAt: string;
  /** The URN its ownership marker names (`ngrok:ownershipMarker`), if it has one. */
  readonly markedUrn?: string;
  /**
   * How this object differs from a pending create's `inputs`, one phrase per input
   * (`description "a", not "b"`); empty when every input matches. An input exported encrypted is
   * a difference ("not comparable").
   */
  differences(inputs: Readonly<Record<string, unknown>>): string[];
}

/** One resource type the command handles. */
export interface RecoverableKind {
  /** The type token, e.g. `pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority`. */
  readonly type: string;
  /** The class name, e.g. `SshCertificateAuthority`. */
  readonly resource: string;
  /** One object in a sentence, e.g. `CA`; several, e.g. `CAs`. */
  readonly short: string;
  readonly plural: string;
  /** The `ngrok api` subcommand of the collection, e.g. `ssh-certificate-authorities`. */
  readonly cli: string;
  /** The collection, e.g. `/ssh_certificate_authorities`. */
  readonly path: string;
  /** Whether the resource can adopt an existing object (`adoptExistingId`). */
  readonly adoptable: boolean;
  /** Every live object, newest first, through every page. */
  list(client: NgrokClient): AsyncIterable<LiveObject>;
  /** The inputs that identify the create, for the report: `privateKeyType ed25519, description "x"`. */
  describe(inputs: Readonly<Record<string, unknown>>): string;
}

const TYPE_PREFIX = "pulumi-nodejs:dynamic/ngrok:";

function liveObject<Item extends { id: string; created_at: string; metadata?: string }>(
  item: Item,
  differences: (inputs: Readonly<Record<string, unknown>>, item: Item) => string[],
): LiveObject {
  const owner = ownerOf(item.metadata);
  return {
    id: item.id,
    createdAt: item.created_at,
    markedUrn: owner === undefined ? undefined : urnOfOwner(owner),
    differences: (inputs) => differences(inputs, item),
  };
}

/** `description` and `metadata`: absent and `""` are the same, as ngrok omits empty fields. */
function textDifferences(
  inputs: Readonly<Record<string, unknown>>,
  item: { description?: string; metadata?: string },
) {
  const found: string[] = [];
  for (const field of ["description", "metadata"] as const) {
    const declared = inputs[field];
    const live = item[field] ?? "";
    if (declared === SECRET) {
      found.push(`${field} not comparable (a secret, encrypted in the export)`);
    } else if ((typeof declared === "string" ? declared : "") !== live) {
      found.push(`${field} ${quote(live)}, not ${quote(declared ?? "")}`);
    }
  }
  return found;
}

/** The key parameters of a CA's inputs against its public key (defaults as `check` applies them). */
function keyDifferences(inputs: Readonly<Record<string, unknown>>, publicKey: string): string[] {
  const { privateKeyType, ellipticCurve, keySize } = inputs;
  if ([privateKeyType, ellipticCurve, keySize].includes(SECRET)) {
    return ["key parameters not comparable (a secret, encrypted in the export)"];
  }
  if (!isOneOf(privateKeyType, PRIVATE_KEY_TYPES)) {
    return [`privateKeyType ${quote(privateKeyType)} is not a key type ngrok generates`];
  }
  const declared: KeyParameters = {
    privateKeyType,
    ellipticCurve: isOneOf(ellipticCurve, ELLIPTIC_CURVES) ? ellipticCurve : undefined,
    keySize: isOneOf(keySize, RSA_KEY_SIZES) ? keySize : undefined,
  };
  try {
    const mismatch = keyMismatch(declared, publicKeyFacts(publicKey));
    return mismatch === undefined ? [] : [mismatch];
  } catch (error) {
    return [`its key cannot be read (${(error as Error).message})`];
  }
}

function isOneOf<T>(value: unknown, allowed: readonly T[]): value is T {
  return (allowed as readonly unknown[]).includes(value);
}

/** SSH certificate authorities. */
export const CERTIFICATE_AUTHORITY: RecoverableKind = {
  type: `${TYPE_PREFIX}SshCertificateAuthority`,
  resource: "SshCertificateAuthority",
  short: "CA",
  plural: "CAs",
  cli: "ssh-certificate-authorities",
  path: COLLECTION_PATH,
  adoptable: true,
  async *list(client) {
    for await (const ca of client.list(
      `${COLLECTION_PATH}?limit=100`,
      "ssh_certificate_authorities",
      sshCertificateAuthorityListSchema,
    )) {
      yield liveObject(ca, (inputs, item) => [
        ...keyDifferences(inputs, item.public_key),
        ...textDifferences(inputs, item),
      ]);
    }
  },
  describe(inputs) {
    return describeInputs(inputs, ["privateKeyType", "ellipticCurve", "keySize", "description"]);
  },
};

function certificateKind(kind: CertificateKind): RecoverableKind {
  return {
    type: `${TYPE_PREFIX}${kind.type}`,
    resource: kind.type,
    short: kind.short,
    plural: `${kind.short}s`,
    cli: kind.cli,
    path: kind.path,
    adoptable: false,
    async *list(client) {
      for await (const certificate of listCertificates(client, kind)) {
        yield liveObject(certificate, (inputs, item) => [
          ...signedDifferences(inputs, item),
          ...textDifferences(inputs, item),
        ]);
      }
    },
    describe(inputs) {
      return describeInputs(inputs, ["sshCertificateAuthorityId", "principals", "description"]);
    },
  };
}

/** SSH host certificates. */
export const HOST_CERTIFICATE = certificateKind(HOST);
/** SSH user certificates. */
export const USER_CERTIFICATE = certificateKind(USER);

/** Every kind, by type token. */
export const RECOVERABLE_KINDS: ReadonlyMap<string, RecoverableKind> = new Map(
  [CERTIFICATE_AUTHORITY, HOST_CERTIFICATE, USER_CERTIFICATE].map((k) => [k.type, k]),
);

/**
 * The signed fields: CA and key always; principals, validity and the user certificate's maps
 * where the inputs declare them (ngrok fills them otherwise).
 */
function signedDifferences(
  inputs: Readonly<Record<string, unknown>>,
  live: SshCertificateResponse,
): string[] {
  const found: string[] = [];
  const compare = (
    field: string,
    declared: unknown,
    actual: unknown,
    same: (a: never, b: never) => boolean,
  ) => {
    if (declared === undefined || declared === null) return;
    if (declared === SECRET) {
      found.push(`${field} not comparable (a secret, encrypted in the export)`);
    } else if (!same(declared as never, actual as never)) {
      found.push(`${field} ${quote(actual)}, not ${quote(declared)}`);
    }
  };
  compare(
    "sshCertificateAuthorityId",
    inputs.sshCertificateAuthorityId,
    live.ssh_certificate_authority_id,
    Object.is,
  );
  compare(
    "publicKey",
    inputs.publicKey,
    live.public_key,
    (a: string, b: string) => typeof a === "string" && keyMaterial(a) === keyMaterial(b),
  );
  compare("principals", inputs.principals, live.principals ?? [], isDeepStrictEqual);
  compare("validAfter", inputs.validAfter, live.valid_after, sameInstant);
  compare("validUntil", inputs.validUntil, live.valid_until, sameInstant);
  compare(
    "criticalOptions",
    inputs.criticalOptions,
    live.critical_options ?? {},
    isDeepStrictEqual,
  );
  compare("extensions", inputs.extensions, live.extensions ?? {}, isDeepStrictEqual);
  return found;
}

function describeInputs(inputs: Readonly<Record<string, unknown>>, fields: string[]): string {
  return fields
    .filter((f) => inputs[f] !== undefined && inputs[f] !== null)
    .map((f) => `${f} ${inputs[f] === SECRET ? "(secret)" : quote(inputs[f])}`)
    .join(", ");
}

/** A value in a sentence: strings in JSON quotes, shortened past 60 characters. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return typeof value === "string" ? JSON.stringify(short) : short;
}
