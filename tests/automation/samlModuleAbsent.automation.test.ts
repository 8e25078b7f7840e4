/**
 * HttpsEdgeRouteSaml through the real Pulumi CLI when `GET …/saml` of a route without a module
 * answers 200 with a zero-valued module, as a Go server rendering an empty struct would, instead
 * of 404 (ngrok documents neither; the 404 case is `httpsEdgeRouteSaml.automation.test.ts`; the
 * `null` and `{}` answers run through the host in tests/engine and tests/provider): up, refresh
 * after the module is deleted outside Pulumi, up again, destroy, with the same engine summaries
 * and API requests as under 404.
 */
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import { describeWithPulumi, openStack, requestsDuring, succeeded } from "../support/realEngine";

const PROGRAM = "tests/programs/httpsEdgeRouteSaml";

describeWithPulumi("HttpsEdgeRouteSaml through the real Pulumi CLI, absent module as 200", () => {
  describe.each(["zero"] as const)("GET of a route without a module answers %s", (answer) => {
    let emulator: RunningEmulator;
    let stack: RealStack;
    let edgeId: string;
    let routeId: string;
    const saml = () => `/edges/https/${edgeId}/routes/${routeId}/saml`;
    const modules = () => emulator.snapshot().samlModules.map((m) => m.routeId);

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, samlModuleAbsent: answer });
      ({
        edgeId,
        routeIds: [routeId],
      } = await createEdgeWithRoutes(emulator, 1));
      stack = await openStack(PROGRAM, `automation-saml-absent-${answer}`, emulator, {
        edgeId,
        routeId,
        idpMetadataPath: idpMetadataPath("okta.xml"),
      });
    }, 120000);

    afterAll(async () => {
      await stack?.remove();
      await emulator?.close();
    });

    test("up: the take-over GET answers 200 with no module, then one PUT", async () => {
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 2 });
      });
      expect(requests).toEqual([`GET ${saml()}`, `PUT ${saml()}`]);
      expect(emulator.requests.find((r) => r.method === "GET")?.status).toBe(200);
      expect(modules()).toEqual([routeId]);
    });

    test("a module deleted outside Pulumi leaves the state on refresh; up writes it again", async () => {
      expect((await callApi(emulator, "DELETE", saml())).status).toBe(204);
      const refresh = succeeded(await stack.refresh());
      expect(refresh.summary?.resourceChanges).toEqual({ same: 1, delete: 1 });
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({
          same: 1,
          create: 1,
        });
      });
      expect(requests).toEqual([`GET ${saml()}`, `PUT ${saml()}`]);
      expect(modules()).toEqual([routeId]);
    });

    test("destroy removes the module with a GET and one DELETE", async () => {
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 2 });
      });
      expect(requests).toEqual([`GET ${saml()}`, `DELETE ${saml()}`]);
      expect(modules()).toEqual([]);
    });
  });
});
