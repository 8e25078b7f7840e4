/**
 * The engine's path for HttpsEdgeRouteSaml when `GET …/saml` of a route without a module answers
 * 200 with `null` or a zero-valued module instead of 404 (ngrok documents neither; the 404
 * case is `httpsEdgeRouteSaml.engine.test.ts`): Pulumi's own dynamic-provider host, driven with
 * the engine's calls against the emulator, creates the module, drops it on refresh once it is
 * deleted outside Pulumi, writes it again, replaces it onto another route and destroys it, with
 * the same API requests as under 404.
 */
import * as path from "node:path";
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { IDP_METADATA_DIR } from "../support/fixtures";
import { startTestStack, type TestStack } from "../support/stack";

// `{}` ("empty") reads like `null`; its provider paths run in tests/provider.
describe.each(["null", "zero"] as const)(
  "GET of a route without a module answers 200 (%s)",
  (answer) => {
    let stack: TestStack;
    let edgeId: string;
    let routeA: string;
    let routeB: string;
    let goals: ResourceGoal[];
    const saml = (route: string) => `/edges/https/${edgeId}/routes/${route}/saml`;
    const modules = () => stack.emulator.snapshot().samlModules.map((m) => m.routeId);

    beforeAll(async () => {
      stack = await startTestStack("tests/programs/httpsEdgeRouteSaml", "engine-saml-absent", {
        emulator: { samlModuleAbsent: answer },
      });
      ({
        edgeId,
        routeIds: [routeA, routeB],
      } = await createEdgeWithRoutes(stack.emulator, 2));
      goals = await stack.goals({
        edgeId,
        routeId: routeA,
        idpMetadataPath: path.join(IDP_METADATA_DIR, "okta.xml"),
      });
    }, 60_000);
    afterAll(async () => {
      await stack?.close();
    });

    test("up, refresh after a delete outside Pulumi, up, replace, destroy", async () => {
      expect(await stack.requestsDuring(() => stack.deployment.up(goals))).toEqual([
        `GET ${saml(routeA)}`,
        `PUT ${saml(routeA)}`,
      ]);
      expect(stack.emulator.requests.at(-2)?.status).toBe(200); // the take-over GET
      expect(modules()).toEqual([routeA]);

      expect((await callApi(stack.emulator, "DELETE", saml(routeA))).status).toBe(204);
      const refresh = await stack.requestsDuring(async () => {
        expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["read-gone"]);
      });
      expect(refresh).toEqual([`GET ${saml(routeA)}`]);
      expect(stack.deployment.resources.size).toBe(0);

      await stack.deployment.up(goals);
      expect(modules()).toEqual([routeA]);

      goals = await stack.goals({
        edgeId,
        routeId: routeB,
        idpMetadataPath: path.join(IDP_METADATA_DIR, "okta.xml"),
      });
      expect(await stack.requestsDuring(() => stack.deployment.up(goals))).toEqual([
        `GET ${saml(routeB)}`,
        `PUT ${saml(routeB)}`,
        `GET ${saml(routeA)}`,
        `DELETE ${saml(routeA)}`,
      ]);
      expect(modules()).toEqual([routeB]);

      expect(await stack.requestsDuring(() => stack.deployment.destroy())).toEqual([
        `GET ${saml(routeB)}`,
        `DELETE ${saml(routeB)}`,
      ]);
      expect(modules()).toEqual([]);
    }, 60_000);
  },
);
