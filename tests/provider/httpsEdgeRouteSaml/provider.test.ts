/**
 * The `HttpsEdgeRouteSaml` provider methods called directly (as the dynamic-provider host calls
 * them) against the local emulator of ngrok's API, on a real loopback port. Every call's API
 * requests are counted; the emulator's state (snapshot, SP metadata) is the oracle.
 *
 * The pure check/diff tables are in `./inputs.test.ts`; here `check` and `diff`
 * only appear where they meet real API answers.
 */
import { X509Certificate } from "node:crypto";
import type { AddressInfo } from "node:net";
import { DOMParser } from "@xmldom/xmldom";
import {
  buildEmulatorApp,
  startEmulator,
  type EmulatorApp,
  type RunningEmulator,
  type SamlModuleSnapshot,
} from "../../../emulator/index";
import {
  httpsEdgeRouteSamlProvider as provider,
  NgrokApiError,
  ResourceInitFailedError,
  resetStackConfig,
  SamlModuleExistsError,
} from "../../../provider";
import { claimOf, withClaim, withoutClaim } from "../../../provider/httpsEdgeRouteSaml/claim";
import { parseIdpMetadata } from "../../../provider/httpsEdgeRouteSaml/idpMetadata";
import type {
  HttpsEdgeRouteSamlInputs,
  HttpsEdgeRouteSamlOutputs,
} from "../../../provider/httpsEdgeRouteSaml/definition";
import { callApi, writableSamlFields } from "../../support/emulatorApi";
import { configureProvider } from "../../support/configureProvider";
import { readIdpMetadata } from "../../support/fixtures";

const fixture = readIdpMetadata;
const OKTA = fixture("okta.xml");
const KEYCLOAK = fixture("keycloak.xml");

/** What Pulumi puts into every dynamic resource's inputs. */
const PROVIDER_TEXT = "serialized provider text";
/** What the SDK class puts into every resource's inputs: `<project>/<stack>/<resource name>`. */
const CLAIMED_BY = "test-project/test-stack/sso";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const MD_NS = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS_NS = "http://www.w3.org/2000/09/xmldsig#";

type Checked = HttpsEdgeRouteSamlInputs & { __provider: string };
type Api = {
  url: string;
  apiKey: string;
  requests: ReadonlyArray<{ method: string; path: string; status: number }>;
};

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
});

afterAll(async () => {
  resetStackConfig();
  await emulator.close();
});

/** A new HTTPS edge with `count` routes. */
async function newEdge(
  count = 1,
  api: Pick<Api, "url" | "apiKey"> = emulator,
): Promise<{ edgeId: string; routeIds: string[] }> {
  const edge = await callApi(api, "POST", "/edges/https", { description: "saml provider test" });
  expect(edge.status).toBe(201);
  const edgeId = edge.body.id as string;
  const routeIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const route = await callApi(api, "POST", `/edges/https/${edgeId}/routes`, {
      match_type: "path_prefix",
      match: i === 0 ? "/" : `/r${i}`,
    });
    expect(route.status).toBe(201);
    routeIds.push(route.body.id as string);
  }
  return { edgeId, routeIds };
}

const samlPath = (edgeId: string, routeId: string) =>
  `/edges/https/${edgeId}/routes/${routeId}/saml`;

/** The engine's Check: raw program inputs (with `__provider`) → checked inputs (host re-adds `__provider`). */
async function checked(raw: Record<string, unknown>): Promise<Checked> {
  const news = { __provider: PROVIDER_TEXT, claimedBy: CLAIMED_BY, ...raw };
  // Several real fixtures have expired signing certificates: check warns about them (asserted in
  // httpsEdgeRouteSaml/expiryWarnings.test.ts); outside an engine the warning goes to console.warn.
  const quiet = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const result = await provider.check({}, news).finally(() => quiet.mockRestore());
  expect(result.failures ?? []).toEqual([]);
  return { ...(result.inputs as HttpsEdgeRouteSamlInputs), __provider: PROVIDER_TEXT };
}

/**
 * Runs one provider call and returns what it resolved or rejected with, and the API requests it
 * made, as `"<METHOD> <path> <status>"`.
 */
