/**
 * The wire format of ngrok's HTTPS edge route SAML module endpoints, and its mapping to the
 * resource's camelCase inputs and outputs.
 *
 * The `GET` and the `PUT` of a module are described here once, as requests for the client (method,
 * path, body, schema), because several methods send them: create (its take-over check in
 * `./create`, then its write), read, update and delete. Sending them is the caller's job: this
 * module makes no request.
 *
 * Source: spec sections 2.3 and 4.2; `ngrok-api.md` ("HTTPS edge route SAML module").
 *
 * @module
 */
import type { z } from "zod";
import {
  liveInputsFrom,
  outputsFrom,
  requestBody,
  type ResponseOf,
  responseSchema,
} from "../framework/wire";
import { load } from "../lazy";
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
  return `/edges/https/${encodeURIComponent(edgeId)}/routes/${encodeURIComponent(routeId)}/saml`;
}

/**
 * The SAML module body, derived from the definition. The read-only service-provider values are
 * required (they are what the resource exists to hand back); writable fields ngrok leaves out or
 * sends as `null` take their defaults; unknown extra fields are tolerated.
 */
export type SamlModuleResponse = ResponseOf<typeof definition>;
let moduleSchema: z.ZodType<SamlModuleResponse> | undefined;
/** {@link SamlModuleResponse}'s schema, built on first use (zod is loaded then). */
export const samlModuleSchema = () => (moduleSchema ??= responseSchema(definition));

/**
 * The body of `PUT …/saml`: every writable field, so that ngrok holds exactly what state records,
 * and the writer's claim (see `./claim`) at the end of `idp_metadata`; an `EntitiesDescriptor`
 * holding one identity provider is sent as that provider's `EntityDescriptor`
 * (`idpMetadataToSend`): ngrok's documents say nothing of aggregates. (The one field not sent as
 * it is: ngrok's module has no field of its own for who wrote it.)
 */
export function putBody(
  inputs: HttpsEdgeRouteSamlInputs,
  claimToken: string,
): Record<string, unknown> {
  return {
    ...requestBody(definition, inputs),
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
 * {@link samlModuleSchema}: an existing module is never taken for an absent one, since it
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
 * The body of `GET …/saml`: a module ({@link samlModuleSchema}), or `undefined` when the body
 * says there is none ({@link isAbsentModule}).
 */
export function samlModuleOrAbsentSchema() {
  const { z } = load.zod();
  return z.preprocess(
    (body) => (isAbsentModule(body) ? undefined : body),
    samlModuleSchema().optional(),
  );
}

/**
 * `GET …/saml` of one route, for `NgrokClient.requestUnlessNotFound`, which resolves to
 * `undefined` when the route has no module, however ngrok says so (404, or 200 with `null` or an
 * empty module: see {@link isAbsentModule}), and when the route or its edge does not exist (404).
 */
export function getModuleRequest(edgeId: string, routeId: string) {
  return {
    method: "GET" as const,
    path: samlPath(edgeId, routeId),
    schema: samlModuleOrAbsentSchema(),
  };
}

/** `PUT …/saml` of the route of `inputs`, with {@link putBody}, for `NgrokClient.request`. */
export function putModuleRequest(inputs: HttpsEdgeRouteSamlInputs, claimToken: string) {
  return {
    method: "PUT" as const,
    path: samlPath(inputs.edgeId, inputs.routeId),
    body: putBody(inputs, claimToken),
    schema: samlModuleSchema(),
  };
}

/**
 * What addresses a module and what the resource keeps beside it: its edge and route, whether this
 * stack took it over, and the resource's claim (`claimedBy`, `claimToken`).
 */
export type ModuleAddress = Pick<
  HttpsEdgeRouteSamlOutputs,
  "edgeId" | "routeId" | "adoptExisting" | "claimedBy" | "claimToken"
>;

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
 * The inputs that would reproduce the live module: what `read` hands back for later diffs. The
 * IdP metadata as {@link heldIdpMetadata} reports it, for the document in state (`declared`).
 */
export function liveInputs(
  module: SamlModuleResponse,
  address: ModuleAddress,
  declared?: string,
): HttpsEdgeRouteSamlInputs {
  return {
    ...liveInputsFrom(definition, module, address),
    idpMetadata: heldIdpMetadata(module, declared),
  };
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
 * The outputs: the live writable fields, the address, the IdP metadata (as
 * {@link heldIdpMetadata} reports it for `declared`: the document just sent, or the one in state)
 * and its signing certificates, and the service-provider values.
 */
export function toOutputs(
  module: SamlModuleResponse,
  address: ModuleAddress,
  declared?: string,
): HttpsEdgeRouteSamlOutputs {
  const idpMetadata = heldIdpMetadata(module, declared);
  return {
    ...outputsFrom(definition, module, address),
    idpMetadata,
    idpSigningCertificates: signingCertificatesOf(idpMetadata),
  };
}
