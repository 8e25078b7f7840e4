/**
 * The rules that make a parsed document the SAML 2.0 metadata of one identity provider (IdP),
 * each with the reason it gives: what its elements must hold (one `EntityDescriptor` with an
 * `entityID` and an `IDPSSODescriptor` with a single sign-on endpoint). What the text must be
 * before its elements are read (present, at most `IDP_METADATA_MAX_BYTES`, XML rather than a web
 * page or a URL, without a DTD) is in `./documentRules`; the signing certificates are in
 * `./certificates`; the XML itself (characters, well-formedness, positions) in `./xmlText` and
 * `./xmlParse`; `./index` runs the rules in order.
 *
 * Each rule returns the reason for a rejection, written to follow the name of the property, or
 * `undefined` when the document keeps it.
 *
 * Source: OASIS "Metadata for the OASIS Security Assertion Markup Language (SAML) V2.0"
 * (saml-metadata-2.0-os), sections 2.3.1 `EntitiesDescriptor`, 2.3.2 `EntityDescriptor` and
 * 2.4.3 `IDPSSODescriptor`.
 *
 * @module
 */
import type { Element } from "@xmldom/xmldom";
import { childrenNS, describeNamespace, elementChildren, xmldom } from "./xmlText";

/**
 * Namespace of SAML 2.0 metadata elements (`EntityDescriptor`, `IDPSSODescriptor`,
 * `KeyDescriptor`, `SingleSignOnService`, `NameIDFormat`, ...): saml-metadata-2.0-os section 1.2.
 * Any prefix (`md:`, none with a default namespace declaration, ...) is accepted.
 */
export const SAML_METADATA_NS = "urn:oasis:names:tc:SAML:2.0:metadata";

/** The `protocolSupportEnumeration` token of SAML 2.0 (saml-metadata-2.0-os section 2.4.1). */
const SAML2_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";

/** How many IdP entityIDs an aggregate's rejection reason lists before "and N more". */
const MAX_LISTED_IDPS = 5;

/**
 * The EntityDescriptor the rules read: the document element, or, when the document element is
 * an `EntitiesDescriptor` (section 2.3.1, an aggregate such as a federation's metadata or what
 * Keycloak's descriptor endpoint serves), the one EntityDescriptor in it that has an
 * IDPSSODescriptor (at any depth; service providers beside it are skipped), as crewjam/saml,
 * python3-saml, ruby-saml, Sustainsys.Saml2 and Spring Security do. An aggregate with no
 * identity provider, or with several (which one is meant cannot be told), is refused: the reason
 * counts its EntityDescriptors and lists the entityIDs of the identity providers in it.
 */
export function entityOf(
  root: Element,
): { ok: true; entity: Element; aggregate: boolean } | { ok: false; reason: string } {
  if (root.namespaceURI !== SAML_METADATA_NS || root.localName !== "EntitiesDescriptor") {
    return { ok: true, entity: root, aggregate: false };
  }
  const entities = root.getElementsByTagNameNS(SAML_METADATA_NS, "EntityDescriptor");
  const idps: Element[] = [];
  for (let i = 0; i < entities.length; i += 1) {
    const entity = entities.item(i);
    if (entity && mdChildren(entity, "IDPSSODescriptor").length > 0) {
      idps.push(entity);
    }
  }
  if (idps.length === 1) {
    return { ok: true, entity: idps[0], aggregate: true };
  }
  const count = `${entities.length} EntityDescriptor${entities.length === 1 ? "" : "s"}`;
  let contained: string;
  if (idps.length === 0) {
    contained = "none of them is an identity provider (has an IDPSSODescriptor)";
  } else {
    const ids = idps.map((idp) => (idp.getAttribute("entityID") ?? "").trim() || "(no entityID)");
    const listed = ids.slice(0, MAX_LISTED_IDPS).join(", ");
    const more = ids.length > MAX_LISTED_IDPS ? `, and ${ids.length - MAX_LISTED_IDPS} more` : "";
    contained =
      `it holds ${idps.length} identity providers, so which one you mean cannot be told: ` +
      `${listed}${more}`;
  }
  return fail(
    `is an aggregate (an EntitiesDescriptor with ${count}), not the metadata of one identity ` +
      `provider; ${contained}. Pass the single EntityDescriptor of your IdP instead: download ` +
      `your IdP's own metadata, or copy its <EntityDescriptor> element out of the aggregate ` +
      `together with the xmlns declarations it inherits (an aggregate holding exactly one ` +
      `identity provider is accepted as it is)`,
  );
}

