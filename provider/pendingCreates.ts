/**
 * The resource kinds whose interrupted creates `pulumi-ngrok-dynamic pending-creates` can
 * resolve: those created with a `POST` that is not idempotent (SSH CAs, host and user
 * certificates, SSH credentials). For each, one descriptor: how to
 * list the live objects, and how a live object differs from a pending create's inputs, compared
 * input by input as the resource's own `diff` compares them (its definition's properties and
 * sameness: timestamps as instants, a key by its material, absent text as `""`), so that the
 * command and the provider never judge two objects differently.
 *
 * `HttpsEdgeRouteSaml` is not here: its create is a `PUT` on the route, which a rerun repeats
 * without making a second module.
 *
 * The API client and the wire format load on first use (`list`).
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type { NgrokClient } from "./client";
import { ownerOf, urnOfOwner } from "./common/ownershipMarker";
import { canonical, type Sameness } from "./framework/diff";
import type { ResourceDefinition } from "./framework/resource";
import type * as Wire from "./framework/wire";
import type * as CaApi from "./sshCertificateAuthority/api";
import { sshCertificateAuthorityDefinition } from "./sshCertificateAuthority/definition";
import type * as KeyParameters from "./sshCertificateAuthority/keyParameters";
import type * as CertificateApi from "./sshCertificateCommon/api";
import { certificateSameness } from "./sshCertificateCommon/rules";
import type { CertificateKind } from "./sshCertificateCommon/kinds";
import { credentialSameness, sshCredentialDefinition } from "./sshCredential/definition";
import type * as CredentialProvider from "./sshCredential/provider";
import { HOST } from "./sshHostCertificate/definition";
import { USER } from "./sshUserCertificate/definition";

/** What a stack export holds for an input it encrypted: never equal to a live value. */
export const NOT_COMPARABLE: unique symbol = Symbol("secret (encrypted in the export)");

/** A live object, as the command compares it. */
export interface LiveObject {
  readonly id: string;
  /** RFC 3339. */
  readonly createdAt: string;
  /** The URN its ownership marker names (`ngrok:ownershipMarker`), if it has one. */
  readonly markedUrn?: string;
  /**
   * How this object differs from a pending create's `inputs`, one phrase per input
   * (`description "a", not "b"`); empty when every input matches. An input exported encrypted
   * ({@link NOT_COMPARABLE}) is a difference ("not comparable").
   */
  differences(inputs: Readonly<Record<string, unknown>>): string[];
}

