/**
 * Validation of `idp_metadata` against the real IdP metadata fixtures (SOURCES.md marks them
 * POSITIVE or NEGATIVE) and a few broken documents.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EmulatorApp } from "../../emulator/index";
import { validateIdpMetadata } from "../../emulator/model/idpMetadata";
import {
  api,
  body,
  createEdgeAndRoute,
  expectError,
  FIXTURES_DIR,
  newApp,
  readFixture,
  samlPath,
} from "./helpers";

const sources = fs.readFileSync(path.join(FIXTURES_DIR, "SOURCES.md"), "utf8");

function fixturesMarked(mark: "POSITIVE" | "NEGATIVE"): string[] {
  return sources
    .split("\n")
    .filter((line) => line.startsWith("- `") && new RegExp(`\\b${mark}\\b`).test(line))
    .map((line) => /^- `([^`]+)`/.exec(line)![1]);
}

/**
 * SOURCES.md marks what the provider's preview accepts. It accepts the one-IdP aggregate
 * (entities-aggregate.xml) and sends ngrok its EntityDescriptor; the emulator, as ngrok may,
 * refuses aggregates unless `idpMetadataAggregates: "first-idp"` (tested below).
 */
const AGGREGATE = "entities-aggregate.xml";
const POSITIVE = fixturesMarked("POSITIVE").filter((name) => name !== AGGREGATE);
const NEGATIVE = fixturesMarked("NEGATIVE");

const BROKEN: Array<[string, string, RegExp]> = [
  ["not XML at all", "this is not xml", /not well-formed XML/],
  ["an empty-looking document", "   \n", /empty/],
  [
    "unclosed elements",
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"><md:IDPSSODescriptor>',
    /not well-formed XML/,
  ],
  [
    "a DOCTYPE with an internal entity",
    '<?xml version="1.0"?><!DOCTYPE md:EntityDescriptor [<!ENTITY x "boom">]><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&x;"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></md:EntityDescriptor>',
    /DOCTYPE/,
  ],
  [
    "an external entity (XXE)",
    '<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">&xxe;<IDPSSODescriptor/></EntityDescriptor>',
    /DOCTYPE/,
  ],
  [
    "an EntityDescriptor in the wrong namespace",
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:1.0:metadata" entityID="x"><md:IDPSSODescriptor/></md:EntityDescriptor>',
    /namespace urn:oasis:names:tc:SAML:1\.0:metadata/,
  ],
  [
    "an EntityDescriptor in no namespace",
    '<EntityDescriptor entityID="x"><IDPSSODescriptor/></EntityDescriptor>',
    /namespace \(none\)/,
  ],
  [
    "an IDPSSODescriptor in another namespace",
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:o="urn:other" entityID="x"><o:IDPSSODescriptor/></md:EntityDescriptor>',
    /no IDPSSODescriptor/,
  ],
  [
    "content after the document element (an xmldom error, not fatal)",
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:IDPSSODescriptor/></md:EntityDescriptor>trailing',
    /not well-formed XML/,
  ],
  [
    "an undefined entity reference (an xmldom error, not fatal)",
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&nope;"><md:IDPSSODescriptor/></md:EntityDescriptor>',
    /not well-formed XML/,
  ],
  ["another document type", "<html><body>Sign in</body></html>", /document element is html/],
];

