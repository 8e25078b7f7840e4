/**
 * The collections ngrok's Terraform provider v0.8.0 manages, served from ngrok's June 2026
 * document (issue #50): each one's create, read, update, list and delete; then, with the codes of
 * ngrok's catalogue where it has one (`emulator/model/documented.ts`), a value outside the values
 * its description states, a bad format, a reference to an object that does not exist or of
 * another kind, the `Ref`s answered, tokens answered once, write-only fields never answered, what
 * deleting a referenced object does (and the options where ngrok is silent), the collections the
 * API only reads (`seed`), and the secrets listed under their vault.
 */
import type { EmulatorApp } from "../../emulator/index";
import { PLAIN_COLLECTIONS } from "../../emulator/app";
import { makeCertificates, type MadeCertificates } from "../support/x509Certificates";
import { made, ROLE_ARN, sampleFor, STREAM_ARN } from "./collectionSamples";
import { api, body, expectError, newApp } from "./helpers";

const MISSING = "2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";

let certificates: MadeCertificates;
beforeAll(async () => {
  certificates = await makeCertificates();
});

describe("every collection: create, read, update, list, delete", () => {
  const writable = PLAIN_COLLECTIONS.filter(
    ({ path }) => !["/tunnel_sessions", "/app/users", "/app/sessions"].includes(path),
  );

  test.each(writable.map(({ path, idPrefix }) => [path, idPrefix]))("%s", async (path, prefix) => {
    const app = newApp();
    const sample = await sampleFor(app, path, certificates);
    if (!("create" in sample)) throw new Error(`${path} has no create`);
    const created = await api(app, "POST", path, sample.create);
    expect([created.statusCode, created.body]).toEqual([201, expect.any(String)]);
    const object = body(created);
    expect(object.id).toMatch(new RegExp(`^${prefix}[0-9A-Za-z]{27}$`));
    expect(object.uri).toBe(`http://localhost:80${path}/${object.id}`);
    const url = `${path}/${object.id}`;

    const read = body(await api(app, "GET", url));
    // A token is answered once, on create (below); every other field is read back as created.
    expect(read).toEqual("token" in object ? { ...object, token: null } : object);

    const updated = await api(app, "PATCH", url, sample.update);
    expect(updated.statusCode).toBe(200);
    expect(body(updated)).toMatchObject(
      Object.fromEntries(Object.entries(sample.update).filter(([name]) => name in read)),
    );
    expect(body(await api(app, "GET", url))).toEqual(body(updated));
    const list = body(await api(app, "GET", `${path}?limit=100`));
    const items = Object.values(list).find(Array.isArray);
    expect(items).toContainEqual(body(updated));
    expect(app.emulator.snapshot().collections[path]).toContainEqual(body(updated));

    expect((await api(app, "DELETE", url)).statusCode).toBe(204);
    expectError(await api(app, "GET", url), 404, undefined, object.id);
    expectError(await api(app, "DELETE", url), 404, undefined);
    expectError(await api(app, "GET", `${path}/zz_${MISSING}`), 400, "ERR_NGROK_227", prefix);
    await app.close();
  });
});