/**
 * The text of an EntityDescriptor taken out of an aggregate, as a document of its own: the
 * element serialized with every namespace declaration it inherited made its own, so that ngrok
 * receives one EntityDescriptor whatever it does with aggregates (its documents do not say).
 */
export function serializeEntity(entity: Element): string {
  return new (xmldom().XMLSerializer)().serializeToString(entity);
}

/** Section 2.3.2: the document element is an `EntityDescriptor` in {@link SAML_METADATA_NS}. */
export function entityDescriptorRoot(root: Element): string | undefined {
  if (root.namespaceURI === SAML_METADATA_NS && root.localName === "EntityDescriptor") {
    return undefined;
  }
  const hint =
    root.localName === "EntityDescriptor" && root.namespaceURI === null
      ? ` (is the declaration xmlns="${SAML_METADATA_NS}" missing?)`
      : "";
  return (
    `has document element <${root.tagName}> in ${describeNamespace(root.namespaceURI)}, but ` +
    `SAML 2.0 metadata of an identity provider must have an <EntityDescriptor> in namespace ` +
    `"${SAML_METADATA_NS}" as its document element${hint}`
  );
}

/** The `entityID` of the EntityDescriptor, trimmed (`""` when it has none). */
export function entityIdOf(root: Element): string {
  return (root.getAttribute("entityID") ?? "").trim();
}

/** Section 2.3.2: the EntityDescriptor has a non-empty `entityID`. */
export function hasEntityId(root: Element): string | undefined {
  if (!root.hasAttribute("entityID")) {
    return (
      "has no entityID attribute on its EntityDescriptor (saml-metadata-2.0-os 2.3.2 requires " +
      "the identity provider's unique identifier there)"
    );
  }
  if (entityIdOf(root) === "") {
    return (
      "has an empty entityID attribute on its EntityDescriptor (saml-metadata-2.0-os 2.3.2 " +
      "requires the identity provider's unique identifier there)"
    );
  }
  return undefined;
}

/**
 * Section 2.4.3: the first IDPSSODescriptor child that supports SAML 2.0, or why there is none:
 * service-provider metadata (an `SPSSODescriptor` only) and an IDPSSODescriptor in another
 * namespace or without the SAML 2.0 protocol are named as such.
 */
export function findIdpDescriptor(
  root: Element,
): { ok: true; element: Element } | { ok: false; reason: string } {
  const descriptors = mdChildren(root, "IDPSSODescriptor");
  for (const descriptor of descriptors) {
    if (supportsSaml2(descriptor)) {
      return { ok: true, element: descriptor };
    }
  }
  if (descriptors.length > 0) {
    const enumeration = (descriptors[0].getAttribute("protocolSupportEnumeration") ?? "").trim();
    return fail(
      `has an IDPSSODescriptor whose protocolSupportEnumeration ("${enumeration}") does not ` +
        `include ${SAML2_PROTOCOL}; a SAML 2.0 identity provider is required`,
    );
  }
  const children = elementChildren(root);
  const misplaced = children.find((child) => child.localName === "IDPSSODescriptor");
  if (misplaced) {
    return fail(
      `has an <${misplaced.tagName}> in ${describeNamespace(misplaced.namespaceURI)}, but ` +
        `the IDPSSODescriptor must be in namespace "${SAML_METADATA_NS}"`,
    );
  }
  if (mdChildren(root, "SPSSODescriptor").length > 0) {
    return fail(
      `is service-provider metadata (the EntityDescriptor "${entityIdOf(root)}" has an ` +
        "SPSSODescriptor but no IDPSSODescriptor), not the identity provider's: pass the " +
        "metadata that your identity provider publishes",
    );
  }
  const found = [...new Set(children.map((child) => child.localName ?? child.tagName))];
  return fail(
    "has no IDPSSODescriptor, so it does not describe a SAML identity provider " +
      `(the EntityDescriptor contains ${found.length > 0 ? found.join(", ") : "no elements"})`,
  );
}

function supportsSaml2(descriptor: Element): boolean {
  const enumeration = descriptor.getAttribute("protocolSupportEnumeration") ?? "";
  return enumeration.split(/\s+/).includes(SAML2_PROTOCOL);
}

/**
 * Section 2.4.3: the SingleSignOnService endpoints of the IDPSSODescriptor with both a `Binding`
 * and a `Location` (trimmed), in document order, duplicates kept.
 */
export function singleSignOnServices(descriptor: Element): { binding: string; location: string }[] {
  const services: { binding: string; location: string }[] = [];
  for (const sso of mdChildren(descriptor, "SingleSignOnService")) {
    const binding = (sso.getAttribute("Binding") ?? "").trim();
    const location = (sso.getAttribute("Location") ?? "").trim();
    if (binding !== "" && location !== "") {
      services.push({ binding, location });
    }
  }
  return services;
}

