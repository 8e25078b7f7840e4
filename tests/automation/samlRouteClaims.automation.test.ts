/**
 * A route is never left unprotected while the state says it is protected, whatever sequence the
 * real engine runs: a rename without and with `aliases`, a move into a component, a forced
 * replacement (`--replace`), and two resources declared on one route. After every step, the
 * route has a SAML module exactly when the checkpoint has a resource for it, and the module
 * carries the claim of a resource in the checkpoint (tests/programs/samlRouteClaims, through the
 * real Pulumi CLI, against the emulator).
 */
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { claimOf } from "../../provider/httpsEdgeRouteSaml/claim";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  type StackConfig,
  succeeded,
} from "../support/realEngine";

const PROGRAM = "tests/programs/samlRouteClaims";
const TYPE = "pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml";

describeWithPulumi("HttpsEdgeRouteSaml: the route's module and the state agree", () => {
  let emulator: RunningEmulator;
  let edgeId: string;
  let routeIds: string[];
  let next = 0;
  const stacks: RealStack[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    ({ edgeId, routeIds } = await createEdgeWithRoutes(emulator, 6));
  });

  afterAll(async () => {
    for (const stack of stacks) await stack.remove();
    await emulator?.close();
  });

  /** A stack of the program on a route of its own, deployed once as `sso`. */
  async function deployed(): Promise<{ stack: RealStack; routeId: string; saml: string }> {
    const routeId = routeIds[next++];
    const stack = await openStack(PROGRAM, "route-claims", emulator, {
      edgeId,
      routeId,
      idpMetadataPath: idpMetadataPath("okta.xml"),
    });
    stacks.push(stack);
    succeeded(await stack.up());
    return { stack, routeId, saml: `/edges/https/${edgeId}/routes/${routeId}/saml` };
  }

  /** The invariant: a module on the route iff the state has a resource for it, with its claim. */
  function expectConsistent(stack: RealStack, routeId: string, expected: "protected" | "open") {
    const inState = stack
      .checkpointResources()
      .filter((r) => r.type === TYPE && r.outputs?.routeId === routeId);
    const module = emulator.snapshot().samlModules.find((m) => m.routeId === routeId);
    expect(module !== undefined).toBe(expected === "protected");
    expect(inState.length > 0).toBe(expected === "protected");
    if (module !== undefined) {
      expect(inState.map((r) => r.outputs?.claimToken)).toContain(
        claimOf(module.idp_metadata)?.token,
      );
    }
    expect(stack.pendingOperations()).toEqual([]);
  }

  const change = async (stack: RealStack, config: StackConfig) =>
    stack.setConfig(
      Object.fromEntries(Object.entries(config).map(([k, v]) => [k, { value: String(v) }])),
    );

  test("a rename without aliases: the new resource takes the module over, the old one's delete leaves it", async () => {
    const { stack, routeId, saml } = await deployed();
    await change(stack, { name: "app-sso" });
    const requests = await requestsDuring(emulator, async () => {
      const result = succeeded(await stack.up());
      expect(result.summary?.resourceChanges).toEqual({ same: 1, create: 1, delete: 1 });
    });
    // Create: the take-over GET finds this stack's claim, then PUT. Delete: GET finds another claim.
    expect(requests).toEqual([`GET ${saml}`, `PUT ${saml}`, `GET ${saml}`]);
    expectConsistent(stack, routeId, "protected");
    expect(stack.checkpointResources().map((r) => r.urn.split("::").pop())).toEqual(["app-sso"]);
    expect(succeeded(await stack.refresh()).summary?.resourceChanges).toEqual({ same: 2 });
    succeeded(await stack.destroy());
    expectConsistent(stack, routeId, "open");
  });

  test("a rename without aliases but with adoptExisting (as version 0.1 advised): the route stays protected", async () => {
    const { stack, routeId, saml } = await deployed();
    await change(stack, { name: "app-sso", adoptExisting: "true" });
    const requests = await requestsDuring(emulator, async () => {
      const result = succeeded(await stack.up());
      expect(result.summary?.resourceChanges).toEqual({ same: 1, create: 1, delete: 1 });
    });
    // The take-over GET (adoptExisting reads first too), the PUT; the old resource's delete
    // finds the new claim.
    expect(requests).toEqual([`GET ${saml}`, `PUT ${saml}`, `GET ${saml}`]);
    expectConsistent(stack, routeId, "protected");
    succeeded(await stack.destroy());
    expectConsistent(stack, routeId, "open");
  });

  test("a rename with aliases: the same resource, nothing sent", async () => {
    const { stack, routeId } = await deployed();
    await change(stack, { name: "app-sso", aliases: '["sso"]' });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 2 });
    });
    expect(requests).toEqual([]);
    expectConsistent(stack, routeId, "protected");
    succeeded(await stack.destroy());
    expectConsistent(stack, routeId, "open");
  });

  test("a move into a component without aliases: the route keeps its module", async () => {
    const { stack, routeId, saml } = await deployed();
    await change(stack, { inComponent: "true" });
    const requests = await requestsDuring(emulator, async () => {
      const result = succeeded(await stack.up());
      expect(result.summary?.resourceChanges).toEqual({ same: 1, create: 2, delete: 1 });
    });
    expect(requests).toEqual([`GET ${saml}`, `PUT ${saml}`, `GET ${saml}`]);
    expectConsistent(stack, routeId, "protected");
    succeeded(await stack.destroy());
    expectConsistent(stack, routeId, "open");
  });

  test("a forced replacement on the same route (--replace): create before delete, never unprotected", async () => {
    const { stack, routeId, saml } = await deployed();
    const before = claimOf(
      emulator.snapshot().samlModules.find((m) => m.routeId === routeId)!.idp_metadata,
    );
    const requests = await requestsDuring(emulator, async () => {
      const result = succeeded(await stack.up({ replace: [stack.urn(TYPE, "sso")] }));
      expect(result.summary?.resourceChanges).toEqual({ same: 1, replace: 1 });
    });
    expect(requests).toEqual([`GET ${saml}`, `PUT ${saml}`, `GET ${saml}`]);
    expectConsistent(stack, routeId, "protected");
    const after = claimOf(
      emulator.snapshot().samlModules.find((m) => m.routeId === routeId)!.idp_metadata,
    );
    expect(after?.token).not.toBe(before?.token);
    succeeded(await stack.destroy());
    expectConsistent(stack, routeId, "open");
  });

  test("two resources declared on one route: the program fails naming both; nothing is removed", async () => {
    const { stack, routeId } = await deployed();
    await change(stack, { second: "sso-copy" });
    const result = await stack.up();
    expect(result.ok).toBe(false);
    expect(result.error).toContain(
      `HttpsEdgeRouteSaml "sso-copy" and "sso" both declare the SAML module of route ${routeId}`,
    );
    expect(result.error).toContain("aliases");
    expectConsistent(stack, routeId, "protected");
    await stack.removeConfig(["second"]);
    expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 2 });
    succeeded(await stack.destroy());
    expectConsistent(stack, routeId, "open");
  });
});