describe("values the descriptions state, formats, and what ngrok documents of them", () => {
  let app: EmulatorApp;
  let policy: string;
  beforeEach(async () => {
    app = newApp();
    policy = await made(app, "/ip_policies", { description: "office" });
  });
  afterEach(() => app.close());

  const rule = (fields: Record<string, unknown>) => ({
    ip_policy_id: policy,
    action: "allow",
    cidr: "10.0.0.0/8",
    ...fields,
  });

  test("an IP policy rule: action, CIDR (IPv4 and IPv6), description", async () => {
    const post = (fields: Record<string, unknown>) =>
      api(app, "POST", "/ip_policy_rules", rule(fields));
    expectError(await post({ action: "maybe" }), 400, "ERR_NGROK_1422", "'allow' or 'deny'");
    expectError(
      await post({ cidr: "not a cidr" }),
      400,
      "ERR_NGROK_1406",
      "Invalid CIDR: not a cidr",
    );
    expectError(await post({ cidr: "10.0.0.0/33" }), 400, "ERR_NGROK_1406");
    expectError(
      await post({ cidr: "10.1.2.3/8" }),
      400,
      "ERR_NGROK_1409",
      "Did you mean 10.0.0.0/8?",
    );
    expectError(await post({ cidr: "10.1.2.3" }), 400, "ERR_NGROK_1413", "10.1.2.3/32");
    expectError(await post({ cidr: "2001:db8::1/32" }), 400, "ERR_NGROK_1409", "2001:db8::/32");
    expectError(
      await post({ description: "x".repeat(256) }),
      400,
      "ERR_NGROK_1421",
      "255, got 256",
    );
    // metadata has no code of its own: ERR_NGROK_215.
    expectError(await post({ metadata: "x".repeat(4097) }), 400, "ERR_NGROK_215", "4096 bytes");
    expectError(
      await post({ action: undefined }),
      400,
      "ERR_NGROK_215",
      "action is invalid: it is required",
    );
    const v6 = await post({ cidr: "2001:db8::/32", action: "deny" });
    expect([v6.statusCode, body(v6).cidr, body(v6).action]).toEqual([201, "2001:db8::/32", "deny"]);
    // Stated values compare without case by default, and are kept as sent.
    expect(body(await post({ cidr: "10.0.0.0/8", action: "ALLOW" })).action).toBe("ALLOW");
    // The same CIDR twice in a policy: ERR_NGROK_1408; in another policy it is fine.
    expectError(await post({ cidr: "10.0.0.0/8" }), 400, "ERR_NGROK_1408", "10.0.0.0/8");
    const other = await made(app, "/ip_policies", {});
    expect((await post({ ip_policy_id: other })).statusCode).toBe(201);
    const id = body(v6).id;
    expectError(
      await api(app, "PATCH", `/ip_policy_rules/${id}`, { cidr: "2001:db8::1" }),
      400,
      "ERR_NGROK_1413",
    );
    expect(body(await api(app, "GET", `/ip_policy_rules/${id}`)).cidr).toBe("2001:db8::/32");
  });

  test("statedValueCase: exact refuses another case", async () => {
    const exact = newApp({ plainCollections: { statedValueCase: "exact" } });
    const other = await made(exact, "/ip_policies", {});
    const response = await api(exact, "POST", "/ip_policy_rules", {
      ...rule({ action: "Allow" }),
      ip_policy_id: other,
    });
    expectError(response, 400, "ERR_NGROK_1422");
    const format = { format: "json", target: { datadog: { api_key: "k" } } };
    expectError(await api(exact, "POST", "/event_destinations", format), 400, "ERR_NGROK_235");
    expect(
      (await api(exact, "POST", "/event_destinations", { ...format, format: "JSON" })).statusCode,
    ).toBe(201);
    await exact.close();
  });

  test("an IP restriction: type, its policies, one per type", async () => {
    const post = (fields: Record<string, unknown>) =>
      api(app, "POST", "/ip_restrictions", {
        type: "dashboard",
        ip_policy_ids: [policy],
        ...fields,
      });
    expectError(
      await post({ type: "everything" }),
      400,
      "ERR_NGROK_1803",
      'type "everything" is invalid. Valid types: dashboard, api, agent, endpoints.',
    );
    expectError(await post({ ip_policy_ids: [] }), 400, "ERR_NGROK_1804");
    expectError(await post({ ip_policy_ids: undefined }), 400, "ERR_NGROK_1804");
    expect((await post({})).statusCode).toBe(201);
    expectError(await post({}), 400, "ERR_NGROK_1802", "existing dashboard restriction");
    expect((await post({ type: "api", enforced: true })).statusCode).toBe(201);
  });

  test("a reserved address: its region (stated values and default) and its addr", async () => {
    expectError(
      await api(app, "POST", "/reserved_addrs", { region: "mars" }),
      400,
      "ERR_NGROK_500",
      "mars is invalid. Use one of the following acceptable values: au, eu, ap, us, jp, in, sa",
    );
    const us = body(await api(app, "POST", "/reserved_addrs", { description: "ssh" }));
    expect(us.region).toBe("us");
    expect(us.addr).toMatch(/^1\.tcp\.ngrok\.io:\d{5}$/);
    const eu = body(await api(app, "POST", "/reserved_addrs", { region: "eu" }));
    expect(eu.addr).toMatch(/^1\.tcp\.eu\.ngrok\.io:\d{5}$/);
    expect(eu.addr).not.toBe(us.addr);
    // An update keeps the region (no default for what it does not send).
    const renamed = body(
      await api(app, "PATCH", `/reserved_addrs/${eu.id}`, { description: "db" }),
    );
    expect([renamed.region, renamed.addr]).toEqual(["eu", eu.addr]);
    // addr is the emulator's: the document's create and update do not take it.
    expectError(await api(app, "POST", "/reserved_addrs", { addr: "x:1" }), 400, "ERR_NGROK_214");
  });

  test("an event destination: format, exactly one target, exactly one auth, ARNs, URIs", async () => {
    const post = (fields: Record<string, unknown>) =>
      api(app, "POST", "/event_destinations", { format: "json", ...fields });
    const kinesis = (auth: unknown, stream = STREAM_ARN) => ({
      target: { kinesis: { auth, stream_arn: stream } },
    });
    const role = { role: { role_arn: ROLE_ARN } };
    expectError(await post({ format: "xml", ...kinesis(role) }), 400, "ERR_NGROK_235", "xml");
    expectError(await post({}), 400, "ERR_NGROK_5100");
    expectError(await post({ target: {} }), 400, "ERR_NGROK_5100");
    const two = {
      target: {
        datadog: { api_key: "k" },
        firehose: { auth: role, delivery_stream_arn: STREAM_ARN },
      },
    };
    expectError(await post(two), 400, "ERR_NGROK_5115");
    expectError(
      await post({ target: { kinesis: { stream_arn: STREAM_ARN } } }),
      400,
      "ERR_NGROK_5106",
    );
    expectError(await post(kinesis({})), 400, "ERR_NGROK_5107");
    const both = { ...role, creds: { aws_access_key_id: "a", aws_secret_access_key: "b" } };
    expectError(await post(kinesis(both)), 400, "ERR_NGROK_5116");
    expectError(await post(kinesis({ role: { role_arn: "role/example" } })), 400, "ERR_NGROK_5104");
    // A stream ARN has no code of its own.
    expectError(await post(kinesis(role, "stream")), 400, "ERR_NGROK_215", "Amazon Resource Name");
    expectError(await post({ target: { datadog: {} } }), 400, "ERR_NGROK_5133");
    const azure = {
      tenant_id: "t",
      client_id: "c",
      client_secret: "s",
      logs_ingestion_uri: "not a uri",
      data_collection_rule_id: "dcr-1",
      data_collection_stream_name: "Custom-ngrok",
    };
    expectError(await post({ target: { azure_logs_ingestion: azure } }), 400, "ERR_NGROK_5138");
    const { data_collection_rule_id: _rule, ...noRule } = azure;
    expectError(
      await post({
        target: { azure_logs_ingestion: { ...noRule, logs_ingestion_uri: "https://x.example" } },
      }),
      400,
      "ERR_NGROK_5136",
    );
    const created = await post(kinesis(role));
    expect(created.statusCode).toBe(201);
    // The typed target is answered as sent, the other targets and auth null (ngrok's example).
    expect(body(created).target).toEqual({
      firehose: null,
      kinesis: { auth: { role: { role_arn: ROLE_ARN }, creds: null }, stream_arn: STREAM_ARN },
      cloudwatch_logs: null,
      datadog: null,
      azure_logs_ingestion: null,
    });
  });

  test("an event subscription: lengths in characters, sources with their URIs", async () => {
    const destination = await made(app, "/event_destinations", {
      format: "json",
      target: { datadog: { api_key: "k" } },
    });
    // "max 255 chars": 255 two-byte characters fit, 256 do not.
    const post = (description: string) =>
      api(app, "POST", "/event_subscriptions", { description, destination_ids: [destination] });
    expect((await post("é".repeat(255))).statusCode).toBe(201);
    expectError(await post("é".repeat(256)), 400, "ERR_NGROK_215", "255 characters");
    const subscription = body(
      await api(app, "POST", "/event_subscriptions", {
        destination_ids: [destination],
        sources: [{ type: "ip_policy_created.v0" }],
      }),
    );
    expect(subscription.sources).toEqual([
      { type: "ip_policy_created.v0", uri: `${subscription.uri}/sources/ip_policy_created.v0` },
    ]);
  });

  test("an agent ingress: its certificate policy's stated values and default", async () => {
    const post = (policy: unknown) =>
      api(app, "POST", "/agent_ingresses", {
        domain: "connect.example.com",
        certificate_management_policy: policy,
      });
    expectError(await post({ private_key_type: "dsa" }), 400, "ERR_NGROK_215", "rsa, ecdsa");
    expectError(await post({ authority: "zerossl" }), 400, "ERR_NGROK_215", "letsencrypt");
    const ingress = body(await post({}));
    expect(ingress.certificate_management_policy).toEqual({
      authority: "",
      private_key_type: "rsa",
    });
    expect(ingress.certificate_management_status.renews_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(ingress.region_domains).toEqual(["tunnel.us.connect.example.com"]);
    expect(ingress.ns_targets).toHaveLength(4);
    // An update's policy gets the default too; what the update does not send is kept.
    const url = `/agent_ingresses/${ingress.id}`;
    const policy = { certificate_management_policy: { private_key_type: "ecdsa" } };
    expect(body(await api(app, "PATCH", url, policy)).certificate_management_policy).toEqual({
      authority: "",
      private_key_type: "ecdsa",
    });
    const reset = { certificate_management_policy: { authority: "letsencrypt" } };
    const after = body(await api(app, "PATCH", url, reset));
    expect(after.certificate_management_policy).toEqual({
      authority: "letsencrypt",
      private_key_type: "rsa",
    });
    expect(after.domain).toBe("connect.example.com");
    const plain = body(await api(app, "POST", "/agent_ingresses", { domain: "a.example.com" }));
    expect([plain.certificate_management_policy, plain.certificate_management_status]).toEqual([
      null,
      null,
    ]);
    expectError(await api(app, "POST", "/agent_ingresses", {}), 400, "ERR_NGROK_215", "domain");
  });

  test("vaults and their secrets: names, values, uniqueness", async () => {
    const vault = (name: unknown) => api(app, "POST", "/vaults", { name });
    expectError(await vault("prod vault"), 400, "ERR_NGROK_23000", '"prod vault" is invalid');
    expectError(await vault(undefined), 400, "ERR_NGROK_23001");
    expectError(await vault(""), 400, "ERR_NGROK_23001");
    const prod = body(await vault("prod/db.keys_1"));
    expectError(await vault("prod/db.keys_1"), 400, "ERR_NGROK_23004");
    const staging = await made(app, "/vaults", { name: "staging" });
    const secret = (fields: Record<string, unknown>) =>
      api(app, "POST", "/vault_secrets", { name: "db", value: "v", vault_id: prod.id, ...fields });
    expectError(await secret({ name: "db password" }), 400, "ERR_NGROK_24000");
    expectError(await secret({ name: "" }), 400, "ERR_NGROK_24001");
    expectError(await secret({ value: undefined }), 400, "ERR_NGROK_24003");
    expectError(await secret({ vault_id: undefined }), 400, "ERR_NGROK_24008");
    expect((await secret({})).statusCode).toBe(201);
    expectError(await secret({}), 400, "ERR_NGROK_24005");
    expect((await secret({ vault_id: staging })).statusCode).toBe(201);
    expectError(
      await api(app, "PATCH", `/vaults/${staging}`, { name: "prod/db.keys_1" }),
      400,
      "ERR_NGROK_23004",
    );
  });

  test("service users: a name, unique; active unless said otherwise", async () => {
    expectError(await api(app, "POST", "/service_users", {}), 400, "ERR_NGROK_4109");
    const user = body(await api(app, "POST", "/service_users", { name: "ci" }));
    expect(user).toMatchObject({ name: "ci", active: true });
    expectError(await api(app, "POST", "/service_users", { name: "ci" }), 400, "ERR_NGROK_4112");
    const paused = body(await api(app, "POST", "/service_users", { name: "cd", active: false }));
    expect(paused.active).toBe(false);
  });
});

describe("references: checked against the collection they name, answered as Refs", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  test("a dangling or foreign id: ngrok's codes, status 404 (or 400 with the option)", async () => {
    const rule = { action: "allow", cidr: "10.0.0.0/8" };
    const dangling = `ipp_${MISSING}`;
    const missing = await api(app, "POST", "/ip_policy_rules", { ...rule, ip_policy_id: dangling });
    expectError(missing, 404, "ERR_NGROK_1402", "IP Policy not found");
    const vault = await made(app, "/vaults", { name: "v" });
    const foreign = await api(app, "POST", "/ip_policy_rules", { ...rule, ip_policy_id: vault });
    expectError(foreign, 400, "ERR_NGROK_229", `The ID ${vault} is not a valid IP Policy ID.`);
    const restriction = { type: "api", ip_policy_ids: [dangling] };
    expectError(
      await api(app, "POST", "/ip_restrictions", restriction),
      404,
      "ERR_NGROK_1801",
      dangling,
    );
    const subscription = { destination_ids: [`ed_${MISSING}`] };
    expectError(
      await api(app, "POST", "/event_subscriptions", subscription),
      404,
      "ERR_NGROK_5103",
    );
    const secret = { name: "a", value: "b" };
    const byId = await api(app, "POST", "/vault_secrets", {
      ...secret,
      vault_id: `vault_${MISSING}`,
    });
    expectError(byId, 404, "ERR_NGROK_24006");
    const byName = await api(app, "POST", "/vault_secrets", { ...secret, vault_name: "nope" });
    expectError(byName, 404, "ERR_NGROK_24009", "nope");
    // Another kind of id with no code of its own: ERR_NGROK_227, naming the prefix.
    const other = await api(app, "POST", "/vault_secrets", {
      ...secret,
      vault_id: `ipp_${MISSING}`,
    });
    expectError(other, 400, "ERR_NGROK_227", "vault_");

    const lenient = newApp({ plainCollections: { referenceNotFoundStatus: 400 } });
    const answered = await api(lenient, "POST", "/ip_policy_rules", {
      ...rule,
      ip_policy_id: dangling,
    });
    expectError(answered, 400, "ERR_NGROK_1402");
    await lenient.close();
  });

  test("Refs: { id, uri } of the object named, never null; a list; by name", async () => {
    const policy = await made(app, "/ip_policies", {});
    const second = await made(app, "/ip_policies", {});
    const rule = body(
      await api(app, "POST", "/ip_policy_rules", {
        ip_policy_id: policy,
        action: "deny",
        cidr: "::/0",
      }),
    );
    expect(rule.ip_policy).toEqual({
      id: policy,
      uri: `http://localhost:80/ip_policies/${policy}`,
    });
    expect(rule).not.toHaveProperty("ip_policy_id");
    const restriction = body(
      await api(app, "POST", "/ip_restrictions", {
        type: "agent",
        ip_policy_ids: [policy, second],
      }),
    );
    expect(restriction.ip_policies.map((ref: { id: string }) => ref.id)).toEqual([policy, second]);
    expect(restriction.ip_policies[1].uri).toBe(`http://localhost:80/ip_policies/${second}`);
    const url = `/ip_restrictions/${restriction.id}`;
    const moved = body(await api(app, "PATCH", url, { ip_policy_ids: [second] }));
    expect(moved.ip_policies).toEqual([
      { id: second, uri: `http://localhost:80/ip_policies/${second}` },
    ]);
    const dangling = await api(app, "PATCH", url, { ip_policy_ids: [`ipp_${MISSING}`] });
    expectError(dangling, 404, "ERR_NGROK_1801");
    expect(body(await api(app, "GET", url)).ip_policies).toEqual(moved.ip_policies);

    const vault = body(await api(app, "POST", "/vaults", { name: "prod" }));
    const secret = body(
      await api(app, "POST", "/vault_secrets", { name: "db", value: "v", vault_name: "prod" }),
    );
    expect(secret.vault).toEqual({ id: vault.id, uri: `http://localhost:80/vaults/${vault.id}` });
    expect(secret.vault_name).toBe("prod");
    await api(app, "PATCH", `/vaults/${vault.id}`, { name: "production" });
    expect(body(await api(app, "GET", `/vault_secrets/${secret.id}`)).vault_name).toBe(
      "production",
    );
  });
});

