/**
 * Adopting and reading an existing SAML module through the `HttpsEdgeRouteSaml` provider, against
 * the emulator: `adoptExisting: true` reads the route's module (one GET) and writes it once (one
 * PUT, with this resource's claim), as an SSH CA's adoption reads before it writes; a route
 * without a module gets one. A read without state (`HttpsEdgeRouteSaml.get`) addresses the module
 * by its id alone.
 */
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import {
  httpsEdgeRouteSamlProvider as provider,
  resetStackConfig,
  SamlModuleExistsError,
} from "../../../provider";
import { claimOf, withClaim, withoutClaim } from "../../../provider/httpsEdgeRouteSaml/claim";
import type {
  HttpsEdgeRouteSamlInputs,
  HttpsEdgeRouteSamlOutputs,
} from "../../../provider/httpsEdgeRouteSaml/definition";
import { callApi, createEdgeWithRoutes } from "../../support/emulatorApi";
import { configureProvider } from "../../support/configureProvider";
import { tracked } from "../../support/requestLog";
import { readIdpMetadata } from "../../support/fixtures";

const OKTA = readIdpMetadata("okta.xml");
const KEYCLOAK = readIdpMetadata("keycloak.xml");
const PROVIDER_TEXT = "serialized provider text";
const CLAIMED_BY = "test-project/test-stack/sso";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
});
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const samlPath = (edgeId: string, routeId: string) =>
  `/edges/https/${edgeId}/routes/${routeId}/saml`;

async function checked(raw: Record<string, unknown>): Promise<HttpsEdgeRouteSamlInputs> {
  const result = await provider.check(
    {},
    { __provider: PROVIDER_TEXT, claimedBy: CLAIMED_BY, ...raw },
  );
  expect(result.failures ?? []).toEqual([]);
  return { ...result.inputs, __provider: PROVIDER_TEXT } as HttpsEdgeRouteSamlInputs;
}

const moduleOn = (routeId: string) =>
  emulator.snapshot().samlModules.find((m) => m.routeId === routeId);

describe("create with adoptExisting: true", () => {
  test("a module configured outside Pulumi: one GET, one PUT; the module holds the declared configuration and this resource's claim", async () => {
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    const made = await callApi(emulator, "PUT", samlPath(edgeId, routeId), {
      idp_metadata: KEYCLOAK,
      force_authn: true,
      cookie_prefix: "theirs.",
    });
    expect(made.status).toBe(200);

    const refused = await tracked(emulator, async () =>
      provider.create(await checked({ edgeId, routeId, idpMetadata: OKTA })),
    );
    expect(SamlModuleExistsError.isInstance(refused.error)).toBe(true);
    expect(refused.calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);

    const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA, adoptExisting: true });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([
      `GET ${samlPath(edgeId, routeId)} 200`,
      `PUT ${samlPath(edgeId, routeId)} 200`,
    ]);
    expect(value!.id).toBe(`${edgeId}/${routeId}`);
    const outs = value!.outs as HttpsEdgeRouteSamlOutputs;
    const live = moduleOn(routeId)!;
    expect(withoutClaim(live.idp_metadata)).toBe(OKTA);
    expect(live).toMatchObject({ force_authn: false, cookie_prefix: "" });
    expect(claimOf(live.idp_metadata)).toEqual({
      stack: "test-project/test-stack",
      resource: "sso",
      token: outs.claimToken,
    });
    // Same module, so the same service-provider values as before the adoption.
    expect(outs.entityId).toBe(made.body.entity_id);
    expect(outs.requestSigningCertificatePem).toBe(made.body.request_signing_certificate_pem);
  });

  test("a route without a module: the GET answers 404 and the PUT creates it", async () => {
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    const inputs = await checked({ edgeId, routeId, idpMetadata: OKTA, adoptExisting: true });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([
      `GET ${samlPath(edgeId, routeId)} 404`,
      `PUT ${samlPath(edgeId, routeId)} 200`,
    ]);
    expect(withoutClaim(moduleOn(routeId)!.idp_metadata)).toBe(OKTA);
    expect(value!.outs).toMatchObject({ adoptExisting: true, edgeId, routeId });
  });
});

describe("read without state (HttpsEdgeRouteSaml.get)", () => {
  test("the id alone addresses the module: one GET; every output, the metadata without the claim", async () => {
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    const written = await callApi(emulator, "PUT", samlPath(edgeId, routeId), {
      idp_metadata: withClaim(OKTA, "other/stack/app", "their-token"),
      authorized_groups: ["eng"],
      inactivity_timeout: 600,
    });
    expect(written.status).toBe(200);
    const id = `${edgeId}/${routeId}`;
    const { value, error, calls } = await tracked(emulator, () =>
      provider.read(id, { __provider: PROVIDER_TEXT } as never),
    );
    expect(error).toBeUndefined();
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeId)} 200`]);
    expect(value!.id).toBe(id);
    expect(value!.props).toMatchObject({
      edgeId,
      routeId,
      idpMetadata: OKTA,
      authorizedGroups: ["eng"],
      inactivityTimeout: 600,
      entityId: written.body.entity_id,
      assertionConsumerServiceUrl: written.body.assertion_consumer_service_url,
      metadataUrl: written.body.metadata_url,
      requestSigningCertificatePem: written.body.request_signing_certificate_pem,
    });
    expect(value!.props).not.toHaveProperty("claimToken");
    expect(value!.inputs).toMatchObject({ edgeId, routeId, idpMetadata: OKTA });
  });

  test('a route without a module reads as gone (id "")', async () => {
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    const { value, calls } = await tracked(emulator, () =>
      provider.read(`${edgeId}/${routeId}`, { __provider: PROVIDER_TEXT } as never),
    );
    expect(calls).toEqual([`GET ${samlPath(edgeId, routeId)} 404`]);
    expect(value!.id).toBe("");
  });

  test.each(["edghts_1", "edghts_1/edghtsrt_2/x", "sshca_1/edghtsrt_2", "edghts_1/"])(
    "a malformed id %j fails before any request, naming the form",
    async (id) => {
      const { error, calls } = await tracked(emulator, () => provider.read(id, {} as never));
      expect(calls).toEqual([]);
      expect((error as Error).message).toBe(
        `the id of an HttpsEdgeRouteSaml is "<edge id>/<route id>" (edghts_…/edghtsrt_…); got ${JSON.stringify(id)}`,
      );
    },
  );
});
