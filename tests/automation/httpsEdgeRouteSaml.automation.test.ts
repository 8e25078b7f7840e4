/**
 * HttpsEdgeRouteSaml through the real Pulumi CLI (Automation API, inline program
 * tests/programs/httpsEdgeRouteSaml), against the emulator: preview (and a preview that fails on
 * an HTML page given as IdP metadata), up, a no-op up, an in-place update, a replacement on
 * another route, drift and deletion behind Pulumi's back,
 * and destroy, which leaves the edge and its routes. Each step asserts the engine's summary, the
 * API requests it cost and the emulator's contents.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi, createEdgeWithRoutes, writableSamlFields } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  succeeded,
  writes,
} from "../support/realEngine";

const PROGRAM = "tests/programs/httpsEdgeRouteSaml";
const PROJECT = "automation-saml";

describeWithPulumi("HttpsEdgeRouteSaml through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  let edgeId: string;
  let routeA: string;
  let routeB: string;
  let work: string;
  const saml = (routeId: string) => `/edges/https/${edgeId}/routes/${routeId}/saml`;
  const modules = () => emulator.snapshot().samlModules;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    ({
      edgeId,
      routeIds: [routeA, routeB],
    } = await createEdgeWithRoutes(emulator, 2));
    work = fs.mkdtempSync(path.join(os.tmpdir(), "saml-automation-"));
    stack = await openStack(PROGRAM, PROJECT, emulator, {
      edgeId,
      routeId: routeA,
      idpMetadataPath: idpMetadataPath("okta.xml"),
      forceAuthn: "true",
    });
  }, 120000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test("preview of a new stack plans the create and sends no API request", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.preview()).changeSummary).toEqual({ create: 2 });
    });
    expect(requests).toEqual([]);
  });

  test("preview with an HTML page as idpMetadata fails with the rule; no API request", async () => {
    const page = path.join(work, "login.html");
    fs.writeFileSync(page, "<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>\n");
    await stack.setConfig({ idpMetadataPath: { value: page } });
    const requests = await requestsDuring(emulator, async () => {
      const result = await stack.preview();
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/idpMetadata is an HTML page/);
    });
    expect(requests).toEqual([]);
    await stack.setConfig({ idpMetadataPath: { value: idpMetadataPath("okta.xml") } });
  });

  test("up writes the module with the take-over GET and one PUT; the outputs are the emulator's", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 2 });
    });
    expect(requests).toEqual([`GET ${saml(routeA)}`, `PUT ${saml(routeA)}`]);
    expect(modules()).toHaveLength(1);
    const [live] = modules();
    expect(live).toMatchObject({ edgeId, routeId: routeA, force_authn: true });
    expect((await stack.outputs()).sso).toMatchObject({
      id: `${edgeId}/${routeA}`,
      entityId: live.entity_id,
      assertionConsumerServiceUrl: live.assertion_consumer_service_url,
      metadataUrl: live.metadata_url,
      singleLogoutUrl: live.single_logout_url,
      requestSigningCertificatePem: live.request_signing_certificate_pem,
      forceAuthn: true,
    });
  });

  test("up again with no change: every resource the same, no write request", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 2 });
    });
    expect(writes(requests)).toEqual([]);
  });

  test("an authorizedGroups change updates in place with one PUT", async () => {
    await stack.setConfig({ authorizedGroups: { value: '["engineering","ops"]' } });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 1, update: 1 });
    });
    expect(requests).toEqual([`PUT ${saml(routeA)}`]);
    expect(modules()[0].authorized_groups).toEqual(["engineering", "ops"]);
  });

  test("a routeId change replaces: the new route's module is written before the old one is removed", async () => {
    await stack.setConfig({ routeId: { value: routeB } });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({
        same: 1,
        replace: 1,
      });
    });
    expect(requests).toEqual([
      `GET ${saml(routeB)}`,
      `PUT ${saml(routeB)}`,
      `GET ${saml(routeA)}`,
      `DELETE ${saml(routeA)}`,
    ]);
    expect(modules().map((m) => m.routeId)).toEqual([routeB]);
  });

  test("drift: a field changed outside Pulumi shows as an update on refresh; up sets it back", async () => {
    const live = (await callApi(emulator, "GET", saml(routeB))).body;
    await callApi(emulator, "PUT", saml(routeB), { ...writableSamlFields(live), enabled: false });
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: 1, update: 1 });
    expect(refresh.stdout).toMatch(/\[diff: ~enabled\]/);
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 1, update: 1 });
    });
    expect(requests).toEqual([`PUT ${saml(routeB)}`]);
    expect(modules()[0].enabled).toBe(true);
  });

  test("a module deleted outside Pulumi leaves the state on refresh; up writes it again", async () => {
    await callApi(emulator, "DELETE", saml(routeB));
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: 1, delete: 1 });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 1, create: 1 });
    });
    expect(requests).toEqual([`GET ${saml(routeB)}`, `PUT ${saml(routeB)}`]);
    expect(modules()).toHaveLength(1);
  });

  test("destroy removes the module; the edge and its routes (not the stack's) remain", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 2 });
    });
    expect(requests).toEqual([`GET ${saml(routeB)}`, `DELETE ${saml(routeB)}`]);
    const snapshot = emulator.snapshot();
    expect(snapshot.samlModules).toEqual([]);
    expect(snapshot.edges.map((e) => e.id)).toEqual([edgeId]);
    expect(snapshot.routes.map((r) => r.id).sort()).toEqual([routeA, routeB].sort());
  });
});
