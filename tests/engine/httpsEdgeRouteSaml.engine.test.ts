/**
 * The engine's path for HttpsEdgeRouteSaml: the real class under setMocks gives `__provider` and
 * the inputs; Pulumi's own dynamic-provider host is driven with the engine's calls against the
 * emulator: create, no-op, in-place update, drift on refresh, replace on route change, delete.
 * Each step costs one API request, plus the take-over GET when a module is created.
 */
import { X509Certificate } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { CheckFailedError } from "../../dist/tools/devtools/deployment";
import { claimOf, withoutClaim } from "../../provider/httpsEdgeRouteSaml/claim";
import { callApi, createEdgeWithRoutes, writableSamlFields } from "../support/emulatorApi";
import { REPO, startTestStack, type TestStack } from "../support/stack";
import { IDP_METADATA_DIR } from "../support/fixtures";

const FIXTURES = IDP_METADATA_DIR;
const TYPE = "pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml";

let stack: TestStack;
let edgeId: string;
let routeA: string;
let routeB: string;
let base: Record<string, string>;
let goals: ResourceGoal[];

beforeAll(async () => {
  stack = await startTestStack("tests/programs/httpsEdgeRouteSaml", "engine-saml");
  ({
    edgeId,
    routeIds: [routeA, routeB],
  } = await createEdgeWithRoutes(stack.emulator, 2));
  base = { edgeId, routeId: routeA, idpMetadataPath: path.join(FIXTURES, "okta.xml") };
  goals = await stack.goals({ ...base, authorizedGroups: '["eng"]', inactivityTimeout: "3600" });
});
afterAll(async () => {
  await stack?.close();
});

const only = () => stack.only();

const saml = (route: string) => `/edges/https/${edgeId}/routes/${route}/saml`;

test("the program registers the module with the real __provider: small, no path, no credential", () => {
  expect(goals.map((g) => [g.type, g.name])).toEqual([[TYPE, "sso"]]);
  const provider = goals[0].inputs.__provider as string;
  expect(Buffer.byteLength(provider)).toBeLessThan(4096);
  expect(provider).not.toContain(REPO);
  expect(provider).not.toContain(stack.emulator.apiKey);
});

test("create: the take-over GET, then one PUT; outputs are what the emulator serves", async () => {
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests).toEqual([`GET ${saml(routeA)}`, `PUT ${saml(routeA)}`]);
  const { id, outputs } = only();
  expect(id).toBe(`${edgeId}/${routeA}`);
  const spBase = `${stack.emulator.url}/saml/${routeA}`;
  expect(outputs).toMatchObject({
    edgeId,
    routeId: routeA,
    authorizedGroups: ["eng"],
    inactivityTimeout: 3600,
    allowIdpInitiated: false,
    entityId: spBase,
    metadataUrl: spBase,
    assertionConsumerServiceUrl: `${spBase}/acs`,
    singleLogoutUrl: `${spBase}/slo`,
  });
  // The signing certificate read from the program's document, through the engine's serialization.
  const okta = fs.readFileSync(path.join(FIXTURES, "okta.xml"), "utf8");
  const der = Buffer.from(/X509Certificate>([^<]+)</.exec(okta)![1].replace(/\s+/g, ""), "base64");
  const signing = new X509Certificate(der);
  expect(outputs.idpSigningCertificates).toEqual([
    {
      subject: signing.subject.split("\n").join(", "),
      notAfter: new Date(signing.validTo).toISOString(),
      sha256Fingerprint: signing.fingerprint256,
    },
  ]);
  const [module] = stack.emulator.snapshot().samlModules;
  // The document as the program gave it, followed by this resource's claim.
  expect(withoutClaim(module.idp_metadata)).toBe(outputs.idpMetadata);
  expect(claimOf(module.idp_metadata)).toEqual({
    stack: "engine-saml/test",
    resource: "sso",
    token: outputs.claimToken,
  });
  expect(module).toMatchObject({
    edgeId,
    routeId: routeA,
    authorized_groups: ["eng"],
    allow_idp_initiated: false,
    request_signing_certificate_pem: outputs.requestSigningCertificatePem,
  });

  // The SP metadata at metadataUrl names the same ACS URL and certificate.
  const xml = await (await fetch(outputs.metadataUrl as string)).text();
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const md = "urn:oasis:names:tc:SAML:2.0:metadata";
  expect(doc.documentElement?.getAttribute("entityID")).toBe(spBase);
  const acs = doc.getElementsByTagNameNS(md, "AssertionConsumerService")[0];
  expect(acs.getAttribute("Location")).toBe(outputs.assertionConsumerServiceUrl);
  const certText =
    doc.getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "X509Certificate")[0]
      .textContent ?? "";
  const served = new X509Certificate(Buffer.from(certText.replace(/\s+/g, ""), "base64"));
  expect(served.fingerprint256).toBe(
    new X509Certificate(outputs.requestSigningCertificatePem as string).fingerprint256,
  );
});

