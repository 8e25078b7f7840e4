/**
 * The wire format of ngrok's HTTPS edge route SAML module endpoints, and its mapping to the
 * resource's camelCase inputs and outputs.
 *
 * The requests themselves are the generic singleton's (`../framework/singleton`); this module
 * holds what is the module's own: the body of its `PUT` (with the claim), what says that an
 * answer holds no module, and the IdP metadata and signing certificates it reports. It makes no
 * request.
 *
 * Source: `contributing/reference/seed.md` §2.3 and §4.2; `contributing/reference/ngrok-api.md` ("HTTPS edge route SAML module").
 *
 * @module
 */
import { addressOf } from "../framework/address";
import { answerSchema } from "../framework/singleton";
import type { ResponseOf } from "../framework/wire";
import { withClaim, withoutClaim } from "./claim";
import { idpMetadataToSend, parseIdpMetadata, type SigningCertificate } from "./idpMetadata";
import { sameIdpMetadata } from "./sameness";
import {
  httpsEdgeRouteSamlDefinition as definition,
  type HttpsEdgeRouteSamlInputs,
  type HttpsEdgeRouteSamlOutputs,
} from "./definition";

/** `/edges/https/{edge_id}/routes/{id}/saml`, ids URL-encoded. */
export function samlPath(edgeId: string, routeId: string): string {
  return addressOf(definition).path({ edgeId, routeId });
}

/**
 * The SAML module body, derived from the definition. The read-only service-provider values are
 * required (they are what the resource exists to hand back); writable fields ngrok leaves out or
 * sends as `null` take their defaults; unknown extra fields are tolerated.
 */
export type SamlModuleResponse = ResponseOf<typeof definition>;
/**
 * The body of `PUT …/saml`, from the one the wire mapping makes (`body`: every writable field, so
 * that ngrok holds exactly what state records), with the writer's claim (see `./claim`) at the
 * end of `idp_metadata`; an `EntitiesDescriptor` holding one identity provider is sent as that
 * provider's `EntityDescriptor` (`idpMetadataToSend`): ngrok's documents say nothing of
 * aggregates. (The one field not sent as it is: ngrok's module has no field of its own for who
 * wrote it.)
 */
export function putBody(
  body: Record<string, unknown>,
  inputs: HttpsEdgeRouteSamlInputs,
  claimToken: string,
): Record<string, unknown> {
  return {
    ...body,
    idp_metadata: withClaim(
      idpMetadataToSend(inputs.idpMetadata),
      inputs.claimedBy ?? "",
      claimToken,
    ),
  };
}

/**
 * The fields in which every configured module has a value: the service-provider values ngrok
 * generates, and its IdP metadata, as a document or a URL (ngrok refuses a module with neither,
 * `ERR_NGROK_7091`).
 */
const MODULE_EVIDENCE = [
  "entity_id",
  "assertion_consumer_service_url",
  "metadata_url",
  "request_signing_certificate_pem",
  "idp_metadata",
  "idp_metadata_url",
] as const;

/**
 * True when a `GET …/saml` body says that the route has no module: `null`, or an object in
 * which none of {@link MODULE_EVIDENCE} holds a value (absent, `null` or `""`), such as `{}` or
 * a module whose every field is at its zero value. ngrok documents the route's `"saml": null`,
 * not what this `GET` answers then; 404 is the likely answer, and these are the other
 * plausible ones. A body with any of those values is a module, judged by
 * the definition's answer schema: an existing module is never taken for an absent one, since it
 * always has its IdP metadata.
 */
export function isAbsentModule(body: unknown): boolean {
  if (body === null) return true;
  if (typeof body !== "object" || Array.isArray(body)) return false;
  const fields: Record<string, unknown> = { ...body };
  return MODULE_EVIDENCE.every((field) => {
    const value = fields[field];
    return value === undefined || value === null || value === "";
  });
}

/**
 * The body of `GET …/saml`: a module (the definition's answer), or `undefined` when the body
 * says there is none ({@link isAbsentModule}).
 */
export function samlModuleOrAbsentSchema() {
  return answerSchema(definition, isAbsentModule);
}

/**
 * The IdP metadata document the resource reports for `module`: the document sent for `declared`
 * (the program's, or the one in state; see `idpMetadataToSend`) when ngrok holds it apart from
 * what a store may change (comments, the claim among them, whitespace between elements, line
 * endings: see `sameIdpMetadata`), else the module's own, without the claim at its end. Under an
 * API that stores the document byte for byte, as ngrok's reference shows, both are the same
 * text; under one that normalises it, the program's document stays what state records, so no
 * preview, refresh or up shows a change that never settles.
 */
export function heldIdpMetadata(module: SamlModuleResponse, declared: string | undefined): string {
  const held = withoutClaim(module.idp_metadata ?? "");
  if (declared === undefined) return held;
  const sent = idpMetadataToSend(declared);
  return held !== sent && sameIdpMetadata(held, sent) ? sent : held;
}

/**
 * The signing certificates of an IdP metadata document (subject, `notAfter`, SHA-256
 * fingerprint), or `[]` when it is not a document `parseIdpMetadata` accepts (a module configured
 * outside Pulumi may hold anything ngrok took).
 */
export function signingCertificatesOf(document: string): SigningCertificate[] {
  const parsed = parseIdpMetadata(document);
  return parsed.ok ? parsed.metadata.signingCertificateDetails : [];
}

/**
 * The outputs about the IdP metadata: the document (as {@link heldIdpMetadata} reports it for
 * `declared`: the document just sent, or the one in state) and its signing certificates.
 */
export function idpMetadataOutputs(
  module: SamlModuleResponse,
  declared: string | undefined,
): Pick<HttpsEdgeRouteSamlOutputs, "idpMetadata" | "idpSigningCertificates"> {
  const idpMetadata = heldIdpMetadata(module, declared);
  return { idpMetadata, idpSigningCertificates: signingCertificatesOf(idpMetadata) };
}
