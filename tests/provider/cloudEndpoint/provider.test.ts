/**
 * CloudEndpoint (provider/cloudEndpoint/): the traffic policy wired into its `check` (failures
 * with paths, secrets never quoted), `diff` (canonical forms) and wire body (canonical JSON), and
 * its provider methods against the emulator, counting requests: create on a reserved domain and
 * on an internal host, refresh drift of the policy, update in place, replace on url, delete.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  cloudEndpointProvider as provider,
  listCloudEndpoints,
  reservedDomainProvider,
  resetStackConfig,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type CloudEndpointInputs,
  type CloudEndpointOutputs,
  cloudEndpointDefinition,
} from "../../../provider/cloudEndpoint/definition";
import { SECRET_INPUTS_KEY } from "../../../provider/common/secretInputs";
import { UNKNOWN } from "../../../provider/common/unknown";
import type { ReservedDomainInputs } from "../../../provider/reservedDomain/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check: checkCloudEndpoint, diff: diffCloudEndpoint } = cloudEndpointDefinition;
const PATH = "/endpoints";
let emulator: RunningEmulator;
let domain: string;
let domainId: string;
let serial = 0;

const OIDC_YAML = `
on_http_request:
  - name: sign in
    actions:
      - type: openid-connect
        config:
          issuer_url: https://idp.example.com
          client_id: app
          client_secret: s3cret-value
      - type: forward-internal
        config:
          url: https://app.internal
`;
/** The same policy as an object, keys in another order. */
const OIDC_OBJECT = {
  onHttpRequest: [
    {
      actions: [
        {
          config: {
            clientSecret: "s3cret-value",
            clientId: "app",
            issuerUrl: "https://idp.example.com",
          },
          type: "openid-connect",
        },
        { type: "forward-internal", config: { url: "https://app.internal" } },
      ],
      name: "sign in",
    },
  ],
};
const DENY = { onHttpRequest: [{ actions: [{ type: "deny", config: { statusCode: 403 } }] }] };
/** A TCP or TLS endpoint's smallest policy: a cloud endpoint's must end with a terminating action. */
const TCP_DENY = { onTcpConnect: [{ actions: [{ type: "deny" }] }] };

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
  domain = `app-${process.pid}.example.com`;
  const inputs: ReservedDomainInputs = { domain };
  domainId = (await reservedDomainProvider.create(inputs)).id;
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

