/**
 * Options of reserved domains and cloud endpoints, for the answers ngrok's documents leave open.
 */

/** `EmulatorOptions.reservedDomains`. */
export interface ReservedDomainOptions {
  /**
   * The certificate of a custom domain reserved with neither `certificate_id` nor
   * `certificate_management_policy` (ngrok does not document it): `"managed"` (default),
   * automatic management with Let's Encrypt and an ECDSA key (the document's defaults);
   * `"none"`, no certificate (policy, status and certificate `null`).
   */
  certificates?: "managed" | "none";
}

/** `EmulatorOptions.cloudEndpoints`. */
export interface CloudEndpointOptions {
  /**
   * The code of a cloud endpoint on a host the account did not reserve: ngrok's catalogue has
   * both `319` ("You must reserve a custom hostname for your account before it can be used to
   * create endpoints…", default) and `7118` ("The domain … is not reserved by your account."),
   * without saying which the endpoints API answers.
   */
  unreservedDomainCode?: 319 | 7118;
}

/** The options with their defaults. */
export interface ResolvedCloudOptions {
  reservedDomains: Required<ReservedDomainOptions>;
  cloudEndpoints: Required<CloudEndpointOptions>;
}

/** Applies the defaults; throws a `TypeError` naming an invalid option. */
export function resolveCloudOptions(
  reservedDomains: ReservedDomainOptions = {},
  cloudEndpoints: CloudEndpointOptions = {},
): ResolvedCloudOptions {
  const certificates = reservedDomains.certificates ?? "managed";
  if (certificates !== "managed" && certificates !== "none") {
    throw new TypeError(
      `reservedDomains.certificates must be "managed" or "none", got ${JSON.stringify(certificates)}`,
    );
  }
  const unreservedDomainCode = cloudEndpoints.unreservedDomainCode ?? 319;
  if (unreservedDomainCode !== 319 && unreservedDomainCode !== 7118) {
    throw new TypeError(
      `cloudEndpoints.unreservedDomainCode must be 319 or 7118, got ${String(unreservedDomainCode)}`,
    );
  }
  return { reservedDomains: { certificates }, cloudEndpoints: { unreservedDomainCode } };
}
