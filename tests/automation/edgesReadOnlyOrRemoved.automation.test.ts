/**
 * A stack that holds a SAML module when ngrok takes the account's edges away, through the real
 * Pulumi CLI (one stack of tests/programs/httpsEdgeRouteSaml, against the emulator, which moves
 * the account from one state to the next with `emulator.edges.set`):
 * - read-only edges (ERR_NGROK_7196, answered 403): `pulumi up` with a change fails with what to
 *   do and changes nothing; `pulumi refresh` reads the module as before; `pulumi destroy`
 *   finishes, with a warning that the module stays in ngrok, protecting its route;
 * - removed edges (ERR_NGROK_7008, answered 404, the answer a client must not take for "gone"):
 *   `pulumi up` and `pulumi refresh` fail with what to do; `pulumi destroy` finishes, with a
 *   warning, without leaving the stack stuck.
 * The state after each destroy holds no resource.
 */
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import { describeWithPulumi, openStack, requestsDuring, succeeded } from "../support/realEngine";

const PROJECT = "automation-edges-gone";

describeWithPulumi(
  "a SAML module's stack when ngrok makes edges read-only, then removes them",
  () => {
    let emulator: RunningEmulator;
    let stack: RealStack;
    let edgeId: string;
    let routeId: string;
    const saml = () => `/edges/https/${edgeId}/routes/${routeId}/saml`;
    const modules = () => emulator.snapshot().samlModules.map((m) => m.routeId);
    const resources = () => stack.checkpointResources().map((r) => r.type);

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      ({
        edgeId,
        routeIds: [routeId],
      } = await createEdgeWithRoutes(emulator, 1));
      stack = await openStack("tests/programs/httpsEdgeRouteSaml", PROJECT, emulator, {
        edgeId,
        routeId,
        idpMetadataPath: idpMetadataPath("okta.xml"),
      });
    }, 120000);

    afterAll(async () => {
      await stack?.remove();
      await emulator?.close();
    });

    describe("read-only edges (ERR_NGROK_7196, 403)", () => {
      beforeAll(async () => {
        emulator.edges.set("available");
        succeeded(await stack.up());
        expect(modules()).toEqual([routeId]);
        emulator.edges.set({ mode: "read-only", status: 403 });
      });

      test("up with a change fails with what to do; the module keeps its configuration", async () => {
        await stack.setConfig({ [`${PROJECT}:forceAuthn`]: { value: "true" } });
        const before = emulator.snapshot().samlModules;
        const result = await stack.up();
        expect(result.ok).toBe(false);
        expect(result.error).toContain(
          `ngrok API 403 ERR_NGROK_7196: Your account has read-only access to Edges.`,
        );
        expect(result.error).toContain(
          "This ngrok account's HTTPS edges are read-only: ngrok deprecated edges on 2025-12-31",
        );
        expect(result.error).toContain("run pulumi destroy: its delete finishes with a warning");
        expect(emulator.snapshot().samlModules).toEqual(before);
        await stack.removeConfig([`${PROJECT}:forceAuthn`]);
      });

      test("refresh reads the module as before", async () => {
        const requests = await requestsDuring(emulator, async () => {
          expect(succeeded(await stack.refresh()).summary?.resourceChanges).toEqual({ same: 2 });
        });
        expect(requests).toEqual([`GET ${saml()}`]);
      });

      test("destroy finishes with a warning; the module stays, protecting the route", async () => {
        const result = succeeded(await stack.destroy());
        expect(result.summary?.resourceChanges).toEqual({ delete: 2 });
        expect(result.stdout).toContain(
          `warning: [runtime] HttpsEdgeRouteSaml "sso" (stack ${PROJECT}/${stack.name}) leaves ` +
            `the stack, but the SAML module of route ${routeId} of HTTPS edge ${edgeId} stays in ` +
            "ngrok: this account's HTTPS edges are read-only (ngrok answered ERR_NGROK_7196 to " +
            `DELETE ${saml()})`,
        );
        expect(resources()).toEqual([]);
        expect(modules()).toEqual([routeId]);
      });
    });

    describe("removed edges (ERR_NGROK_7008, 404)", () => {
      beforeAll(async () => {
        emulator.edges.set("available");
        // The module left behind carries this stack's claim: the create takes it over.
        const requests = await requestsDuring(emulator, async () => {
          succeeded(await stack.up());
        });
        expect(requests).toEqual([`GET ${saml()}`, `PUT ${saml()}`]);
        emulator.edges.set({ mode: "removed", status: 404 });
      });

      test("up with a change fails with what to do", async () => {
        await stack.setConfig({ [`${PROJECT}:forceAuthn`]: { value: "true" } });
        const result = await stack.up();
        expect(result.ok).toBe(false);
        expect(result.error).toContain("ngrok API 404 ERR_NGROK_7008: Edges are deprecated");
        expect(result.error).toContain(
          "This ngrok account has no HTTPS edges: ngrok deprecated edges on 2025-12-31",
        );
        await stack.removeConfig([`${PROJECT}:forceAuthn`]);
      });

      test("refresh fails with what to do, rather than dropping the module for gone", async () => {
        const result = await stack.refresh();
        expect(result.ok).toBe(false);
        expect(result.error).toContain("ERR_NGROK_7008");
        expect(result.error).toContain(
          "To take an HttpsEdgeRouteSaml out of the stack, delete it from the program and run " +
            "pulumi up, or run pulumi destroy",
        );
        expect(resources()).toEqual(["pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml"]);
      });

      test("destroy finishes with a warning, and the stack is empty", async () => {
        const requests = await requestsDuring(emulator, async () => {
          const result = succeeded(await stack.destroy());
          expect(result.summary?.resourceChanges).toEqual({ delete: 2 });
          expect(result.stdout).toContain(
            `warning: [runtime] HttpsEdgeRouteSaml "sso" (stack ${PROJECT}/${stack.name}) leaves ` +
              `the stack without an API call to delete the SAML module of route ${routeId} of ` +
              "HTTPS edge " +
              `${edgeId}: this ngrok account has no HTTPS edges any more (ngrok answered ` +
              `ERR_NGROK_7008 to GET ${saml()})`,
          );
        });
        expect(requests).toEqual([`GET ${saml()}`]);
        expect(resources()).toEqual([]);
      });
    });
  },
);