test("re-deploying the same program: no change, no API request", async () => {
  const again = await stack.goals({
    ...base,
    authorizedGroups: '["eng"]',
    inactivityTimeout: "3600",
  });
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(again)).map((s) => s.op)).toEqual(["same"]);
  });
  expect(requests).toEqual([]);
});

test("a changed field updates in place with one PUT; the certificate stays", async () => {
  const pem = only().outputs.requestSigningCertificatePem;
  goals = await stack.goals({ ...base, authorizedGroups: '["eng","ops"]', forceAuthn: "true" });
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(goals)).map((s) => s.op)).toEqual(["update"]);
  });
  expect(requests).toEqual([`PUT ${saml(routeA)}`]);
  expect(only().outputs).toMatchObject({
    authorizedGroups: ["eng", "ops"],
    forceAuthn: true,
    inactivityTimeout: 0,
    requestSigningCertificatePem: pem,
  });
  expect(stack.emulator.snapshot().samlModules[0]).toMatchObject({
    force_authn: true,
    inactivity_timeout: 0,
  });
});

test("a field changed outside Pulumi shows up as drift on refresh; the next up sets it back", async () => {
  const live = (await callApi(stack.emulator, "GET", saml(routeA))).body;
  const edited = await callApi(stack.emulator, "PUT", saml(routeA), {
    ...writableSamlFields(live),
    force_authn: false,
    allow_idp_initiated: true,
  });
  expect(edited.status).toBe(200);

  const requests = await stack.requestsDuring(() => stack.deployment.refresh());
  expect(requests).toEqual([`GET ${saml(routeA)}`]);
  expect(only().outputs).toMatchObject({ forceAuthn: false, allowIdpInitiated: true });

  expect((await stack.deployment.preview(goals)).map((s) => s.op)).toEqual(["update"]);
  const fix = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(fix).toEqual([`PUT ${saml(routeA)}`]);
  expect(stack.emulator.snapshot().samlModules[0]).toMatchObject({
    force_authn: true,
    allow_idp_initiated: false,
  });
});

test("a route change replaces: the new module is written before the old one is removed", async () => {
  const old = only();
  goals = await stack.goals({
    ...base,
    routeId: routeB,
    authorizedGroups: '["eng","ops"]',
    forceAuthn: "true",
  });
  const requests = await stack.requestsDuring(async () => {
    expect(await stack.deployment.up(goals)).toEqual([
      { urn: old.urn, op: "replace", replaces: ["routeId"] },
    ]);
  });
  expect(requests).toEqual([
    `GET ${saml(routeB)}`,
    `PUT ${saml(routeB)}`,
    `GET ${saml(routeA)}`,
    `DELETE ${saml(routeA)}`,
  ]);
  expect(only().id).toBe(`${edgeId}/${routeB}`);
  expect(stack.emulator.snapshot().samlModules.map((m) => m.routeId)).toEqual([routeB]);
});

