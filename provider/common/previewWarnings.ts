/**
 * Warnings `check` gives at `pulumi preview` (and again at `pulumi up`) about what passes the
 * checks but is likely a mistake. They never fail the operation: each is documented as allowed.
 *
 * - No API key ({@link noApiKeyWarning}): `pulumi preview` calls no API, so it passes without
 *   one, and a pipeline that only previews stays green until its first `pulumi up`. Given once per
 *   provider process, however many resources.
 * - Per resource, what its own `warnings` function finds (a certificate whose validity has
 *   already ended, `../sshCertificateCommon/validity`).
 *
 * They go through `logWarning` (`../client/log`): inside the dynamic-provider host, standard
 * error, which the Pulumi CLI shows as the operation runs and under "Diagnostics".
 *
 * @module
 */
import { CONFIG_KEYS, ENV_VARS, hasApiKey } from "../client/configuration";
import { logWarning } from "../client/log";

/** The warning when neither `ngrok:apiKey` nor `NGROK_API_KEY` is set. */
export function noApiKeyWarning(): string {
  return (
    `no ngrok API key: neither the stack config ${CONFIG_KEYS.apiKey} nor the environment ` +
    `variable ${ENV_VARS.apiKey} is set. pulumi preview calls no API, so it passes without one, ` +
    `but pulumi up, refresh and destroy will fail at their first API call. Set it with ` +
    `pulumi config set ${CONFIG_KEYS.apiKey} --secret, or export ${ENV_VARS.apiKey}=… in the ` +
    `pipeline`
  );
}

let warnedNoApiKey = false;

/**
 * Warns once per process when no API key is set (see {@link noApiKeyWarning}). Called by every
 * resource's `check`, after Pulumi's `configure` has handed over the stack config.
 */
export function warnIfNoApiKey(): void {
  if (warnedNoApiKey || hasApiKey()) return;
  warnedNoApiKey = true;
  logWarning(noApiKeyWarning());
}

/** Lets {@link warnIfNoApiKey} warn again (for tests). */
export function resetPreviewWarnings(): void {
  warnedNoApiKey = false;
}
