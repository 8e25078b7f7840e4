/**
 * `EmulatorOptions.idpMetadataStore`: how a SAML module stores `idp_metadata` (byte for byte, as
 * ngrok's reference shows; without XML comments; or parsed and written again). The comment
 * stripper is tested on markup that only looks like a comment (CDATA, processing instructions,
 * attribute values), and each store through the API: what the `PUT` answers, the `GET` returns
 * and the snapshot holds.
 */
import { DOMParser } from "@xmldom/xmldom";
import { resolveOptions } from "../../emulator/options";
import {
  canonicalXml,
  IDP_METADATA_STORES,
  storedIdpMetadata,
  stripXmlComments,
} from "../../emulator/model/idpMetadataStore";
import { validateIdpMetadata } from "../../emulator/model/idpMetadata";
import { api, body, createEdgeAndRoute, newApp, OKTA_XML, readFixture, samlPath } from "./helpers";

/** An IdP document with comments everywhere, CRLF line ends and indentation. */
const COMMENTED =
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- before -->\r\n' +
  OKTA_XML.replace(/^<\?xml[^>]*\?>\s*/, "")
    .trim()
    .replace(/<md:IDPSSODescriptor/, "<!-- inside: <md:X/> ]]> -->\n  <md:IDPSSODescriptor")
    .replace(/\n/g, "\r\n") +
  "\r\n<!-- Managed by Pulumi through pulumi-ngrok-dynamic: stack=p%2Fs resource=r claim=t; x -->\r\n";

describe("stripXmlComments", () => {
  test.each([
    ["a comment between elements", "<a>\n  <!-- c -->\n  <b/>\n</a>", "<a>\n  \n  <b/>\n</a>"],
    ["comments before and after the document element", "<!--x--><a/><!--y-->\n", "<a/>\n"],
    ["text around a comment is joined", "<a>foo<!-- c -->bar</a>", "<a>foobar</a>"],
    ["a CDATA section holding <!-- is kept", "<a><![CDATA[<!-- kept -->]]></a>", null],
    ["a processing instruction holding <!-- is kept", "<?pi <!-- kept -->?><a/>", null],
    ["an attribute value holding > and -->", `<a b="1>2 -->" c='<!'><!--x--></a>`, null],
    ["a comment holding markup", "<a><!-- <b c='d'> ]]> ?> --></a>", "<a></a>"],
    ["no markup at all", "text only", null],
    ["an unterminated comment runs to the end", "<a/><!-- open", "<a/>"],
  ])("%s", (_label, input, expected) => {
    const withoutComment = expected ?? input.replace(/<!--x-->/, "");
    expect(stripXmlComments(input)).toBe(withoutComment);
  });

  test("a real IdP document: only its comments go, every other byte stays", () => {
    const comments = COMMENTED.match(/<!--[^]*?-->/g) ?? [];
    expect(comments).toHaveLength(3);
    const expected = comments.reduce((text, comment) => text.replace(comment, ""), COMMENTED);
    expect(stripXmlComments(COMMENTED)).toBe(expected);
  });
});

describe("canonicalXml", () => {
  test("comments and indentation removed, line ends LF, text and attributes kept", () => {
    const canonical = canonicalXml(COMMENTED);
    expect(canonical).not.toMatch(/<!--|\r|>\s+</);
    expect(canonical.startsWith('<?xml version="1.0" encoding="UTF-8"?><md:EntityDescriptor')).toBe(
      true,
    );
    // The same elements, attributes and non-blank text as the document sent.
    const texts = (xml: string) =>
      new DOMParser()
        .parseFromString(xml, "text/xml")
        .getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "X509Certificate")
        .item(0)?.textContent;
    expect(texts(canonical)).toBe(texts(OKTA_XML));
    expect(validateIdpMetadata(canonical).ok).toBe(true);
  });

  test("idempotent, and whitespace inside text-only elements is kept", () => {
    const xml = "<a>\n  <b> </b>\n  <c x='1'>v\r\n</c>\n</a>";
    expect(canonicalXml(xml)).toBe('<a><b> </b><c x="1">v\n</c></a>');
    expect(canonicalXml(canonicalXml(COMMENTED))).toBe(canonicalXml(COMMENTED));
  });

  test.each(["okta.xml", "keycloak.xml", "adfs.xml"])("%s stays a valid IdP document", (name) => {
    expect(validateIdpMetadata(storedIdpMetadata(readFixture(name), "canonical")).ok).toBe(true);
  });
});

describe("the option", () => {
  test("defaults to verbatim; anything else than the three stores is refused", () => {
    expect(resolveOptions().idpMetadataStore).toBe("verbatim");
    expect(IDP_METADATA_STORES).toEqual(["verbatim", "stripComments", "canonical"]);
    expect(() => resolveOptions({ idpMetadataStore: "trim" as "verbatim" })).toThrow(
      'idpMetadataStore must be one of "verbatim", "stripComments", "canonical", got "trim"',
    );
  });

  test.each(IDP_METADATA_STORES)(
    "%s: the PUT answers, the GET returns and the snapshot holds the stored document",
    async (store) => {
      const app = newApp({ idpMetadataStore: store });
      const { edgeId, routeId } = await createEdgeAndRoute(app);
      const expected = {
        verbatim: COMMENTED,
        stripComments: stripXmlComments(COMMENTED),
        canonical: canonicalXml(COMMENTED),
      }[store];
      const put = await api(app, "PUT", samlPath(edgeId, routeId), { idp_metadata: COMMENTED });
      expect(put.statusCode).toBe(200);
      expect(body(put).idp_metadata).toBe(expected);
      const get = await api(app, "GET", samlPath(edgeId, routeId));
      expect(body(get).idp_metadata).toBe(expected);
      expect(app.emulator.snapshot().samlModules[0].idp_metadata).toBe(expected);
      // The document is validated as sent: a broken one is refused under every store.
      const broken = await api(app, "PUT", samlPath(edgeId, routeId), {
        idp_metadata: "<!-- only a comment -->",
      });
      expect(broken.statusCode).toBe(400);
      await app.close();
    },
  );
});
