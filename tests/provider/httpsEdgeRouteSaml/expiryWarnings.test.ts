/**
 * The preview warning about expired or expiring signing certificates of `idpMetadata`
 * (provider/httpsEdgeRouteSaml/expiry.ts, `expiryWarnings` and
 * `checkHttpsEdgeRouteSamlWithWarnings`), and the provider's `check`, which logs each warning
 * through Pulumi's `log.warn` (here, without an engine, `console.warn`) and fails nothing.
 *
 * Time: the pure functions take `now`; the provider's `check` uses the clock, so it is given
 * certificates that expired in 2021 and expire in 3021, far from any margin.
 */
import { httpsEdgeRouteSamlProvider as provider } from "../../../provider";
import { checkHttpsEdgeRouteSaml } from "../../../provider/httpsEdgeRouteSaml/definition";
import {
  checkHttpsEdgeRouteSamlWithWarnings,
  EXPIRY_WARNING_MS,
  expiryWarnings,
} from "../../../provider/httpsEdgeRouteSaml/expiry";
import { readIdpMetadata } from "../../support/fixtures";

const DAY = 24 * 60 * 60 * 1000;
const certificate = (notAfter: string, subject = "CN=idp.example.com") => ({
  subject,
  notAfter,
  sha256Fingerprint: "AB:CD",
});
const NOW = Date.parse("2026-11-25T00:00:00.000Z");
const BASE = {
  edgeId: "edghts_2aaaaaaaaaaaaaaaaaaaaaaaaaa",
  routeId: "edghtsrt_2aaaaaaaaaaaaaaaaaaaaaaaaaa",
  claimedBy: "shop/prod/app-sso",
};

describe("expiryWarnings", () => {
  it("warns for an expired certificate, naming the resource, the certificate and what to do", () => {
    expect(
      expiryWarnings([certificate("2021-01-03T16:17:49.000Z")], "shop/prod/app-sso", NOW),
    ).toEqual([
      'HttpsEdgeRouteSaml "app-sso" (stack shop/prod): idpMetadata\'s signing certificate ' +
        "(CN=idp.example.com; SHA-256 AB:CD) expired on 2021-01-03 (2151 days ago). If your " +
        "identity provider signs with this key, sign-ins may fail; if it has rolled over to a " +
        "new key, its current metadata has the new certificate: download the metadata again and " +
        "update idpMetadata. (A warning only: ngrok's documents do not say whether it refuses " +
        "expired certificates, so preview and up go on.)",
    ]);
  });

  it("warns within 30 days of the end, and not before", () => {
    const inDays = (days: number) => new Date(NOW + days * DAY).toISOString();
    expect(expiryWarnings([certificate(inDays(29.5))], undefined, NOW)).toEqual([
      expect.stringMatching(/^HttpsEdgeRouteSaml: .* expires on 2026-12-24 \(in 30 days\)\./),
    ]);
    expect(expiryWarnings([certificate(inDays(30))], undefined, NOW)).toEqual([]);
    expect(expiryWarnings([certificate(inDays(365))], undefined, NOW)).toEqual([]);
    expect(EXPIRY_WARNING_MS).toBe(30 * DAY);
  });

  it("numbers the certificates of a rollover and warns for each one concerned", () => {
    const warnings = expiryWarnings(
      [
        certificate("2018-04-15T16:33:18.000Z", "CN=old"),
        certificate("2039-12-31T23:59:59.000Z", "CN=new"),
        certificate("2021-08-05T22:29:37.000Z", "CN=older"),
      ],
      "shop/prod/app-sso",
      NOW,
    );
    expect(warnings).toEqual([
      expect.stringContaining("signing certificate 1 of 3 (CN=old;"),
      expect.stringContaining("signing certificate 3 of 3 (CN=older;"),
    ]);
  });
});

describe("checkHttpsEdgeRouteSamlWithWarnings", () => {
  it("returns checkHttpsEdgeRouteSaml's result and a warning for a real expired document", () => {
    const news = { ...BASE, idpMetadata: readIdpMetadata("google-workspace.xml") };
    const { result, warnings } = checkHttpsEdgeRouteSamlWithWarnings(news, NOW);
    expect(result).toEqual(checkHttpsEdgeRouteSaml(news));
    expect(result.failures).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/expired on 2021-01-03/)]);
  });

  it("has no warning for a valid certificate, nor for a document that fails", () => {
    const valid = { ...BASE, idpMetadata: readIdpMetadata("corpus/jackson-mocksaml.xml") };
    expect(checkHttpsEdgeRouteSamlWithWarnings(valid, NOW).warnings).toEqual([]);
    const failing = {
      ...BASE,
      idpMetadata: readIdpMetadata("google-workspace.xml"),
      enabled: "yes",
    };
    const { result, warnings } = checkHttpsEdgeRouteSamlWithWarnings(failing, NOW);
    expect(result.failures).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it("has no warning while idpMetadata is not known yet (preview of a computed value)", () => {
    const unknown = { ...BASE, idpMetadata: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" };
    expect(checkHttpsEdgeRouteSamlWithWarnings(unknown, NOW)).toEqual({
      result: expect.objectContaining({ failures: [] }),
      warnings: [],
    });
  });
});

describe("the provider's check", () => {
  // With an API key set, as in a pipeline: without one, the first check of the process also warns
  // that there is none (every resource's check does, see provider/common/previewWarnings.ts).
  const keyBefore = process.env.NGROK_API_KEY;
  beforeAll(() => {
    process.env.NGROK_API_KEY = "test-key";
  });
  afterAll(() => {
    if (keyBefore === undefined) delete process.env.NGROK_API_KEY;
    else process.env.NGROK_API_KEY = keyBefore;
  });

  async function checkLogging(news: Record<string, unknown>) {
    const spy = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const result = await provider.check({}, news);
      return { result, logged: spy.mock.calls.map((args) => args.join(" ")) };
    } finally {
      spy.mockRestore();
    }
  }

  it("logs the warning as Pulumi's log.warn does without an engine, and fails nothing", async () => {
    const news = { ...BASE, idpMetadata: readIdpMetadata("google-workspace.xml") };
    const { result, logged } = await checkLogging(news);
    expect(result.failures).toEqual([]);
    expect(logged).toEqual([
      expect.stringMatching(
        /^warning: \[runtime\] HttpsEdgeRouteSaml "app-sso" \(stack shop\/prod\): idpMetadata's signing certificate \(.*CN=Google.*\) expired on 2021-01-03/,
      ),
    ]);
  });

  it("logs nothing for a certificate valid until 3021", async () => {
    const news = { ...BASE, idpMetadata: readIdpMetadata("corpus/jackson-mocksaml.xml") };
    const { result, logged } = await checkLogging(news);
    expect(result.failures).toEqual([]);
    expect(logged).toEqual([]);
  });
});
