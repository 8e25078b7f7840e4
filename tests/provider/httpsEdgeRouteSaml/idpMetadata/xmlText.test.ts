/**
 * The XML text checks and their places, line and column
 * (provider/httpsEdgeRouteSaml/idpMetadata/xmlText.ts), through `parseIdpMetadata`.
 */
import fc from "fast-check";
import { asPluginCall } from "../../../../provider/common/hints";
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
      `is not well-formed XML at line 3, column ${endTagColumn}: the end tag ` +
        "</IDPSSODescripter> does not match the start tag <IDPSSODescriptor> that it should " +
        "close (XML 1.0 section 3, element type match)",
    );
  });

  it("counts lines the same with CRLF line endings", () => {
    expect(rejected(parseIdpMetadata(brokenOnLine3.join("\r\n")))).toMatch(
      new RegExp(`^is not well-formed XML at line 3, column ${endTagColumn}: `),
    );
  });

  it("counts the lines and columns of the text as given, after a BOM and blank lines", () => {
    const input = "\uFEFF\n\n" + brokenOnLine3.join("\n");
    expect(rejected(parseIdpMetadata(input))).toMatch(
      new RegExp(`^is not well-formed XML at line 5, column ${endTagColumn}: `),
    );
    const indented = "  " + brokenOnLine3.slice(1).join("\n");
    expect(rejected(parseIdpMetadata(indented))).toMatch(
      new RegExp(`^is not well-formed XML at line 2, column ${endTagColumn}: `),
    );
  });

  it("reports a document truncated on line 3 at its end", () => {
    const truncated = brokenOnLine3.slice(0, 2).join("\n") + "\n  <IDPSSODescriptor";
    expect(rejected(parseIdpMetadata(truncated))).toBe(
      "is not well-formed XML at line 3, column 3: the document ends inside a tag (it looks " +
        "truncated: copy the whole document)",
    );
    const unclosed = brokenOnLine3.slice(0, 2).join("\n") + "\n  <IDPSSODescriptor>\n";
    expect(rejected(parseIdpMetadata(unclosed))).toBe(
      "is not well-formed XML at line 3, column 21: the document ends before these elements " +
        'are closed: "EntityDescriptor, IDPSSODescriptor" (it looks truncated: copy the whole ' +
        "document)",
    );
  });

  it("reports an attribute value without quotes on line 3 at its element", () => {
    const lines = [...brokenOnLine3];
    lines[2] = `  <IDPSSODescriptor protocolSupportEnumeration=${SAML2}></IDPSSODescriptor>`;
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toBe(
      "is not well-formed XML at line 3, column 3: an attribute here is not written " +
        'name="value": its value must be in matching double or single quotes (XML 1.0 section 3.1)',
    );
  });

  it("rejects an undefined entity, at the reference", () => {
    const lines = [...brokenOnLine3];
    lines[2] = "  <NameIDFormat>urn:&foo;</NameIDFormat>";
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toBe(
      'is not well-formed XML at line 3, column 21: the entity reference "&foo;" is not ' +
        "defined: XML defines only &lt; &gt; &amp; &quot; &apos; (and DTDs are not allowed); " +
        'write a literal "&" as &amp;',
    );
  });

  it("rejects a bare ampersand in an attribute, at the ampersand", () => {
    const lines = [...brokenOnLine3];
    lines[2] = '  <SingleSignOnService Binding="b" Location="https://x/?a=1&b=2"/>';
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toBe(
      `is not well-formed XML at line 3, column ${lines[2].indexOf("&") + 1}: "&" must start ` +
        'an entity or character reference (write a literal "&" as &amp;)',
    );
  });

  it("rejects a bare ampersand in text, which xmldom alone would keep", () => {
    const lines = [...brokenOnLine3];
    lines[2] = "  <!-- & --><NameIDFormat><![CDATA[&]]> & </NameIDFormat>";
    expect(rejected(parseIdpMetadata(lines.join("\n")))).toBe(
      'is not well-formed XML at line 3, column 41: "&" must start an entity or character ' +
        'reference (write a literal "&" as &amp;)',
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
      "is not well-formed XML at line 3, column 3: there is text outside the document element, " +
        "where XML allows only comments and processing instructions (XML 1.0 section 2.1)",
    );
  });

  it("rejects text before the document element, where it is", () => {
    const input = '<?xml version="1.0"?>\n\n  junk ' + brokenOnLine3.slice(1, 2).join("");
    expect(rejected(parseIdpMetadata(input))).toBe(
      "is not well-formed XML at line 3, column 3: there is text outside the document element, " +
        "where XML allows only comments and processing instructions (XML 1.0 section 2.1)",
    );
  });

  it("rejects an undeclared namespace prefix, naming the prefix and the declaration", () => {
    expect(rejected(parseIdpMetadata("<a>\n  <md:b/>\n</a>"))).toBe(
      "is not well-formed XML at line 2, column 3: the element <md:b> uses the namespace prefix " +
        '"md", which no xmlns:md="…" declaration on it or an enclosing element defines ' +
        "(Namespaces in XML 1.0 section 5): add the declaration, e.g. " +
        'xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"',
    );
  });

  it("rejects two document elements, at the second, in its own words", () => {
    expect(rejected(parseIdpMetadata("<a/>\n<b/>"))).toBe(
      "is not well-formed XML at line 2, column 1: a second document element starts here, but " +
        "an XML document has exactly one (XML 1.0 section 2.1): keep the <EntityDescriptor> " +
        "only, or remove what was pasted after it",
    );
  });

  it("rejects a comment before the XML declaration, at the declaration, in its own words", () => {
    const input = '<!-- exported -->\n<?xml version="1.0"?>\n' + brokenOnLine3.slice(1).join("\n");
    expect(rejected(parseIdpMetadata(input))).toBe(
      "is not well-formed XML at line 2, column 1: the XML declaration (<?xml …?>) must be the " +
        "very first thing in the document (XML 1.0 section 2.8), but something comes before it " +
        "(a comment, text or another element): remove what precedes <?xml, or remove the " +
        "declaration",
    );
  });
});