describe("deleting an object others name", () => {
  const policyWithRuleAndRestriction = async (app: EmulatorApp) => {
    const policy = await made(app, "/ip_policies", {});
    const rule = await made(app, "/ip_policy_rules", {
      ip_policy_id: policy,
      action: "allow",
      cidr: "10.0.0.0/8",
    });
    const restriction = await made(app, "/ip_restrictions", {
      type: "api",
      ip_policy_ids: [policy],
    });
    return { policy, rule, restriction };
  };

  test("an IP policy: refused while restrictions name it (1420); its rules go with it", async () => {
    const app = newApp();
    const { policy, rule, restriction } = await policyWithRuleAndRestriction(app);
    expectError(
      await api(app, "DELETE", `/ip_policies/${policy}`),
      400,
      "ERR_NGROK_1420",
      `Cannot delete IP Policy (${policy}) because it is referenced by one or more IP Restrictions: (${restriction}).`,
    );
    expect((await api(app, "GET", `/ip_policy_rules/${rule}`)).statusCode).toBe(200);
    expect((await api(app, "DELETE", `/ip_restrictions/${restriction}`)).statusCode).toBe(204);
    expect((await api(app, "DELETE", `/ip_policies/${policy}`)).statusCode).toBe(204);
    expectError(await api(app, "GET", `/ip_policy_rules/${rule}`), 404, undefined);
    await app.close();
  });

  test("the options: rules and restrictions kept, naming the deleted policy", async () => {
    const app = newApp({ plainCollections: { ipPolicyRules: "keep", ipRestrictions: "keep" } });
    const { policy, rule, restriction } = await policyWithRuleAndRestriction(app);
    expect((await api(app, "DELETE", `/ip_policies/${policy}`)).statusCode).toBe(204);
    const ref = { id: policy, uri: `http://localhost:80/ip_policies/${policy}` };
    expect(body(await api(app, "GET", `/ip_policy_rules/${rule}`)).ip_policy).toEqual(ref);
    expect(body(await api(app, "GET", `/ip_restrictions/${restriction}`)).ip_policies).toEqual([
      ref,
    ]);
    await app.close();
  });

  test("a vault holding secrets (23003); an event destination a subscription uses (5112)", async () => {
    const app = newApp();
    const vault = await made(app, "/vaults", { name: "v" });
    const secret = await made(app, "/vault_secrets", { name: "s", value: "x", vault_id: vault });
    expectError(await api(app, "DELETE", `/vaults/${vault}`), 400, "ERR_NGROK_23003");
    expect((await api(app, "DELETE", `/vault_secrets/${secret}`)).statusCode).toBe(204);
    expect((await api(app, "DELETE", `/vaults/${vault}`)).statusCode).toBe(204);

    const destination = await made(app, "/event_destinations", {
      format: "json",
      target: { datadog: { api_key: "k" } },
    });
    const subscription = await made(app, "/event_subscriptions", {
      destination_ids: [destination],
    });
    const refused = await api(app, "DELETE", `/event_destinations/${destination}`);
    expectError(refused, 400, "ERR_NGROK_5112", `"${destination}" cannot be deleted`);
    expect((await api(app, "DELETE", `/event_subscriptions/${subscription}`)).statusCode).toBe(204);
    expect((await api(app, "DELETE", `/event_destinations/${destination}`)).statusCode).toBe(204);
    await app.close();
  });

  test("option values are checked", () => {
    // As a JavaScript caller could pass them.
    const parsed = (text: string) => ({ plainCollections: JSON.parse(text) });
    expect(() => newApp(parsed('{"ipPolicyRules": "refuse"}'))).toThrow(
      'plainCollections.ipPolicyRules must be one of "cascade", "keep", got "refuse"',
    );
    expect(() => newApp(parsed('{"strict": true}'))).toThrow(
      "plainCollections.strict is not an option",
    );
  });
});

