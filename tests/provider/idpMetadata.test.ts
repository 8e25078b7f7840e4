import { X509Certificate } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import {
  parseIdpMetadata,
  SAML_METADATA_NS,
  XMLDSIG_NS,
  type IdpMetadata,
  type IdpMetadataResult,
} from "../../provider/httpsEdgeRouteSaml/idpMetadata";
import { IDP_METADATA_DIR } from "../support/fixtures";

const FIXTURES = IDP_METADATA_DIR;

function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), "utf8");
}

function accepted(result: IdpMetadataResult): IdpMetadata {
  if (!result.ok) {
    throw new Error(`expected the metadata to be accepted, got: ${result.reason}`);
  }
  return result.metadata;
}

function rejected(result: IdpMetadataResult): string {
  if (result.ok) {
    throw new Error(`expected a rejection, got: ${JSON.stringify(result.metadata)}`);
  }
  return result.reason;
}

/** The subject of a base64 DER certificate, decoded independently of the parser. */
function subjectOf(base64: string): string {
  return new X509Certificate(Buffer.from(base64, "base64")).subject.replace(/\n/g, ", ");
}

const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const SOAP = "urn:oasis:names:tc:SAML:2.0:bindings:SOAP";
const SAML2 = "urn:oasis:names:tc:SAML:2.0:protocol";

/** Certificates taken from two fixtures, whitespace removed, to build documents in the tests. */
const CERT_A = /<ds:X509Certificate>([^<]+)</.exec(fixture("okta.xml"))![1].replace(/\s+/g, "");
const CERT_B = /<dsig:X509Certificate>([^<]+)</
  .exec(fixture("keycloak.xml"))![1]
  .replace(/\s+/g, "");

function keyDescriptor(cert: string, use?: string, prefix = "ds"): string {
  const useAttribute = use === undefined ? "" : ` use="${use}"`;
  return (
    `<md:KeyDescriptor${useAttribute}><${prefix}:KeyInfo xmlns:${prefix}="${XMLDSIG_NS}">` +
    `<${prefix}:X509Data><${prefix}:X509Certificate>${cert}</${prefix}:X509Certificate>` +
    `</${prefix}:X509Data></${prefix}:KeyInfo></md:KeyDescriptor>`
  );
}

const SSO = `<md:SingleSignOnService Binding="${POST}" Location="https://idp.example.com/sso"/>`;