async function tracked<T>(
  call: () => Promise<T>,
  api: Pick<Api, "requests"> = emulator,
): Promise<{ value?: T; error?: unknown; calls: string[] }> {
  const before = api.requests.length;
  let value: T | undefined;
  let error: unknown;
  try {
    value = await call();
  } catch (e) {
    error = e;
  }
  // The recorder appends in fastify's onResponse hook; let it run.
  await new Promise((resolve) => setImmediate(resolve));
  const calls = api.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
  return { value, error, calls };
}

/** The engine's Diff: old outputs in state against new checked inputs. No API call. */
const diff = (id: string, olds: object, news: object) =>
  provider.diff(id, olds as Record<string, unknown>, news as Record<string, unknown>);

/**
 * The module the emulator holds on this route, without the snapshot's address fields, and with
 * `idp_metadata` as the program wrote it (without the claim comment; see {@link claimOn}).
 */
function moduleOn(
  routeId: string,
  api: { snapshot(): { samlModules: SamlModuleSnapshot[] } } = emulator,
) {
  const found = api.snapshot().samlModules.filter((m) => m.routeId === routeId);
  if (found.length === 0) {
    return undefined;
  }
  expect(found).toHaveLength(1);
  const { edgeId: _edge, routeId: _route, ...module } = found[0];
  return { ...module, idp_metadata: withoutClaim(module.idp_metadata) };
}

/** The claim comment at the end of the module's `idp_metadata` on this route. */
function claimOn(
  routeId: string,
  api: { snapshot(): { samlModules: SamlModuleSnapshot[] } } = emulator,
) {
  return claimOf(api.snapshot().samlModules.find((m) => m.routeId === routeId)?.idp_metadata);
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());

/** The outputs as the API module (snake_case), without the address, `adoptExisting` and the claim. */
function asApiModule(outs: HttpsEdgeRouteSamlOutputs): Record<string, unknown> {
  const {
    edgeId: _e,
    routeId: _r,
    adoptExisting: _a,
    claimedBy: _c,
    claimToken: _t,
    idpSigningCertificates: _s,
    ...fields
  } = outs;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [snake(k), v]));
}

/**
 * The signing certificates an output must list for `document`, read here with Node's X.509 parser
 * from the certificates `parseIdpMetadata` found (whose rules are tested on their own).
 */
function signingCertificatesOf(
  document: string,
): HttpsEdgeRouteSamlOutputs["idpSigningCertificates"] {
  const parsed = parseIdpMetadata(document);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.metadata.signingCertificates.map((base64) => {
    const certificate = new X509Certificate(Buffer.from(base64, "base64"));
    return {
      subject: certificate.subject.split("\n").join(", "),
      notAfter: new Date(certificate.validTo).toISOString(),
      sha256Fingerprint: certificate.fingerprint256,
    };
  });
}

/** Base64 DER of a PEM certificate, after checking that it parses as X.509. */
function derBase64(pem: string): string {
  const certificate = new X509Certificate(pem);
  expect(certificate.subject).not.toBe("");
  return certificate.raw.toString("base64");
}

/**
 * Creates a module through the provider (check, then create); asserts the two requests (with
 * `adoptExisting`, the GET finds the module it adopts).
 */
async function createModule(
  edgeId: string,
  routeId: string,
  raw: Record<string, unknown> = {},
): Promise<{ id: string; outs: HttpsEdgeRouteSamlOutputs; inputs: Checked }> {
  const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA, ...raw });
  const { value, error, calls } = await tracked(() => provider.create(inputs));
  expect(error).toBeUndefined();
  const modulePath = samlPath(edgeId, routeId);
  expect(calls).toEqual(
    inputs.adoptExisting === true
      ? [`GET ${modulePath} 200`, `PUT ${modulePath} 200`]
      : [`GET ${modulePath} 404`, `PUT ${modulePath} 200`],
  );
  return { id: value!.id, outs: value!.outs as HttpsEdgeRouteSamlOutputs, inputs };
}

