/**
 * `ngrok-api-emulator`: a local emulator of ngrok's REST API for tests and local development —
 * SSH Certificate Authorities with the host and user certificates they sign, SSH credentials,
 * the SAML module of HTTPS edge routes (with minimal HTTPS edges and routes to hang it on),
 * reserved domains and cloud endpoints, and every collection ngrok's Terraform provider v0.8.0
 * manages or looks up, served from ngrok's OpenAPI document (`PLAIN_COLLECTIONS`: vaults and
 * their secrets, IP policies, their rules and IP restrictions, certificate authorities, TLS
 * certificates, reserved addresses, agent ingresses, credentials, API keys, service users, event
 * destinations and subscriptions; tunnel sessions, application users and sessions, read only).
 *
 * ```ts
 * import { startEmulator } from "ngrok-api-emulator";
 * const emulator = await startEmulator({ port: 0 });
 * // NGROK_API_BASE_URL=emulator.url NGROK_API_KEY=emulator.apiKey
 * await emulator.close();
 * ```
 *
 * Endpoints (ngrok API paths, no version segment; every request needs
 * `Authorization: Bearer <apiKey>` and `Ngrok-Version: 2`; the full list is in the README):
 * - `POST|GET /ssh_certificate_authorities`, `GET|PATCH|DELETE /ssh_certificate_authorities/:id`
 * - `POST|GET /ssh_host_certificates`, `GET|PATCH|DELETE /ssh_host_certificates/:id`, and the
 *   same under `/ssh_user_certificates`
 * - `POST|GET /ssh_credentials`, `GET|PATCH|DELETE /ssh_credentials/:id`
 * - `POST|GET /reserved_domains`, `POST|GET /endpoints` and their items
 * - for each collection of `PLAIN_COLLECTIONS`, what ngrok's document has of `POST|GET <path>`
 *   and `GET|PATCH|DELETE <path>/:id`, and `GET /vaults/:id/secrets`
 * - `POST|GET /edges/https`, `GET|DELETE /edges/https/:id`
 * - `POST /edges/https/:edge_id/routes`, `GET|DELETE /edges/https/:edge_id/routes/:id`
 * - `PUT|GET|DELETE /edges/https/:edge_id/routes/:id/saml`
 * - public, no auth: `GET <samlBaseUrl path>/saml/:route_id` (the SP metadata XML)
 * - the emulator's own admin endpoints, not part of ngrok's API (API key, no version header):
 *   `GET|POST|DELETE /__emulator/faults`, `DELETE /__emulator/faults/:id`
 * For a test's setup, `emulator.createHttpsEdge()` and `emulator.createHttpsEdgeRoute(edgeId)`
 * make the edge and route a SAML module hangs on, `emulator.seed(path, fields)` an object of a
 * collection the API only reads (a tunnel session), and {@link sampleIdpMetadata} an IdP metadata
 * document with a real certificate.
 * Options add fault injection (`faults`, see {@link FaultRule}), ngrok's rate limit
 * (`rateLimit`), and answers ngrok leaves undocumented (`samlModuleAbsent`, `caLimit`,
 * `edgesDeprecated`, `authErrorStatus`, `sshCredentials`, `apiKeyOwnerId`, `plainCollections`). Behaviour, defaults and error codes are described on each module and in
 * `emulator/README.md`.
 *
 * @packageDocumentation
 */
import { createEmulatorApp, type EmulatorApp } from "./app";
import type { EmulatorOptions } from "./options";

export type { EmulatorApp, EmulatorControl } from "./app";
export type {
  EmulatorSnapshot,
  HttpsEdgeFields,
  HttpsEdgeRouteFields,
  RecordedRequest,
  SamlModuleSnapshot,
} from "./context";
export { sampleIdpMetadata } from "./fixtures/idpMetadata";
export type { SampleIdpMetadataOptions } from "./fixtures/idpMetadata";
export { ADMIN_PREFIX } from "./http/adminPath";
export { apiErrors, EmulatorApiError } from "./errors";
export type { EmulatorApiErrorOptions, EmulatorErrorBody } from "./errors";
export { FAULT_RULE_FIELDS, FaultRuleError, MAX_FAULT_DELAY_MS } from "./faults/faultRule";
export type { FaultRule, FaultRuleEntry } from "./faults/faultRule";
export type { EmulatorFaults } from "./faults/registry";
export {
  DEFAULT_BODY_LIMIT,
  DEFAULT_HOST,
  DEFAULT_IDP_METADATA_MAX_BYTES,
  DEFAULT_PORT,
} from "./options";
export type { EmulatorOptions } from "./options";
export { DEFAULT_RATE_LIMIT_REQUESTS, DEFAULT_RATE_LIMIT_WINDOW_MS } from "./http/rateLimit";
export type { RateLimitOptions } from "./http/rateLimit";
export { EDGES_DEPRECATED_STATUSES, EDGES_READ_ONLY_STATUSES } from "./http/edgesDeprecated";
export type {
  EdgesAccess,
  EdgesAccessControl,
  EdgesAccessSetting,
  EdgesDeprecatedOptions,
  EdgesReadOnlyOptions,
} from "./http/edgesDeprecated";
export { DROPPED_STATUS } from "./http/recorder";
export { SAML_MODULE_ABSENT_ANSWERS } from "./model/render";
export { PLAIN_COLLECTIONS } from "./app";
export type { PlainCollection } from "./model/plainResource";
export { PLAIN_COLLECTION_OPTION_VALUES } from "./model/plainOptions";
export type { PlainCollectionOptions } from "./model/plainOptions";
export { IDP_METADATA_AGGREGATES, type IdpMetadataAggregates } from "./model/idpMetadata";
export type {
  SamlModuleAbsentAnswer,
  HttpsEdgeJson,
  HttpsEdgeRouteJson,
  SamlModuleJson,
  SshCertificateAuthorityJson,
  SshHostCertificateJson,
  SshUserCertificateJson,
} from "./model/render";
export { SSH_CREDENTIAL_OPTION_VALUES } from "./model/sshCredential";
export type {
  SshCredentialAclCheck,
  SshCredentialJson,
  SshCredentialKeyTypes,
  SshCredentialOptions,
} from "./model/sshCredential";
export { ngrokOpenApiDocument } from "./spec/document";
export { OVERLAY } from "./spec/overlay";
export type { OpenApiDocument, OverlayEntry, SchemaObject } from "./spec";
export type { CloudEndpointOptions, ReservedDomainOptions } from "./model/cloudOptions";
export { startEmulator } from "./server";
export type { RunningEmulator } from "./server";

/**
 * Builds the emulator as a fastify instance that is not listening yet: call `app.inject()` in
 * tests, or `app.listen()` yourself. Hooks added with `app.addHook()` before the first
 * `inject`/`ready`/`listen` apply to every request (e.g. an `onRequest` hook that throws
 * `apiErrors.rateLimited()` to answer 429 ERR_NGROK_226), though `options.faults` and
 * `app.emulator.faults` usually suffice. `app.emulator` gives the API key, the recorded
 * requests, a state snapshot and the fault rules. Base URLs in responses are
 * `options.baseUrl`, else `http://<Host header>`. With `inject()`, a fault rule's `drop` makes
 * the `inject()` promise reject with an `Error` whose `code` is `"ECONNRESET"`.
 * @throws TypeError on invalid options (e.g. a port outside 0..65535, a non-URL `samlBaseUrl`).
 */
export function buildEmulatorApp(options: EmulatorOptions = {}): EmulatorApp {
  return createEmulatorApp(options).app;
}