/** A minimal valid IdP document; each part can be replaced to break one rule. */
function idpDocument(
  parts: {
    entityId?: string;
    protocols?: string;
    keys?: string;
    sso?: string;
    before?: string;
  } = {},
): string {
  const entityId = parts.entityId ?? ' entityID="https://idp.example.com/metadata"';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="${SAML_METADATA_NS}"${entityId}>`,
    `  ${parts.before ?? ""}<md:IDPSSODescriptor protocolSupportEnumeration="${parts.protocols ?? SAML2}">`,
    `    ${parts.keys ?? keyDescriptor(CERT_A, "signing")}`,
    `    ${parts.sso ?? SSO}`,
    "  </md:IDPSSODescriptor>",
    "</md:EntityDescriptor>",
  ].join("\n");
}

describe("the fixtures", () => {
  const sources = fs.readFileSync(path.join(FIXTURES, "SOURCES.md"), "utf8");
  const classified = new Map<string, "POSITIVE" | "NEGATIVE">();
  for (const match of sources.matchAll(/^- `([^`]+\.xml)`:.*\b(POSITIVE|NEGATIVE)\b/gm)) {
    classified.set(match[1], match[2] as "POSITIVE" | "NEGATIVE");
  }

  const positives: Record<string, (metadata: IdpMetadata) => void> = {
    "okta.xml": (m) => {
      expect(m.entityId).toBe("http://www.okta.com/exk9u78i8aMSxvkV70h7");
      const location =
        "https://dev-599847.oktapreview.com/app/expresssaml2dev599847_esaml2sp_1/exk9u78i8aMSxvkV70h7/sso/saml";
      expect(m.singleSignOnServices).toEqual([
        { binding: POST, location },
        { binding: REDIRECT, location },
      ]);
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=dev-599847");
      expect(m.nameIdFormats).toEqual([
        "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
      ]);
      expect(m.validUntil).toBeUndefined();
    },
    "entra-id.xml": (m) => {
      expect(m.entityId).toBe("https://sts.windows.net/8b966979-910b-487c-a604-69229b1ac75c/");
      const location =
        "https://login.microsoftonline.com/8b966979-910b-487c-a604-69229b1ac75c/saml2";
      expect(m.singleSignOnServices).toEqual([
        { binding: REDIRECT, location },
        { binding: POST, location },
      ]);
      // 3 signing KeyDescriptors in the IDPSSODescriptor, 3 different certificates (the
      // RoleDescriptors repeat them, and are not read).
      expect(m.signingCertificates).toHaveLength(3);
      expect(new Set(m.signingCertificates).size).toBe(3);
      expect(m.signingCertificates.map(subjectOf)).toEqual([
        "CN=accounts.accesscontrol.windows.net",
        "CN=accounts.accesscontrol.windows.net",
        "CN=login.microsoftonline.us",
      ]);
      expect(m.nameIdFormats).toEqual([]);
    },
    "adfs.xml": (m) => {
      expect(m.entityId).toBe("http://msts.maybank.com/adfs/services/trust");
      expect(m.singleSignOnServices).toEqual([
        { binding: REDIRECT, location: "https://msts.maybank.com/adfs/ls/" },
        { binding: POST, location: "https://msts.maybank.com/adfs/ls/" },
      ]);
      // The IdP role's signing certificate, not its encryption one.
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toBe("CN=ADFS Signing - msts.maybank.com");
      // The IdP role's NameIDFormats (the SP role before it has its own).
      expect(m.nameIdFormats).toHaveLength(3);
    },
    "shibboleth-samltest.xml": (m) => {
      expect(m.entityId).toBe("https://samltest.id/saml/idp");
      const base = "https://samltest.id/idp/profile";
      expect(m.singleSignOnServices).toEqual([
        {
          binding: "urn:mace:shibboleth:1.0:profiles:AuthnRequest",
          location: `${base}/Shibboleth/SSO`,
        },
        { binding: POST, location: `${base}/SAML2/POST/SSO` },
        {
          binding: "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST-SimpleSign",
          location: `${base}/SAML2/POST-SimpleSign/SSO`,
        },
        { binding: REDIRECT, location: `${base}/SAML2/Redirect/SSO` },
        { binding: SOAP, location: `${base}/SAML2/SOAP/ECP` },
      ]);
      // 2 signing + 1 encryption KeyDescriptors.
      expect(m.signingCertificates).toHaveLength(2);
      expect(m.signingCertificates[0]).not.toBe(m.signingCertificates[1]);
      expect(m.signingCertificates.map(subjectOf)).toEqual(["CN=samltest.id", "CN=samltest.id"]);
      expect(m.validUntil).toBe("2100-01-01T00:00:42Z");
    },
    "google-workspace.xml": (m) => {
      expect(m.entityId).toBe("https://accounts.google.com/o/saml2?idpid=C02dfl1r1");
      // crewjam's edit left two identical HTTP-POST endpoints; both are kept, in order.
      const location = "https://accounts.google.com/o/saml2/idp?idpid=C02dfl1r1";
      expect(m.singleSignOnServices).toEqual([
        { binding: POST, location },
        { binding: POST, location },
      ]);
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=Google");
      // Expired in 2021, returned as written and not rejected.
      expect(m.validUntil).toBe("2021-01-03T16:17:49.000Z");
    },
    "onelogin.xml": (m) => {
      expect(m.entityId).toBe("https://app.onelogin.com/saml/metadata/486670");
      expect(m.singleSignOnServices).toEqual([
        {
          binding: REDIRECT,
          location: "https://esaml2.onelogin.com/trust/saml2/http-post/sso/486670",
        },
        { binding: POST, location: "https://esaml2.onelogin.com/trust/saml2/http-post/sso/486670" },
        { binding: SOAP, location: "https://esaml2.onelogin.com/trust/saml2/soap/sso/486670" },
      ]);
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=OneLogin Account 70609");
    },
    "keycloak.xml": (m) => {
      expect(m.entityId).toBe("http://localhost:8080/auth/realms/master");
      const location = "http://localhost:8080/auth/realms/master/protocol/saml";
      expect(m.singleSignOnServices).toEqual([
        { binding: POST, location },
        { binding: REDIRECT, location },
        { binding: SOAP, location },
      ]);
      expect(m.signingCertificates).toEqual([CERT_B]);
      expect(subjectOf(CERT_B)).toBe("CN=master");
      expect(m.nameIdFormats).toHaveLength(4);
    },
    "openam.xml": (m) => {
      expect(m.entityId).toBe("http://localhost:8080/OpenAM-14.1.13");
      const base = "http://localhost:8080/OpenAM-14.1.13";
      expect(m.singleSignOnServices).toEqual([
        { binding: REDIRECT, location: `${base}/SSORedirect/metaAlias/idp` },
        { binding: POST, location: `${base}/SSOPOST/metaAlias/idp` },
        { binding: SOAP, location: `${base}/SSOSoap/metaAlias/idp` },
      ]);
      // Split by spaces in the file.
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=Unknown");
      expect(m.nameIdFormats).toEqual([
        "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
        "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName",
        "urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName",
      ]);
    },
  };

  const negatives: Record<string, (reason: string) => void> = {
    "entities-aggregate.xml": (reason) => {
      expect(reason).toBe(
        "is an aggregate (an EntitiesDescriptor with 2 EntityDescriptors), not the metadata of " +
          "one identity provider; the identity provider in it is " +
          "https://idp.testshib.org/idp/shibboleth. Pass the single EntityDescriptor of your IdP " +
          "instead: download your IdP's own metadata, or copy its <EntityDescriptor> element out " +
          "of the aggregate together with the xmlns declarations it inherits",
      );
      expect(reason).not.toContain("https://sp.testshib.org/shibboleth-sp");
    },
    "sp-only.xml": (reason) => {
      expect(reason).toBe(
        "is service-provider metadata (the EntityDescriptor " +
          '"https://gitlab.example.com/users/auth/saml/metadata" has an SPSSODescriptor but no ' +
          "IDPSSODescriptor), not the identity provider's: pass the metadata that your identity " +
          "provider publishes",
      );
    },
  };

  it("SOURCES.md classifies every XML file, and every one has expectations here", () => {
    const files = fs.readdirSync(FIXTURES).filter((name) => name.endsWith(".xml"));
    expect([...classified.keys()].sort()).toEqual(files.sort());
    const expectedPositives = [...classified].filter(([, kind]) => kind === "POSITIVE");
    expect(Object.keys(positives).sort()).toEqual(expectedPositives.map(([name]) => name).sort());
    const expectedNegatives = [...classified].filter(([, kind]) => kind === "NEGATIVE");
    expect(Object.keys(negatives).sort()).toEqual(expectedNegatives.map(([name]) => name).sort());
  });

  it("entra-id.xml starts with a byte order mark", () => {
    expect(fixture("entra-id.xml").charCodeAt(0)).toBe(0xfeff);
  });

  it.each(Object.keys(positives))("accepts POSITIVE %s", (name) => {
    const metadata = accepted(parseIdpMetadata(fixture(name)));
    positives[name](metadata);
    for (const certificate of metadata.signingCertificates) {
      expect(certificate).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    }
    expect(new Set(metadata.signingCertificates).size).toBe(metadata.signingCertificates.length);
  });

  it.each(Object.keys(negatives))("rejects NEGATIVE %s", (name) => {
    negatives[name](rejected(parseIdpMetadata(fixture(name))));
  });
});

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
      "is not well-formed XML: missing root element at line 1, column 1",
    );
  });

  it("says when the text is the metadata URL instead of the document", () => {
    const reason = rejected(
      parseIdpMetadata("https://login.microsoftonline.com/x/federationmetadata/2007-06/fm.xml"),
    );
    expect(reason).toMatch(/^is not well-formed XML: /);
    expect(reason).toContain("it looks like a URL: pass the content of the metadata document");
  });
});

