/**
 * The rules that make a text one identity provider's SAML 2.0 metadata
 * (provider/httpsEdgeRouteSaml/idpMetadata/samlRules.ts), through `parseIdpMetadata`.
 */
import {
  parseIdpMetadata,
  SAML_METADATA_NS,
} from "../../../../provider/httpsEdgeRouteSaml/idpMetadata";
import {
  accepted,
  rejected,
  POST,
  REDIRECT,
  SOAP,
  SAML2,
  CERT_A,
  CERT_B,
  keyDescriptor,
  idpDocument,
  SSO,
} from "../../../support/idpMetadataDocuments";

describe("input that is not an XML document", () => {
  it.each([
    ["the empty string", "", "is empty: "],
    ["whitespace", " \n\t ", "is empty (only whitespace): "],
    ["a byte order mark only", "\uFEFF\n", "is empty (only whitespace): "],
  ])("rejects %s", (_label, input, start) => {
    const reason = rejected(parseIdpMetadata(input));
    expect(reason.startsWith(start)).toBe(true);
    expect(reason).toContain("SAML 2.0 metadata document of your identity provider");
  });

  it.each([undefined, null, 42, {}, ["<x/>"]])("rejects the non-string %p", (input) => {
    const reason = rejected(parseIdpMetadata(input as unknown as string));
    expect(reason).toMatch(/^is empty or not a string \(got (undefined|null|number|object)\)/);
  });

  it("rejects plain text, at line 1, column 1", () => {
    expect(rejected(parseIdpMetadata("hello"))).toBe(
      "is not well-formed XML at line 1, column 1: there is no element in it, only text",
    );
  });

  it("says when the text is the metadata URL instead of the document", () => {
    const reason = rejected(
      parseIdpMetadata("https://login.microsoftonline.com/x/federationmetadata/2007-06/fm.xml"),
    );
    expect(reason).toMatch(/^is not well-formed XML at line 1, column 1: /);
    expect(reason).toContain("it looks like a URL: pass the content of the metadata document");
  });

  it.each([
    ["a file name", "okta-metadata.xml"],
    ["a relative path", "./metadata/okta.xml"],
    ["an absolute path", "/etc/ngrok/okta.XML"],
    ["a Windows path", "C:\\Users\\me\\Downloads\\okta"],
    ["a path with spaces and a trailing newline", "My Documents/okta metadata.xml\n"],
  ])("says when the text is %s, with the code that reads the file", (_label, input) => {
    const reason = rejected(parseIdpMetadata(input));
    expect(reason).toBe(
      "is not well-formed XML at line 1, column 1: there is no element in it, only text; it " +
        "looks like a file " +
        "path: pass the content of the file, not its name, e.g. idpMetadata: " +
        `fs.readFileSync(${JSON.stringify(input.trim())}, "utf8")`,
    );
  });

  it("writes a long path as `path` in the hint", () => {
    const input = `/data/${"x".repeat(300)}/okta.xml`;
    expect(rejected(parseIdpMetadata(input))).toMatch(
      /it looks like a file path: .* fs\.readFileSync\(path, "utf8"\)$/,
    );
  });

  it.each([
    ["plain text", "hello"],
    ["text with markup", "see </a> okta.xml"],
    ["several lines", "metadata/\nokta.xml"],
    ["a base64 blob with slashes (longer than any path)", "PD94bWwg/".repeat(200)],
  ])("gives no file-path hint for %s", (_label, input) => {
    expect(rejected(parseIdpMetadata(input))).not.toContain("file path");
  });
});