describe("create", () => {
  test.each([
    "okta.xml",
    "entra-id.xml",
    "adfs.xml",
    "keycloak.xml",
    "openam.xml",
    "shibboleth-samltest.xml",
    "google-workspace.xml",
    "onelogin.xml",
  ])(
    "with %s on a fresh route: GET (404) then PUT; outputs, emulator state and SP metadata agree",
    async (name) => {
      const idpMetadata = fixture(name);
      const { edgeId, routeIds } = await newEdge();
      const [routeId] = routeIds;
      const inputs = await checked({ edgeId, routeId, idpMetadata });
      const { value, error, calls } = await tracked(() => provider.create(inputs));

      expect(error).toBeUndefined();
      const modulePath = samlPath(edgeId, routeId);
      expect(calls).toEqual([`GET ${modulePath} 404`, `PUT ${modulePath} 200`]);
      expect(value!.id).toBe(`${edgeId}/${routeId}`);

      const outs = value!.outs as HttpsEdgeRouteSamlOutputs;
      const spUrl = `${emulator.url}/saml/${routeId}`;
      expect(outs).toEqual({
        edgeId,
        routeId,
        idpMetadata,
        enabled: true,
        optionsPassthrough: false,
        cookiePrefix: "",
        inactivityTimeout: 0,
        maximumDuration: 0,
        forceAuthn: false,
        allowIdpInitiated: false,
        authorizedGroups: [],
        nameidFormat: PERSISTENT,
        entityId: spUrl,
        metadataUrl: spUrl,
        assertionConsumerServiceUrl: `${spUrl}/acs`,
        singleLogoutUrl: `${spUrl}/slo`,
        requestSigningCertificatePem: expect.stringContaining("-----BEGIN CERTIFICATE-----"),
        idpMetadataUrl: "",
        idpSigningCertificates: signingCertificatesOf(idpMetadata),
        claimedBy: CLAIMED_BY,
        claimToken: expect.stringMatching(UUID),
      });
      expect(outs.idpSigningCertificates.length).toBeGreaterThan(0);
      // The module carries this resource's claim after the document.
      expect(claimOn(routeId)).toEqual({
        stack: "test-project/test-stack",
        resource: "sso",
        token: outs.claimToken,
      });
      // Byte for byte, BOM, surrounding whitespace and line breaks included.
      expect(Buffer.from(outs.idpMetadata, "utf8").equals(Buffer.from(idpMetadata, "utf8"))).toBe(
        true,
      );
      const certificate = derBase64(outs.requestSigningCertificatePem);

      expect(moduleOn(routeId)).toEqual(asApiModule(outs));

      // The SP metadata at metadataUrl (public, no credentials) names the same ACS and certificate.
      const response = await fetch(outs.metadataUrl);
      expect(response.status).toBe(200);
      const doc = new DOMParser().parseFromString(await response.text(), "text/xml");
      const root = doc.documentElement!;
      expect(root.namespaceURI).toBe(MD_NS);
      expect(root.localName).toBe("EntityDescriptor");
      expect(root.getAttribute("entityID")).toBe(outs.entityId);
      const acs = doc.getElementsByTagNameNS(MD_NS, "AssertionConsumerService");
      expect(acs.length).toBe(1);
      expect(acs[0].getAttribute("Location")).toBe(outs.assertionConsumerServiceUrl);
      const slo = doc.getElementsByTagNameNS(MD_NS, "SingleLogoutService");
      expect(slo[0].getAttribute("Location")).toBe(outs.singleLogoutUrl);
      const certificates = doc.getElementsByTagNameNS(DS_NS, "X509Certificate");
      expect(certificates.length).toBe(1);
      expect((certificates[0].textContent ?? "").replace(/\s+/g, "")).toBe(certificate);
    },
  );

  test("every field the program sets reaches the API", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const set = {
      enabled: false,
      optionsPassthrough: true,
      cookiePrefix: "app.",
      inactivityTimeout: 3600,
      maximumDuration: 43200,
      forceAuthn: true,
      allowIdpInitiated: true,
      authorizedGroups: ["engineering", "ops"],
      nameidFormat: EMAIL,
    };
    const { outs } = await createModule(edgeId, routeId, { idpMetadata: KEYCLOAK, ...set });
    expect(moduleOn(routeId)).toMatchObject({
      enabled: false,
      options_passthrough: true,
      cookie_prefix: "app.",
      inactivity_timeout: 3600,
      maximum_duration: 43200,
      force_authn: true,
      allow_idp_initiated: true,
      authorized_groups: ["engineering", "ops"],
      nameid_format: EMAIL,
      idp_metadata: KEYCLOAK,
    });
    expect(outs).toMatchObject({ ...set, idpMetadata: KEYCLOAK });
    expect(moduleOn(routeId)).toEqual(asApiModule(outs));
  });

  test("allowIdpInitiated left unset is sent as false, although the API turns it on when omitted", async () => {
    const { edgeId, routeIds } = await newEdge(2);
    // What the API does with a body that leaves the field out:
    const direct = await callApi(emulator, "PUT", samlPath(edgeId, routeIds[1]), {
      enabled: true,
      idp_metadata: OKTA,
    });
    expect(direct.status).toBe(200);
    expect(direct.body.allow_idp_initiated).toBe(true);
    // What the provider does when the program leaves it out:
    const { outs } = await createModule(edgeId, routeIds[0]);
    expect(outs.allowIdpInitiated).toBe(false);
    expect(moduleOn(routeIds[0])?.allow_idp_initiated).toBe(false);
  });

  test("on a route that does not exist: NgrokApiError 404 ERR_NGROK_7124", async () => {
    const { edgeId } = await newEdge(0);
    const routeId = "edghtsrt_2ZqYHeBcdEfg123456";
    const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA });
    const { error, calls } = await tracked(() => provider.create(inputs));
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 404, errorCode: "ERR_NGROK_7124" });
    expect((error as Error).message).toMatch(/ERR_NGROK_7124/);
    expect(ResourceInitFailedError.isInstance(error)).toBe(false);
    expect(calls).toEqual([
      `GET ${samlPath(edgeId, routeId)} 404`,
      `PUT ${samlPath(edgeId, routeId)} 404`,
    ]);
  });

  test("on an edge that does not exist: NgrokApiError 404 ERR_NGROK_7000", async () => {
    const edgeId = "edghts_2ZpXGdAbcDef012345";
    const routeId = "edghtsrt_2ZqYHeBcdEfg123456";
    const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA });
    const { error, calls } = await tracked(() => provider.create(inputs));
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 404, errorCode: "ERR_NGROK_7000" });
    expect((error as Error).message).toMatch(/ERR_NGROK_7000/);
    expect(calls).toEqual([
      `GET ${samlPath(edgeId, routeId)} 404`,
      `PUT ${samlPath(edgeId, routeId)} 404`,
    ]);
    expect(emulator.snapshot().edges.map((e) => e.id)).not.toContain(edgeId);
  });

  test.each(["corpus/spring-security-aggregate-two-idps.xml", "sp-only.xml"])(
    "check rejects %s before any API call",
    async (name) => {
      const { edgeId, routeIds } = await newEdge();
      const { value, calls } = await tracked(() =>
        provider.check(
          {},
          { __provider: PROVIDER_TEXT, edgeId, routeId: routeIds[0], idpMetadata: fixture(name) },
        ),
      );
      expect(calls).toEqual([]);
      expect(value!.failures).toEqual([
        { property: "", reason: expect.stringMatching(/^idpMetadata /) },
      ]);
      expect(moduleOn(routeIds[0])).toBeUndefined();
    },
  );
});

