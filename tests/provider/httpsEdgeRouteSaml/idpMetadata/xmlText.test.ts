/**
 * The XML text checks and their places, line and column
 * (provider/httpsEdgeRouteSaml/idpMetadata/xmlText.ts), through `parseIdpMetadata`.
 */
import {
  parseIdpMetadata,
  SAML_METADATA_NS,
} from "../../../../provider/httpsEdgeRouteSaml/idpMetadata";
import { accepted, rejected, SAML2, SSO, idpDocument } from "../../../support/idpMetadataDocuments";

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