describe("DTDs", () => {
  const dtdReason =
    /^contains a <!DOCTYPE> declaration at line (\d+), column (\d+): DTDs are not allowed in SAML metadata/;

  it("rejects a DOCTYPE with internal entities (billion laughs)", () => {
    const input = [
      '<?xml version="1.0"?>',
      "<!DOCTYPE lolz [",
      ' <!ENTITY lol "lol">',
      ' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
      ' <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">',
      "]>",
      `<md:EntityDescriptor xmlns:md="${SAML_METADATA_NS}" entityID="&lol3;"/>`,
    ].join("\n");
    const reason = rejected(parseIdpMetadata(input));
    expect(reason).toMatch(dtdReason);
    expect(dtdReason.exec(reason)!.slice(1)).toEqual(["2", "1"]);
  });

  it("rejects a DOCTYPE with an external entity, after comments", () => {
    const input =
      "<!-- metadata -->\n" +
      '<!DOCTYPE md:EntityDescriptor [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n' +
      idpDocument().replace('entityID="https://idp.example.com/metadata"', 'entityID="&xxe;"');
    expect(rejected(parseIdpMetadata(input))).toMatch(dtdReason);
  });

  it("rejects a DOCTYPE written in lower case and one inside the document", () => {
    expect(rejected(parseIdpMetadata("<!doctype x>\n<x/>"))).toMatch(dtdReason);
    expect(rejected(parseIdpMetadata("<x>\n<!DOCTYPE x>\n</x>"))).toMatch(dtdReason);
  });

  it("accepts the text <!DOCTYPE inside a comment", () => {
    const input = idpDocument().replace("<md:IDPSSO", "<!-- <!DOCTYPE x> --><md:IDPSSO");
    expect(accepted(parseIdpMetadata(input)).entityId).toBe("https://idp.example.com/metadata");
  });
});

describe("the document element", () => {
  it("accepts the minimal document used by these tests", () => {
    expect(accepted(parseIdpMetadata(idpDocument()))).toEqual({
      entityId: "https://idp.example.com/metadata",
      singleSignOnServices: [{ binding: POST, location: "https://idp.example.com/sso" }],
      signingCertificates: [CERT_A],
      signingCertificateDetails: [
        {
          subject: expect.stringContaining("CN=dev-599847"),
          notAfter: "2027-03-06T04:55:33.000Z",
          sha256Fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
        },
      ],
      nameIdFormats: [],
    });
  });

  it("rejects an EntityDescriptor in another namespace", () => {
    const input = idpDocument().replace(`xmlns:md="${SAML_METADATA_NS}"`, 'xmlns:md="urn:example"');
    expect(rejected(parseIdpMetadata(input))).toBe(
      'has document element <md:EntityDescriptor> in namespace "urn:example", but SAML 2.0 ' +
        "metadata of an identity provider must have an <EntityDescriptor> in namespace " +
        `"${SAML_METADATA_NS}" as its document element`,
    );
  });

  it("rejects an EntityDescriptor in no namespace, suggesting the missing declaration", () => {
    const reason = rejected(parseIdpMetadata('<EntityDescriptor entityID="x"/>'));
    expect(reason).toContain("has document element <EntityDescriptor> in no namespace");
    expect(reason).toContain(`(is the declaration xmlns="${SAML_METADATA_NS}" missing?)`);
  });

  it("rejects another element, naming it", () => {
    expect(rejected(parseIdpMetadata("<html><body/></html>"))).toMatch(
      /^has document element <html> in no namespace, but .* <EntityDescriptor>/,
    );
  });

  it("lists at most 5 IdPs of a large aggregate", () => {
    const entities = Array.from(
      { length: 8 },
      (_, i) =>
        `<EntityDescriptor entityID="https://idp${i}.example.com"><IDPSSODescriptor ` +
        `protocolSupportEnumeration="${SAML2}"/></EntityDescriptor>`,
    ).join("");
    const input =
      `<EntitiesDescriptor xmlns="${SAML_METADATA_NS}"><EntitiesDescriptor>${entities}` +
      `</EntitiesDescriptor><EntityDescriptor entityID="https://sp.example.com"/></EntitiesDescriptor>`;
    const reason = rejected(parseIdpMetadata(input));
    expect(reason).toContain("(an EntitiesDescriptor with 9 EntityDescriptors)");
    expect(reason).toContain(
      "it holds 8 identity providers, so which one you mean cannot be told: " +
        "https://idp0.example.com, https://idp1.example.com, https://idp2.example.com, " +
        "https://idp3.example.com, https://idp4.example.com, and 3 more.",
    );
    expect(reason).toContain("Pass the single EntityDescriptor of your IdP instead");
  });

  it("says when an aggregate holds no IdP", () => {
    const input = `<md:EntitiesDescriptor xmlns:md="${SAML_METADATA_NS}"/>`;
    expect(rejected(parseIdpMetadata(input))).toMatch(
      /^is an aggregate \(an EntitiesDescriptor with 0 EntityDescriptors\), .*none of them is an identity provider/,
    );
  });

  it("rejects a missing or empty entityID", () => {
    expect(rejected(parseIdpMetadata(idpDocument({ entityId: "" })))).toMatch(
      /^has no entityID attribute on its EntityDescriptor/,
    );
    expect(rejected(parseIdpMetadata(idpDocument({ entityId: ' entityID="  "' })))).toMatch(
      /^has an empty entityID attribute on its EntityDescriptor/,
    );
  });

  it("trims the entityID", () => {
    const input = idpDocument({ entityId: ' entityID=" https://idp.example.com "' });
    expect(accepted(parseIdpMetadata(input)).entityId).toBe("https://idp.example.com");
  });

  it("accepts comments, a single-quoted declaration with standalone, a prefix declared twice", () => {
    const input =
      "\uFEFF  \n<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n<!-- a -->\n" +
      idpDocument()
        .replace(/^<\?xml[^>]*>\n/, "")
        .replace(
          "<md:IDPSSODescriptor",
          `<!-- b --><md:IDPSSODescriptor xmlns:md="${SAML_METADATA_NS}"`,
        )
        .replace("<md:SingleSignOnService", "<!-- c --><md:SingleSignOnService") +
      "\n<!-- d -->\n\n";
    expect(accepted(parseIdpMetadata(input)).entityId).toBe("https://idp.example.com/metadata");
  });
});

