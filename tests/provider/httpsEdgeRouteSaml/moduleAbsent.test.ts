/**
 * A route without a SAML module, however `GET …/saml` says so. ngrok documents the route's
 * `"saml": null`, not this answer: 404 is likely, 200 with `null`, `{}` or a zero-valued module
 * are plausible. Every provider path that meets a route without a module (create's take-over
 * check, read, delete, and the whole lifecycle around them) runs against the emulator under each
 * answer (`samlModuleAbsent`), counting the API requests; the emulator's state is the oracle.
 * Then the rule itself (`isAbsentModule`): an existing module is never taken for an absent one.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import {
  httpsEdgeRouteSamlProvider as provider,
  NgrokClientError,
  resetStackConfig,
  SamlModuleExistsError,
} from "../../../provider";
import { isAbsentModule, samlModuleOrAbsentSchema } from "../../../provider/httpsEdgeRouteSaml/api";
import { claimOf } from "../../../provider/httpsEdgeRouteSaml/claim";
import type {
  HttpsEdgeRouteSamlInputs,
  HttpsEdgeRouteSamlOutputs,
} from "../../../provider/httpsEdgeRouteSaml/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi, createEdgeWithRoutes } from "../../support/emulatorApi";
import { readIdpMetadata } from "../../support/fixtures";

const OKTA = readIdpMetadata("okta.xml");
const KEYCLOAK = readIdpMetadata("keycloak.xml");
const PROVIDER_TEXT = "serialized provider text";
const CLAIMED_BY = "test-project/test-stack/sso";

const samlPath = (edgeId: string, routeId: string) =>
  `/edges/https/${edgeId}/routes/${routeId}/saml`;

describe.each([
  ["404", 404],
  ["null", 200],
  ["empty", 200],
  ["zero", 200],
] as const)("GET of a route without a module answers %s", (answer, absentStatus) => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, samlModuleAbsent: answer });
    await configureProvider(emulator);
  });
  afterAll(async () => {
    resetStackConfig();
    await emulator.close();
  });

  async function checked(raw: Record<string, unknown>): Promise<HttpsEdgeRouteSamlInputs> {
    const news = { __provider: PROVIDER_TEXT, claimedBy: CLAIMED_BY, ...raw };
    const result = await provider.check({}, news);
    expect(result.failures ?? []).toEqual([]);
    return result.inputs as HttpsEdgeRouteSamlInputs;
  }

  /** What `call` resolved or rejected with, and its API requests as `METHOD path status`. */
  async function tracked<T>(call: () => Promise<T>) {
    const before = emulator.requests.length;
    let value: T | undefined;
    let error: unknown;
    try {
      value = await call();
    } catch (e) {
      error = e;
    }
    await new Promise((resolve) => setImmediate(resolve));
    const calls = emulator.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
    return { value, error, calls };
  }

  const modulesOn = (routeId: string) =>
    emulator.snapshot().samlModules.filter((m) => m.routeId === routeId);

  test("the lifecycle: create (take-over GET, PUT), read, update, delete, then read and delete of the gone module", async () => {
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
    const path = samlPath(edgeId, routeIds[0]);
    const inputs = await checked({ edgeId, routeId: routeIds[0], idpMetadata: OKTA });

    const created = await tracked(() => provider.create(inputs));
    expect(created.error).toBeUndefined();
    expect(created.calls).toEqual([`GET ${path} ${absentStatus}`, `PUT ${path} 200`]);
    const outs = created.value!.outs as HttpsEdgeRouteSamlOutputs;
    expect(outs.entityId).toBe(`${emulator.url}/saml/${routeIds[0]}`);
    expect(claimOf(modulesOn(routeIds[0])[0].idp_metadata)?.token).toBe(outs.claimToken);

    const read = await tracked(() => provider.read(created.value!.id, outs));
    expect(read.calls).toEqual([`GET ${path} 200`]);
    expect(read.value!.id).toBe(created.value!.id);

    const news = await checked({
      edgeId,
      routeId: routeIds[0],
      idpMetadata: OKTA,
      forceAuthn: true,
    });
    const updated = await tracked(() => provider.update(created.value!.id, outs, news));
    expect(updated.calls).toEqual([`PUT ${path} 200`]);
    expect(modulesOn(routeIds[0])[0].force_authn).toBe(true);

    const deleted = await tracked(() =>
      provider.delete(created.value!.id, updated.value!.outs as HttpsEdgeRouteSamlOutputs),
    );
    expect(deleted.error).toBeUndefined();
    expect(deleted.calls).toEqual([`GET ${path} 200`, `DELETE ${path} 204`]);
    expect(modulesOn(routeIds[0])).toEqual([]);

    // Gone: read says so (the engine drops the resource), delete has nothing to do.
    const gone = await tracked(() => provider.read(created.value!.id, outs));
    expect(gone.error).toBeUndefined();
    expect(gone.value!.id).toBe("");
    expect(gone.calls).toEqual([`GET ${path} ${absentStatus}`]);
    const again = await tracked(() => provider.delete(created.value!.id, outs));
    expect(again.error).toBeUndefined();
    expect(again.calls).toEqual([`GET ${path} ${absentStatus}`]);
  });

  test("a module deleted outside Pulumi: refresh drops it, and the next create writes it again", async () => {
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
    const path = samlPath(edgeId, routeIds[0]);
    const inputs = await checked({ edgeId, routeId: routeIds[0], idpMetadata: OKTA });
    const { id, outs } = await provider.create(inputs);
    expect((await callApi(emulator, "DELETE", path)).status).toBe(204);

    const read = await tracked(() => provider.read(id, outs as HttpsEdgeRouteSamlOutputs));
    expect(read.value).toEqual({ id: "", props: {} });
    expect(read.calls).toEqual([`GET ${path} ${absentStatus}`]);

    const recreated = await tracked(() => provider.create(inputs));
    expect(recreated.error).toBeUndefined();
    expect(recreated.calls).toEqual([`GET ${path} ${absentStatus}`, `PUT ${path} 200`]);
    expect(modulesOn(routeIds[0])).toHaveLength(1);
  });

  test("a module configured outside Pulumi is still found: SamlModuleExistsError, nothing changed", async () => {
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
    const path = samlPath(edgeId, routeIds[0]);
    expect((await callApi(emulator, "PUT", path, { idp_metadata: KEYCLOAK })).status).toBe(200);
    const inputs = await checked({ edgeId, routeId: routeIds[0], idpMetadata: OKTA });
    const attempt = await tracked(() => provider.create(inputs));
    expect(SamlModuleExistsError.isInstance(attempt.error)).toBe(true);
    expect(attempt.calls).toEqual([`GET ${path} 200`]);
    expect(modulesOn(routeIds[0])[0].idp_metadata).toBe(KEYCLOAK);
  });

  test("a route or an edge that does not exist still answers 404: read drops, delete resolves", async () => {
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
    const inputs = await checked({ edgeId, routeId: routeIds[0], idpMetadata: OKTA });
    const { id, outs } = await provider.create(inputs);
    expect((await callApi(emulator, "DELETE", `/edges/https/${edgeId}`)).status).toBe(204);
    const path = samlPath(edgeId, routeIds[0]);
    const read = await tracked(() => provider.read(id, outs as HttpsEdgeRouteSamlOutputs));
    expect(read.value!.id).toBe("");
    expect(read.calls).toEqual([`GET ${path} 404`]);
    const deleted = await tracked(() => provider.delete(id, outs as HttpsEdgeRouteSamlOutputs));
    expect(deleted.error).toBeUndefined();
    expect(deleted.calls).toEqual([`GET ${path} 404`]);
  });
});