test("a module deleted outside Pulumi leaves the state on refresh", async () => {
  expect((await callApi(stack.emulator, "DELETE", saml(routeB))).status).toBe(204);
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.refresh()).map((s) => s.op)).toEqual(["read-gone"]);
  });
  expect(requests).toEqual([`GET ${saml(routeB)}`]);
  expect(stack.deployment.resources.size).toBe(0);
  await stack.deployment.up(goals);
  expect(stack.emulator.snapshot().samlModules.map((m) => m.routeId)).toEqual([routeB]);
});

test("someone else's module on the route is not overwritten; adoptExisting takes it over", async () => {
  const theirs = await callApi(stack.emulator, "PUT", saml(routeA), {
    idp_metadata: readFixture("keycloak.xml"),
    enabled: true,
  });
  expect(theirs.status).toBe(200);
  const onA = { ...base, routeId: routeA };
  const blocked = await stack.goals(onA);
  const other = { ...blocked[0], name: "sso-a" };
  const requests = await stack.requestsDuring(async () => {
    await expect(stack.deployment.up([...goals, other])).rejects.toThrow(
      new RegExp(
        `route ${routeA} of HTTPS edge ${edgeId} already has a SAML module \\(entity ID ${stack.emulator.url}/saml/${routeA}\\) that this stack did not write \\(it carries no Pulumi claim.*; nothing was changed.*adoptExisting: true`,
      ),
    );
  });
  expect(requests).toEqual([`GET ${saml(routeA)}`]);
  expect(
    stack.emulator.snapshot().samlModules.find((m) => m.routeId === routeA)?.idp_metadata,
  ).toBe(readFixture("keycloak.xml"));

  const adopt = { ...(await stack.goals({ ...onA, adoptExisting: "true" }))[0], name: "sso-a" };
  const taken = await stack.requestsDuring(() => stack.deployment.up([...goals, adopt]));
  expect(taken).toEqual([`GET ${saml(routeA)}`, `PUT ${saml(routeA)}`]);
  expect(
    withoutClaim(
      stack.emulator.snapshot().samlModules.find((m) => m.routeId === routeA)!.idp_metadata,
    ),
  ).toBe(readFixture("okta.xml"));
  await stack.deployment.up(goals); // drop sso-a again: one GET (its claim is there), one DELETE
  expect(stack.emulator.snapshot().samlModules.map((m) => m.routeId)).toEqual([routeB]);
});

test.each([
  // An aggregate of one IdP is read as that IdP (see the provider tests); one of two is refused.
  [
    "corpus/spring-security-aggregate-two-idps.xml",
    /idpMetadata is an aggregate.*holds 2 identity providers/,
  ],
  ["sp-only.xml", /idpMetadata is service-provider metadata/],
])(
  "the negative IdP document %s fails at Check with an actionable reason, no API request",
  async (name, reason) => {
    const bad = await stack.goals({
      ...base,
      routeId: routeB,
      idpMetadataPath: path.join(FIXTURES, name),
    });
    const before = stack.emulator.requests.length;
    const error = (await stack.deployment
      .preview(bad)
      .catch((e: unknown) => e)) as CheckFailedError;
    expect(error).toBeInstanceOf(CheckFailedError);
    expect(error.failures).toEqual([{ property: "", reason: expect.stringMatching(reason) }]);
    expect(stack.emulator.requests.length).toBe(before);
  },
);

test("destroy removes the module with a GET (its claim is there) and one DELETE; the route stays", async () => {
  const requests = await stack.requestsDuring(() => stack.deployment.destroy());
  expect(requests).toEqual([`GET ${saml(routeB)}`, `DELETE ${saml(routeB)}`]);
  const snapshot = stack.emulator.snapshot();
  expect(snapshot.samlModules).toEqual([]);
  expect(snapshot.routes.map((r) => r.id).sort()).toEqual([routeA, routeB].sort());
});

function readFixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), "utf8");
}