describe("no wording of the XML library in any reason", () => {
  /** Words that only xmldom's messages (and JavaScript's errors) use. */
  const LIBRARY_WORDING =
    /xmldom|DOMException|HierarchyRequest|NamespaceError|ParseError|TypeError|\bposition \d|EntityRef|missed (start )?quot|!!|instead2|Opening and ending tag mismatch|unclosed xml tag|root element|element parse error|Error constructing|\bat [A-Za-z]+ \(|ERR_/;
  const token = fc.constantFrom(
    "<",
    ">",
    "</",
    "/>",
    "<?xml ",
    "?>",
    "<!--",
    "-->",
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
    "a",
    "md:",
    "x:y",
    'xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"',
    "<!DOCTYPE",
    "<a>",
    "</a>",
    "<b/>",
    '<?xml version="1.0"?>',
  );

  it("holds for arbitrary markup", () => {
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 30 }), (parts) => {
        const result = parseIdpMetadata(parts.join(""));
        if (!result.ok) {
          expect(result.reason).not.toMatch(LIBRARY_WORDING);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("UTF-16 text read as UTF-8", () => {
  const document = idpDocument();
  const misread = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(document, "utf16le"),
  ]).toString("utf8");

  it("says how to read the file: JavaScript for the Node.js classes", () => {
    expect(rejected(parseIdpMetadata(misread))).toMatch(
      /; it looks like UTF-16 text read as UTF-8 or Latin-1: read the file with its encoding \(e\.g\. fs\.readFileSync\(path, "utf16le"\)\) or convert it to UTF-8$/,
    );
  });

  it("says it in words through the plugin, without JavaScript", () => {
    const reason = asPluginCall(() => rejected(parseIdpMetadata(misread)));
    expect(reason).toMatch(
      /; it looks like UTF-16 text read as UTF-8 or Latin-1: convert the file to UTF-8 \(e\.g\. iconv -f UTF-16 -t UTF-8 metadata\.xml > metadata-utf8\.xml\), or read it with its encoding \(YAML's fn::readFile reads UTF-8\)$/,
    );
    expect(reason).not.toMatch(/readFileSync/);
  });
});
