/**
 * How two IdP metadata documents are compared (provider/httpsEdgeRouteSaml/sameness.ts): the same
 * apart from what an API that normalises `idp_metadata` may change (comments, the claim among
 * them; whitespace between elements; line endings; quoting), and different for any change a
 * reader of the metadata sees (an attribute, a text, a CDATA section that holds `<!--`). Also what
 * the resource reports as the held document (`heldIdpMetadata`) and the claim-lost warning.
 */
import { stripXmlComments, canonicalXml } from "../../../emulator/model/idpMetadataStore";
import { heldIdpMetadata, type SamlModuleResponse } from "../../../provider/httpsEdgeRouteSaml/api";
import { withClaim } from "../../../provider/httpsEdgeRouteSaml/claim";
import { claimLostWarning } from "../../../provider/httpsEdgeRouteSaml/create";
import { comparableForm, sameIdpMetadata } from "../../../provider/httpsEdgeRouteSaml/sameness";
import { readIdpMetadata } from "../../support/fixtures";

const KEYCLOAK = readIdpMetadata("keycloak.xml");
const SMALL = '<a x="1">\n  <b>text</b>\n  <c><![CDATA[<!-- data -->]]></c>\n</a>\n';

describe("sameIdpMetadata", () => {
  test.each([
    ["a comment added inside", SMALL.replace("<b>", "<!-- note --><b>")],
    ["a comment inside a text", SMALL.replace("text", "te<!-- x -->xt")],
    ["the claim appended", withClaim(SMALL, "p/s/r", "token")],
    ["CRLF line ends", SMALL.replace(/\n/g, "\r\n")],
    ["no indentation", SMALL.replace(/\n\s*/g, "")],
    ["other quotes", SMALL.replace('x="1"', "x='1'")],
    ["a byte-order mark and surrounding whitespace", `\uFEFF\n\n${SMALL}\n\n`],
  ])("the same: %s", (_label, other) => {
    expect(sameIdpMetadata(SMALL, other)).toBe(true);
    expect(sameIdpMetadata(other, SMALL)).toBe(true);
  });

  test("the same: an empty element written short or long", () => {
    const short = SMALL.replace("</b>", "</b><d/>");
    expect(sameIdpMetadata(short, SMALL.replace("</b>", "</b><d></d>"))).toBe(true);
  });

  test.each([
    ["an attribute changed", SMALL.replace('x="1"', 'x="2"')],
    ["a text changed", SMALL.replace("text", "texts")],
    ["whitespace inside a text", SMALL.replace("text", " text")],
    ["the comment-looking CDATA changed", SMALL.replace("<!-- data -->", "<!-- other -->")],
    ["an element added", SMALL.replace("</a>", "<d/></a>")],
  ])("different: %s", (_label, other) => {
    expect(sameIdpMetadata(SMALL, other)).toBe(false);
  });

  test("what each emulator store keeps of a real IdP document is the same as it", () => {
    const program = `${KEYCLOAK.trimEnd()}\n<!-- ours -->\n`.replace(/\n/g, "\r\n");
    const sent = withClaim(program, "p/s/r", "token");
    expect(sameIdpMetadata(program, stripXmlComments(sent))).toBe(true);
    expect(sameIdpMetadata(program, canonicalXml(sent))).toBe(true);
    expect(sameIdpMetadata(program, canonicalXml(KEYCLOAK.replace("master", "other")))).toBe(false);
  });

  test("a text that is not well-formed XML, or has a DOCTYPE, is compared as text", () => {
    expect(comparableForm("<a><b></a>")).toBeUndefined();
    expect(comparableForm('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>')).toBeUndefined();
    expect(sameIdpMetadata("<a><b></a>", "<a><b></a>\r\n")).toBe(true);
    expect(sameIdpMetadata("<a><b></a>", "<a><!-- c --><b></a>")).toBe(false);
    expect(sameIdpMetadata(undefined, undefined)).toBe(true);
    expect(sameIdpMetadata(SMALL, undefined)).toBe(false);
  });
});

describe("heldIdpMetadata and the claim-lost warning", () => {
  const module = (idpMetadata: string) => ({ idp_metadata: idpMetadata }) as SamlModuleResponse;
  const program = `${SMALL}<!-- ours -->\n`;

  test("the document sent when ngrok holds it apart from comments; else ngrok's, claim removed", () => {
    const sent = withClaim(program, "p/s/r", "token");
    expect(heldIdpMetadata(module(sent), program)).toBe(program);
    expect(heldIdpMetadata(module(stripXmlComments(sent)), program)).toBe(program);
    expect(heldIdpMetadata(module(canonicalXml(sent)), program)).toBe(program);
    const changed = SMALL.replace("text", "changed");
    expect(heldIdpMetadata(module(changed), program)).toBe(changed);
    expect(heldIdpMetadata(module(sent), undefined)).toBe(program);
  });

  test("a warning only when the stored document lacks the claim sent", () => {
    const inputs = { claimedBy: "p/s/sso", routeId: "edghtsrt_1", edgeId: "edghts_1" };
    expect(claimLostWarning(inputs, withClaim(program, "p/s/sso", "t"), "t")).toBeUndefined();
    expect(claimLostWarning(inputs, stripXmlComments(program), "t")).toMatch(
      /^HttpsEdgeRouteSaml "sso" \(stack p\/s\): ngrok stored the IdP metadata of route edghtsrt_1 of HTTPS edge edghts_1 without the claim comment .* Use `aliases` to rename or move it/,
    );
    expect(claimLostWarning(inputs, withClaim(program, "p/s/sso", "other"), "t")).toBeDefined();
  });
});
