/**
 * Every answer the emulator gives for the mission's operations, held to ngrok's OpenAPI document
 * (issue #39 §4): for each operation — create, list, get, update and delete of SSH CAs, SSH host
 * and user certificates, SSH credentials, reserved domains and cloud endpoints; create, list, get
 * and delete of HTTPS edges, create, get and delete of their routes; the SAML module's PUT, GET
 * and DELETE — the status is the document's success status and the body matches the answer's
 * schema exactly: no field missing, none extra, none of another type (`support/openApiConformance`
 * makes the schemas strict from the vendored YAML and the overlay, without the emulator's
 * rendering code). Each operation's error answer is held to ngrok's error body too. The test also
 * holds that it covers every operation the emulator serves, so a new one cannot go unjudged.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ValidateFunction } from "ajv";
import type { EmulatorApp } from "../../emulator/index";
import { openApiJson } from "../../emulator/spec/vendored";
import { AnswerSchemas, vendoredDocument } from "../support/openApiConformance";
import { ECDSA_P256, ED25519 } from "../support/sshKeys";
import { PLAIN_COLLECTIONS } from "../../emulator/app";
import { makeCertificates } from "../support/x509Certificates";
import { sampleFor } from "./collectionSamples";
import { api, newApp, OKTA_XML } from "./helpers";

const POLICY = "on_http_request:\n  - actions:\n      - type: custom-response\n";
const MISSING = "2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";

/** One call: the operation it exercises (method and path as ngrok's document writes them). */
interface Call {
  readonly method: "get" | "post" | "put" | "patch" | "delete";
  readonly apiPath: string;
  readonly url: string;
  readonly payload?: unknown;
}

const schemas = new AnswerSchemas();

const errorBody = schemas.error();
const judged = new Set<string>();

