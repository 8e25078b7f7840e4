/**
 * Every resource's definition (see `./framework`), in the order the docs and the package schema
 * list them: what `npm run generate` derives the SDK's types, the package schema and the docs
 * tables from, and what the provider plugin serves.
 *
 * @module
 */
import { httpsEdgeRouteSamlDefinition } from "./httpsEdgeRouteSaml/definition";
import { sshCertificateAuthorityDefinition } from "./sshCertificateAuthority/definition";
import { sshCredentialDefinition } from "./sshCredential/definition";
import { HOST, sshHostCertificateDefinition } from "./sshHostCertificate/definition";
import { sshUserCertificateDefinition, USER } from "./sshUserCertificate/definition";

export {
  httpsEdgeRouteSamlDefinition,
  sshCertificateAuthorityDefinition,
  sshCredentialDefinition,
  sshHostCertificateDefinition,
  sshUserCertificateDefinition,
};
export { SSH_CERTIFICATE_COMMON } from "./sshCertificateCommon/properties";
import type { NgrokClient } from "./client";
import type { CertificateKind } from "./sshCertificateCommon/kinds";
import type * as CredentialProvider from "./sshCredential/provider";
import {
  listSshCertificateAuthorities,
  lookupSshCertificateAuthority,
} from "./sshCertificateAuthority/lookup";
import { listSshHostCertificates, lookupSshHostCertificate } from "./sshHostCertificate/lookup";
import { listSshUserCertificates, lookupSshUserCertificate } from "./sshUserCertificate/lookup";
import { lookupHttpsEdgeRouteSaml } from "./httpsEdgeRouteSaml/lookup";

/**
 * The package's name as a Pulumi provider plugin (`pulumi-resource-ngrok-dynamic`): its tokens are
 * `ngrok-dynamic:index:<Resource>`, its configuration `ngrok-dynamic:<setting>`. Not `ngrok`, the
 * name of the bridged Terraform provider's package.
 */
export const PLUGIN_PACKAGE = "ngrok-dynamic";

/** The resources, in order. */
export const DEFINITIONS = [
  sshCertificateAuthorityDefinition,
  sshHostCertificateDefinition,
  sshUserCertificateDefinition,
  sshCredentialDefinition,
  httpsEdgeRouteSamlDefinition,
] as const;

/**
 * The kinds of SSH certificate, host and user (each declared beside its definition): what the
 * shared `./sshCertificate` code receives when it needs both, such as the certificates a CA
 * signed. Assembled here, above both, so that `./sshCertificate` imports neither folder.
 */
export const CERTIFICATE_KINDS: readonly CertificateKind[] = [HOST, USER];

/**
 * A lookup of one object by its address, or of every object a filter keeps: the functions the SDK
 * exports (`sdk/lookups/`) and the package schema declares. The arguments are properties of the
 * resource (a filter keeps the objects whose field equals it), except where `extra` describes one.
 */
export interface LookupDefinition {
  /** The function's name, e.g. `getSshCertificateAuthority`. */
  readonly name: string;
  /** The resource whose objects it reads (the result's fields are its outputs). */
  readonly resource: (typeof DEFINITIONS)[number];
  /** One object by these arguments (`id`, or properties), or a list under `list` by filters. */
  readonly by?: readonly string[];
  readonly list?: { readonly field: string; readonly filters: readonly string[] };
  /** Arguments that are not properties of the resource, with their descriptions. */
  readonly extra?: Readonly<Record<string, string>>;
  /** What it does, for the schema. */
  readonly description: string;
  /** Runs it: the object, or `{ [list.field]: objects }`. */
  run(client: NgrokClient, args: Record<string, unknown>): Promise<unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Every lookup, in the order the schema lists them. */
export const LOOKUPS: readonly LookupDefinition[] = [
  {
    name: "getSshCertificateAuthority",
    run: (client, args) => lookupSshCertificateAuthority(client, String(args.id)),
    resource: sshCertificateAuthorityDefinition,
    by: ["id"],
    description:
      "Reads one SSH certificate authority by id, without managing it: one " +
      "`GET /ssh_certificate_authorities/{id}`. Its key parameters come from its public key.",
  },
  {
    name: "getSshCertificateAuthorities",
    run: async (client, args) => ({
      sshCertificateAuthorities: await listSshCertificateAuthorities(client, {
        description: text(args.description),
        metadata: text(args.metadata),
        privateKeyType: text(args.privateKeyType) as never,
      }),
    }),
    resource: sshCertificateAuthorityDefinition,
    list: {
      field: "sshCertificateAuthorities",
      filters: ["description", "metadata", "privateKeyType"],
    },
    description:
      "Reads every SSH certificate authority of the account that the arguments keep (each set " +
      "argument keeps the CAs whose field equals it exactly), newest first: " +
      "`GET /ssh_certificate_authorities`, every page.",
  },
  {
    name: "getSshHostCertificate",
    run: (client, args) => lookupSshHostCertificate(client, String(args.id)),
    resource: sshHostCertificateDefinition,
    by: ["id"],
    description: "Reads one SSH host certificate by id, without managing it.",
  },
  {
    name: "getSshHostCertificates",
    run: async (client, args) => ({
      sshHostCertificates: await listSshHostCertificates(client, certificateFilter(args)),
    }),
    resource: sshHostCertificateDefinition,
    list: {
      field: "sshHostCertificates",
      filters: ["sshCertificateAuthorityId", "description", "metadata", "principal"],
    },
    extra: { principal: "Keep the certificates that list this principal, exactly." },
    description: "Reads every SSH host certificate of the account that the arguments keep.",
  },
  {
    name: "getSshUserCertificate",
    run: (client, args) => lookupSshUserCertificate(client, String(args.id)),
    resource: sshUserCertificateDefinition,
    by: ["id"],
    description: "Reads one SSH user certificate by id, without managing it.",
  },
  {
    name: "getSshUserCertificates",
    run: async (client, args) => ({
      sshUserCertificates: await listSshUserCertificates(client, certificateFilter(args)),
    }),
    resource: sshUserCertificateDefinition,
    list: {
      field: "sshUserCertificates",
      filters: ["sshCertificateAuthorityId", "description", "metadata", "principal"],
    },
    extra: { principal: "Keep the certificates that list this principal, exactly." },
    description: "Reads every SSH user certificate of the account that the arguments keep.",
  },
  {
    name: "getSshCredential",
    resource: sshCredentialDefinition,
    by: ["id"],
    run: (client, args) => {
      // Loaded on first use, as the resource's provider module is (it holds the wire mapping).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const credentials = require("./sshCredential/provider") as typeof CredentialProvider;
      return credentials.lookupSshCredential(client, String(args.id));
    },
    description:
      "Reads one SSH credential by id, without managing it: one `GET /ssh_credentials/{id}`.",
  },
  {
    name: "getHttpsEdgeRouteSaml",
    run: (client, args) =>
      lookupHttpsEdgeRouteSaml(client, String(args.edgeId), String(args.routeId)),
    resource: httpsEdgeRouteSamlDefinition,
    by: ["edgeId", "routeId"],
    description: "Reads the SAML module of an HTTPS edge route, without managing it.",
  },
];

/** The filter of the certificate lists, from a lookup's arguments. */
function certificateFilter(args: Record<string, unknown>) {
  return {
    sshCertificateAuthorityId: text(args.sshCertificateAuthorityId),
    description: text(args.description),
    metadata: text(args.metadata),
    principal: text(args.principal),
  };
}
