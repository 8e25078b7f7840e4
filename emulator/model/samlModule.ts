/**
 * The SAML module's request body (spec sections 2.3 and 4.2, Replace): its two accepted shapes,
 * field validation and defaults.
 *
 * Shapes:
 * - flat, as the docs' curl example sends it: `{"enabled": true, "idp_metadata": "…"}`;
 * - wrapped, as ngrok's TypeScript client (and the current API reference) sends it:
 *   `{"edge_id": "edghts_…", "id": "edghtsrt_…", "module": {…}}`. The ids in the wrapper are
 *   not compared with the path (ngrok documents them as "n/a"); the path decides.
 *
 * Validation order: unknown field (214), wrong type (215: booleans, strings, `inactivity_timeout`
 * and `maximum_duration` integers in 0..4294967295, `authorized_groups` a list of strings), both
 * `idp_metadata` and `idp_metadata_url` (7081), neither (7091), `idp_metadata` too large (7080),
 * `idp_metadata` not one SAML 2.0 IdP EntityDescriptor (7083), `nameid_format` unsupported (1693).
 *
 * Defaults of omitted (or null) fields, as ngrok's responses show them: `enabled` true,
 * `allow_idp_initiated` true (as in ngrok's docs example, where the request did not send it),
 * `options_passthrough` and `force_authn` false, `cookie_prefix` "", numbers 0,
 * `authorized_groups` [], `idp_metadata` and `idp_metadata_url` "", `nameid_format` the SAML 2.0
 * persistent URN (also when sent as ""). A PUT replaces the whole module, so fields omitted from
 * a later PUT go back to these defaults.
 *
 * `idp_metadata_url` is stored and echoed but never fetched.
 */
import { apiErrors } from "../errors";
import { type IdpMetadataAggregates, validateIdpMetadata } from "./idpMetadata";
import type { SamlModuleSettings } from "./store";
import { checkFields, isPlainObject, objectBody, utf8Length } from "./validation";

/** Default `nameid_format`. */
export const DEFAULT_NAMEID_FORMAT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";

/**
 * Supported `nameid_format` values: the NameID format identifiers of SAML 2.0 core, section 8.3
 * (ngrok supports "a subset" it does not publish; the emulator accepts all of them).
 */
export const NAMEID_FORMATS: readonly string[] = [
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:entity",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
];

/** Writable fields of the module. */
export const SAML_MODULE_FIELDS = {
  enabled: "boolean",
  options_passthrough: "boolean",
  cookie_prefix: "string",
  inactivity_timeout: "uint32",
  maximum_duration: "uint32",
  idp_metadata: "string",
  idp_metadata_url: "string",
  force_authn: "boolean",
  allow_idp_initiated: "boolean",
  authorized_groups: "stringArray",
  nameid_format: "string",
} as const;

const WRAPPER_FIELDS = { edge_id: "string", id: "string" } as const;

/** Picks the module object out of a flat or wrapped body. */
export function unwrapSamlBody(body: unknown): Record<string, unknown> {
  const object = objectBody(body);
  if (!Object.prototype.hasOwnProperty.call(object, "module")) return object;
  const { module, ...rest } = object;
  checkFields(rest, { ...WRAPPER_FIELDS, module: "string" });
  if (module !== null && !isPlainObject(module)) throw apiErrors.invalidValue("module");
  return module ?? {};
}

/** Validates a Replace body and returns the module's settings with defaults applied. */
export function parseSamlModuleBody(
  body: unknown,
  limits: { idpMetadataMaxBytes: number; idpMetadataAggregates?: IdpMetadataAggregates },
): SamlModuleSettings {
  const values = checkFields(unwrapSamlBody(body), SAML_MODULE_FIELDS);
  const idpMetadata = values.idp_metadata ?? "";
  const idpMetadataUrl = values.idp_metadata_url ?? "";
  if (idpMetadata !== "" && idpMetadataUrl !== "") throw apiErrors.samlMetadataAndUrl();
  if (idpMetadata === "" && idpMetadataUrl === "") throw apiErrors.samlMetadataMissing();
  if (idpMetadata !== "") {
    const size = utf8Length(idpMetadata);
    if (size > limits.idpMetadataMaxBytes) {
      throw apiErrors.samlMetadataTooLarge(limits.idpMetadataMaxBytes, size);
    }
    const result = validateIdpMetadata(idpMetadata, limits.idpMetadataAggregates);
    if (!result.ok) throw apiErrors.samlMetadataUnparseable(result.reason);
  }
  const nameIdFormat = values.nameid_format ?? "";
  if (nameIdFormat !== "" && !NAMEID_FORMATS.includes(nameIdFormat)) {
    throw apiErrors.samlNameIdFormatUnsupported(nameIdFormat);
  }
  return {
    enabled: values.enabled ?? true,
    options_passthrough: values.options_passthrough ?? false,
    cookie_prefix: values.cookie_prefix ?? "",
    inactivity_timeout: values.inactivity_timeout ?? 0,
    maximum_duration: values.maximum_duration ?? 0,
    idp_metadata: idpMetadata,
    idp_metadata_url: idpMetadataUrl,
    force_authn: values.force_authn ?? false,
    allow_idp_initiated: values.allow_idp_initiated ?? true,
    authorized_groups: [...(values.authorized_groups ?? [])],
    nameid_format: nameIdFormat === "" ? DEFAULT_NAMEID_FORMAT : nameIdFormat,
  };
}
