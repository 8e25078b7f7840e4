/**
 * `HttpsEdgeRouteSaml`'s `check` with its warnings: the signing certificates of an accepted IdP
 * document that have expired or expire soon (warnings, not failures).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { splitClaimedBy } from "../framework/names";
import { httpsEdgeRouteSamlDefinition, type HttpsEdgeRouteSamlInputs } from "./definition";
import type { ParsedOf } from "../framework/define";
import { certificateExpiryWarnings, type SigningCertificate } from "./idpMetadata";

export { EXPIRY_WARNING_MS } from "./idpMetadata";

/**
 * The warnings about the signing certificates of a document that passed check (see
 * `certificateExpiryWarnings`, which the `saml` action of a traffic policy shares), naming the
 * resource (from `claimedBy`) and `idpMetadata`.
 */
export function expiryWarnings(
  certificates: readonly SigningCertificate[],
  claimedBy: string | undefined,
  now: number,
): string[] {
  const { stack, resource } = splitClaimedBy(claimedBy ?? "");
  const who =
    resource !== "" ? `HttpsEdgeRouteSaml "${resource}" (stack ${stack})` : "HttpsEdgeRouteSaml";
  return certificateExpiryWarnings(certificates, now, who, "idpMetadata");
}

/**
 * The warnings of the provider's `check` about inputs it accepted (the hook `warnings` of
 * `./index`): those of {@link expiryWarnings} for the signing certificates that the rule of
 * `idpMetadata` parsed (none while the document is not known yet, in a preview of a computed
 * value), so that the document is parsed once.
 *
 * @param now - Milliseconds since the epoch to judge expiry against (the time of the preview).
 */
export function inputWarnings(
  inputs: HttpsEdgeRouteSamlInputs,
  parsed: ParsedOf<typeof httpsEdgeRouteSamlDefinition>,
  now: number,
): string[] {
  const certificates = parsed.idpMetadata;
  return certificates === undefined ? [] : expiryWarnings(certificates, inputs.claimedBy, now);
}

/**
 * {@link checkHttpsEdgeRouteSaml}, with the warnings about what it accepted (see
 * {@link inputWarnings}). Pure.
 *
 * @param now - Milliseconds since the epoch to judge expiry against (the time of the preview).
 */
export function checkHttpsEdgeRouteSamlWithWarnings(
  news: Record<string, unknown>,
  now: number,
): { result: pulumi.dynamic.CheckResult<HttpsEdgeRouteSamlInputs>; warnings: string[] } {
  const { result, parsed } = httpsEdgeRouteSamlDefinition.checkParsed(news);
  const accepted = (result.failures ?? []).length === 0 ? result.inputs : undefined;
  return { result, warnings: accepted === undefined ? [] : inputWarnings(accepted, parsed, now) };
}