describe("no perpetual diff", () => {
  test("after create, and after read, the program's inputs show no change", async () => {
    const { edgeId, routeIds } = await newEdge();
    const { id, outs, inputs } = await createModule(edgeId, routeIds[0], {
      authorizedGroups: ["b", "a"],
      cookiePrefix: "",
      nameidFormat: "",
    });
    expect(await diff(id, { ...outs, __provider: PROVIDER_TEXT }, inputs)).toMatchObject({
      changes: false,
    });

    const { value: read, calls } = await tracked(() => provider.read(id, outs));
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeIds[0])} 200`]);
    expect(read!.id).toBe(id);
    expect(read!.props).toEqual(outs);
    expect(await diff(id, read!.props!, inputs)).toMatchObject({ changes: false });
    expect(await diff(id, read!.inputs!, inputs)).toMatchObject({ changes: false });
  });

  test("IdP metadata written with extra surrounding whitespace and CRLF line ends", async () => {
    const padded = "\n\n   " + OKTA.replace(/\n/g, "\r\n") + "   \n\n";
    const { edgeId, routeIds } = await newEdge();
    const { id, outs, inputs } = await createModule(edgeId, routeIds[0], { idpMetadata: padded });
    expect(outs.idpMetadata).toBe(padded);
    expect(moduleOn(routeIds[0])?.idp_metadata).toBe(padded);
    expect(await diff(id, outs, inputs)).toMatchObject({ changes: false });
    const { value: read } = await tracked(() => provider.read(id, outs));
    expect(await diff(id, read!.props!, inputs)).toMatchObject({ changes: false });
    // Taking the padding away later is not a change either.
    expect(
      await diff(id, read!.props!, await checked({ ...inputs, idpMetadata: OKTA })),
    ).toMatchObject({
      changes: false,
    });
  });
});

describe("read", () => {
  test("a field changed outside Pulumi shows in props and inputs, and as an in-place change", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const { id, outs, inputs } = await createModule(edgeId, routeId);

    const live = await callApi(emulator, "GET", samlPath(edgeId, routeId));
    const body = writableSamlFields(live.body);
    expect(
      (await callApi(emulator, "PUT", samlPath(edgeId, routeId), { ...body, force_authn: true }))
        .status,
    ).toBe(200);

    const { value, calls } = await tracked(() => provider.read(id, outs));
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);
    expect(value!.id).toBe(id);
    expect(value!.props).toEqual({ ...outs, forceAuthn: true });
    expect(value!.inputs).toMatchObject({ ...stripProvider(inputs), forceAuthn: true });
    expect(await diff(id, value!.props!, inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });

    // The next update sets it back with one PUT.
    if (value?.inputs === undefined) throw new Error("the read found no module");
    const restored = await tracked(() => provider.update(id, value.props, inputs));
    expect(restored.calls).toEqual([`PUT ${samlPath(edgeId, routeId)} 200`]);
    expect(restored.value!.outs).toEqual(outs);
    expect(moduleOn(routeId)?.force_authn).toBe(false);
  });

  test.each([
    ["the module", (edgeId: string, routeId: string) => samlPath(edgeId, routeId)],
    ["its route", (edgeId: string, routeId: string) => `/edges/https/${edgeId}/routes/${routeId}`],
    ["its edge", (edgeId: string) => `/edges/https/${edgeId}`],
  ])('%s deleted outside Pulumi: id "" after one GET', async (_what, target) => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const { id, outs } = await createModule(edgeId, routeId);
    expect((await callApi(emulator, "DELETE", target(edgeId, routeId))).status).toBe(204);

    const { value, error, calls } = await tracked(() => provider.read(id, outs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeId)} 404`]);
    expect(value!.id).toBe("");
  });
});

