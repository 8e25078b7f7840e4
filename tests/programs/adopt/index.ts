// A program for the tests of adopting, reading and looking up existing objects; stack config
// `mode` chooses what it declares, the other keys are the ids and arguments:
// - "adopt": SshCertificateAuthority "adopted" with `adoptExistingId` (key parameters,
//   description and metadata from config; `retainOnDelete` from config);
// - "get": SshCertificateAuthority.get of `caId` and/or HttpsEdgeRouteSaml.get of `samlId`;
// - "lookup": the lookup functions (`description` filters the list; `caId`; `edgeId`/`routeId`);
// - "import": an SshCertificateAuthority with the `import` resource option (`caId`).
import * as pulumi from "@pulumi/pulumi";
import {
  getHttpsEdgeRouteSaml,
  getHttpsEdgeRouteSamlOutput,
  getSshCertificateAuthorities,
  getSshCertificateAuthorityOutput,
  HttpsEdgeRouteSaml,
  SshCertificateAuthority,
  type SshCertificateAuthorityArgs,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const mode = config.require("mode");
const caId = config.get("caId");
const samlId = config.get("samlId");
const edgeId = config.get("edgeId");
const routeId = config.get("routeId");

/** The outputs of a CA resource, as one stack output. */
const caOutputs = (ca: SshCertificateAuthority) =>
  pulumi.output({
    id: ca.id,
    privateKeyType: ca.privateKeyType,
    ellipticCurve: ca.ellipticCurve,
    keySize: ca.keySize,
    description: ca.description,
    metadata: ca.metadata,
    adoptExistingId: ca.adoptExistingId,
    publicKey: ca.publicKey,
    keyType: ca.keyType,
    uri: ca.uri,
    createdAt: ca.createdAt,
  });

export const adopted =
  mode === "adopt"
    ? caOutputs(
        new SshCertificateAuthority(
          "adopted",
          // Any combination, as a JavaScript program could pass it.
          {
            privateKeyType: config.require("privateKeyType"),
            ellipticCurve: config.get("ellipticCurve"),
            keySize: config.getNumber("keySize"),
            description: config.get("description"),
            metadata: config.get("metadata"),
            adoptExistingId: config.get("adoptExistingId"),
          } as SshCertificateAuthorityArgs,
          { retainOnDelete: config.getBoolean("retainOnDelete") },
        ),
      )
    : undefined;

export const readCa =
  mode === "get" && caId !== undefined
    ? caOutputs(SshCertificateAuthority.get("read-ca", caId))
    : undefined;

const readSso =
  mode === "get" && samlId !== undefined ? HttpsEdgeRouteSaml.get("read-sso", samlId) : undefined;
export const readSaml =
  readSso === undefined
    ? undefined
    : pulumi.output({
        id: readSso.id,
        edgeId: readSso.edgeId,
        routeId: readSso.routeId,
        idpMetadata: readSso.idpMetadata,
        forceAuthn: readSso.forceAuthn,
        entityId: readSso.entityId,
        assertionConsumerServiceUrl: readSso.assertionConsumerServiceUrl,
      });

export const lookedUp =
  mode === "lookup"
    ? {
        list: getSshCertificateAuthorities({ description: config.get("description") }).then(
          (found) => found.sshCertificateAuthorities.map((ca) => ca.id),
        ),
        one:
          caId === undefined
            ? undefined
            : getSshCertificateAuthorityOutput({ id: pulumi.output(caId) }),
        saml:
          edgeId === undefined || routeId === undefined
            ? undefined
            : getHttpsEdgeRouteSaml({ edgeId, routeId }).then((module) => module.entityId),
        samlOutput:
          edgeId === undefined || routeId === undefined
            ? undefined
            : getHttpsEdgeRouteSamlOutput({ edgeId, routeId }).apply((module) => module.id),
      }
    : undefined;

export const imported =
  mode === "import"
    ? new SshCertificateAuthority("imported", { privateKeyType: "ed25519" }, { import: caId }).id
    : undefined;