describe("IdP metadata validation", () => {
  it("reads both lists from SOURCES.md", () => {
    expect(POSITIVE.length).toBeGreaterThanOrEqual(8);
    expect(NEGATIVE.sort()).toEqual(["sp-only.xml"]);
    expect(fixturesMarked("POSITIVE")).toContain(AGGREGATE);
  });

  describe("through the API", () => {
    let app: EmulatorApp;
    let url: string;
    beforeAll(async () => {
      app = newApp();
      const ids = await createEdgeAndRoute(app);
      url = samlPath(ids.edgeId, ids.routeId);
    });
    afterAll(() => app.close());

    it.each(POSITIVE)("accepts %s and echoes it byte for byte", async (name) => {
      const xml = readFixture(name);
      const res = await api(app, "PUT", url, { idp_metadata: xml });
      expect(res.statusCode).toBe(200);
      const echoed: string = body(res).idp_metadata;
      expect(
        Buffer.from(echoed, "utf8").equals(fs.readFileSync(path.join(FIXTURES_DIR, name))),
      ).toBe(true);
      expect(body(await api(app, "GET", url)).idp_metadata).toBe(xml);
    });

    it("rejects the EntitiesDescriptor aggregate with 400 ERR_NGROK_7083", async () => {
      const res = await api(app, "PUT", url, {
        idp_metadata: readFixture("entities-aggregate.xml"),
      });
      expectError(res, 400, "ERR_NGROK_7083", /EntitiesDescriptor aggregate/);
    });

    it('with idpMetadataAggregates: "first-idp", accepts an aggregate for its first IdP and stores it as sent', async () => {
      const lenient = newApp({ idpMetadataAggregates: "first-idp" });
      const ids = await createEdgeAndRoute(lenient);
      const aggregateUrl = samlPath(ids.edgeId, ids.routeId);
      const xml = readFixture(AGGREGATE);
      const res = await api(lenient, "PUT", aggregateUrl, { idp_metadata: xml });
      expect(res.statusCode).toBe(200);
      expect(body(res).idp_metadata).toBe(xml);
      const spOnly =
        '<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">' +
        '<EntityDescriptor entityID="https://sp"><SPSSODescriptor/></EntityDescriptor>' +
        "</EntitiesDescriptor>";
      expectError(
        await api(lenient, "PUT", aggregateUrl, { idp_metadata: spOnly }),
        400,
        "ERR_NGROK_7083",
        /no entity found with an IDPSSODescriptor/,
      );
      await lenient.close();
      expect(() => newApp({ idpMetadataAggregates: "yes" as never })).toThrow(
        /^idpMetadataAggregates must be "refuse" or "first-idp", got "yes"$/,
      );
    });

    it("rejects SP-only metadata with 400 ERR_NGROK_7083", async () => {
      const res = await api(app, "PUT", url, { idp_metadata: readFixture("sp-only.xml") });
      expectError(res, 400, "ERR_NGROK_7083", /no IDPSSODescriptor/);
    });

    it.each(BROKEN)("rejects %s with 400 ERR_NGROK_7083", async (_name, xml, reason) => {
      const res = await api(app, "PUT", url, { idp_metadata: xml });
      expectError(res, 400, "ERR_NGROK_7083", /^Failed to parse the SAML IdP metadata: /);
      expect(body(res).msg).toMatch(reason);
    });

    it("leaves the previous module in place after a rejected PUT", async () => {
      const okta = readFixture("okta.xml");
      await api(app, "PUT", url, { idp_metadata: okta });
      await api(app, "PUT", url, { idp_metadata: "<nope" });
      expect(body(await api(app, "GET", url)).idp_metadata).toBe(okta);
    });
  });

  describe("validateIdpMetadata", () => {
    it.each(POSITIVE)("accepts %s and reads its entityID", (name) => {
      const result = validateIdpMetadata(readFixture(name));
      expect(result).toEqual({ ok: true, entityId: expect.stringMatching(/^https?:\/\//) });
    });

    it.each(NEGATIVE)("rejects %s", (name) => {
      expect(validateIdpMetadata(readFixture(name)).ok).toBe(false);
    });

    it("accepts a BOM and leading whitespace before the XML declaration", () => {
      const xml =
        '\uFEFF\n  <?xml version="1.0"?><EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="e"><IDPSSODescriptor/></EntityDescriptor>';
      expect(validateIdpMetadata(xml)).toEqual({ ok: true, entityId: "e" });
    });

    it("never throws, whatever it is given", () => {
      for (const input of [
        "",
        "<",
        "<<<>>>",
        "\u0000",
        "<a xmlns:b='x'><b:c/>",
        "&amp;",
        "<?xml?>",
      ]) {
        expect(validateIdpMetadata(input).ok).toBe(false);
      }
    });
  });
});