function stripProvider(inputs: Checked): HttpsEdgeRouteSamlInputs {
  const { __provider: _p, ...rest } = inputs;
  return rest;
}

describe("update", () => {
  test("one PUT; the changes reach the API and the signing certificate stays", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const { id, outs, inputs } = await createModule(edgeId, routeId);

    const news = await checked({
      ...stripProvider(inputs),
      idpMetadata: KEYCLOAK,
      forceAuthn: true,
      authorizedGroups: ["admins"],
      inactivityTimeout: 900,
      maximumDuration: 4294967295,
      nameidFormat: EMAIL,
    });
    expect(await diff(id, outs, news)).toMatchObject({
      changes: true,
      replaces: [],
    });
    const { value, error, calls } = await tracked(() => provider.update(id, outs, news));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`PUT ${samlPath(edgeId, routeId)} 200`]);
    const updated = value!.outs as HttpsEdgeRouteSamlOutputs;
    expect(updated).toEqual({
      ...outs,
      idpMetadata: KEYCLOAK,
      forceAuthn: true,
      authorizedGroups: ["admins"],
      inactivityTimeout: 900,
      maximumDuration: 4294967295,
      nameidFormat: EMAIL,
      idpSigningCertificates: [expect.objectContaining({ subject: "CN=master" })],
    });
    expect(derBase64(updated.requestSigningCertificatePem)).toBe(
      derBase64(outs.requestSigningCertificatePem),
    );
    expect(moduleOn(routeId)).toEqual(asApiModule(updated));
    expect(await diff(id, updated, news)).toMatchObject({ changes: false });
  });
});