describe("isAbsentModule: what says there is no module", () => {
  const MODULE = {
    enabled: true,
    idp_metadata: OKTA,
    entity_id: "https://idp.ngrok.com/saml/edghtsrt_1",
    assertion_consumer_service_url: "https://idp.ngrok.com/saml/edghtsrt_1/acs",
    request_signing_certificate_pem: "-----BEGIN CERTIFICATE-----\n…",
    metadata_url: "https://idp.ngrok.com/saml/edghtsrt_1",
  };

  test.each([
    ["null", null],
    ["an empty object", {}],
    [
      "a module with every field empty",
      {
        enabled: false,
        cookie_prefix: "",
        inactivity_timeout: 0,
        authorized_groups: [],
        idp_metadata: "",
        idp_metadata_url: "",
        entity_id: "",
        assertion_consumer_service_url: "",
        request_signing_certificate_pem: "",
        metadata_url: "",
        nameid_format: "",
      },
    ],
    [
      "empty SP values and metadata beside defaults ngrok might fill in",
      {
        enabled: true,
        allow_idp_initiated: true,
        nameid_format: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
        entity_id: null,
        idp_metadata: null,
      },
    ],
  ])("%s: absent, read as undefined", (_label, body) => {
    expect(isAbsentModule(body)).toBe(true);
    expect(samlModuleOrAbsentSchema().parse(body)).toBeUndefined();
  });

  test("a module: present, read with its fields", () => {
    expect(isAbsentModule(MODULE)).toBe(false);
    expect(samlModuleOrAbsentSchema().parse(MODULE)).toMatchObject({ entity_id: MODULE.entity_id });
  });

  test.each([
    ["its IdP metadata only", { idp_metadata: OKTA }],
    ["its metadata URL only", { idp_metadata_url: "https://idp.example.com/metadata" }],
    ["its entity ID only", { entity_id: MODULE.entity_id }],
  ])(
    "a body with %s is a module (never taken for absent): a broken one fails loudly",
    (_label, body) => {
      expect(isAbsentModule(body)).toBe(false);
      expect(samlModuleOrAbsentSchema().safeParse(body).success).toBe(false);
    },
  );

  test.each([
    ["a string", "none"],
    ["a list", []],
    ["a number", 0],
    ["true", true],
  ])("%s is not a body of this endpoint: not absent, a shape error", (_label, body) => {
    expect(isAbsentModule(body)).toBe(false);
    expect(samlModuleOrAbsentSchema().safeParse(body).success).toBe(false);
  });

  test("through the provider, a module without its SP values fails read and delete loudly", async () => {
    // An API that answers a module whose SP values are missing: not "gone", a shape error.
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ enabled: true, idp_metadata: OKTA }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await configureProvider({ url, apiKey: "key" });
      const props = {
        edgeId: "edghts_1",
        routeId: "edghtsrt_1",
        claimToken: "token",
      } as HttpsEdgeRouteSamlOutputs;
      for (const call of [
        () => provider.read("edghts_1/edghtsrt_1", props),
        () => provider.delete("edghts_1/edghtsrt_1", props),
      ]) {
        const error: unknown = await call().catch((e: unknown) => e);
        expect(NgrokClientError.isInstance(error)).toBe(true);
        expect((error as Error).message).toMatch(
          /^ngrok API response from GET \/edges\/https\/edghts_1\/routes\/edghtsrt_1\/saml has an unexpected shape: entity_id: /,
        );
      }
    } finally {
      resetStackConfig();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