describe("not well-formed XML", () => {
  const brokenOnLine3 = [
    '<?xml version="1.0"?>',
    `<EntityDescriptor xmlns="${SAML_METADATA_NS}" entityID="https://idp.example.com">`,
    `  <IDPSSODescriptor protocolSupportEnumeration="${SAML2}"></IDPSSODescripter>`,
    "</EntityDescriptor>",
  ];
  const endTagColumn = brokenOnLine3[2].indexOf("</IDPSSODescripter>") + 1;

  it("reports a mismatched end tag at its line and column", () => {
    expect(endTagColumn).toBe(87);
    expect(rejected(parseIdpMetadata(brokenOnLine3.join("\n")))).toBe(
      'is not well-formed XML: Opening and ending tag mismatch: "IDPSSODescriptor" != ' +
        `"IDPSSODescripter" at line 3, column ${endTagColumn}`,
    );
  });

  it("counts lines the same with CRLF line endings", () => {
    expect(rejected(parseIdpMetadata(brokenOnLine3.join("\r\n")))).toMatch(
      new RegExp(`at line 3, column ${endTagColumn}$`),
    );
  });

  it("counts the lines and columns of the text as given, after a BOM and blank lines", () => {
    const input = "\uFEFF\n\n" + brokenOnLine3.join("\n");
    expect(rejected(parseIdpMetadata(input))).toMatch(
      new RegExp(`at line 5, column ${endTagColumn}$`),
    );
    const indented = "  " + brokenOnLine3.slice(1).join("\n");
    expect(rejected(parseIdpMetadata(indented))).toMatch(
      new RegExp(`at line 2, column ${endTagColumn}$`),
    );
  });

  it("reports a document truncated on line 3 at its end", () => {
    const truncated = brokenOnLine3.slice(0, 2).join("\n") + "\n  <IDPSSODescriptor";
    expect(rejected(parseIdpMetadata(truncated))).toMatch(
      /^is not well-formed XML: .* at line 3, column 3$/,
    );
    const unclosed = brokenOnLine3.slice(0, 2).join("\n") + "\n  <IDPSSODescriptor>\n";
    expect(rejected(parseIdpMetadata(unclosed))).toBe(
      "is not well-formed XML: unclosed xml tag(s): EntityDescriptor, IDPSSODescriptor " +
        "at line 3, column 21",
    );
  });

  it("reports an attribute value without quotes on line 3 at its element", () => {
    const lines = [...brokenOnLine3];
    lines[2] = `  <IDPSSODescriptor protocolSupportEnumeration=${SAML2}></IDPSSODescriptor>`;
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toMatch(
      /^is not well-formed XML: attribute .* at line 3, column 3$/,
    );
  });

  it("rejects an undefined entity, at the reference", () => {
    const lines = [...brokenOnLine3];
    lines[2] = "  <NameIDFormat>urn:&foo;</NameIDFormat>";
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toBe(
      "is not well-formed XML: entity not found:&foo; at line 3, column 21",
    );
  });

  it("rejects a bare ampersand in an attribute, at the ampersand", () => {
    const lines = [...brokenOnLine3];
    lines[2] = '  <SingleSignOnService Binding="b" Location="https://x/?a=1&b=2"/>';
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toBe(
      `is not well-formed XML: EntityRef: expecting ; at line 3, column ${lines[2].indexOf("&") + 1}`,
    );
  });

  it("rejects a bare ampersand in text, which xmldom alone would keep", () => {
    const lines = [...brokenOnLine3];
    lines[2] = "  <!-- & --><NameIDFormat><![CDATA[&]]> & </NameIDFormat>";
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toBe(
      'is not well-formed XML: "&" must start an entity or character reference (write a literal ' +
        '"&" as &amp;) at line 3, column 41',
    );
    // Escaped, it is fine.
    expect(
      accepted(parseIdpMetadata(idpDocument({ sso: SSO.replace("/sso", "/sso?a=1&amp;b=2") })))
        .singleSignOnServices[0].location,
    ).toBe("https://idp.example.com/sso?a=1&b=2");
  });

  it("rejects content after the document element, where it is", () => {
    const input = brokenOnLine3.slice(0, 2).join("\n") + "</EntityDescriptor>\n  junk";
    expect(rejected(parseIdpMetadata(input))).toBe(
      "is not well-formed XML: Extra content at the end of the document at line 3, column 3",
    );
  });

  it("rejects text before the document element, where it is", () => {
    const input = '<?xml version="1.0"?>\n\n  junk ' + brokenOnLine3.slice(1, 2).join("");
    expect(rejected(parseIdpMetadata(input))).toBe(
      "is not well-formed XML: Unexpected content outside root element: 'junk' at line 3, column 3",
    );
  });

  it("rejects an undeclared namespace prefix and two document elements", () => {
    expect(rejected(parseIdpMetadata("<a>\n  <md:b/>\n</a>"))).toMatch(
      /^is not well-formed XML: .*NamespaceError.* at line 2, column 3$/,
    );
    expect(rejected(parseIdpMetadata("<a/>\n<b/>"))).toMatch(
      /^is not well-formed XML: .* at line 2, column 1$/,
    );
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
      "the identity providers in it are https://idp0.example.com, https://idp1.example.com, " +
        "https://idp2.example.com, https://idp3.example.com, https://idp4.example.com, and 3 more.",
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

describe("signing certificates", () => {
  const noSigning =
    'has no signing certificate (no KeyDescriptor use="signing" with an X509Certificate in the ' +
    "IDPSSODescriptor)";

  it("rejects a document with only an encryption certificate", () => {
    const reason = rejected(
      parseIdpMetadata(idpDocument({ keys: keyDescriptor(CERT_A, "encryption") })),
    );
    expect(reason).toBe(
      `${noSigning}; its KeyDescriptors with certificates are only for use="encryption"`,
    );
  });

  it("rejects a document without KeyDescriptor, or with a KeyName only", () => {
    expect(rejected(parseIdpMetadata(idpDocument({ keys: "" })))).toBe(noSigning);
    const keyName =
      `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="${XMLDSIG_NS}">` +
      "<ds:KeyName>k</ds:KeyName></ds:KeyInfo></md:KeyDescriptor>";
    expect(rejected(parseIdpMetadata(idpDocument({ keys: keyName })))).toBe(noSigning);
  });

  it("ignores an X509Certificate outside the XML-DSig namespace", () => {
    const keys = keyDescriptor(CERT_A, "signing").replace(
      `xmlns:ds="${XMLDSIG_NS}"`,
      'xmlns:ds="urn:x"',
    );
    expect(rejected(parseIdpMetadata(idpDocument({ keys })))).toBe(noSigning);
  });

  it("takes a KeyDescriptor without use, with any prefix or a default namespace", () => {
    const defaultNs =
      `<md:KeyDescriptor><KeyInfo xmlns="${XMLDSIG_NS}"><X509Data><X509Certificate>` +
      `${CERT_B}</X509Certificate></X509Data></KeyInfo></md:KeyDescriptor>`;
    const keys = keyDescriptor(CERT_A, undefined, "dsig") + defaultNs;
    expect(accepted(parseIdpMetadata(idpDocument({ keys }))).signingCertificates).toEqual([
      CERT_A,
      CERT_B,
    ]);
  });

  it("removes all whitespace and de-duplicates in document order", () => {
    const wrapped = CERT_B.replace(/(.{64})/g, "$1\n        ").replace(/(.{20})/, "$1 \t ");
    const keys = [
      keyDescriptor(CERT_B, "signing"),
      keyDescriptor(CERT_A, "encryption"),
      keyDescriptor(`\n   ${wrapped}\n   `, "signing"),
      keyDescriptor(CERT_A),
    ].join("");
    expect(accepted(parseIdpMetadata(idpDocument({ keys }))).signingCertificates).toEqual([
      CERT_B,
      CERT_A,
    ]);
  });

  it("rejects garbage base64, naming the certificate", () => {
    const keys =
      keyDescriptor(CERT_A, "encryption") +
      keyDescriptor(CERT_A, "signing") +
      keyDescriptor("MIIC not!base64", "signing");
    expect(rejected(parseIdpMetadata(idpDocument({ keys })))).toBe(
      "has an invalid signing certificate: the 2nd X509Certificate for signing (in KeyDescriptor " +
        '3 of 3 of the IDPSSODescriptor) is not valid base64 (unexpected character "!" at ' +
        "position 8)",
    );
  });

  it.each([
    ["base64 with a wrong length", "MIICabc", /is not valid base64 \(wrong length/],
    ["misplaced padding", "MI==ICab", /is not valid base64 \(wrong length or misplaced '='/],
    ["an empty element", "  ", /is empty$/],
    ["base64 that is not DER", Buffer.from("hello world").toString("base64"), /not a DER SEQUENCE/],
    ["a truncated certificate", CERT_A.slice(0, 400), /probably truncated/],
    [
      "a certificate with extra bytes",
      Buffer.concat([Buffer.from(CERT_A, "base64"), Buffer.from([0])]).toString("base64"),
      /has extra data/,
    ],
    ["a DER SEQUENCE that is not a certificate", "MAMCAQE=", /does not decode to an X\.509/],
    [
      "a PEM certificate",
      `-----BEGIN CERTIFICATE-----\n${CERT_A}\n-----END CERTIFICATE-----`,
      /is in PEM format/,
    ],
  ])("rejects %s", (_label, certificate, pattern) => {
    const reason = rejected(parseIdpMetadata(idpDocument({ keys: keyDescriptor(certificate) })));
    expect(reason).toMatch(
      /^has an invalid signing certificate: the 1st X509Certificate for signing/,
    );
    expect(reason).toMatch(pattern);
  });

  it("does not check the certificate's validity period", () => {
    // The OneLogin certificate expired in 2020.
    const expired = accepted(parseIdpMetadata(fixture("onelogin.xml"))).signingCertificates[0];
    expect(
      new Date(new X509Certificate(Buffer.from(expired, "base64")).validTo).getTime(),
    ).toBeLessThan(Date.now());
    expect(
      accepted(parseIdpMetadata(idpDocument({ keys: keyDescriptor(expired) }))).signingCertificates,
    ).toEqual([expired]);
  });
});

describe("properties", () => {
  function wellFormedResult(result: IdpMetadataResult): void {
    if (result.ok) {
      expect(result.metadata.entityId).not.toBe("");
      expect(result.metadata.singleSignOnServices.length).toBeGreaterThan(0);
      expect(result.metadata.signingCertificates.length).toBeGreaterThan(0);
      for (const certificate of result.metadata.signingCertificates) {
        expect(() => new X509Certificate(Buffer.from(certificate, "base64"))).not.toThrow();
      }
    } else {
      expect(typeof result.reason).toBe("string");
      expect(result.reason.trim()).not.toBe("");
    }
  }

  it("never throws for arbitrary strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" })), (input) => {
        wellFormedResult(parseIdpMetadata(input));
      }),
      { numRuns: 300 },
    );
  });

  it("never throws for arbitrary strings with XML markup", () => {
    const token = fc.constantFrom(
      "<",
      ">",
      "</",
      "/>",
      "<?xml ",
      "?>",
      "<!--",
      "-->",
      "<!DOCTYPE",
      "<![CDATA[",
      "]]>",
      "&",
      ";",
      "&amp;",
      '"',
      "'",
      "=",
      " ",
      "\n",
      "md:",
      "xmlns:md=",
      SAML_METADATA_NS,
      "EntityDescriptor",
      "IDPSSODescriptor",
      "entityID",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.string()), { maxLength: 40 }), (parts) => {
        wellFormedResult(parseIdpMetadata(parts.join("")));
      }),
      { numRuns: 300 },
    );
  });

  it("never throws for non-string values", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = parseIdpMetadata(input as string);
        wellFormedResult(result);
        if (typeof input !== "string") {
          expect(result.ok).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  const positiveFixtures = [
    "okta.xml",
    "entra-id.xml",
    "adfs.xml",
    "shibboleth-samltest.xml",
    "google-workspace.xml",
    "onelogin.xml",
    "keycloak.xml",
    "openam.xml",
  ].map((name) => fixture(name));

  it("rejects every truncation of a positive fixture before its last '>'", () => {
    const arbitrary = fc
      .constantFrom(...positiveFixtures)
      .chain((text) =>
        fc.tuple(
          fc.constant(text),
          fc.integer({ min: text.indexOf("<") + 1, max: text.lastIndexOf(">") }),
        ),
      );
    fc.assert(
      fc.property(arbitrary, ([text, end]) => {
        const reason = rejected(parseIdpMetadata(text.slice(0, end)));
        expect(reason).toMatch(/^is not well-formed XML: .* at line [1-9]\d*, column [1-9]\d*$/);
      }),
      { numRuns: 300 },
    );
  });

  it("accepts a positive fixture with its end cut after the last '>'", () => {
    for (const text of positiveFixtures) {
      const end = text.lastIndexOf(">") + 1;
      expect(parseIdpMetadata(text.slice(0, end)).ok).toBe(true);
    }
  });

  it("never throws for random edits of a positive fixture", () => {
    const edit = fc.record({
      at: fc.nat(),
      deleteCount: fc.nat({ max: 20 }),
      insert: fc.oneof(
        fc.string({ maxLength: 5 }),
        fc.constantFrom("<", ">", "&", '"', "</x>", "<!--"),
      ),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...positiveFixtures),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (text, edits) => {
          let mutated = text;
          for (const { at, deleteCount, insert } of edits) {
            const offset = at % (mutated.length + 1);
            mutated = mutated.slice(0, offset) + insert + mutated.slice(offset + deleteCount);
          }
          wellFormedResult(parseIdpMetadata(mutated));
        },
      ),
      { numRuns: 300 },
    );
  });
});