describe("the IDPSSODescriptor", () => {
  it("rejects one without the SAML 2.0 protocol", () => {
    const input = idpDocument({ protocols: "urn:oasis:names:tc:SAML:1.1:protocol" });
    expect(rejected(parseIdpMetadata(input))).toBe(
      "has an IDPSSODescriptor whose protocolSupportEnumeration " +
        '("urn:oasis:names:tc:SAML:1.1:protocol") does not include ' +
        "urn:oasis:names:tc:SAML:2.0:protocol; a SAML 2.0 identity provider is required",
    );
  });

  it("does not take a protocol that only starts like SAML 2.0", () => {
    const input = idpDocument({ protocols: `${SAML2}x` });
    expect(rejected(parseIdpMetadata(input))).toMatch(/does not include/);
  });

  it("uses the first SAML 2.0 IDPSSODescriptor", () => {
    const saml11 =
      '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:1.1:protocol">' +
      `${keyDescriptor(CERT_B)}<md:SingleSignOnService Binding="b11" Location="l11"/>` +
      "</md:IDPSSODescriptor>";
    const second =
      `<md:IDPSSODescriptor protocolSupportEnumeration="${SAML2}">${keyDescriptor(CERT_B)}` +
      '<md:SingleSignOnService Binding="b3" Location="l3"/></md:IDPSSODescriptor>';
    const input = idpDocument({
      before: saml11,
      protocols: ` urn:oasis:names:tc:SAML:1.1:protocol\n  ${SAML2} `,
    }).replace("</md:EntityDescriptor>", `${second}</md:EntityDescriptor>`);
    const metadata = accepted(parseIdpMetadata(input));
    expect(metadata.signingCertificates).toEqual([CERT_A]);
    expect(metadata.singleSignOnServices).toEqual([
      { binding: POST, location: "https://idp.example.com/sso" },
    ]);
  });

  it("rejects one that is not a direct child of the EntityDescriptor", () => {
    const input = idpDocument({ before: "<md:Extensions>" }).replace(
      "</md:IDPSSODescriptor>",
      "</md:IDPSSODescriptor></md:Extensions>",
    );
    expect(rejected(parseIdpMetadata(input))).toBe(
      "has no IDPSSODescriptor, so it does not describe a SAML identity provider (the " +
        "EntityDescriptor contains Extensions)",
    );
  });

  it("rejects one in another namespace, naming it", () => {
    const input = idpDocument()
      .replace("<md:IDPSSODescriptor", '<x:IDPSSODescriptor xmlns:x="urn:example"')
      .replace("</md:IDPSSODescriptor>", "</x:IDPSSODescriptor>");
    expect(rejected(parseIdpMetadata(input))).toMatch(
      /^has an <x:IDPSSODescriptor> in namespace "urn:example", but the IDPSSODescriptor must be in namespace/,
    );
  });

  it("rejects one without a usable SingleSignOnService", () => {
    const reason =
      "has no SingleSignOnService with both a Binding and a Location in its IDPSSODescriptor " +
      "(saml-metadata-2.0-os 2.4.3 requires at least one; it is where users are sent to sign in)";
    expect(rejected(parseIdpMetadata(idpDocument({ sso: "" })))).toBe(reason);
    const noLocation = `<md:SingleSignOnService Binding="${POST}"/>`;
    expect(rejected(parseIdpMetadata(idpDocument({ sso: noLocation })))).toBe(reason);
    const slo = `<md:SingleLogoutService Binding="${POST}" Location="https://x/slo"/>`;
    expect(rejected(parseIdpMetadata(idpDocument({ sso: slo })))).toBe(reason);
  });
});

