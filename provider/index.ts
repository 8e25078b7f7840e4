/**
 * The implementation behind the SDK's resource classes, loaded by package name
 * (`require("pulumi-ngrok-dynamic/provider")`) inside the dynamic-provider host, never
 * serialized into `__provider`.
 *
 * @module
 */
import { type ConfigSource, configureFromStack } from "./client/configuration";

export * from "./client";
export { ResourceInitFailedError } from "./common/errors";
export { isBranded } from "./client/brand";
export { UNKNOWN, isUnknown } from "./common/unknown";
export * from "./generated/exports";
export {
  AdoptionError as SshCertificateAuthorityAdoptionError,
  type AdoptionRefusal,
} from "./framework/adopt";
export { SshCertificateAuthorityInUseError } from "./sshCertificateAuthority/inUse";
export { SamlModuleExistsError } from "./httpsEdgeRouteSaml/create";
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
