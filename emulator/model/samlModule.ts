/**
 * The SAML module's request body (`contributing/reference/seed.md` §2.3 and §4.2, Replace): its two accepted shapes,
 * field validation and defaults.
 *
 * Shapes:
 * - flat, as the docs' curl example sends it: `{"enabled": true, "idp_metadata": "…"}`;
 * - wrapped, as ngrok's TypeScript client (and the current API reference) sends it:
 *   `{"edge_id": "edghts_…", "id": "edghtsrt_…", "module": {…}}`. The ids in the wrapper are
 *   not compared with the path (ngrok documents them as "n/a"); the path decides.
 *
 * The fields and their types come from ngrok's OpenAPI document (`EdgeRouteSAMLReplace`, whose
 * `module` is an `EndpointSAMLMutate`) and the overlay (`idp_metadata_url`; the flat body; the two
 * durations uint32). Validation order: unknown field (214), wrong type (215), both
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
import type { ApiSpec } from "../spec";
import { type IdpMetadataAggregates, validateIdpMetadata } from "./idpMetadata";
import type { SamlModuleSettings } from "./store";
import { textList, text, utf8Length } from "./validation";

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

/** The spec path of the module's operations. */
export const SAML_MODULE_PATH = "/edges/https/{edge_id}/routes/{id}/saml";

/** The writable fields of the module, in the document's order: `EndpointSAMLMutate`'s. */
export function samlModuleFields(spec: ApiSpec): string[] {
  return Object.keys(spec.schema("EndpointSAMLMutate").properties ?? {});
}

function flag(values: Record<string, unknown>, name: string): boolean | undefined {
  const value = values[name];
  return typeof value === "boolean" ? value : undefined;
}

function count(values: Record<string, unknown>, name: string): number {
  const value = values[name];
  return typeof value === "number" ? value : 0;
}

/**
 * Validates a Replace body and returns the module's settings with defaults applied; fields the
 * document adds to both `EndpointSAMLMutate` and `EndpointSAML` are kept as sent.
 */
export function parseSamlModuleBody(
  spec: ApiSpec,
  body: unknown,
  limits: { idpMetadataMaxBytes: number; idpMetadataAggregates?: IdpMetadataAggregates },
): SamlModuleSettings {
  const values = spec.parseBody(spec.operation(SAML_MODULE_PATH, "put"), body);
  const idpMetadata = text(values, "idp_metadata") ?? "";
  const idpMetadataUrl = text(values, "idp_metadata_url") ?? "";
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
  const nameIdFormat = text(values, "nameid_format") ?? "";
  if (nameIdFormat !== "" && !NAMEID_FORMATS.includes(nameIdFormat)) {
    throw apiErrors.samlNameIdFormatUnsupported(nameIdFormat);
  }
  const answered = spec.schema("EndpointSAML").properties ?? {};
  const extra = Object.entries(values).filter(([name]) => answered[name] !== undefined);
  return {
    ...Object.fromEntries(extra),
    enabled: flag(values, "enabled") ?? true,
    options_passthrough: flag(values, "options_passthrough") ?? false,
    cookie_prefix: text(values, "cookie_prefix") ?? "",
    inactivity_timeout: count(values, "inactivity_timeout"),
    maximum_duration: count(values, "maximum_duration"),
    idp_metadata: idpMetadata,
    idp_metadata_url: idpMetadataUrl,
    force_authn: flag(values, "force_authn") ?? false,
    allow_idp_initiated: flag(values, "allow_idp_initiated") ?? true,
    authorized_groups: [...(textList(values, "authorized_groups") ?? [])],
    nameid_format: nameIdFormat === "" ? DEFAULT_NAMEID_FORMAT : nameIdFormat,
  };
}