describe("a SingleSignOnService ngrok can send the browser to", () => {
  const sso = (binding: string, location: string) =>
    `<md:SingleSignOnService Binding="${binding}" Location="${location}"/>`;
  const rule =
    "has no SingleSignOnService that ngrok can send users to: ngrok sends the browser to the " +
    "identity provider with the HTTP-Redirect or HTTP-POST binding (" +
    `${REDIRECT} or ${POST}) at an absolute http(s) URL, and its IDPSSODescriptor has only `;

  it("rejects an IdP whose only SingleSignOnService has the SOAP binding", () => {
    const input = idpDocument({ sso: sso(SOAP, "https://idp.example.com/ecp") });
    expect(rejected(parseIdpMetadata(input))).toBe(
      `${rule}SOAP at "https://idp.example.com/ecp": enable the HTTP-Redirect or HTTP-POST ` +
        "sign-on endpoint of your identity provider (for this application) and download its " +
        "metadata again",
    );
  });

  it("rejects a relative Location, and says how to write it", () => {
    const input = idpDocument({ sso: sso(REDIRECT, "/app/sso/saml") });
    expect(rejected(parseIdpMetadata(input))).toBe(
      `${rule}HTTP-Redirect at "/app/sso/saml": write the Location of its HTTP-Redirect ` +
        "endpoint as an absolute URL (https://<the IdP's host>/app/sso/saml), or download the " +
        "metadata from your identity provider again rather than editing it",
    );
  });

  it.each([
    ["the Shibboleth 1.x AuthnRequest profile", "urn:mace:shibboleth:1.0:profiles:AuthnRequest"],
    ["HTTP-Artifact", "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Artifact"],
    ["HTTP-POST-SimpleSign", "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST-SimpleSign"],
    ["PAOS", "urn:oasis:names:tc:SAML:2.0:bindings:PAOS"],
  ])("rejects %s alone", (_label, binding) => {
    expect(
      rejected(parseIdpMetadata(idpDocument({ sso: sso(binding, "https://idp.example.com/x") }))),
    ).toMatch(/^has no SingleSignOnService that ngrok can send users to/);
  });

  it.each([
    ["a Location without a scheme", "idp.example.com/sso"],
    ["a javascript: Location", "javascript:alert(1)"],
    ["an ftp: Location", "ftp://idp.example.com/sso"],
    ["a Location without a host", "https:///sso"],
  ])("rejects %s", (_label, location) => {
    expect(rejected(parseIdpMetadata(idpDocument({ sso: sso(POST, location) })))).toMatch(
      /^has no SingleSignOnService that ngrok can send users to/,
    );
  });

  it("lists at most 5 endpoints", () => {
    const input = idpDocument({
      sso: Array.from({ length: 7 }, (_, i) => sso(SOAP, `https://idp.example.com/${i}`)).join(""),
    });
    expect(rejected(parseIdpMetadata(input))).toContain(
      'SOAP at "https://idp.example.com/4", and 2 more:',
    );
  });

  it("accepts one browser endpoint among others, at an http or https URL", () => {
    for (const location of ["https://idp.example.com/sso", "http://localhost:8080/sso"]) {
      const input = idpDocument({
        sso: sso(SOAP, "https://idp.example.com/ecp") + sso(REDIRECT, location),
      });
      expect(accepted(parseIdpMetadata(input)).singleSignOnServices).toEqual([
        { binding: SOAP, location: "https://idp.example.com/ecp" },
        { binding: REDIRECT, location },
      ]);
    }
  });
});

