/**
 * What a user's offline test needs from the emulator before its stack runs
 * (docs/testing.md): `createHttpsEdge` and `createHttpsEdgeRoute`, which make what the API's
 * `POST`s make without a request, and `sampleIdpMetadata`, an IdP document with a real
 * certificate that the emulator's SAML module and the provider's checks both accept.
 */
import { X509Certificate } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import {
  buildEmulatorApp,
  EmulatorApiError,
  type RunningEmulator,
  sampleIdpMetadata,
  startEmulator,
} from "../../emulator/index";
import { parseIdpMetadata } from "../../provider";
import { callApi } from "../support/emulatorApi";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => emulator?.close());

/** What `fn` throws, as an {@link EmulatorApiError}'s status, code and message. */
function apiErrorOf(fn: () => unknown): { status: number; code?: string; msg: string } {
  try {
    fn();
  } catch (error) {
    if (!EmulatorApiError.isInstance(error)) throw error;
    return { status: error.statusCode, code: error.errorCode, msg: error.message };
  }
  throw new Error("nothing was thrown");
}

describe("createHttpsEdge and createHttpsEdgeRoute", () => {
  test("make an edge and a route the API serves as if POSTed, with no request recorded", async () => {
    const requestsBefore = emulator.requests.length;
    const edge = emulator.createHttpsEdge({
      description: "test edge",
      hostports: ["a.example:443"],
    });
    const route = emulator.createHttpsEdgeRoute(edge.id);
    expect(emulator.requests.length).toBe(requestsBefore);
    expect(edge.id).toMatch(/^edghts_[0-9A-Za-z]+$/);
    expect(route.id).toMatch(/^edghtsrt_[0-9A-Za-z]+$/);
    expect(route).toMatchObject({ edge_id: edge.id, match_type: "path_prefix", match: "/" });

    const served = await callApi(emulator, "GET", `/edges/https/${edge.id}/routes/${route.id}`);
    expect(served.status).toBe(200);
    expect(served.body).toEqual(route);
    const edgeServed = await callApi(emulator, "GET", `/edges/https/${edge.id}`);
    expect(edgeServed.body).toMatchObject({
      id: edge.id,
      description: "test edge",
      hostports: ["a.example:443"],
      uri: `${emulator.url}/edges/https/${edge.id}`,
    });
    expect(emulator.snapshot().routes.map((r) => r.id)).toContain(route.id);
  });

  test("a route takes the API's fields", () => {
    const edge = emulator.createHttpsEdge();
    const route = emulator.createHttpsEdgeRoute(edge.id, {
      match_type: "exact_path",
      match: "/login",
      description: "login",
    });
    expect(route).toMatchObject({
      match_type: "exact_path",
      match: "/login",
      description: "login",
    });
  });

  test("refuse what the API refuses, with its codes", () => {
    expect(
      apiErrorOf(() => emulator.createHttpsEdgeRoute("edghts_0000000000000000000000000000")),
    ).toMatchObject({ status: 404, code: "ERR_NGROK_7000" });
    expect(apiErrorOf(() => emulator.createHttpsEdgeRoute("sshca_123"))).toMatchObject({
      status: 400,
      code: "ERR_NGROK_227",
    });
    const edge = emulator.createHttpsEdge();
    expect(
      apiErrorOf(() => emulator.createHttpsEdgeRoute(edge.id, { match_type: "regex" })),
    ).toMatchObject({ status: 400, code: "ERR_NGROK_7130" });
    expect(
      apiErrorOf(() => emulator.createHttpsEdge({ description: "x".repeat(256) })),
    ).toMatchObject({ status: 400, code: "ERR_NGROK_7073" });
  });

  test("are on app.emulator too, for an app you listen with yourself", async () => {
    const app = buildEmulatorApp({ apiKey: "test" });
    try {
      const edge = app.emulator.createHttpsEdge();
      const route = app.emulator.createHttpsEdgeRoute(edge.id);
      const url = await app.listen({ host: "127.0.0.1", port: 0 });
      const answer = await callApi(
        { url, apiKey: "test" },
        "GET",
        `/edges/https/${edge.id}/routes/${route.id}`,
      );
      expect(answer.status).toBe(200);
      expect(app.emulator.requests).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe("sampleIdpMetadata", () => {
  let xml: string;
  beforeAll(async () => {
    xml = await sampleIdpMetadata({ entityId: "https://idp.test.example/saml" });
  });

  test("is a SAML 2.0 IdP EntityDescriptor with a real, current signing certificate", () => {
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    const root = doc.documentElement!;
    expect(root.localName).toBe("EntityDescriptor");
    expect(root.getAttribute("entityID")).toBe("https://idp.test.example/saml");
    const der = doc
      .getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "X509Certificate")[0]
      .textContent!.trim();
    const certificate = new X509Certificate(Buffer.from(der, "base64"));
    expect(certificate.subject).toBe("CN=idp.test.example");
    expect(certificate.verify(certificate.publicKey)).toBe(true); // self-signed, intact
    expect(Date.parse(certificate.validFrom)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(Date.now() + 9 * 365 * 86_400_000);
    const sso = doc.getElementsByTagNameNS(
      "urn:oasis:names:tc:SAML:2.0:metadata",
      "SingleSignOnService",
    );
    expect(sso[0].getAttribute("Location")).toBe("https://idp.test.example/saml/sso");
  });

  test("a new certificate each call; the default entity id is https://idp.example.com", async () => {
    const other = await sampleIdpMetadata();
    expect(other).toContain('entityID="https://idp.example.com"');
    const cert = (text: string) => /<ds:X509Certificate>([^<]+)</.exec(text)?.[1];
    expect(cert(other)).toBeDefined();
    expect(cert(other)).not.toBe(cert(xml));
  });

  test("the emulator's SAML module and the provider's IdP metadata rules accept it", async () => {
    const edge = emulator.createHttpsEdge();
    const route = emulator.createHttpsEdgeRoute(edge.id);
    const put = await callApi(emulator, "PUT", `/edges/https/${edge.id}/routes/${route.id}/saml`, {
      enabled: true,
      idp_metadata: xml,
    });
    expect(put.status).toBe(200);
    expect(put.body.idp_metadata).toBe(xml);
    expect(parseIdpMetadata(xml)).toMatchObject({
      ok: true,
      metadata: { entityId: "https://idp.test.example/saml" },
    });
  });

  test("refuses an entity id that is not a URL", async () => {
    await expect(sampleIdpMetadata({ entityId: "idp" })).rejects.toThrow(
      /^sampleIdpMetadata: entityId must be an absolute URL, e.g. "https:\/\/idp.example.com"; got "idp"$/,
    );
  });
});