function problems(validate: ValidateFunction | undefined, value: unknown): string[] {
  if (validate === undefined || validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`);
}

/** Makes the call, checks status and body against the document; returns the parsed body. */
async function conform(app: EmulatorApp, call: Call): Promise<Record<string, unknown>> {
  const op = schemas.operation(call.apiPath, call.method);
  const { status, validate } = schemas.success(op);
  const response = await api(app, call.method.toUpperCase(), call.url, call.payload);
  const parsed = response.body === "" ? undefined : JSON.parse(response.body);
  expect({ operation: op.operationId, status: response.statusCode, body: parsed }).toMatchObject({
    status,
  });
  expect({ operation: op.operationId, problems: problems(validate, parsed) }).toEqual({
    operation: op.operationId,
    problems: [],
  });
  if (validate === undefined) expect(response.body).toBe("");
  judged.add(`${call.method.toUpperCase()} ${call.apiPath}`);
  return parsed;
}

/** An error answer of the operation: ngrok's error body. */
async function conformError(app: EmulatorApp, call: Call): Promise<void> {
  const response = await api(app, call.method.toUpperCase(), call.url, call.payload);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(problems(errorBody, JSON.parse(response.body))).toEqual([]);
}

describe("ngrok's OpenAPI document", () => {
  test("openapi/ngrok.json, which the emulator reads, is the vendored ngrok.yaml", () => {
    const folder = path.join(__dirname, "../../emulator/openapi");
    const yaml = fs.readFileSync(path.join(folder, "ngrok.yaml"), "utf8");
    expect(fs.readFileSync(path.join(folder, "ngrok.json"), "utf8")).toBe(openApiJson(yaml));
    expect(JSON.parse(openApiJson(yaml))).toEqual(vendoredDocument());
  });
});

describe("every answer of the mission's operations conforms to ngrok's OpenAPI document", () => {
  let app: EmulatorApp;
  beforeAll(() => {
    app = newApp();
  });
  afterAll(() => app.close());

  const crud = async (
    collection: string,
    create: unknown,
    update: unknown,
    missingId: string,
  ): Promise<Record<string, unknown>> => {
    const item = `${collection}/{id}`;
    const created = await conform(app, {
      method: "post",
      apiPath: collection,
      url: collection,
      payload: create,
    });
    const url = `${collection}/${String(created.id)}`;
    await conform(app, { method: "get", apiPath: collection, url: `${collection}?limit=1` });
    await conform(app, { method: "get", apiPath: item, url });
    await conform(app, { method: "patch", apiPath: item, url, payload: update });
    for (const method of ["get", "patch", "delete"] as const) {
      await conformError(app, {
        method,
        apiPath: item,
        url: `${collection}/${missingId}`,
        payload: {},
      });
    }
    await conformError(app, { method: "post", apiPath: collection, url: collection, payload: [] });
    return created;
  };

  test("SSH CAs, host and user certificates, SSH credentials", async () => {
    const ca = await crud(
      "/ssh_certificate_authorities",
      { description: "CA", private_key_type: "ecdsa", elliptic_curve: "p384" },
      { metadata: "{}" },
      `sshca_${MISSING}`,
    );
    const certificate = {
      ssh_certificate_authority_id: ca.id,
      public_key: ECDSA_P256,
      principals: ["host.example"],
      description: "certificate",
    };
    for (const kind of ["host", "user"]) {
      const collection = `/ssh_${kind}_certificates`;
      const prefix = kind === "host" ? "shcrt_" : "sucrt_";
      const created = await crud(collection, certificate, { description: "" }, prefix + MISSING);
      const url = `${collection}/${String(created.id)}`;
      await conform(app, { method: "delete", apiPath: `${collection}/{id}`, url });
    }
    const credential = await crud(
      "/ssh_credentials",
      { public_key: ED25519, acl: ["bind:*.example.com"], metadata: "m" },
      { acl: [], description: "d" },
      `sshcr_${MISSING}`,
    );
    for (const [collection, id] of [
      ["/ssh_credentials", credential.id],
      ["/ssh_certificate_authorities", ca.id],
    ]) {
      const url = `${collection}/${String(id)}`;
      await conform(app, { method: "delete", apiPath: `${collection}/{id}`, url });
    }
  });

  test("HTTPS edges, routes and the route's SAML module", async () => {
    const edge = await conform(app, {
      method: "post",
      apiPath: "/edges/https",
      url: "/edges/https",
      payload: { hostports: ["a.example:443"] },
    });
    const edgeUrl = `/edges/https/${String(edge.id)}`;
    const route = await conform(app, {
      method: "post",
      apiPath: "/edges/https/{edge_id}/routes",
      url: `${edgeUrl}/routes`,
      payload: { match_type: "path_prefix", match: "/", description: "route" },
    });
    const routeUrl = `${edgeUrl}/routes/${String(route.id)}`;
    const routePath = "/edges/https/{edge_id}/routes/{id}";
    const saml = "/edges/https/{edge_id}/routes/{id}/saml";
    const module = { enabled: true, idp_metadata: OKTA_XML, authorized_groups: ["a"] };
    await conform(app, { method: "put", apiPath: saml, url: `${routeUrl}/saml`, payload: module });
    await conform(app, { method: "get", apiPath: saml, url: `${routeUrl}/saml` });
    await conform(app, { method: "get", apiPath: routePath, url: routeUrl });
    await conform(app, { method: "get", apiPath: "/edges/https/{id}", url: edgeUrl });
    await conform(app, { method: "get", apiPath: "/edges/https", url: "/edges/https" });
    await conformError(app, { method: "put", apiPath: saml, url: `${routeUrl}/saml`, payload: {} });
    await conform(app, { method: "delete", apiPath: saml, url: `${routeUrl}/saml` });
    await conformError(app, { method: "get", apiPath: saml, url: `${routeUrl}/saml` });
    await conform(app, { method: "delete", apiPath: routePath, url: routeUrl });
    await conform(app, { method: "delete", apiPath: "/edges/https/{id}", url: edgeUrl });
  });

  test("reserved domains and cloud endpoints", async () => {
    const custom = await crud(
      "/reserved_domains",
      { domain: "*.example.com", description: "wildcard" },
      { certificate_management_policy: { private_key_type: "rsa" } },
      `rd_${MISSING}`,
    );
    const ngrokDomain = await conform(app, {
      method: "post",
      apiPath: "/reserved_domains",
      url: "/reserved_domains",
      payload: { domain: "app.ngrok.app", region: "us" },
    });
    const endpoint = await crud(
      "/endpoints",
      { url: "https://api.example.com", traffic_policy: POLICY },
      { traffic_policy: "{}", pooling_enabled: true },
      `ep_${MISSING}`,
    );
    const internal = await conform(app, {
      method: "post",
      apiPath: "/endpoints",
      url: "/endpoints",
      payload: { url: "tls://db.internal:5432", traffic_policy: "{}", bindings: ["internal"] },
    });
    for (const [collection, id] of [
      ["/endpoints", endpoint.id],
      ["/endpoints", internal.id],
      ["/reserved_domains", custom.id],
      ["/reserved_domains", ngrokDomain.id],
    ]) {
      const url = `${collection}/${String(id)}`;
      await conform(app, { method: "delete", apiPath: `${collection}/{id}`, url });
    }
  });

  test("the collections served from the document (PLAIN_COLLECTIONS)", async () => {
    const certificates = await makeCertificates();
    for (const { path: collection, idPrefix } of PLAIN_COLLECTIONS) {
      const sample = await sampleFor(app, collection, certificates);
      const item = `${collection}/{id}`;
      const missing = `${idPrefix}${MISSING}`;
      let id: string;
      if ("seed" in sample) {
        id = String(app.emulator.seed(collection, sample.seed).id);
        await conform(app, { method: "get", apiPath: collection, url: `${collection}?limit=1` });
        await conform(app, { method: "get", apiPath: item, url: `${collection}/${id}` });
        await conformError(app, { method: "get", apiPath: item, url: `${collection}/${missing}` });
      } else {
        id = String((await crud(collection, sample.create, sample.update, missing)).id);
      }
      if (collection === "/vaults") {
        const list = "/vaults/{id}/secrets";
        await conform(app, { method: "get", apiPath: list, url: `/vaults/${id}/secrets` });
        await conformError(app, {
          method: "get",
          apiPath: list,
          url: `/vaults/${missing}/secrets`,
        });
      }
      if (schemas.document.paths[item]?.delete !== undefined) {
        await conform(app, { method: "delete", apiPath: item, url: `${collection}/${id}` });
      }
    }
  });

  test("the strict schemas refuse a field missing, one extra and one of another type", async () => {
    const op = schemas.operation("/ssh_credentials/{id}", "get");
    const validate = schemas.success(op).validate;
    const created = await api(app, "POST", "/ssh_credentials", { public_key: ECDSA_P256 });
    const answer = JSON.parse(created.body);
    expect(problems(validate, answer)).toEqual([]);
    const { owner_id: _owner, ...missing } = answer;
    expect(problems(validate, missing)).toEqual(["/ must have required property 'owner_id'"]);
    expect(problems(validate, { ...answer, key_type: "ed25519" })).toEqual([
      "/ must NOT have additional properties",
    ]);
    expect(problems(validate, { ...answer, acl: "*" })).toEqual(["/acl must be array"]);
    // description and metadata may be left out (the overlay), but not be null.
    expect(problems(validate, { ...answer, description: null })).toEqual([
      "/description must be string",
    ]);
    await api(app, "DELETE", `/ssh_credentials/${String(answer.id)}`);
  });

  test("covers every operation of ngrok's document the emulator serves", () => {
    const served = Object.entries(app.emulator.openApiDocument().paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${p}`),
    );
    const plain = served.filter((op) =>
      PLAIN_COLLECTIONS.some(({ path: p }) => op.endsWith(` ${p}`) || op.includes(` ${p}/{id}`)),
    );
    expect(served.length - plain.length).toBe(40);
    expect([...judged].sort()).toEqual([...served].sort());
  });
});
