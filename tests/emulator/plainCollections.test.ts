/**
 * A plain CRUD collection of ngrok's document served with no emulator code (issue #39 §4,
 * `emulator/model/plainResource.ts`): IP policies, one `{ path: "/ip_policies", idPrefix: "ipp_" }`
 * line of `PLAIN_COLLECTIONS` (issue #50), and bot users given through the option `collections`.
 * Every operation ngrok's document has for them answers its success status with a body its strict
 * schema accepts (`support/openApiConformance`, without the emulator's rendering code); fields,
 * types, paging, the byte limits the document's descriptions state, ids and 404s follow.
 */
import type { ValidateFunction } from "ajv";
import type { EmulatorApp } from "../../emulator/index";
import { resolveOptions } from "../../emulator/options";
import { buildEmulatorApp } from "../../emulator/index";
import { AnswerSchemas } from "../support/openApiConformance";
import { api, body, expectError, newApp } from "./helpers";

const BOT_USERS = { path: "/bot_users", idPrefix: "bot_" };
const schemas = new AnswerSchemas();

/** The problems the strict schema of `method path`'s answer finds in `value`. */
function problems(method: "get" | "post" | "patch", apiPath: string, value: unknown): string[] {
  const validate: ValidateFunction | undefined = schemas.success(
    schemas.operation(apiPath, method),
  ).validate;
  if (validate === undefined || validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`);
}

describe("a plain collection: IP policies with no emulator code", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  test("create, get, update, list and delete answer the document's statuses and schemas", async () => {
    const created = await api(app, "POST", "/ip_policies", { description: "office" });
    expect(created.statusCode).toBe(201);
    const policy = body(created);
    expect(policy.description).toBe("office");
    // The overlay's rule for every resource: metadata never set is left out.
    expect(policy).not.toHaveProperty("metadata");
    expect(policy.id).toMatch(/^ipp_[0-9A-Za-z]{27}$/);
    expect(policy.uri).toBe(`http://localhost:80/ip_policies/${policy.id}`);
    expect(problems("post", "/ip_policies", policy)).toEqual([]);

    const url = `/ip_policies/${policy.id}`;
    const read = await api(app, "GET", url);
    expect([read.statusCode, body(read)]).toEqual([200, policy]);
    expect(problems("get", "/ip_policies/{id}", body(read))).toEqual([]);

    const updated = await api(app, "PATCH", url, { metadata: '{"team":"it"}' });
    expect(body(updated)).toEqual({ ...policy, metadata: '{"team":"it"}' });
    expect(problems("patch", "/ip_policies/{id}", body(updated))).toEqual([]);

    const list = await api(app, "GET", "/ip_policies");
    expect(body(list).ip_policies).toEqual([body(updated)]);
    expect(problems("get", "/ip_policies", body(list))).toEqual([]);
    expect(app.emulator.snapshot().collections["/ip_policies"]).toEqual([body(updated)]);

    expect((await api(app, "DELETE", url)).statusCode).toBe(204);
    expectError(
      await api(app, "GET", url),
      404,
      undefined,
      `The ip policy ${policy.id} was not found.`,
    );
    expect(app.emulator.snapshot().collections["/ip_policies"]).toEqual([]);
  });

  test("pages newest first, 100 at most, with before_id", async () => {
    for (const n of [1, 2, 3]) await api(app, "POST", "/ip_policies", { description: `p${n}` });
    const first = body(await api(app, "GET", "/ip_policies?limit=2"));
    expect(first.ip_policies.map((p: { description: string }) => p.description)).toEqual([
      "p3",
      "p2",
    ]);
    const next = new URL(first.next_page_uri);
    const second = body(await api(app, "GET", `${next.pathname}${next.search}`));
    expect(second.ip_policies.map((p: { description: string }) => p.description)).toEqual(["p1"]);
    expect(second.next_page_uri).toBeNull();
    expectError(await api(app, "GET", "/ip_policies?limit=101"), 400, "ERR_NGROK_233");
  });

  test("the document's rules: its fields, their types, and the byte limits it states", async () => {
    expectError(
      await api(app, "POST", "/ip_policies", { name: "x" }),
      400,
      "ERR_NGROK_214",
      "name",
    );
    expectError(await api(app, "POST", "/ip_policies", { description: 7 }), 400, "ERR_NGROK_215");
    // "human-readable description of the source IPs of this IP policy. optional, max 255 bytes."
    expect(
      (await api(app, "POST", "/ip_policies", { description: "é".repeat(127) })).statusCode,
    ).toBe(201);
    const long = await api(app, "POST", "/ip_policies", { description: "é".repeat(128) });
    expectError(long, 400, "ERR_NGROK_215", "longer than 255 bytes");
    const id = body(await api(app, "POST", "/ip_policies", {})).id;
    const tooLong = await api(app, "PATCH", `/ip_policies/${id}`, { metadata: "x".repeat(4097) });
    expectError(tooLong, 400, "ERR_NGROK_215", "longer than 4096 bytes");
    expectError(
      await api(app, "GET", "/ip_policies/rd_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx"),
      400,
      "ERR_NGROK_227",
    );
  });
});

describe("the collections option", () => {
  test("serves a collection of the document that is not served by default", async () => {
    const app = newApp();
    expect((await api(app, "POST", "/bot_users", {})).statusCode).toBe(404);
    expect(app.emulator.snapshot().collections).not.toHaveProperty("/bot_users");
    await app.close();
    const served = newApp({ collections: [BOT_USERS] });
    const bot = body(await api(served, "POST", "/bot_users", { name: "ci" }));
    expect(bot.id).toMatch(/^bot_[0-9A-Za-z]{27}$/);
    expect(served.emulator.snapshot().collections["/bot_users"]).toEqual([bot]);
    await served.close();
  });

  test("replaces the id prefix of a collection served by default", async () => {
    const app = newApp({ collections: [{ path: "/app/users", idPrefix: "appusr_" }] });
    expect(app.emulator.seed("/app/users", {}).id).toMatch(/^appusr_/);
    expectError(await api(app, "GET", "/app/users/app_user_x"), 400, "ERR_NGROK_227", "appusr_");
    await app.close();
  });

  test.each([
    [{ path: "ip_policies", idPrefix: "ipp_" }, "collections[0].path must be a collection path"],
    [{ path: "/ip_policies", idPrefix: "ipp" }, "collections[0].idPrefix must be lower-case"],
    [{ path: "/ip_policies", idPrefix: "Ipp_" }, "collections[0].idPrefix must be lower-case"],
  ])("refuses %j", (collection, message) => {
    expect(() => resolveOptions({ collections: [collection] })).toThrow(message);
  });

  test("refuses a path twice, one served already, and one the document lacks", () => {
    expect(() => resolveOptions({ collections: [BOT_USERS, BOT_USERS] })).toThrow(
      "collections[1].path /bot_users is given twice",
    );
    const served = { path: "/reserved_domains", idPrefix: "rd_" };
    expect(() => buildEmulatorApp({ collections: [served] })).toThrow(
      "collections: /reserved_domains is served already",
    );
    expect(() =>
      buildEmulatorApp({ collections: [{ path: "/no_such", idPrefix: "ns_" }] }),
    ).toThrow("collections: ngrok's document has no operation at /no_such");
  });
});
