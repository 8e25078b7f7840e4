/**
 * The implementation behind the SDK's resource classes, loaded by package name
 * (`require("pulumi-ngrok-dynamic/provider")`) inside the dynamic-provider host, never
 * serialized into `__provider`.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { configureFromStack } from "./client/configuration";

export * from "./client";
export { ResourceInitFailedError } from "./common/errors";
export { UNKNOWN, isUnknown } from "./common/unknown";
export { sshCertificateAuthorityProvider } from "./sshCertificateAuthority/provider";
export * as sshCertificateAuthority from "./sshCertificateAuthority/inputs";
export { httpsEdgeRouteSamlProvider, SamlModuleExistsError } from "./httpsEdgeRouteSaml/provider";
export * as httpsEdgeRouteSaml from "./httpsEdgeRouteSaml/inputs";
export { parseIdpMetadata, type IdpMetadata } from "./httpsEdgeRouteSaml/idpMetadata";

/**
 * Pulumi's `configure`: remembers `ngrok:apiKey`, `ngrok:apiBaseUrl`, the retry and timeout
 * settings (`ngrok:retryMaxAttempts`, `ngrok:retryDeadlineSeconds`, `ngrok:requestTimeoutSeconds`)
 * and the pacing (`ngrok:maxRequestsPerMinute`) from the stack config, in this process's memory
 * only.
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  configureFromStack(req.config);
}
