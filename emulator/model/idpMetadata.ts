/**
 * The emulator's own validation of the SAML module's `idp_metadata` (`contributing/reference/seed.md` §2.3: "The full
 * XML IdP EntityDescriptor").
 *
 * Accepted: exactly one well-formed XML document whose document element is a SAML 2.0 metadata
 * `EntityDescriptor` (namespace `urn:oasis:names:tc:SAML:2.0:metadata`, any prefix or the default
 * namespace) with at least one `IDPSSODescriptor` child in the same namespace. Other roles next to
 * it (an `SPSSODescriptor`, WS-Federation `RoleDescriptor`s, an enveloped signature) are allowed.
 *
 * Rejected, each with a reason for ERR_NGROK_7083:
 * - anything that is not well-formed XML; xmldom's `error`-level reports (e.g. content after
 *   the document element, an undefined entity) count as failures, not only its fatal errors;
 * - any DOCTYPE, with or without entity declarations (no DTD is ever processed, so external
 *   entities are never resolved and entity expansion cannot happen);
 * - an `EntitiesDescriptor` aggregate, even one holding a single IdP, unless
 *   `EmulatorOptions.idpMetadataAggregates` is `"first-idp"`: then its first `EntityDescriptor`
 *   with an `IDPSSODescriptor` is judged in its place, as crewjam/saml's `ParseMetadata` does
 *   (ngrok's documents say nothing of aggregates, so both answers are played);
 * - an `EntityDescriptor` outside the SAML 2.0 metadata namespace;
 * - an `EntityDescriptor` without an `IDPSSODescriptor` (e.g. SP metadata).
 *
 * The string is only parsed, never changed: the module echoes it byte for byte. For parsing only,
 * a leading byte-order mark and leading whitespace are skipped (Entra ID metadata starts with a
 * BOM; ngrok's own docs example starts with a newline).
 */
import { DOMParser, Element as XmlElement } from "@xmldom/xmldom";
import { errorMessage } from "../spec/values";

/** SAML 2.0 metadata namespace. */
export const SAML_METADATA_NS = "urn:oasis:names:tc:SAML:2.0:metadata";

/**
 * What the emulator does with an `EntitiesDescriptor` (`EmulatorOptions.idpMetadataAggregates`):
 * `"refuse"` answers ERR_NGROK_7083 (default); `"first-idp"` takes its first identity provider.
 */
export type IdpMetadataAggregates = "refuse" | "first-idp";

/** The values of {@link IdpMetadataAggregates}. */
export const IDP_METADATA_AGGREGATES: readonly IdpMetadataAggregates[] = ["refuse", "first-idp"];

/** Result of {@link validateIdpMetadata}. */
export type IdpMetadataResult =
  { ok: true; entityId: string | undefined } | { ok: false; reason: string };

const DOCTYPE = /<!DOCTYPE/i;

function firstLine(text: string): string {
  const line = text.split("\n")[0].trim();
  return line.length > 200 ? line.slice(0, 200) + "…" : line;
}

/** Checks that `xml` is one SAML 2.0 IdP EntityDescriptor. Never throws. */
export function validateIdpMetadata(
  xml: string,
  aggregates: IdpMetadataAggregates = "refuse",
): IdpMetadataResult {
  const text = xml.replace(/^\uFEFF/, "").replace(/^\s+/, "");
  if (text.length === 0) return { ok: false, reason: "the document is empty" };
  if (DOCTYPE.test(text)) {
    return { ok: false, reason: "a DOCTYPE declaration is not allowed in IdP metadata" };
  }

  const problems: string[] = [];
  let root: XmlElement | null = null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") problems.push(firstLine(message));
      },
    }).parseFromString(text, "text/xml");
    for (let node = doc.firstChild; node !== null; node = node.nextSibling) {
      if (node.nodeType === node.DOCUMENT_TYPE_NODE) {
        problems.push("a DOCTYPE declaration is not allowed in IdP metadata");
      }
    }
    root = doc.documentElement;
  } catch (error) {
    if (problems.length === 0) problems.push(firstLine(errorMessage(error)));
  }
  if (problems.length > 0) {
    return { ok: false, reason: `the document is not well-formed XML: ${problems[0]}` };
  }
  if (root === null) return { ok: false, reason: "the document has no root element" };

  if (
    root.namespaceURI === SAML_METADATA_NS &&
    root.localName === "EntitiesDescriptor" &&
    aggregates === "first-idp"
  ) {
    const entities = root.getElementsByTagNameNS(SAML_METADATA_NS, "EntityDescriptor");
    for (let i = 0; i < entities.length; i += 1) {
      const entity = entities.item(i);
      if (
        entity &&
        entity.getElementsByTagNameNS(SAML_METADATA_NS, "IDPSSODescriptor").length > 0
      ) {
        root = entity;
        break;
      }
    }
    if (root.localName === "EntitiesDescriptor") {
      return { ok: false, reason: "no entity found with an IDPSSODescriptor in the aggregate" };
    }
  }
  if (root.namespaceURI === SAML_METADATA_NS && root.localName === "EntitiesDescriptor") {
    return {
      ok: false,
      reason:
        "the document is an EntitiesDescriptor aggregate; a single EntityDescriptor is required",
    };
  }
  if (root.localName !== "EntityDescriptor") {
    return {
      ok: false,
      reason: `the document element is ${root.tagName}, not a SAML 2.0 metadata EntityDescriptor`,
    };
  }
  if (root.namespaceURI !== SAML_METADATA_NS) {
    return {
      ok: false,
      reason: `the EntityDescriptor is in namespace ${root.namespaceURI ?? "(none)"}, not ${SAML_METADATA_NS}`,
    };
  }
  let hasIdp = false;
  for (let node = root.firstChild; node !== null; node = node.nextSibling) {
    if (!(node instanceof XmlElement)) continue;
    const element = node;
    if (element.namespaceURI === SAML_METADATA_NS && element.localName === "IDPSSODescriptor") {
      hasIdp = true;
      break;
    }
  }
  if (!hasIdp) {
    return { ok: false, reason: "the EntityDescriptor has no IDPSSODescriptor" };
  }
  const entityId = root.getAttribute("entityID");
  return { ok: true, entityId: entityId === null || entityId === "" ? undefined : entityId };
}
