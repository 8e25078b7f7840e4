/**
 * examples/saml-route end to end without the Pulumi CLI: the example's program, run under
 * setMocks from the workspace-installed package, and Pulumi's own dynamic-provider host driven
 * with the engine's calls against the emulator. Each step asserts the emulator's state (nothing
 * leaked, nothing duplicated) and the requests it cost.
 */
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { startTestStack, type TestStack } from "../support/stack";
import { idpMetadataPath } from "../support/fixtures";

// As `pulumi up` with PULUMI_NODEJS_TRANSPILE_ONLY=true; `npm run typecheck` checks the examples.
process.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";

const IDP = idpMetadataPath("entra-id.xml");
let stack: TestStack;
let edgeId: string;
let routes: string[];
let config: Record<string, string>;

beforeAll(async () => {
  stack = await startTestStack("examples/saml-route", "ngrok-saml-route");
  ({ edgeId, routeIds: routes } = await createEdgeWithRoutes(stack.emulator, 2));
  config = { edgeId, routeId: routes[0], idpMetadataPath: IDP };
});
afterAll(async () => {
  await stack?.close();
});

const saml = (route: string) => `/edges/https/${edgeId}/routes/${route}/saml`;
const modules = () => stack.emulator.snapshot().samlModules.map((m) => m.routeId);

test("a missing config value fails the program with a message that says how to set it", async () => {
  await expect(stack.goals({ edgeId })).rejects.toThrow(
    /missing stack config ngrok-saml-route:routeId: the id of the route to protect \(edghtsrt_…\); set it with `pulumi config set routeId <value>`/,
  );
});

test("first deploy: one module with the example's settings, and the exports to configure at the IdP", async () => {
  const goals = await stack.goals(config);
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests).toEqual([`GET ${saml(routes[0])}`, `PUT ${saml(routes[0])}`]);
  const [module] = stack.emulator.snapshot().samlModules;
  expect(module).toMatchObject({
    routeId: routes[0],
    authorized_groups: ["engineering"],
    inactivity_timeout: 3600,
    maximum_duration: 43200,
    force_authn: true,
  });
  const outputs = await stack.stackOutputs(config);
  const sp = `${stack.emulator.url}/saml/${routes[0]}`;
  expect(outputs).toMatchObject({
    entityId: sp,
    assertionConsumerServiceUrl: `${sp}/acs`,
    singleLogoutUrl: `${sp}/slo`,
    metadataUrl: sp,
    moduleId: `${edgeId}/${routes[0]}`,
    requestSigningCertificatePem: module.request_signing_certificate_pem,
  });
});

test("re-deploy with no change: Diff reports none, zero write requests", async () => {
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(await stack.goals(config))).map((s) => s.op)).toEqual([
      "same",
    ]);
  });
  expect(requests).toEqual([]);
});

test("a config change updates in place with one PUT", async () => {
  config = { ...config, forceAuthn: "false", authorizedGroups: '["engineering","sre"]' };
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(await stack.goals(config))).map((s) => s.op)).toEqual([
      "update",
    ]);
  });
  expect(requests).toEqual([`PUT ${saml(routes[0])}`]);
  expect(stack.emulator.snapshot().samlModules).toEqual([
    expect.objectContaining({
      routeId: routes[0],
      force_authn: false,
      authorized_groups: ["engineering", "sre"],
    }),
  ]);
});

test("another route replaces the module: written on the new route first, then removed from the old", async () => {
  config = { ...config, routeId: routes[1] };
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(await stack.goals(config))).map((s) => s.op)).toEqual([
      "replace",
    ]);
  });
  expect(requests).toEqual([
    `GET ${saml(routes[1])}`,
    `PUT ${saml(routes[1])}`,
    `GET ${saml(routes[0])}`,
    `DELETE ${saml(routes[0])}`,
  ]);
  expect(modules()).toEqual([routes[1]]);
});

test("refresh after an out-of-band change records the drift; the next up corrects it", async () => {
  const live = (await callApi(stack.emulator, "GET", saml(routes[1]))).body;
  await callApi(stack.emulator, "PUT", saml(routes[1]), {
    idp_metadata: live.idp_metadata,
    enabled: false,
  });
  const requests = await stack.requestsDuring(() => stack.deployment.refresh());
  expect(requests).toEqual([`GET ${saml(routes[1])}`]);
  const [state] = stack.deployment.resources.values();
  expect(state.outputs).toMatchObject({
    enabled: false,
    authorizedGroups: [],
    forceAuthn: false,
    inactivityTimeout: 0,
  });

  const goals = await stack.goals(config);
  const fix = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(goals)).map((s) => s.op)).toEqual(["update"]);
  });
  expect(fix).toEqual([`PUT ${saml(routes[1])}`]);
  expect(stack.emulator.snapshot().samlModules).toEqual([
    expect.objectContaining({
      enabled: true,
      authorized_groups: ["engineering", "sre"],
      inactivity_timeout: 3600,
    }),
  ]);
});

test("refresh after an out-of-band delete drops the module from state; up writes it again", async () => {
  await callApi(stack.emulator, "DELETE", saml(routes[1]));
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["read-gone"]);
  });
  expect(requests).toEqual([`GET ${saml(routes[1])}`]);
  expect(stack.deployment.resources.size).toBe(0);
  const again = await stack.requestsDuring(() =>
    stack.goals(config).then((goals) => stack.deployment.up(goals)),
  );
  expect(again).toEqual([`GET ${saml(routes[1])}`, `PUT ${saml(routes[1])}`]);
  expect(modules()).toEqual([routes[1]]);
});

test("destroy removes the module and leaves the edge and its routes as they were", async () => {
  const requests = await stack.requestsDuring(() => stack.deployment.destroy());
  expect(requests).toEqual([`GET ${saml(routes[1])}`, `DELETE ${saml(routes[1])}`]);
  const snapshot = stack.emulator.snapshot();
  expect(snapshot.samlModules).toEqual([]);
  expect(snapshot.routes.map((r) => r.id).sort()).toEqual([...routes].sort());
});