describe("an EntitiesDescriptor aggregate holding one identity provider", () => {
  const idp = (entityId: string) =>
    `<md:EntityDescriptor entityID="${entityId}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="${SAML2}">${keyDescriptor(CERT_A, "signing")}${SSO}` +
    "</md:IDPSSODescriptor></md:EntityDescriptor>";
  const sp =
    '<md:EntityDescriptor entityID="https://sp.example.com"><md:SPSSODescriptor ' +
    `protocolSupportEnumeration="${SAML2}"/></md:EntityDescriptor>`;
  const aggregate = (...entities: string[]) =>
    `<md:EntitiesDescriptor xmlns:md="${SAML_METADATA_NS}" Name="federation">` +
    `${entities.join("")}</md:EntitiesDescriptor>`;

  it("is read as that identity provider, beside service providers and in nested aggregates", () => {
    const nested = aggregate(
      sp,
      `<md:EntitiesDescriptor>${idp("https://idp.example.com")}</md:EntitiesDescriptor>`,
    );
    const metadata = accepted(parseIdpMetadata(nested));
    expect(metadata.entityId).toBe("https://idp.example.com");
    expect(metadata.signingCertificates).toEqual([CERT_A]);
  });

  it("gives the EntityDescriptor as a document of its own, with the declarations it inherits", () => {
    const metadata = accepted(parseIdpMetadata(aggregate(idp("https://idp.example.com"), sp)));
    expect(metadata.entityDescriptor).toMatch(
      new RegExp(
        `^<md:EntityDescriptor entityID="https://idp.example.com" xmlns:md="${SAML_METADATA_NS}">`,
      ),
    );
    expect(metadata.entityDescriptor).not.toContain("sp.example.com");
    const alone = accepted(parseIdpMetadata(metadata.entityDescriptor!));
    expect(alone.entityDescriptor).toBeUndefined();
    expect(alone.entityId).toBe("https://idp.example.com");
  });

  it("is still judged by every rule of an EntityDescriptor", () => {
    const withoutKeys = aggregate(
      idp("https://idp.example.com").replace(/<md:KeyDescriptor.*<\/md:KeyDescriptor>/, ""),
    );
    expect(rejected(parseIdpMetadata(withoutKeys))).toMatch(/^has no signing certificate/);
  });

  it("an EntityDescriptor document has no entityDescriptor of its own", () => {
    expect(accepted(parseIdpMetadata(idpDocument())).entityDescriptor).toBeUndefined();
  });
});