/** A URL on the reserved domain's wildcard-free host, distinct per test (by port). */
const url = () => `tls://${domain}:${10000 + ++serial}`;

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as CloudEndpointInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts the policy as YAML, JSON or an object", () => {
    const json = JSON.stringify({ on_http_request: [{ actions: [{ type: "deny" }] }] });
    for (const trafficPolicy of [OIDC_YAML, json, OIDC_OBJECT]) {
      expect(checkCloudEndpoint({ url: `https://${domain}`, trafficPolicy }).failures).toEqual([]);
    }
  });

  it("refuses what checkTrafficPolicy refuses, each failure naming the path, the property unnamed", () => {
    const policy = {
      onHttpRequest: [
        {
          actions: [
            { type: "deny" },
            { type: "openid-connect", config: { issuerUrl: "http://idp.example.com" } },
          ],
        },
      ],
    };
    const failures = checkCloudEndpoint({
      url: `https://${domain}`,
      trafficPolicy: policy,
    }).failures!;
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.map((f) => f.property)).toEqual(failures.map(() => ""));
    expect(failures.map((f) => f.reason)).toContainEqual(
      expect.stringMatching(/^trafficPolicy\.onHttpRequest\[0\]\.actions\[1\]\.config\.issuerUrl /),
    );
    expect(checkCloudEndpoint({ url: `https://${domain}`, trafficPolicy: 42 }).failures).toEqual([
      {
        property: "", // a document is never named: the engine would print its value
        reason: expect.stringMatching(/^trafficPolicy must be an object, or YAML or JSON text/),
      },
    ]);
    expect(checkCloudEndpoint({ url: `https://${domain}` }).failures).toEqual([
      { property: "trafficPolicy", reason: expect.stringMatching(/^trafficPolicy is required/) },
    ]);
  });

  it("a secret policy's failures never quote its values", () => {
    const trafficPolicy = OIDC_YAML.replace("https://idp.example.com", "http://s3cret-issuer");
    const failures = checkCloudEndpoint({
      url: `https://${domain}`,
      trafficPolicy,
      [SECRET_INPUTS_KEY]: ["trafficPolicy"],
    }).failures!;
    expect(failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures)).not.toContain("s3cret");
  });

  it("a policy whose CEL ngrok refuses (#49) fails at check, with its line and column, and 0 requests", async () => {
    const trafficPolicy =
      "on_http_request:\n  - expressions:\n      - \"req.pathh == '/a'\"\n    actions:\n      - type: deny\n";
    const { value, error, calls } = await tracked(emulator, () =>
      provider.check({}, { url: `https://${domain}`, trafficPolicy }),
    );
    expect(error).toBeUndefined();
    expect(calls).toEqual([]);
    expect(value?.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^trafficPolicy\.on_http_request\[0\]\.expressions\[0\] must be a CEL expression ngrok accepts; at line 1, column 5: req has no field pathh \(did you mean "req\.url\.path"\?\)/,
        ),
      },
    ]);
  });

  it("a secret inside the policy, or all of it: the failure names its path and action type, and hides the values only (issue #48 §2)", () => {
    const policy = {
      onHttpRequest: [
        {
          name: "sign in",
          actions: [
            {
              type: "openid-connect",
              config: {
                issuerUrl: "http://idp.example.com",
                clientId: "app",
                clientSecret: "s3cret-value-long",
              },
            },
            { type: "forward-internal", config: { url: "https://app.internal" } },
          ],
        },
      ],
    };
    const reasons = (secretInputs: string[]) =>
      checkCloudEndpoint({
        url: `https://${domain}`,
        trafficPolicy: policy,
        [SECRET_INPUTS_KEY]: secretInputs,
      }).failures!.map((f) => f.reason);
    const path = "trafficPolicy.onHttpRequest[0].actions[0].config";
    const failure = `${path}.issuerUrl (openid-connect action) must be an absolute https:// URL: its scheme is http; got`;
    // The client secret alone: every other value is quoted.
    expect(reasons([`${path}.clientSecret`])).toEqual([`${failure} "http://idp.example.com"`]);
    // The whole policy (an apply over the secret): its values hidden, not its keys nor the action.
    expect(reasons(["trafficPolicy"])).toEqual([`${failure} [secret]`]);
  });

  it("an unknown action type passes (the warning is the module's)", () => {
    const trafficPolicy = { onHttpRequest: [{ actions: [{ type: "teleport" }] }] };
    expect(checkCloudEndpoint({ url: `https://${domain}`, trafficPolicy }).failures).toEqual([]);
  });

  it("judges the policy against the url, with no request; a url not known yet (preview) skips only those rules", async () => {
    const http = {
      onHttpRequest: [{ actions: [{ type: "add-headers", config: { headers: { a: "b" } } }] }],
    };
    const { value, calls } = await tracked(emulator, () =>
      provider.check({}, { url: `tls://${domain}:443`, trafficPolicy: http }),
    );
    expect(calls).toEqual([]);
    expect(value!.failures!.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        /^trafficPolicy\.onHttpRequest does not run on a tls endpoint \(tls:\/\/.*\).*ERR_NGROK_2230/,
      ),
      expect.stringMatching(
        /^trafficPolicy\.onTcpConnect must end with a terminating action .* onTcpConnect has no rule: ngrok refuses it \(ERR_NGROK_2235/,
      ),
    ]);
    // In a preview the url may come from another resource: the policy's own rules still apply.
    const previewed = checkCloudEndpoint({ url: UNKNOWN, trafficPolicy: http }).failures;
    expect(previewed).toEqual([]);
    const typo = { onHttpRequest: [{ actions: [{ type: "openid-conect" }] }] };
    expect(checkCloudEndpoint({ url: UNKNOWN, trafficPolicy: typo }).failures).toEqual([
      {
        property: "",
        reason: expect.stringContaining('(did you mean "openid-connect"?)'),
      },
    ]);
  });
});