describe("replace", () => {
  test("forced replacement on the same route, create before delete: the new resource takes the module over, the old one's delete leaves it", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const old = await createModule(edgeId, routeId);
    expect(await diff(old.id, old.outs, old.inputs)).toMatchObject({
      changes: false,
      deleteBeforeReplace: false,
      updates: [],
    });
    // The replacement's create meets the old module, which this stack wrote: it takes it over.
    const replacement = await tracked(() => provider.create(old.inputs));
    expect(replacement.error).toBeUndefined();
    expect(replacement.calls).toEqual([
      `GET ${samlPath(edgeId, routeId)} 200`,
      `PUT ${samlPath(edgeId, routeId)} 200`,
    ]);
    const outs = replacement.value!.outs as HttpsEdgeRouteSamlOutputs;
    expect(outs.claimToken).not.toBe(old.outs.claimToken);
    expect(claimOn(routeId)?.token).toBe(outs.claimToken);
    // The old resource's delete, at the end of the update, finds another claim: it leaves the module.
    const removed = await tracked(() => provider.delete(old.id, old.outs));
    expect(removed.error).toBeUndefined();
    expect(removed.calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);
    expect(moduleOn(routeId)).toEqual(asApiModule(outs));
    // A refresh of the old resource (a deployment that failed before its delete) drops it.
    expect((await provider.read(old.id, old.outs)).id).toBe("");
    expect((await provider.read(old.id, outs)).id).toBe(old.id);
  });

  test("another route: the new module is written on B, then the old one on A is removed", async () => {
    const { edgeId, routeIds } = await newEdge(2);
    const [routeA, routeB] = routeIds;
    const { id: idA, outs: outsA, inputs: inputsA } = await createModule(edgeId, routeA);

    const newsB = await checked({ ...stripProvider(inputsA), routeId: routeB });
    expect(await diff(idA, outsA, newsB)).toEqual({
      changes: true,
      replaces: ["routeId"],
      deleteBeforeReplace: false,
      updates: [],
    });

    // The engine's order for deleteBeforeReplace: false: create the new one, delete the old one.
    const { value: created, calls: createCalls } = await tracked(() => provider.create(newsB));
    expect(createCalls).toEqual([
      `GET ${samlPath(edgeId, routeB)} 404`,
      `PUT ${samlPath(edgeId, routeB)} 200`,
    ]);
    expect(created!.id).toBe(`${edgeId}/${routeB}`);
    const { calls: deleteCalls } = await tracked(() => provider.delete(idA, outsA));
    expect(deleteCalls).toEqual([
      `GET ${samlPath(edgeId, routeA)} 200`,
      `DELETE ${samlPath(edgeId, routeA)} 204`,
    ]);

    const modules = emulator.snapshot().samlModules.filter((m) => m.edgeId === edgeId);
    expect(modules.map((m) => m.routeId)).toEqual([routeB]);
    expect(moduleOn(routeB)).toEqual(asApiModule(created!.outs as HttpsEdgeRouteSamlOutputs));
  });
});

