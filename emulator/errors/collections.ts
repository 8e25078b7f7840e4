/**
 * The errors of the collections served from ngrok's document (`model/plainResource.ts`): IP
 * policies, rules and restrictions, vaults and their secrets, service users, event destinations
 * and subscriptions, reserved addresses, TLS certificates and certificate authorities. Codes and
 * messages are ngrok's catalogue's (ngrok/ngrok-docs `errors/err_ngrok_<n>.mdx`, placeholders
 * filled in); `model/documented.ts` says which check answers which. The catalogue gives no
 * statuses: these answer 400.
 */
import { EmulatorApiError } from "./apiError";

function err(code: number | undefined, msg: string, status = 400): EmulatorApiError {
  return new EmulatorApiError(status, code === undefined ? undefined : `ERR_NGROK_${code}`, msg);
}

/** One factory per error (see the module comment). */
export const collectionErrors = {
  /**
   * (no catalogue code) A referenced object that does not exist, where ngrok documents no code;
   * status 404 or 400 (`plainCollections.referenceNotFoundStatus`).
   */
  referencedNotFound: (noun: string, id: string, status: number) =>
    err(undefined, `The ${noun} ${id} was not found.`, status),
  /** (no catalogue code) Deleting an object others still reference, where ngrok documents none. */
  referencedInUse: (noun: string, id: string, by: readonly string[]) =>
    err(undefined, `The ${noun} ${id} cannot be deleted while ${by.join(", ")} refer to it.`),

  // IP policies, their rules, IP restrictions
  /** 229: an id that is not an IP policy's. */
  ipPolicyIdInvalid: (id: string) => err(229, `The ID ${id} is not a valid IP Policy ID.`),
  /** 1402: an IP policy rule's policy does not exist (status: see `referencedNotFound`). */
  ipPolicyNotFound: (status: number) => err(1402, "IP Policy not found", status),
  /** 1406: a rule's CIDR does not parse. */
  cidrInvalid: (cidr: string) => err(1406, `Invalid CIDR: ${cidr}`),
  /** 1408: the policy has a rule with this CIDR already. */
  ipPolicyRuleExists: (cidr: string) =>
    err(1408, `IP Policy Rule with CIDR ${cidr} already exists`),
  /** 1409: a CIDR with host bits set. */
  cidrNotLowest: (cidr: string, suggestion: string) =>
    err(
      1409,
      `IP Policy Rule CIDR ${cidr} must be specified using the lowest IP address in the range. Did you mean ${suggestion}?`,
    ),
  /** 1413: an address without a network mask. */
  cidrNoMask: (suggestion: string) =>
    err(
      1413,
      `IP Policy Rule is missing a network mask. Consider using ${suggestion} if you want to target a single host IP.`,
    ),
  /** 1420: deleting an IP policy IP restrictions reference. */
  ipPolicyInUse: (id: string, restrictions: readonly string[]) =>
    err(
      1420,
      `Cannot delete IP Policy (${id}) because it is referenced by one or more IP Restrictions: (${restrictions.join(", ")}). Detach this IP Policy from all IP Restrictions before deleting it.`,
    ),
  /** 1421: a rule's description over its limit. */
  ipPolicyRuleDescriptionTooLong: (max: number, got: number) =>
    err(1421, `The IP Policy Rule description exceeds the maximum length of ${max}, got ${got}.`),
  /** 1422: a rule's action neither allow nor deny. */
  ipPolicyRuleActionInvalid: () =>
    err(1422, "An IP Policy Rule must have an 'action' of either 'allow' or 'deny'."),
  /** 1801: an IP restriction's policy does not exist (status: see `referencedNotFound`). */
  ipRestrictionPolicyNotFound: (id: string, status: number) =>
    err(1801, `Invalid IP Restriction. The policy ${id} does not exist on your account.`, status),
  /** 1802: the account has an IP restriction of this type already. */
  ipRestrictionTypeExists: (type: string) =>
    err(
      1802,
      `Only one IP Restriction is allowed per type. Consider either deleting the existing ${type} restriction first, or updating it instead.`,
    ),
  /** 1803: an IP restriction type not supported. */
  ipRestrictionTypeInvalid: (type: string, supported: readonly string[]) =>
    err(
      1803,
      `The provided IP Restriction type "${type}" is invalid. Valid types: ${supported.join(", ")}.`,
    ),
  /** 1804: an IP restriction without IP policies. */
  ipRestrictionPoliciesMissing: () =>
    err(1804, "An IP Restriction must specify at least one IP Policy."),

  // Vaults and their secrets
  /** 23000: a vault name with other characters than a-zA-Z0-9_/. */
  vaultNameInvalid: (name: string) =>
    err(
      23000,
      `The vault name "${name}" is invalid. Must only contain the characters "a-zA-Z0-9_/.".`,
    ),
  /** 23001: no vault name. */
  vaultNameEmpty: () => err(23001, "The vault name cannot be empty."),
  /** 23003: deleting a vault that holds secrets. */
  vaultNotEmpty: () =>
    err(
      23003,
      "A Vault must be empty before it can be deleted. Remove all secrets from the vault and try again.",
    ),
  /** 23004: the account has a vault of this name. */
  vaultNameTaken: () => err(23004, "Vault names must be unique within an account."),
  /** 24000: a secret name with other characters than a-zA-Z0-9_/. */
  secretNameInvalid: (name: string) =>
    err(
      24000,
      `The secret name "${name}" is invalid. Must only contain the characters "a-zA-Z0-9_/.".`,
    ),
  /** 24001: no secret name. */
  secretNameEmpty: () => err(24001, "The secret name cannot be empty."),
  /** 24003: no secret value. */
  secretValueEmpty: () => err(24003, "The secret value cannot be empty."),
  /** 24005: the vault has a secret of this name. */
  secretNameTaken: () => err(24005, "Secret names must be unique within a vault."),
  /** 24006: a secret's vault (by id) does not exist (status: see `referencedNotFound`). */
  secretVaultNotFound: (id: string, status: number) =>
    err(24006, `Vault with ID ${id} not found.`, status),
  /** 24008: a secret without a vault. */
  secretVaultMissing: () => err(24008, "Required parameter 'VaultID' is missing."),
  /** 24009: a secret's vault (by name) does not exist (status: see `referencedNotFound`). */
  secretVaultNameNotFound: (name: string, status: number) =>
    err(24009, `Vault not found with name: ${name}`, status),

  // Service users
  /** 4109: no service user name. */
  serviceUserNameEmpty: () => err(4109, "Service User name must not be empty."),
  /** 4112: the account has a service user of this name. */
  serviceUserNameTaken: () => err(4112, "Service User names must be unique within an account."),

  // Event destinations and subscriptions
  /** 235: an event destination format not supported. */
  eventFormatInvalid: (format: string, supported: readonly string[]) =>
    err(
      235,
      `The Format ${format} is missing or is not a valid Event Destination Format. Supported formats are: ${supported.join(", ")}.`,
    ),
  /** 5100: an event destination without a target. */
  eventTargetMissing: (targets: readonly string[]) =>
    err(
      5100,
      `An event destination must specify a destination target. Valid targets include: ${targets.join(", ")}.`,
    ),
  /** 5103: an event subscription's destination does not exist (status: see `referencedNotFound`). */
  eventDestinationNotFound: (id: string, status: number) =>
    err(5103, `No event destinations with ID: ${id} associated with this account.`, status),
  /** 5104: a role ARN that is not one. */
  eventRoleArnInvalid: (arn: string, reason: string) =>
    err(
      5104,
      `Event Destination role ARN "${arn}" is not a valid ARN for an aws IAM role. Error: ${reason}.`,
    ),
  /** 5106: a target without its auth. */
  eventTargetAuthMissing: () => err(5106, "Event Destination target is missing the auth field."),
  /** 5107: an auth with neither a role nor credentials. */
  eventAuthEmpty: () =>
    err(
      5107,
      "Event Destination auth is missing a role or credentials to send events to the destination target.",
    ),
  /** 5112: deleting an event destination a subscription uses. */
  eventDestinationInUse: (id: string) =>
    err(
      5112,
      `Event Destination "${id}" cannot be deleted because it is still in use by at least one Event Stream`,
    ),
  /** 5115: more than one target. */
  eventTargetsMany: () =>
    err(5115, "An event destination may not specify more than one destination target."),
  /** 5116: more than one kind of auth. */
  eventAuthMany: () =>
    err(5116, "An event destination may not specify more than one type of authentication."),
  /** 5133: a Datadog target without its API key. */
  eventDatadogApiKeyMissing: () => err(5133, "Event Destination target is missing API Key."),
  /** 5136: an Azure target without a data collection rule id. */
  eventAzureRuleInvalid: () =>
    err(5136, "The provided azure logs ingestion data collection rule ID is missing or invalid."),
  /** 5137: an Azure target without a data collection stream name. */
  eventAzureStreamInvalid: () =>
    err(
      5137,
      "The provided azure logs ingestion data collection stream name is missing or invalid.",
    ),
  /** 5138: an Azure target without a valid logs ingestion URI. */
  eventAzureUriInvalid: () =>
    err(5138, "The provided azure logs ingestion URI is missing or invalid."),

  // Reserved addresses
  /** 500: a region not supported. */
  regionInvalid: (region: string, valid: readonly string[]) =>
    err(
      500,
      `The region you specified, ${region} is invalid. Use one of the following acceptable values: ${valid.join(", ")}`,
    ),

  // TLS certificates and certificate authorities (uploaded PEM)
  /** 1901: no private key. */
  privateKeyMissing: () =>
    err(1901, "No PEM-encoded private key was found in the creation request."),
  /** 1902: an encrypted private key. */
  privateKeyEncrypted: () => err(1902, "The provided private key is encrypted."),
  /** 1903: a private key that does not parse. */
  privateKeyUnsupported: () =>
    err(1903, "The provided private key is in an unknown or unsupported format."),
  /** 1910: PEM with headers. */
  pemHeaders: () =>
    err(
      1910,
      "The provided PEM data contains a non-zero number of headers, which are not allowed.",
    ),
  /** 1911: a PEM block that is not a certificate. */
  pemNotCertificate: (type: string) =>
    err(
      1911,
      `The provided data is a valid PEM, but it has an unexpected type: ${type}. It must be "CERTIFICATE".`,
    ),
  /** 1913: a CA certificate whose basic constraints do not say it is one. */
  certificateNotCa: () =>
    err(
      1913,
      "The uploaded certificate's x509 Basic Constraints did not mark it as a certificate authority (see RFC 5280, 4.2.1.9).",
    ),
  /** 1919: no CA certificate. */
  certificateAuthorityMissing: () => err(1919, "No certificate PEM data was sent."),
  /** 1920: certificate data that is not PEM. */
  certificateNotPem: (data: string) =>
    err(1920, `The certificate data could not be parsed as PEM. Certificate data: "${data}".`),
  /** 1922: no certificate. */
  certificateMissing: () =>
    err(1922, "No PEM-encoded certificate was found in the creation request."),
  /** 1923: a certificate and a key of different pairs. */
  keyPairMismatch: () =>
    err(1923, "The provided certificate and private key do not match each other."),
  /** 1924: a certificate sent as the private key. */
  privateKeyIsCertificate: () => err(1924, "The provided private key is actually a certificate."),
  /** 1925: a private key sent as the certificate. */
  certificateIsPrivateKey: () => err(1925, "The provided certificate is actually a private key."),
};
