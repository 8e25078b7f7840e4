/**
 * The pure diff of HttpsEdgeRouteSaml (provider/httpsEdgeRouteSaml/definition.ts, on provider/framework/diff.ts), from the inputs that
 * check gives for a valid program.
 */
import { UNKNOWN } from "../../../provider/common/unknown";
import { withClaim } from "../../../provider/httpsEdgeRouteSaml/claim";
import { diffHttpsEdgeRouteSaml } from "../../../provider/httpsEdgeRouteSaml/definition";
import { checkHttpsEdgeRouteSaml } from "../../../provider/httpsEdgeRouteSaml/definition";
import { NAMEID_FORMATS } from "../../../provider/httpsEdgeRouteSaml/rules";
import { readIdpMetadata } from "../../support/fixtures";

const fixture = readIdpMetadata;
const OKTA = fixture("okta.xml");
const EDGE = "edghts_2ZpXGdAbcDef012345";
const ROUTE = "edghtsrt_2ZqYHeBcdEfg123456";
const base = { __provider: "exports.handler = …", edgeId: EDGE, routeId: ROUTE, idpMetadata: OKTA };

const check = (patch: Record<string, unknown>) => checkHttpsEdgeRouteSaml({ ...base, ...patch });

describe("diff: HttpsEdgeRouteSaml", () => {
  const inputs = check({}).inputs as unknown as Record<string, unknown>;
  const outputs = {
    ...inputs,
    __provider: "old provider code",
    entityId: "https://idp.ngrok.com/saml/" + ROUTE,
    assertionConsumerServiceUrl: "https://idp.ngrok.com/saml/" + ROUTE + "/acs",
    singleLogoutUrl: "https://idp.ngrok.com/saml/" + ROUTE + "/slo",
    requestSigningCertificatePem: "-----BEGIN CERTIFICATE-----…",
    metadataUrl: "https://idp.ngrok.com/saml/" + ROUTE,
    idpMetadataUrl: "",
  };
  const news = { ...inputs, __provider: "new provider code" };
  // Never delete-before-replace: a replacement on the same route is safe create-before-delete,
  // since the new resource takes the module over and the old one's delete leaves it (claim.ts).
  const none = { changes: false, replaces: [], deleteBeforeReplace: false, updates: [] };

  test("no change after create, nor when only the provider code changed", () => {
    expect(diffHttpsEdgeRouteSaml(outputs, news)).toEqual(none);
  });

  test.each([
    [
      "idp_metadata echoed with other surrounding whitespace",
      { idpMetadata: "\n\n" + OKTA.trim() + "\n  " },
    ],
    [
      "idp_metadata with CRLF line endings and a BOM",
      { idpMetadata: "\uFEFF" + OKTA.replace(/\n/g, "\r\n") },
    ],
    ["nameid_format left empty by the API", { nameidFormat: "" }],
    ["cookie_prefix filled with ngrok's documented default", { cookiePrefix: "ngrok." }],
    ["authorized_groups null", { authorizedGroups: null }],
    ["timeouts absent", { inactivityTimeout: undefined, maximumDuration: null }],
    ["adoptExisting changed", { adoptExisting: true }],
    ["claimedBy changed (a renamed resource)", { claimedBy: "project/stack/old-name" }],
    [
      "idp_metadata echoed with a claim comment",
      { idpMetadata: withClaim(OKTA, "project/stack/sso", "token") },
    ],
  ])("no perpetual diff: %s", (_what, patch) => {
    expect(diffHttpsEdgeRouteSaml({ ...outputs, ...patch }, news)).toEqual(none);
  });

  test("authorized groups in another order are the same set", () => {
    expect(
      diffHttpsEdgeRouteSaml(
        { ...outputs, authorizedGroups: ["b", "a"] },
        { ...news, authorizedGroups: ["a", "b"] },
      ).changes,
    ).toBe(false);
  });

  test.each([
    ["forceAuthn", true],
    ["allowIdpInitiated", true],
    ["enabled", false],
    ["cookiePrefix", "app."],
    ["inactivityTimeout", 60],
    ["authorizedGroups", ["eng"]],
    ["nameidFormat", NAMEID_FORMATS[1]],
    ["idpMetadata", fixture("keycloak.xml")],
    ["idpMetadata", UNKNOWN],
  ])("a changed %s updates in place (drift is set back too)", (property, value) => {
    expect(diffHttpsEdgeRouteSaml(outputs, { ...news, [property]: value })).toEqual({
      ...none,
      changes: true,
      updates: [property],
    });
    expect(diffHttpsEdgeRouteSaml({ ...outputs, [property]: value }, news)).toEqual({
      ...none,
      changes: true,
      updates: [property],
    });
  });

  test.each([
    ["routeId", "edghtsrt_other"],
    ["edgeId", "edghts_other"],
  ])(
    "a changed %s replaces, writing the new module before removing the old one",
    (property, value) => {
      expect(diffHttpsEdgeRouteSaml(outputs, { ...news, [property]: value })).toEqual({
        changes: true,
        replaces: [property],
        deleteBeforeReplace: false,
        updates: [],
      });
    },
  );

  test("a route not known yet replaces, without deleting first", () => {
    expect(diffHttpsEdgeRouteSaml(outputs, { ...news, routeId: UNKNOWN })).toEqual({
      changes: true,
      replaces: ["routeId"],
      deleteBeforeReplace: false,
      updates: [],
    });
  });
});
