/**
 * Reserved domains and cloud endpoints (issue #40 §4): their CRUD (paging included) comes from
 * ngrok's OpenAPI document (openApiConformance.test.ts holds the answers to it); this is their
 * behaviour — the domain rules and outputs, an endpoint's host on a reserved domain or on
 * `.internal` with an internal binding, the traffic policy stored as sent and checked with
 * ngrok's documented errors, URL uniqueness, updates re-checked, the options where ngrok's docs
 * are silent.
 */
import type { EmulatorApp, EmulatorOptions } from "../../emulator/index";
import { api, body, expectError, newApp } from "./helpers";

const POLICY_YAML = [
  "on_http_request:",
  "  - name: hello",
  "    expressions: [\"req.url.path == '/'\"]",
  "    actions:",
  "      - type: custom-response",
  "        config: {status_code: 200, body: hi}",
  "",
].join("\n");
const POLICY_JSON = JSON.stringify({ on_tcp_connect: [{ actions: [{ type: "deny" }] }] });

let app: EmulatorApp;
function start(options: EmulatorOptions = {}): void {
  app = newApp(options);
}
afterEach(() => app?.close());

async function reserve(domain: string, extra: Record<string, unknown> = {}) {
  const res = await api(app, "POST", "/reserved_domains", { domain, ...extra });
  expect(res.statusCode).toBe(201);
  return body(res);
}

async function endpoint(payload: Record<string, unknown>) {
  const res = await api(app, "POST", "/endpoints", { traffic_policy: POLICY_YAML, ...payload });
  expect({ status: res.statusCode, body: body(res) }).toMatchObject({ status: 201 });
  return body(res);
}

describe("reserved domains", () => {
  it('a custom domain: a CNAME target, a managed certificate, issued; region answered ""', async () => {
    start();
    const domain = await reserve("app.example.com", { region: "us", description: "app" });
    expect(domain).toMatchObject({
      id: expect.stringMatching(/^rd_[0-9A-Za-z]{27}$/),
      uri: `http://localhost:80/reserved_domains/${domain.id}`,
      domain: "app.example.com",
      region: "",
      description: "app",
      cname_target: expect.stringMatching(/^[0-9a-z]{16}\.[0-9a-z]{16}\.ngrok-cname\.com$/),
      acme_challenge_cname_target: null,
      certificate: {
        id: expect.stringMatching(/^cert_/),
        uri: expect.stringContaining("/tls_certificates/cert_"),
      },
      certificate_management_policy: { authority: "letsencrypt", private_key_type: "ecdsa" },
      certificate_management_status: { renews_at: expect.any(String), provisioning_job: null },
    });
    expect(domain).not.toHaveProperty("metadata");
  });

  it("an ngrok domain has no CNAME and ngrok's certificate; a custom wildcard an ACME target", async () => {
    start();
    expect(await reserve("me.ngrok.app")).toMatchObject({
      cname_target: null,
      certificate: null,
      certificate_management_policy: null,
      certificate_management_status: null,
    });
    const wildcard = await reserve("*.example.org");
    expect(wildcard.acme_challenge_cname_target).toMatch(/\.acme\.ngrok-cname\.com$/);
  });

  it("certificate_id or a policy, not both; an update switches between them", async () => {
    start();
    const cert = "cert_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";
    const own = await reserve("a.example.com", { certificate_id: cert });
    expect(own).toMatchObject({ certificate: { id: cert }, certificate_management_policy: null });
    const both = {
      domain: "b.example.com",
      certificate_id: cert,
      certificate_management_policy: {},
    };
    expectError(await api(app, "POST", "/reserved_domains", both), 400, "ERR_NGROK_215");
    const bad = { domain: "b.example.com", certificate_id: "sshca_x" };
    expectError(await api(app, "POST", "/reserved_domains", bad), 400, "ERR_NGROK_227");
    const url = `/reserved_domains/${own.id}`;
    const managed = body(
      await api(app, "PATCH", url, { certificate_management_policy: { private_key_type: "rsa" } }),
    );
    expect(managed.certificate_management_policy).toEqual({
      authority: "letsencrypt",
      private_key_type: "rsa",
    });
    expect(managed.certificate.id).not.toBe(cert);
    const back = body(await api(app, "PATCH", url, { certificate_id: cert }));
    expect(back).toMatchObject({ certificate: { id: cert }, certificate_management_status: null });
    expectError(await api(app, "PATCH", url, { domain: "c.example.com" }), 400, "ERR_NGROK_214");
  });

  it("answers ngrok's codes for malformed and duplicate domains", async () => {
    start();
    const cases: Array<[string, string]> = [
      ["a_b.example.com", "ERR_NGROK_438"],
      ["a!.example.com", "ERR_NGROK_406"],
      ["a-.example.com", "ERR_NGROK_408"],
      ["a..example.com", "ERR_NGROK_1906"],
      ["a.*.example.com", "ERR_NGROK_1906"],
    ];
    for (const [domain, code] of cases) {
      expectError(await api(app, "POST", "/reserved_domains", { domain }), 400, code, domain);
    }
    expectError(await api(app, "POST", "/reserved_domains", {}), 400, "ERR_NGROK_215", "domain");
    await reserve("dup.example.com");
    const again = await api(app, "POST", "/reserved_domains", { domain: "DUP.example.com" });
    expectError(again, 400, "ERR_NGROK_413", "already reserved for your account");
  });

  it("lists newest first with paging; unknown ids 404 without a code", async () => {
    start();
    const ids = [];
    for (const name of ["a", "b", "c"]) ids.push((await reserve(`${name}.example.com`)).id);
    const first = body(await api(app, "GET", "/reserved_domains?limit=2"));
    expect(first.reserved_domains.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_page_uri).toBe(
      `http://localhost:80/reserved_domains?limit=2&before_id=${ids[1]}`,
    );
    const missing = "rd_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";
    expectError(await api(app, "GET", `/reserved_domains/${missing}`), 404, undefined, missing);
    expect((await api(app, "DELETE", `/reserved_domains/${ids[0]}`)).statusCode).toBe(204);
    expect(app.emulator.snapshot().reservedDomains.map((d) => d.id)).toEqual([ids[1], ids[2]]);
  });
});

