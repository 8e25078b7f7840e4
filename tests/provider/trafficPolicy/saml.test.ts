/**
 * The `saml` action of a traffic policy (early access) judges its `idp_metadata` with the rules
 * of `HttpsEdgeRouteSaml.idpMetadata`: one code path (`parseIdpMetadata`), the same reasons, the
 * same certificate expiry warning (`certificateExpiryWarnings`), named at the action's path.
 */
import { checkHttpsEdgeRouteSaml } from "../../../provider/httpsEdgeRouteSaml/definition";
import { expiryWarnings } from "../../../provider/httpsEdgeRouteSaml/expiry";
import { parseIdpMetadata } from "../../../provider/httpsEdgeRouteSaml/idpMetadata";
import { checkTrafficPolicy } from "../../../provider/trafficPolicy";
import { readIdpMetadata } from "../../support/fixtures";

const PATH = "trafficPolicy.onHttpRequest[0].actions[0].config.idpMetadata";
const saml = (idpMetadata: unknown) => ({
  onHttpRequest: [{ actions: [{ type: "saml", config: { idpMetadata } }] }],
});
const NOW = Date.parse("2026-11-25T00:00:00.000Z");

/** HttpsEdgeRouteSaml's reason for `document`, without its leading `idpMetadata `. */
function routeReason(document: string): string {
  const { failures } = checkHttpsEdgeRouteSaml({
    edgeId: "edghts_2ZpXGdAbcDef012345",
    routeId: "edghtsrt_2ZqYHeBcdEfg123456",
    idpMetadata: document,
  });
  expect(failures).toHaveLength(1);
  return failures![0].reason.replace(/^idpMetadata /, "");
}

test.each([
  ["service-provider metadata", readIdpMetadata("sp-only.xml")],
  ["a DTD", `<!DOCTYPE x [<!ENTITY a "b">]>${readIdpMetadata("okta.xml")}`],
  ["a URL instead of the document", "https://idp.example.com/metadata"],
  [
    "XML that is not well-formed",
    "<md:EntityDescriptor xmlns:md='urn:oasis:names:tc:SAML:2.0:metadata'>",
  ],
  ["an empty document", " "],
])("%s: the same reason as HttpsEdgeRouteSaml, at the action's path", (_, document) => {
  const { failures } = checkTrafficPolicy(saml(document), { now: NOW });
  expect(failures).toEqual([
    { path: PATH, reason: `${PATH} (saml action) ${routeReason(document)}` },
  ]);
});

test("an accepted document with an expired certificate: HttpsEdgeRouteSaml's warning, naming the path", () => {
  const document = readIdpMetadata("google-workspace.xml");
  const result = checkTrafficPolicy(saml(document), { now: NOW, who: 'CloudEndpoint "sso"' });
  expect(result.failures).toEqual([]);
  const parsed = parseIdpMetadata(document);
  if (!parsed.ok) throw new Error(parsed.reason);
  const route = expiryWarnings(parsed.metadata.signingCertificateDetails, undefined, NOW);
  expect(route).toHaveLength(1);
  expect(result.warnings).toEqual([
    expect.stringMatching(/early access/),
    route[0]
      .replace(/^HttpsEdgeRouteSaml: /, 'CloudEndpoint "sso": ')
      .replaceAll("idpMetadata", PATH),
  ]);
});

test("a valid document passes, with the early access warning only; it is not a secret", () => {
  const result = checkTrafficPolicy(
    `on_http_request:\n  - actions:\n      - type: saml\n        config:\n          idp_metadata: ${JSON.stringify(readIdpMetadata("okta.xml"))}\n`,
    { now: Date.parse("2020-01-01") },
  );
  expect(result.failures).toEqual([]);
  expect(result.warnings).toEqual([
    "trafficPolicy.on_http_request[0].actions[0].type is saml, an action ngrok offers in early " +
      "access: ngrok refuses it for an account without that access",
  ]);
  expect(result.secretPaths).toEqual([]);
});

test("saml without idp_metadata is refused; it runs in on_http_request only", () => {
  const result = checkTrafficPolicy({ onTcpConnect: [{ actions: [{ type: "saml" }] }] });
  expect(result.failures.map((f) => f.reason)).toEqual([
    "trafficPolicy.onTcpConnect[0].actions[0].type (saml action) does not run in on_tcp_connect; " +
      "it runs in on_http_request (https://ngrok.com/docs/traffic-policy/actions/saml/)",
    "trafficPolicy.onTcpConnect[0].actions[0].config.idpMetadata (saml action) is required: " +
      "Your identity provider's SAML 2.0 metadata document (XML), checked as " +
      "`HttpsEdgeRouteSaml.idpMetadata` is.",
  ]);
});