describe("take-over protection", () => {
  async function someoneElsesModule() {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const put = await callApi(emulator, "PUT", samlPath(edgeId, routeId), {
      enabled: true,
      idp_metadata: KEYCLOAK,
      force_authn: true,
      authorized_groups: ["theirs"],
    });
    expect(put.status).toBe(200);
    return { edgeId, routeId, existing: put.body };
  }

  test("a module this stack did not create: SamlModuleExistsError after one GET, nothing changed", async () => {
    const { edgeId, routeId, existing } = await someoneElsesModule();
    const before = await callApi(emulator, "GET", samlPath(edgeId, routeId));
    const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA });

    const { error, calls } = await tracked(() => provider.create(inputs));
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);
    expect(SamlModuleExistsError.isInstance(error)).toBe(true);
    const exists = error as SamlModuleExistsError;
    expect(exists).toMatchObject({ edgeId, routeId, entityId: existing.entity_id });
    expect(exists.message).toContain(routeId);
    expect(exists.message).toContain(edgeId);
    expect(exists.message).toContain(existing.entity_id as string);
    expect(exists.message).toContain("adoptExisting");
    expect(exists.message).toContain(
      "that this stack did not write (it carries no Pulumi claim: it was configured outside Pulumi",
    );
    expect(ResourceInitFailedError.isInstance(error)).toBe(false);

    const after = await callApi(emulator, "GET", samlPath(edgeId, routeId));
    expect(after.text).toBe(before.text);
  });

  test("a module another stack wrote: SamlModuleExistsError naming that stack and resource", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const theirs = await createModule(edgeId, routeId, { claimedBy: "other-project/prod/app-sso" });
    const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA });
    const { error, calls } = await tracked(() => provider.create(inputs));
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);
    expect(SamlModuleExistsError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      'that this stack did not write (it was written by resource "app-sso" of stack other-project/prod)',
    );
    expect(claimOn(routeId)?.token).toBe(theirs.outs.claimToken);
  });

  test("adoptExisting over another stack's module: theirs then leaves it on delete and drops it on refresh", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const theirs = await createModule(edgeId, routeId, { claimedBy: "other-project/prod/app-sso" });
    const ours = await createModule(edgeId, routeId, { adoptExisting: true });
    expect(claimOn(routeId)?.token).toBe(ours.outs.claimToken);
    expect((await provider.read(theirs.id, theirs.outs)).id).toBe("");
    const removed = await tracked(() => provider.delete(theirs.id, theirs.outs));
    expect(removed.calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);
    expect(moduleOn(routeId)).toEqual(asApiModule(ours.outs));
  });

  test("a resource created before claims existed (no claimToken) never deletes a claimed module", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const ours = await createModule(edgeId, routeId);
    const { claimToken: _t, ...tokenless } = ours.outs;
    const removed = await tracked(() => provider.delete(ours.id, tokenless));
    expect(removed.calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);
    expect(moduleOn(routeId)).toEqual(asApiModule(ours.outs));
    // Read (a get of an existing module) reads whatever is there.
    expect((await provider.read(ours.id, tokenless)).props).toEqual(tokenless);
  });

  test("a claim comment in the program's own document is replaced by this resource's", () => {
    const copied = withClaim(OKTA, "someone/else/theirs", "a-token");
    expect(withoutClaim(withClaim(copied, CLAIMED_BY, "mine"))).toBe(OKTA);
    expect(claimOf(withClaim(copied, CLAIMED_BY, "mine"))).toEqual({
      stack: "test-project/test-stack",
      resource: "sso",
      token: "mine",
    });
  });

  test("adoptExisting: true reads it (one GET) and overwrites it with one PUT; diff ignores adoptExisting", async () => {
    const { edgeId, routeId, existing } = await someoneElsesModule();
    const { id, outs, inputs } = await createModule(edgeId, routeId, {
      adoptExisting: true,
      cookiePrefix: "ours.",
    });
    expect(id).toBe(`${edgeId}/${routeId}`);
    expect(outs.adoptExisting).toBe(true);
    expect(moduleOn(routeId)).toEqual(asApiModule(outs));
    expect(moduleOn(routeId)).toMatchObject({
      idp_metadata: OKTA,
      force_authn: false,
      authorized_groups: [],
      allow_idp_initiated: false,
      cookie_prefix: "ours.",
    });
    // Same route, so the same request-signing certificate.
    expect(outs.requestSigningCertificatePem).toBe(existing.request_signing_certificate_pem);

    for (const adoptExisting of [false, undefined]) {
      const news = { ...inputs, adoptExisting } as Checked;
      expect(await diff(id, outs, news)).toMatchObject({ changes: false });
    }
    const { adoptExisting: _a, ...withoutAdopt } = outs;
    expect(await diff(id, withoutAdopt, inputs)).toMatchObject({ changes: false });
  });
});

