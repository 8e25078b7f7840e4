/**
 * The measurement of issue #33 §3, through the real Pulumi CLI: an API that stores `idp_metadata`
 * without its XML comments (`"stripComments"`) or parsed and written again (`"canonical"`), as the
 * emulator's `idpMetadataStore` plays it. Before, every preview, refresh and up showed an update
 * that never settled; now they show none. A rename without aliases is refused with the message
 * naming the store's behaviour, and the route keeps its module; with aliases it goes through; the
 * claim-lost warning reaches the engine's diagnostics (tests/programs/samlRouteClaims).
 */
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import { describeWithPulumi, openStack, requestsDuring, succeeded } from "../support/realEngine";

const PROGRAM = "tests/programs/samlRouteClaims";
const TYPE = "pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml";

describeWithPulumi("HttpsEdgeRouteSaml under an API that normalises idp_metadata", () => {
  describe.each(["stripComments", "canonical"] as const)("idpMetadataStore %s", (store) => {
    let emulator: RunningEmulator;
    let stack: RealStack | undefined;

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, idpMetadataStore: store });
    });
    afterAll(async () => {
      await stack?.remove();
      await emulator?.close();
    });

    /** A module on the route exactly when the state has a resource for it. */
    function expectProtected(routeId: string, expected: boolean) {
      const inState = stack!
        .checkpointResources()
        .filter((r) => r.type === TYPE && r.outputs?.routeId === routeId);
      const module = emulator.snapshot().samlModules.find((m) => m.routeId === routeId);
      expect([module !== undefined, inState.length > 0]).toEqual([expected, expected]);
    }

    test("up, preview, refresh and up settle; a rename without aliases is refused, with aliases done", async () => {
      const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
      const [routeId] = routeIds;
      const saml = `/edges/https/${edgeId}/routes/${routeId}/saml`;
      stack = await openStack(PROGRAM, `store-${store.toLowerCase()}`, emulator, {
        edgeId,
        routeId,
        idpMetadataPath: idpMetadataPath("okta.xml"),
      });
      const created = succeeded(await stack.up());
      expect(created.summary?.resourceChanges).toEqual({ create: 2 });
      expect(created.diagnostics.map((d) => d.message).join("\n")).toMatch(
        /ngrok stored the IdP metadata of route \S+ of HTTPS edge \S+ without the claim comment/,
      );

      // Nothing moves: preview, refresh (one GET), up (nothing sent).
      expect(succeeded(await stack.preview()).changeSummary).toEqual({ same: 2 });
      expect(succeeded(await stack.refresh()).summary?.resourceChanges).toEqual({ same: 2 });
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack!.up()).summary?.resourceChanges).toEqual({ same: 2 });
      });
      expect(requests).toEqual([]);
      expect(succeeded(await stack.preview()).changeSummary).toEqual({ same: 2 });

      // A rename without aliases: refused after one GET, the old resource keeps the module.
      await stack.setConfig({ name: { value: "app-sso" } });
      const renamed = await requestsDuring(emulator, async () => {
        const result = await stack!.up();
        expect(result.ok).toBe(false);
        expect(result.error).toMatch(/carries no Pulumi claim, although its IdP metadata is/);
        expect(result.error).toMatch(/whose claim ngrok did not keep/);
      });
      expect(renamed).toEqual([`GET ${saml}`]);
      expectProtected(routeId, true);

      // With aliases: the same resource, nothing sent.
      await stack.setConfig({ aliases: { value: '["sso"]' } });
      const aliased = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack!.up()).summary?.resourceChanges).toEqual({ same: 2 });
      });
      expect(aliased).toEqual([]);
      expectProtected(routeId, true);

      succeeded(await stack.destroy());
      expectProtected(routeId, false);
    });
  });
});