describe("cloud endpoints", () => {
  it("on a reserved domain: answers the URL's parts, the domain and the key's owner", async () => {
    start({ apiKeyOwnerId: "usr_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" });
    const domain = await reserve("api.example.com");
    const created = await endpoint({ url: "https://api.example.com", description: "api" });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^ep_[0-9A-Za-z]{27}$/),
      type: "cloud",
      url: "https://api.example.com",
      public_url: "https://api.example.com",
      proto: "https",
      scheme: "https",
      host: "api.example.com",
      port: 443,
      hostport: "api.example.com:443",
      bindings: ["public"],
      traffic_policy: POLICY_YAML,
      pooling_enabled: false,
      domain: { id: domain.id, uri: `http://localhost:80/reserved_domains/${domain.id}` },
      principal: { id: "usr_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" },
      tunnel: null,
      edge: null,
      region: "",
    });
    expect(created.updated_at).toBe(created.created_at);
  });

  it("a host must be reserved (319, or 7118 by option); a wildcard domain covers subdomains", async () => {
    start();
    const res = await api(app, "POST", "/endpoints", {
      url: "https://nope.example.com",
      traffic_policy: "{}",
    });
    expectError(res, 400, "ERR_NGROK_319", "nope.example.com");
    await reserve("*.example.net");
    expect((await endpoint({ url: "https://deep.a.example.net" })).host).toBe("deep.a.example.net");
    await app.close();
    start({ cloudEndpoints: { unreservedDomainCode: 7118 } });
    const other = await api(app, "POST", "/endpoints", {
      url: "https://x.example.com",
      traffic_policy: "{}",
    });
    expectError(other, 400, "ERR_NGROK_7118", "is not reserved by your account");
  });

  it("an internal binding needs a .internal URL (9029); kubernetes takes any host", async () => {
    start();
    const internal = await endpoint({
      url: "tcp://db.internal:5432",
      traffic_policy: POLICY_JSON,
      bindings: ["internal"],
    });
    expect(internal).toMatchObject({ domain: null, port: 5432, proto: "tcp" });
    const res = await api(app, "POST", "/endpoints", {
      url: "https://db.example.com",
      traffic_policy: "{}",
      bindings: ["internal"],
    });
    expectError(res, 400, "ERR_NGROK_9029", "https://db.example.com");
    // .internal without the internal binding is a public host nobody reserved.
    const publicInternal = await api(app, "POST", "/endpoints", {
      url: "https://x.internal",
      traffic_policy: "{}",
    });
    expectError(publicInternal, 400, "ERR_NGROK_319");
    const k8s = await endpoint({ url: "http://svc.namespace", bindings: ["kubernetes"] });
    expect(k8s).toMatchObject({ port: 80, domain: null });
    const wrong = await api(app, "POST", "/endpoints", {
      url: "https://a.internal",
      traffic_policy: "{}",
      bindings: ["private"],
    });
    expectError(wrong, 400, "ERR_NGROK_215", "bindings");
  });

  it("stores the policy as sent; refuses one that does not parse (9026) or has a foreign phase (2230)", async () => {
    start();
    await reserve("p.example.com");
    const url = "https://p.example.com";
    const cases: Array<[string, string, string]> = [
      ["on_http_request: [", "ERR_NGROK_9026", "neither JSON nor YAML"],
      ["- a list", "ERR_NGROK_9026", "not a mapping"],
      ["on_http_request:\n  - expressions: []", "ERR_NGROK_9026", "no actions"],
      ["on_http_request:\n  - actions: [{config: {}}]", "ERR_NGROK_9026", "no type"],
      [
        "on_http_request:\n  - actions: [{type: deny}]\n    when: x",
        "ERR_NGROK_9026",
        "unknown field when",
      ],
      ["inbound: []", "ERR_NGROK_2230", "Invalid Traffic Policy phase inbound for protocol https"],
    ];
    for (const [traffic_policy, code, message] of cases) {
      const res = await api(app, "POST", "/endpoints", { url, traffic_policy });
      expectError(res, 400, code, message);
    }
    const tcp = await api(app, "POST", "/endpoints", {
      url: "tcp://t.internal:1",
      bindings: ["internal"],
      traffic_policy: POLICY_YAML,
    });
    expectError(tcp, 400, "ERR_NGROK_2230", "on_http_request for protocol tcp");
    const json = await endpoint({ url, traffic_policy: POLICY_JSON });
    expect(json.traffic_policy).toBe(POLICY_JSON);
  });

  it("one cloud endpoint per URL (18009); type is cloud; url and traffic_policy are required", async () => {
    start();
    await reserve("u.example.com");
    await endpoint({ url: "https://u.example.com" });
    const again = await api(app, "POST", "/endpoints", {
      url: "https://u.example.com",
      traffic_policy: "{}",
    });
    expectError(again, 400, "ERR_NGROK_18009");
    const agent = await api(app, "POST", "/endpoints", {
      url: "https://v.example.com",
      traffic_policy: "{}",
      type: "agent",
    });
    expectError(agent, 400, "ERR_NGROK_215", "type");
    for (const payload of [{ url: "https://u.example.com" }, { traffic_policy: "{}", url: "" }]) {
      expectError(await api(app, "POST", "/endpoints", payload), 400, "ERR_NGROK_215", "required");
    }
    const noPort = await api(app, "POST", "/endpoints", {
      url: "tcp://u.example.com",
      traffic_policy: "{}",
    });
    expectError(noPort, 400, "ERR_NGROK_215", "has no port");
  });

  it("an update re-checks URL, bindings and policy, keeps the rest, and moves updated_at", async () => {
    start();
    await reserve("one.example.com");
    await reserve("two.example.com");
    const created = await endpoint({ url: "https://one.example.com", metadata: "m" });
    const url = `/endpoints/${created.id}`;
    // Timestamps are whole seconds: after more than one second the next one is later (margin
    // 100 ms; no upper bound matters).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const moved = body(await api(app, "PATCH", url, { url: "https://two.example.com" }));
    expect(moved).toMatchObject({
      host: "two.example.com",
      metadata: "m",
      traffic_policy: POLICY_YAML,
    });
    expect(moved.updated_at > created.updated_at).toBe(true);
    expectError(
      await api(app, "PATCH", url, { url: "https://three.example.com" }),
      400,
      "ERR_NGROK_319",
    );
    expectError(await api(app, "PATCH", url, { traffic_policy: "x: [" }), 400, "ERR_NGROK_9026");
    expectError(await api(app, "PATCH", url, { bindings: ["internal"] }), 400, "ERR_NGROK_9029");
    expectError(await api(app, "PATCH", url, { type: "cloud" }), 400, "ERR_NGROK_214");
    expect(body(await api(app, "GET", url))).toEqual(moved);
  });

  it("lists with paging and the document's id and url filters", async () => {
    start();
    await reserve("*.example.com");
    const made = [];
    for (const name of ["a", "b", "c"])
      made.push(await endpoint({ url: `https://${name}.example.com` }));
    const page = body(await api(app, "GET", "/endpoints?limit=1"));
    expect(page.endpoints.map((e: { id: string }) => e.id)).toEqual([made[2].id]);
    expect(page.next_page_uri).toContain(`before_id=${made[2].id}`);
    const byId = body(await api(app, "GET", `/endpoints?id=${made[0].id}&id=${made[1].id}`));
    expect(byId.endpoints.map((e: { id: string }) => e.id)).toEqual([made[1].id, made[0].id]);
    const byUrl = body(await api(app, "GET", "/endpoints?url=https://c.example.com"));
    expect(byUrl.endpoints.map((e: { id: string }) => e.id)).toEqual([made[2].id]);
    expectError(await api(app, "GET", "/endpoints?limit=1&limit=2"), 400, "ERR_NGROK_232");
    // The 2025 document's names, which the 2026 one renamed.
    expectError(await api(app, "GET", `/endpoints?ids=${made[0].id}`), 400, "ERR_NGROK_231");
    expect(app.emulator.snapshot().cloudEndpoints).toHaveLength(3);
  });
});