describe("delete", () => {
  test("GET then DELETE; again when already gone resolves; the route stays", async () => {
    const { edgeId, routeIds } = await newEdge();
    const [routeId] = routeIds;
    const { id, outs } = await createModule(edgeId, routeId);

    const first = await tracked(() => provider.delete(id, outs));
    expect(first.error).toBeUndefined();
    expect(first.calls).toEqual([
      `GET ${samlPath(edgeId, routeId)} 200`,
      `DELETE ${samlPath(edgeId, routeId)} 204`,
    ]);
    expect(moduleOn(routeId)).toBeUndefined();
    const route = emulator.snapshot().routes.find((r) => r.id === routeId);
    expect(route).toMatchObject({ edge_id: edgeId, saml: null });

    const again = await tracked(() => provider.delete(id, outs));
    expect(again.error).toBeUndefined();
    expect(again.calls).toEqual([`GET ${samlPath(edgeId, routeId)} 404`]);
  });

  test("a module whose edge is gone counts as deleted", async () => {
    const { edgeId, routeIds } = await newEdge();
    const { id, outs } = await createModule(edgeId, routeIds[0]);
    expect((await callApi(emulator, "DELETE", `/edges/https/${edgeId}`)).status).toBe(204);
    const { error, calls } = await tracked(() => provider.delete(id, outs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeIds[0])} 404`]);
  });
});

describe("partial failure", () => {
  let app: EmulatorApp;
  let api: Api & { snapshot: EmulatorApp["emulator"]["snapshot"] };

  beforeAll(async () => {
    app = buildEmulatorApp({});
    // A PUT that succeeds but whose 200 body lacks entity_id.
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.method === "PUT" && request.url.endsWith("/saml") && reply.statusCode === 200) {
        const body = JSON.parse(payload as string) as Record<string, unknown>;
        delete body.entity_id;
        return JSON.stringify(body);
      }
      return payload;
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as AddressInfo;
    api = {
      url: `http://127.0.0.1:${port}`,
      apiKey: app.emulator.apiKey,
      requests: app.emulator.requests,
      snapshot: () => app.emulator.snapshot(),
    };
    await configureProvider(api);
  });

  afterAll(async () => {
    await configureProvider(emulator);
    await app.close();
  });

  test("a written module whose answer is unusable: ResourceInitFailedError with id and properties", async () => {
    const { edgeId, routeIds } = await newEdge(1, api);
    const [routeId] = routeIds;
    const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA, forceAuthn: true });

    const { error, calls } = await tracked(() => provider.create(inputs), api);
    const modulePath = samlPath(edgeId, routeId);
    expect(calls).toEqual([`GET ${modulePath} 404`, `PUT ${modulePath} 200`]);
    expect(ResourceInitFailedError.isInstance(error)).toBe(true);
    const failed = error as ResourceInitFailedError;
    expect(failed.id).toBe(`${edgeId}/${routeId}`);
    expect(failed.properties).toEqual({
      ...inputs,
      claimToken: expect.stringMatching(UUID),
      __provider: PROVIDER_TEXT,
    });
    expect(failed.message).toMatch(/entity_id/);
    expect(failed.reasons).toEqual([failed.message]);

    // The module does exist, as the PUT sent it.
    expect(moduleOn(routeId, api)).toMatchObject({ idp_metadata: OKTA, force_authn: true });

    // What the engine recorded is enough to remove it later.
    const removed = await tracked(
      () => provider.delete(failed.id, failed.properties as unknown as HttpsEdgeRouteSamlOutputs),
      api,
    );
    expect(removed.error).toBeUndefined();
    expect(removed.calls).toEqual([`GET ${modulePath} 200`, `DELETE ${modulePath} 204`]);
    expect(moduleOn(routeId, api)).toBeUndefined();
  });
});