/** Section 2.4.3: at least one of {@link singleSignOnServices}: where users are sent to sign in. */
export function hasSingleSignOnService(services: readonly unknown[]): string | undefined {
  return services.length > 0
    ? undefined
    : "has no SingleSignOnService with both a Binding and a Location in its IDPSSODescriptor " +
        "(saml-metadata-2.0-os 2.4.3 requires at least one; it is where users are sent to sign in)";
}

/** The SAML 2.0 HTTP-Redirect binding (saml-bindings-2.0-os section 3.4). */
export const HTTP_REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
/** The SAML 2.0 HTTP-POST binding (saml-bindings-2.0-os section 3.5). */
export const HTTP_POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

/** Whether `location` is an absolute `http:` or `https:` URL with a host. */
function isAbsoluteHttpUrl(location: string): boolean {
  if (!/^https?:\/\/[^/\s?#]/i.test(location)) return false;
  try {
    return new URL(location).hostname !== "";
  } catch {
    return false;
  }
}

/** `HTTP-Redirect` for the binding URN `urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect`. */
function bindingName(binding: string): string {
  const match = /^urn:oasis:names:tc:SAML:2\.0:bindings:(.+)$/.exec(binding);
  return match ? match[1] : binding;
}

/** At most this many endpoints are described in the reason of {@link browserSingleSignOn}. */
const MAX_LISTED_ENDPOINTS = 5;

/**
 * Section 2.4.3 and ngrok's role: a SingleSignOnService that ngrok can send the browser to. ngrok,
 * the service provider, sends each visitor to the identity provider with an authentication
 * request, by the HTTP-Redirect or the HTTP-POST binding (saml-bindings-2.0-os sections 3.4 and
 * 3.5: the other bindings are for software clients, such as SOAP for ECP, or need a back channel),
 * at the endpoint's `Location`, which the browser can only follow when it is an absolute URL. An
 * IdP whose only sign-on endpoints use another binding (SOAP, PAOS, Artifact, Shibboleth 1.x
 * AuthnRequest) or a relative Location (`/app/sso/saml`) can never complete a sign-in.
 */
export function browserSingleSignOn(
  services: readonly { binding: string; location: string }[],
): string | undefined {
  const browserBinding = (s: { binding: string }) =>
    s.binding === HTTP_REDIRECT_BINDING || s.binding === HTTP_POST_BINDING;
  if (services.some((s) => browserBinding(s) && isAbsoluteHttpUrl(s.location))) {
    return undefined;
  }
  const listed = services
    .slice(0, MAX_LISTED_ENDPOINTS)
    .map((s) => `${bindingName(s.binding)} at ${JSON.stringify(s.location)}`)
    .join(", ");
  const more =
    services.length > MAX_LISTED_ENDPOINTS
      ? `, and ${services.length - MAX_LISTED_ENDPOINTS} more`
      : "";
  const relative = services.filter(browserBinding);
  const fix =
    relative.length > 0
      ? `write the Location of its ${bindingName(relative[0].binding)} endpoint as an absolute ` +
        `URL (https://<the IdP's host>${relative[0].location.startsWith("/") ? relative[0].location : "/…"}), ` +
        "or download the metadata from your identity provider again rather than editing it"
      : "enable the HTTP-Redirect or HTTP-POST sign-on endpoint of your identity provider (for " +
        "this application) and download its metadata again";
  return (
    "has no SingleSignOnService that ngrok can send users to: ngrok sends the browser to the " +
    "identity provider with the HTTP-Redirect or HTTP-POST binding (" +
    `${HTTP_REDIRECT_BINDING} or ${HTTP_POST_BINDING}) at an absolute http(s) URL, and its ` +
    `IDPSSODescriptor has only ${listed}${more}: ${fix}`
  );
}

/** The NameIDFormat values of the IDPSSODescriptor, trimmed (empty ones left out), in order. */
export function nameIdFormats(descriptor: Element): string[] {
  const formats: string[] = [];
  for (const format of mdChildren(descriptor, "NameIDFormat")) {
    const value = (format.textContent ?? "").trim();
    if (value !== "") {
      formats.push(value);
    }
  }
  return formats;
}

/** Direct element children of `parent` in the SAML metadata namespace with `localName`. */
export function mdChildren(parent: Element, localName: string): Element[] {
  return childrenNS(parent, SAML_METADATA_NS, localName);
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
