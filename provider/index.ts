/**
 * The implementation behind the SDK's resource classes, loaded by package name
 * (`require("pulumi-ngrok-dynamic/provider")`) inside the dynamic-provider host, never
 * serialized into `__provider`.
 *
 * @module
 */
import type { NgrokClient } from "./client";
import { type ConfigSource, configureFromStack } from "./client/configuration";
import { sshCredential } from "./sshCredential";

export * from "./client";
export { ResourceInitFailedError } from "./common/errors";
export { isBranded } from "./client/brand";
export { UNKNOWN, isUnknown } from "./common/unknown";
export { sshCertificateAuthorityProvider } from "./sshCertificateAuthority/provider";
export * as sshCertificateAuthority from "./sshCertificateAuthority/definition";
export {
  SshCertificateAuthorityAdoptionError,
  type AdoptionRefusal,
} from "./sshCertificateAuthority/adopt";
export * from "./sshCertificateAuthority/lookup";
export { SshCertificateAuthorityInUseError } from "./sshCertificateAuthority/inUse";
export { sshHostCertificateProvider } from "./sshHostCertificate/provider";
export * as sshHostCertificate from "./sshHostCertificate/definition";
export * from "./sshHostCertificate/lookup";
export { sshUserCertificateProvider } from "./sshUserCertificate/provider";
export * as sshUserCertificate from "./sshUserCertificate/definition";
export * from "./sshUserCertificate/lookup";
export type { SshCertificateFilter } from "./sshCertificateCommon/lookup";
export type { SshCredentialRecord } from "./sshCredential";
/** The implementation of the `SshCredential` dynamic provider (see `./sshCredential`). */
export const sshCredentialProvider = sshCredential.provider;
/**
 * Reads one SSH credential by id without managing it (what the SDK's `getSshCredential` runs in
 * the program's process): one `GET /ssh_credentials/{id}`.
 *
 * @throws TypeError when `id` is not a credential id (`sshcr_…`), before any request.
 * @throws {@link NgrokApiError} when ngrok refuses, e.g. 404 when there is no such credential.
 */
export const lookupSshCredential = (client: NgrokClient, id: string) =>
  sshCredential.lookups.one(client, { id });
/**
 * Every SSH credential of the account, newest first, as lookups return them (what
 * `pulumi-ngrok-dynamic pending-creates` compares): `GET /ssh_credentials`, every page.
 */
export const listSshCredentials = (client: NgrokClient) => sshCredential.lookups.list(client);
export * as sshCredential from "./sshCredential/definition";
export { httpsEdgeRouteSamlProvider } from "./httpsEdgeRouteSaml/provider";
export { SamlModuleExistsError } from "./httpsEdgeRouteSaml/create";
export * as httpsEdgeRouteSaml from "./httpsEdgeRouteSaml/definition";
export * from "./httpsEdgeRouteSaml/lookup";
export { parseIdpMetadata, type IdpMetadata } from "./httpsEdgeRouteSaml/idpMetadata";
export {
  NOT_COMPARABLE,
  PENDING_CREATE_KINDS,
  quote,
  type LiveObject,
  type PendingCreateKind,
} from "./pendingCreates";

/**
 * Pulumi's `configure`: remembers `ngrok:apiKey`, `ngrok:apiBaseUrl`, the retry and timeout
 * settings (`ngrok:retryMaxAttempts`, `ngrok:retryDeadlineSeconds`, `ngrok:requestTimeoutSeconds`)
 * and the pacing (`ngrok:maxRequestsPerMinute`) from the stack config, in this process's memory
 * only.
 *
 * @param req Pulumi's `ConfigureRequest` (`pulumi.dynamic.ConfigureRequest`), or any object whose
 *   `config.get(key)` answers the stack config.
 */
export async function configure(req: { readonly config: ConfigSource }): Promise<void> {
  configureFromStack(req.config);
}