describe("diff", () => {
  it("YAML, JSON and an object of one policy are no change; another policy updates; url replaces", () => {
    const olds = { url: `https://${domain}`, trafficPolicy: OIDC_YAML };
    expect(diffCloudEndpoint(olds, { url: olds.url, trafficPolicy: OIDC_OBJECT }).changes).toBe(
      false,
    );
    const json = JSON.stringify({
      on_http_request: [
        {
          name: "sign in",
          actions: [
            {
              type: "openid-connect",
              config: {
                client_secret: "s3cret-value",
                issuer_url: "https://idp.example.com",
                client_id: "app",
              },
            },
            { config: { url: "https://app.internal" }, type: "forward-internal" },
          ],
        },
      ],
    });
    expect(diffCloudEndpoint(olds, { url: olds.url, trafficPolicy: json }).changes).toBe(false);
    expect(diffCloudEndpoint(olds, { url: olds.url, trafficPolicy: DENY })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["trafficPolicy"],
    });
    expect(
      diffCloudEndpoint(olds, { url: `https://x.${domain}`, trafficPolicy: OIDC_YAML }),
    ).toMatchObject({
      replaces: ["url"],
      deleteBeforeReplace: false,
    });
  });
});

describe("against the emulator", () => {
  it("creates with one POST: the policy sent as canonical JSON, type cloud, ngrok's outputs", async () => {
    const { id, outs } = await created({
      url: url(),
      trafficPolicy: { onTcpConnect: [{ actions: [{ type: "deny" }] }] },
      description: "tcp",
    });
    expect(id).toMatch(/^ep_/);
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body).toMatchObject({
      type: "cloud",
      traffic_policy: '{"on_tcp_connect":[{"actions":[{"type":"deny"}]}]}',
    });
    expect(outs).toMatchObject({
      trafficPolicy: '{"on_tcp_connect":[{"actions":[{"type":"deny"}]}]}',
      bindings: ["public"],
      hostport: expect.stringContaining(domain),
      publicUrl: expect.stringContaining(domain),
      // The reserved domain the URL is on: a reference, its id (`domain: { id, uri }` answered).
      domainId,
      principal: { id: expect.any(String) },
      description: "tcp",
    });
  });

  it("an internal binding on a .internal host; a host the account did not reserve is refused naming url", async () => {
    const internal = await created({
      url: `https://app-${process.pid}.internal`,
      bindings: ["internal"],
      trafficPolicy: DENY,
    });
    expect(internal.outs).not.toHaveProperty("domainId");
    const inputs = checkCloudEndpoint({ url: "https://elsewhere.example.org", trafficPolicy: DENY })
      .inputs as CloudEndpointInputs;
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(String(error)).toContain("ngrok refused url:");
  });

  it("refresh: the policy changed outside Pulumi shows as drift; ngrok's own text of the same policy does not", async () => {
    const { id, outs, inputs } = await created({
      url: url(),
      trafficPolicy: "on_tcp_connect:\n  - actions:\n      - type: deny\n",
    });
    // The same policy in another layout: no drift.
    await callApi(emulator, "PATCH", `${PATH}/${id}`, {
      traffic_policy: '{ "on_tcp_connect": [ { "actions": [ { "type": "deny" } ] } ] }',
    });
    let read = await tracked(emulator, () => provider.read(id, outs));
    expect(read.calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(diffCloudEndpoint(read.value!.props!, inputs).changes).toBe(false);
    // Another policy: drift, which the next update sets back.
    await callApi(emulator, "PATCH", `${PATH}/${id}`, {
      traffic_policy: "on_tcp_connect: []",
    });
    read = await tracked(emulator, () => provider.read(id, outs));
    expect(read.value!.inputs!.trafficPolicy).toBe("on_tcp_connect: []");
    expect(diffCloudEndpoint(read.value!.props!, inputs)).toMatchObject({
      changes: true,
      updates: ["trafficPolicy"],
    });
    const drifted = read.value!.props as CloudEndpointOutputs;
    const update = await tracked(emulator, () => provider.update(id, drifted, inputs));
    expect(update.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(update.value!.outs!.trafficPolicy).toBe(
      '{"on_tcp_connect":[{"actions":[{"type":"deny"}]}]}',
    );
  });

  it("import: a read without state gives inputs that check and diff as no change", async () => {
    const { id } = await created({
      url: url(),
      trafficPolicy: TCP_DENY,
      metadata: "m",
    });
    const { value } = await tracked(emulator, () => provider.read(id));
    const checked = checkCloudEndpoint(value!.inputs!);
    expect(checked.failures).toEqual([]);
    expect(diffCloudEndpoint(value!.props!, checked.inputs!).changes).toBe(false);
  });

  it("deletes with one DELETE; the list lookup finds by url", async () => {
    const { id, outs, inputs } = await created({ url: url(), trafficPolicy: TCP_DENY });
    expect(
      (await listCloudEndpoints(clientFromConfiguration(), { url: inputs.url })).map((e) => e.id),
    ).toEqual([id]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
  });
});
