import fc from "fast-check";
import { UNKNOWN } from "../../../provider/common/unknown";
import {
  checkHttpsEdgeRouteSaml,
  SAML_DEFAULTS,
} from "../../../provider/httpsEdgeRouteSaml/definition";
import { NAMEID_FORMATS } from "../../../provider/httpsEdgeRouteSaml/rules";
import { readIdpMetadata } from "../../support/fixtures";

const fixture = readIdpMetadata;
const OKTA = fixture("okta.xml");
const EDGE = "edghts_2ZpXGdAbcDef012345";
const ROUTE = "edghtsrt_2ZqYHeBcdEfg123456";
const base = { __provider: "exports.handler = …", edgeId: EDGE, routeId: ROUTE, idpMetadata: OKTA };

const check = (patch: Record<string, unknown>) => checkHttpsEdgeRouteSaml({ ...base, ...patch });

describe("check: HttpsEdgeRouteSaml", () => {
  test("applies every default, so the PUT sends and state records every writable field", () => {
    const { inputs, failures } = check({});
    expect(failures).toEqual([]);
    expect(inputs).toEqual({
      edgeId: EDGE,
      routeId: ROUTE,
      idpMetadata: OKTA,
      enabled: true,
      optionsPassthrough: false,
      cookiePrefix: "",
      inactivityTimeout: 0,
      maximumDuration: 0,
      forceAuthn: false,
      allowIdpInitiated: false,
      authorizedGroups: [],
      nameidFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
    });
  });

  test("keeps what the program sets; an empty nameidFormat means the default", () => {
    const set = {
      enabled: false,
      optionsPassthrough: true,
      cookiePrefix: "app.",
      inactivityTimeout: 3600,
      maximumDuration: 4294967295,
      forceAuthn: true,
      allowIdpInitiated: true,
      authorizedGroups: ["eng", "ops"],
      nameidFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
      adoptExisting: true,
    };
    expect(check(set)).toEqual({
      inputs: { ...base, ...set, __provider: undefined },
      failures: [],
    });
    expect(check({ nameidFormat: "" }).inputs?.nameidFormat).toBe(SAML_DEFAULTS.nameidFormat);
  });

  test.each(NAMEID_FORMATS)("accepts the SAML 2.0 NameID format %s", (format) => {
    expect(check({ nameidFormat: format }).failures).toEqual([]);
  });

  test.each([
    ["edgeId", { edgeId: undefined }, /edgeId is required: the id of the HTTPS edge \(edghts_…\)/],
    [
      "edgeId",
      { edgeId: ROUTE },
      /edgeId must be an ngrok id starting with "edghts_" followed by letters and digits; got "edghtsrt_/,
    ],
    ["routeId", { routeId: "rt_123" }, /routeId must be an ngrok id starting with "edghtsrt_"/],
    ["routeId", { routeId: 7 }, /routeId must be a string, not 7/],
    ["enabled", { enabled: "yes" }, /enabled must be a boolean \(true or false\), not "yes"/],
    [
      "inactivityTimeout",
      { inactivityTimeout: -1 },
      /inactivityTimeout must be an integer from 0 to 4294967295 seconds; got -1/,
    ],
    [
      "maximumDuration",
      { maximumDuration: 4294967296 },
      /maximumDuration must be an integer from 0 to 4294967295 seconds; got 4294967296/,
    ],
    ["maximumDuration", { maximumDuration: 1.5 }, /got 1.5/],
    [
      "nameidFormat",
      { nameidFormat: "email" },
      /nameidFormat must be one of "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified", .*; got "email"/,
    ],
    [
      "authorizedGroups",
      { authorizedGroups: "eng" },
      /authorizedGroups must be a list of strings, not "eng"/,
    ],
    [
      "authorizedGroups",
      { authorizedGroups: ["eng", ""] },
      /authorizedGroups\[1\] must be a non-empty string; got ""/,
    ],
    [
      "cookiePrefix",
      { cookiePrefix: "my app;" },
      /cookiePrefix must contain only letters, digits and .*; got "my app;"/,
    ],
    [
      "idpMetadata",
      { idpMetadata: undefined },
      /idpMetadata is required: the XML SAML 2.0 metadata document of your identity provider/,
    ],
    ["adoptExisting", { adoptExisting: "true" }, /adoptExisting must be a boolean/],
    [
      "idpUrl",
      { idpUrl: "https://idp" },
      /idpUrl is not a property of pulumi-nodejs:dynamic\/ngrok:HttpsEdgeRouteSaml/,
    ],
  ])("rejects a bad %s (case %#)", (property, patch, reason) => {
    expect(check(patch).failures).toContainEqual({
      property,
      reason: expect.stringMatching(reason),
    });
  });

  // The negative IdP documents of tests/fixtures (SOURCES.md marks them) and broken ones: each
  // fails with a reason a person can act on, without a property name so that the engine does not
  // print the whole document.
  test.each([
    [
      "corpus/spring-security-aggregate-two-idps.xml",
      /^idpMetadata is an aggregate \(an EntitiesDescriptor with 2 EntityDescriptors\).*it holds 2 identity providers.*https:\/\/idp\.example\.com\/idp\/shibboleth.*Pass the single EntityDescriptor of your IdP/,
    ],
    ["sp-only.xml", /^idpMetadata is service-provider metadata .* not the identity provider's/],
  ])("rejects the negative fixture %s", (name, reason) => {
    expect(check({ idpMetadata: fixture(name) }).failures).toEqual([
      { property: "", reason: expect.stringMatching(reason) },
    ]);
  });

  test.each([
    [
      "not XML",
      "<EntityDescriptor>\n  <IDPSSODescriptor>\n</EntityDescriptor>",
      /^idpMetadata is not well-formed XML at line 3, column \d+: /,
    ],
    [
      "no signing certificate",
      OKTA.replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, ""),
      /^idpMetadata has no signing certificate/,
    ],
  ])("rejects %s", (_what, idpMetadata, reason) => {
    expect(check({ idpMetadata }).failures).toEqual([
      { property: "", reason: expect.stringMatching(reason) },
    ]);
  });

  // One short line is no document: a URL or a file path given instead. The failure names the
  // property, so that Pulumi shows the value beside it ("property idpMetadata value {…}").
  test.each([
    ["a URL instead of the document", "https://idp.example.com/metadata", /looks like a URL/],
    ["a file path", "okta-metadata.xml", /looks like a file path/],
    ["an empty string", "", /^idpMetadata is empty/],
  ])("rejects %s, naming the property", (_what, idpMetadata, reason) => {
    expect(check({ idpMetadata }).failures).toEqual([
      { property: "idpMetadata", reason: expect.stringMatching(reason) },
    ]);
  });

  test.each([
    ["a one-line document of 200 characters", "x".repeat(200), "idpMetadata"],
    ["a one-line document of 201 characters", "x".repeat(201), ""],
    ["two lines", "<a>\n</b>", ""],
    ["a line and a trailing newline", "okta.xml\n", "idpMetadata"],
  ])("names the property for %s: %j", (_what, idpMetadata, property) => {
    expect(check({ idpMetadata }).failures?.map((f) => f.property)).toEqual([property]);
  });

  test.each([
    "okta.xml",
    "entra-id.xml",
    "adfs.xml",
    "shibboleth-samltest.xml",
    "google-workspace.xml",
    "onelogin.xml",
    "keycloak.xml",
    "openam.xml",
  ])("accepts the positive fixture %s and records it byte for byte", (name) => {
    const document = fixture(name);
    const { inputs, failures } = check({ idpMetadata: document });
    expect(failures).toEqual([]);
    expect(inputs?.idpMetadata).toBe(document);
  });

  test("does not judge values that are unknown during preview", () => {
    expect(
      check({
        edgeId: UNKNOWN,
        routeId: UNKNOWN,
        idpMetadata: UNKNOWN,
        authorizedGroups: ["eng", UNKNOWN],
      }).failures,
    ).toEqual([]);
  });

  test("property: check never throws and every failure names its property or starts with it", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            "edgeId",
            "routeId",
            "idpMetadata",
            "enabled",
            "cookiePrefix",
            "inactivityTimeout",
            "authorizedGroups",
            "nameidFormat",
            "x",
          ),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.boolean(),
            fc.constant(null),
            fc.array(fc.string()),
          ),
        ),
        (news) => {
          for (const failure of checkHttpsEdgeRouteSaml(news).failures ?? []) {
            expect(failure.reason.startsWith(failure.property || "idpMetadata")).toBe(true);
          }
        },
      ),
    );
  });
});