/** One resource type the command handles. */
export interface PendingCreateKind {
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

/** A value in a sentence: strings in JSON quotes, shortened past 60 characters. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return typeof value === "string" ? JSON.stringify(short) : short;
}

/**
 * How the live object's values (as outputs, `live`) differ from a create's `declared` inputs: each
 * input updated in place always (absent is `""`), each input that replaces where it is declared
 * (ngrok fills what is left out), compared as the resource's `diff` compares them (`same`).
 */
export function differencesOf(
  definition: ResourceDefinition,
  declared: Readonly<Record<string, unknown>>,
  live: Readonly<Record<string, unknown>>,
  same: Readonly<Record<string, Sameness>> = {},
): string[] {
  const found: string[] = [];
  for (const [name, property] of Object.entries(definition.properties)) {
    if (property.role !== "input" || property.onChange === "nothing") continue;
    const value = declared[name] ?? undefined;
    if (value === undefined && property.onChange === "replace") continue;
    if (value === NOT_COMPARABLE) {
      found.push(`${name} not comparable (a secret, encrypted in the export)`);
      continue;
    }
    const own = same[name];
    const equal =
      own !== undefined
        ? own(live[name] ?? undefined, value)
        : isDeepStrictEqual(canonical(property, live[name]), canonical(property, value));
    if (!equal) found.push(`${name} ${quote(live[name] ?? "")}, not ${quote(value ?? "")}`);
  }
  return found;
}

function liveObject(
  item: { id: string; created_at: string; metadata?: string },
  differences: LiveObject["differences"],
): LiveObject {
  const owner = ownerOf(item.metadata);
  return {
    id: item.id,
    createdAt: item.created_at,
    markedUrn: owner === undefined ? undefined : urnOfOwner(owner),
    differences,
  };
}

/** The named `fields` of `inputs` that are set, for the report. */
function describeInputs(inputs: Readonly<Record<string, unknown>>, fields: string[]): string {
  return fields
    .filter((f) => inputs[f] !== undefined && inputs[f] !== null)
    .map((f) => `${f} ${inputs[f] === NOT_COMPARABLE ? "(secret)" : quote(inputs[f])}`)
    .join(", ");
}

const TYPE_PREFIX = "pulumi-nodejs:dynamic/ngrok:";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const wire = () => require("./framework/wire") as typeof Wire;

/** SSH certificate authorities: key parameters read from the public key. */
const CERTIFICATE_AUTHORITY: PendingCreateKind = {
  type: `${TYPE_PREFIX}${sshCertificateAuthorityDefinition.name}`,
  resource: sshCertificateAuthorityDefinition.name,
  short: "CA",
  plural: "CAs",
  cli: "ssh-certificate-authorities",
  path: sshCertificateAuthorityDefinition.api.path,
  adoptable: true,
  async *list(client) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const api = require("./sshCertificateAuthority/api") as typeof CaApi;
    const { keyParametersOfCa } =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require("./sshCertificateAuthority/keyParameters") as typeof KeyParameters;
    for await (const ca of client.list(
      `${api.COLLECTION_PATH}?limit=100`,
      "ssh_certificate_authorities",
      api.sshCertificateAuthorityListSchema,
    )) {
      const outputs = wire().outputsFrom(
        sshCertificateAuthorityDefinition,
        ca,
        keyParametersOfCa(ca),
      );
      yield liveObject(ca, (inputs) =>
        differencesOf(sshCertificateAuthorityDefinition, inputs, outputs),
      );
    }
  },
  describe: (inputs) =>
    describeInputs(inputs, ["privateKeyType", "ellipticCurve", "keySize", "description"]),
};

/** SSH host or user certificates: the signed fields compared as their `diff` compares them. */
function certificates(kind: CertificateKind): PendingCreateKind {
  return {
    type: `${TYPE_PREFIX}${kind.type}`,
    resource: kind.type,
    short: kind.short,
    plural: `${kind.short}s`,
    cli: kind.cli,
    path: kind.path,
    adoptable: false,
    async *list(client) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const api = require("./sshCertificateCommon/api") as typeof CertificateApi;
      for await (const certificate of api.listCertificates(client, kind)) {
        const outputs = api.toOutputs(kind, certificate);
        yield liveObject(certificate, (inputs) =>
          differencesOf(kind.definition, inputs, outputs, certificateSameness),
        );
      }
    },
    describe: (inputs) =>
      describeInputs(inputs, ["sshCertificateAuthorityId", "principals", "description"]),
  };
}

/** SSH credentials: one per key on an account, compared as their `diff` compares them. */
const CREDENTIALS: PendingCreateKind = {
  type: `${TYPE_PREFIX}${sshCredentialDefinition.name}`,
  resource: sshCredentialDefinition.name,
  short: "credential",
  plural: "credentials",
  cli: "ssh-credentials",
  path: sshCredentialDefinition.api.path,
  adoptable: false,
  async *list(client) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { listCredentials } = require("./sshCredential/provider") as typeof CredentialProvider;
    for await (const credential of listCredentials(client)) {
      const outputs = wire().outputsFrom(sshCredentialDefinition, credential, {});
      yield liveObject(credential, (inputs) =>
        differencesOf(sshCredentialDefinition, inputs, outputs, credentialSameness),
      );
    }
  },
  describe: (inputs) => describeInputs(inputs, ["publicKey", "description"]),
};

/** Every kind, by type token. */
export const PENDING_CREATE_KINDS: ReadonlyMap<string, PendingCreateKind> = new Map(
  [CERTIFICATE_AUTHORITY, certificates(HOST), certificates(USER), CREDENTIALS].map((k) => [
    k.type,
    k,
  ]),
);