describe("tokens answered once, write-only fields never answered", () => {
  test.each(["/api_keys", "/credentials"])("%s: the token on create only", async (path) => {
    const app = newApp();
    const created = body(await api(app, "POST", path, { description: "laptop" }));
    const ksuid = created.id.replace(/^[a-z]+_/, "");
    expect(created.token).toMatch(new RegExp(`^${ksuid}_[0-9A-Za-z]{21}$`));
    expect(created.owner_id).toMatch(/^usr_[0-9A-Za-z]{27}$/);
    const url = `${path}/${created.id}`;
    expect(body(await api(app, "GET", url)).token).toBeNull();
    expect(body(await api(app, "PATCH", url, { description: "desk" })).token).toBeNull();
    const listed = Object.values(body(await api(app, "GET", path))).find(Array.isArray);
    expect(listed).toEqual([expect.objectContaining({ id: created.id, token: null })]);
    expect(JSON.stringify(app.emulator.snapshot())).not.toContain(created.token);
    // Another create gets another token.
    const second = body(await api(app, "POST", path, {}));
    expect(second.token).not.toBe(created.token);
    await app.close();
  });

  test("an owner_id sent is kept; without one, the API key's owner", async () => {
    const app = newApp({ apiKeyOwnerId: "usr_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx" });
    expect(body(await api(app, "POST", "/api_keys", {})).owner_id).toBe(
      "usr_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx",
    );
    const owned = await api(app, "POST", "/credentials", {
      owner_id: "service_3MtdIH1z4qx4XrbCwYFcBVgjDXn",
    });
    expect(body(owned).owner_id).toBe("service_3MtdIH1z4qx4XrbCwYFcBVgjDXn");
    await app.close();
  });

  test("a vault secret's value is accepted and never answered", async () => {
    const app = newApp();
    const value = "correct horse battery staple";
    const vault = await made(app, "/vaults", { name: "v" });
    const created = await api(app, "POST", "/vault_secrets", { name: "s", value, vault_id: vault });
    const id = body(created).id;
    const updated = await api(app, "PATCH", `/vault_secrets/${id}`, { value: `${value}!` });
    const answers = [
      created,
      updated,
      await api(app, "GET", `/vault_secrets/${id}`),
      await api(app, "GET", "/vault_secrets"),
      await api(app, "GET", `/vaults/${vault}/secrets`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeLessThan(300);
      expect(answer.body).not.toContain(value);
      expect(answer.body).not.toContain('"value"');
    }
    expect(JSON.stringify(app.emulator.snapshot())).not.toContain(value);
    await app.close();
  });

  test("a TLS certificate's private key is accepted and never answered", async () => {
    const app = newApp();
    const created = await api(app, "POST", "/tls_certificates", {
      certificate_pem: certificates.leafPem,
      private_key_pem: certificates.leafKeyPem,
    });
    expect(created.statusCode).toBe(201);
    const keyBody = certificates.leafKeyPem.split("\n")[1];
    const id = body(created).id;
    for (const answer of [created, await api(app, "GET", `/tls_certificates/${id}`)]) {
      expect(answer.body).not.toContain(keyBody);
      expect(answer.body).not.toContain("private_key_pem");
    }
    expect(JSON.stringify(app.emulator.snapshot())).not.toContain(keyBody);
    await app.close();
  });
});

describe("a vault's secrets: GET /vaults/{id}/secrets", () => {
  test("lists that vault's secrets only, newest first, paged; the vault must exist", async () => {
    const app = newApp();
    const prod = await made(app, "/vaults", { name: "prod" });
    const staging = await made(app, "/vaults", { name: "staging" });
    const ids: string[] = [];
    for (const name of ["a", "b", "c"]) {
      ids.push(await made(app, "/vault_secrets", { name, value: "v", vault_id: prod }));
    }
    await made(app, "/vault_secrets", { name: "a", value: "v", vault_id: staging });
    const page = body(await api(app, "GET", `/vaults/${prod}/secrets?limit=2`));
    expect(page.secrets.map((secret: { id: string }) => secret.id)).toEqual([ids[2], ids[1]]);
    expect(page.uri).toBe(`http://localhost:80/vaults/${prod}/secrets`);
    expect(page.next_page_uri).toBe(
      `http://localhost:80/vaults/${prod}/secrets?limit=2&before_id=${ids[1]}`,
    );
    const rest = body(await api(app, "GET", `/vaults/${prod}/secrets?limit=2&before_id=${ids[1]}`));
    expect(rest.secrets.map((secret: { id: string }) => secret.id)).toEqual([ids[0]]);
    expect(rest.next_page_uri).toBeNull();
    expect(body(await api(app, "GET", `/vaults/${staging}/secrets`)).secrets).toHaveLength(1);
    expectError(await api(app, "GET", `/vaults/vault_${MISSING}/secrets`), 404, undefined);
    expectError(await api(app, "GET", `/vaults/ipp_${MISSING}/secrets`), 400, "ERR_NGROK_227");
    expectError(await api(app, "GET", `/vaults/${prod}/secrets?limit=0`), 400, "ERR_NGROK_233");
    await app.close();
  });
});

describe("collections the API only reads: seeded by tests", () => {
  test.each([
    ["/tunnel_sessions", "ts_", { region: "eu", agent_version: "3.20.0", transport: "ngrok/v2" }],
    [
      "/app/users",
      "app_user_",
      { email: "ada@example.com", identity_provider: { name: "Google" } },
    ],
    ["/app/sessions", "app_sess_", { public_url: "https://app.example.com" }],
  ])("%s: seed, GET one, list", async (path, prefix, fields) => {
    const app = newApp();
    const seeded = app.emulator.seed(path, fields);
    expect(seeded).toMatchObject(fields);
    expect(String(seeded.id)).toMatch(new RegExp(`^${prefix}[0-9A-Za-z]{27}$`));
    expect(seeded.uri).toBe(`http://localhost${path}/${String(seeded.id)}`);
    const url = `${path}/${String(seeded.id)}`;
    const read = body(await api(app, "GET", url));
    expect(read).toEqual({ ...seeded, uri: `http://localhost:80${url}` });
    const listed = Object.values(body(await api(app, "GET", path))).find(Array.isArray);
    expect(listed).toEqual([read]);
    // Not a request: neither recorded nor counted.
    expect(app.emulator.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
    expect((await api(app, "POST", path, {})).statusCode).toBe(405);
    expect(app.emulator.snapshot().collections[path]).toEqual([read]);
    await app.close();
  });

  test("a tunnel session's Ref and an application user's are kept as seeded", async () => {
    const app = newApp();
    const credential = { id: `cr_${MISSING}`, uri: `http://localhost/credentials/cr_${MISSING}` };
    expect(app.emulator.seed("/tunnel_sessions", { credential }).credential).toEqual(credential);
    const user = app.emulator.seed("/app/users", {});
    const session = app.emulator.seed("/app/sessions", {
      application_user: { id: user.id, uri: user.uri },
    });
    expect(session.application_user).toEqual({ id: user.id, uri: user.uri });
    expect((await api(app, "DELETE", `/app/sessions/${String(session.id)}`)).statusCode).toBe(204);
    await app.close();
  });

  test("refuses what the API creates, ids, unknown fields and wrong types", () => {
    const app = newApp();
    expect(() => app.emulator.seed("/ip_policies", {})).toThrow(
      "/ip_policies is created through the API",
    );
    expect(() => app.emulator.seed("/edges/https", {})).toThrow(
      "is not served from ngrok's document",
    );
    expect(() => app.emulator.seed("/tunnel_sessions", { id: "ts_x" })).toThrow("id and uri");
    expect(() => app.emulator.seed("/tunnel_sessions", { colour: "red" })).toThrow(
      expect.objectContaining({ errorCode: "ERR_NGROK_214" }),
    );
    expect(() => app.emulator.seed("/tunnel_sessions", { region: 7 })).toThrow(
      expect.objectContaining({ errorCode: "ERR_NGROK_215" }),
    );
  });
});
