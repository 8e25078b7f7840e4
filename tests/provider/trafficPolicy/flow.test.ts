/**
 * How traffic flows through a policy, judged with the endpoint's URL (provider/trafficPolicy/flow.ts,
 * issue #49 §1): the phases each protocol has (ERR_NGROK_2230, 2262), actions by scheme (2205),
 * forward-internal targets, a cloud endpoint's policy that must end with a terminating action
 * (2235), and the readings ngrok's pages disagree on, warned of. Each failure names its path, the
 * action where there is one, the rule and its error code.
 */
import { checkTrafficPolicy } from "../../../provider/trafficPolicy";

/** A YAML policy of `phase` with one rule of `actions` (each `type` or `type {config}`). */
const yaml = (phase: string, ...actions: string[]) =>
  `${phase}:\n  - actions:\n${actions.map((action) => `      - ${action}\n`).join("")}`;
const DENY = "type: deny";
const FORWARD = "{type: forward-internal, config: {url: https://app.internal}}";
const HEADERS = "{type: add-headers, config: {headers: {x-a: b}}}";

/** The reasons of the failures of `policy` at `url` (a cloud endpoint unless `agent`). */
function refused(policy: unknown, url: string, agent = false): string[] {
  const options = { url, ...(agent ? { endpointType: "agent" as const } : {}) };
  return checkTrafficPolicy(policy, options).failures.map((f) => f.reason);
}

describe("phases by the endpoint's protocol", () => {
  test.each(["tcp://1.tcp.ngrok.io:12345", "tls://app.example.com:443"])(
    "a %s endpoint has on_tcp_connect only (ERR_NGROK_2230)",
    (url) => {
      const scheme = url.slice(0, 3);
      const policy =
        yaml("on_tcp_connect", FORWARD.replace("https", scheme)) +
        yaml("on_http_response", HEADERS);
      expect(refused(policy, url)).toEqual([
        `trafficPolicy.on_http_response does not run on a ${scheme} endpoint (${url}), whose only ` +
          "phase is on_tcp_connect: ngrok refuses it (ERR_NGROK_2230, invalid phase for protocol; " +
          "https://ngrok.com/docs/traffic-policy/how-it-works/#phases-available-by-protocol)",
      ]);
      // An empty phase says nothing, and is not sent.
      expect(refused(`${yaml("on_tcp_connect", DENY)}on_http_request: []\n`, url)).toEqual([]);
    },
  );

  test("an internal http(s) endpoint has no on_tcp_connect (ERR_NGROK_2262); a tcp one has", () => {
    const policy = yaml("on_tcp_connect", DENY);
    expect(refused(policy, "https://api.internal")).toEqual([
      expect.stringMatching(
        /^trafficPolicy\.on_tcp_connect does not run on an internal https endpoint \(https:\/\/api\.internal\): ngrok refuses it \(ERR_NGROK_2262/,
      ),
    ]);
    expect(refused(policy, "tcp://db.internal:5432")).toEqual([]);
    // On a public HTTPS endpoint, on_tcp_connect runs, and its deny handles all traffic.
    expect(refused(policy, "https://api.example.com")).toEqual([]);
  });

  test("the object form names the phase as written", () => {
    const policy = {
      onTcpConnect: [{ actions: [{ type: "deny" }] }],
      onHttpRequest: [{ actions: [{ type: "deny" }] }],
    };
    expect(refused(policy, "tcp://1.tcp.ngrok.io:1")[0]).toMatch(
      /^trafficPolicy\.onHttpRequest does not run on a tcp endpoint/,
    );
  });
});

test("terminate-tls runs on https and tls endpoints only (ERR_NGROK_2205)", () => {
  const policy = yaml("on_tcp_connect", "type: terminate-tls", FORWARD.replace("https", "tcp"));
  expect(refused(policy, "tcp://1.tcp.ngrok.io:12345")).toEqual([
    "trafficPolicy.on_tcp_connect[0].actions[0].type (terminate-tls action) does not run on a tcp " +
      "endpoint (tcp://1.tcp.ngrok.io:12345); it runs on https and tls endpoints: ngrok refuses it " +
      "(ERR_NGROK_2205; https://ngrok.com/docs/traffic-policy/actions/terminate-tls/)",
  ]);
  expect(refused(policy.replace("tcp://app", "tls://app"), "tls://app.example.com:443")).toEqual(
    [],
  );
  const https = yaml("on_tcp_connect", "type: terminate-tls") + yaml("on_http_request", FORWARD);
  expect(refused(https, "https://app.example.com")).toEqual([]);
});

describe("forward-internal reaches an endpoint of the same protocol", () => {
  test("from an HTTP phase, an HTTP one, with or without the endpoint's URL", () => {
    const policy = yaml(
      "on_http_request",
      "{type: forward-internal, config: {url: tls://db.internal:5432}}",
    );
    const reason =
      "trafficPolicy.on_http_request[0].actions[0].config.url (forward-internal action) must reach " +
      "an http:// or https:// internal endpoint from on_http_request: ngrok forwards to an " +
      "endpoint of the same protocol, and tls is not HTTP " +
      "(https://ngrok.com/docs/traffic-policy/actions/forward-internal/, Valid forward targets)";
    expect(checkTrafficPolicy(policy).failures.map((f) => f.reason)).toEqual([reason]);
    expect(refused(policy, "https://app.example.com")).toEqual([reason]);
    // A target given by CEL is ngrok's to judge.
    const interpolated = {
      onHttpRequest: [
        {
          actions: [{ type: "forward-internal", config: { url: "${vars.scheme}://db.internal" } }],
        },
      ],
    };
    expect(checkTrafficPolicy(interpolated).failures).toEqual([]);
  });

  test("from a tcp or tls endpoint, not an HTTP one; tcp to tls is warned of", () => {
    const to = (target: string) =>
      yaml("on_tcp_connect", `{type: forward-internal, config: {url: '${target}'}}`);
    expect(refused(to("https://app.internal"), "tcp://1.tcp.ngrok.io:1")).toEqual([
      expect.stringContaining(
        "config.url (forward-internal action) must reach a tcp:// or tls:// internal endpoint from a tcp endpoint",
      ),
    ]);
    const mixed = checkTrafficPolicy(to("tls://db.internal:1"), { url: "tcp://1.tcp.ngrok.io:1" });
    expect(mixed.failures).toEqual([]);
    expect(mixed.warnings).toEqual([
      expect.stringContaining("forwards a tcp endpoint to a tls one"),
    ]);
    // On an HTTPS endpoint's on_tcp_connect, ngrok's pages do not say: passes.
    expect(refused(to("tls://db.internal:1"), "https://app.example.com")).toEqual([]);
  });
});

describe("a cloud endpoint's policy ends with a terminating action (ERR_NGROK_2235)", () => {
  const URL = "https://api.example.com";

  test("a policy whose last action is not terminating is refused, naming what it ends with", () => {
    expect(refused(yaml("on_http_request", HEADERS), URL)).toEqual([
      "trafficPolicy.on_http_request must end with a terminating action (close-connection, deny, " +
        "forward-internal, custom-response) on a cloud endpoint, so that all traffic is handled; " +
        "on_http_request's last rule ends with add-headers, which is not terminating: ngrok " +
        "refuses it (ERR_NGROK_2235; https://ngrok.com/docs/traffic-policy/how-it-works/#non-terminating-actions)",
    ]);
    expect(refused("on_http_request: []\n", URL)).toEqual([
      expect.stringContaining("so that all traffic is handled; on_http_request has no rule"),
    ]);
    expect(refused("on_tcp_connect: []\n", "tcp://1.tcp.ngrok.io:1")).toEqual([
      expect.stringMatching(
        /^trafficPolicy\.on_tcp_connect must end .* on_tcp_connect has no rule/,
      ),
    ]);
  });

  test("forward-internal with on_error: continue does not end it", () => {
    const policy = yaml(
      "on_http_request",
      "{type: forward-internal, config: {url: https://app.internal, on_error: continue}}",
    );
    expect(refused(policy, URL)).toEqual([
      expect.stringContaining(
        "on_http_request's last rule ends with forward-internal, which does not terminate with this config",
      ),
    ]);
    // A fallback after it ends it.
    expect(refused(policy + `      - ${DENY}\n`, URL)).toEqual([]);
  });

  test("any phase that can end it does: on_tcp_connect, or on_http_request of an HTTP endpoint", () => {
    const ends = yaml("on_tcp_connect", DENY) + yaml("on_http_request", HEADERS);
    expect(refused(ends, URL)).toEqual([]);
    // A rule that handles all traffic need not be the last.
    const early = `on_http_request:\n  - actions: [${FORWARD}]\n  - expressions: ['true']\n    actions: [${HEADERS}]\n`;
    expect(refused(early, URL)).toEqual([]);
    // on_http_response never ends it: the request has gone nowhere.
    expect(
      refused(yaml("on_http_response", "{type: custom-response, config: {body: x}}"), URL),
    ).toHaveLength(1);
  });

  test("agent endpoints forward to their upstream: the rule is not theirs; nor without a URL", () => {
    const policy = yaml("on_http_request", HEADERS);
    expect(refused(policy, URL, true)).toEqual([]);
    expect(checkTrafficPolicy(policy).failures).toEqual([]);
    // A URL of no scheme ngrok has: no rule of the URL is judged.
    expect(refused(policy, "api.example.com")).toEqual([]);
    // The protocol's rules are an agent endpoint's too.
    expect(refused(policy, "tcp://1.tcp.ngrok.io:1", true)).toEqual([
      expect.stringContaining("ERR_NGROK_2230"),
    ]);
  });

  test("where ngrok's pages disagree, a warning: expressions on the last rule, redirect, an unknown type", () => {
    const conditional = `on_http_request:\n  - expressions: ["req.url.path == '/a'"]\n    actions: [${FORWARD}]\n`;
    const redirect = yaml(
      "on_http_request",
      "{type: redirect, config: {to: 'https://example.com'}}",
    );
    const unknown = yaml("on_http_request", "type: teleport");
    const warned = [conditional, redirect, unknown].map((policy) =>
      checkTrafficPolicy(policy, { url: URL }),
    );
    expect(warned.map((result) => result.failures)).toEqual([[], [], []]);
    expect(warned[0].warnings).toEqual([
      "trafficPolicy.on_http_request[0] is the last rule, and runs only when its expressions " +
        "hold: traffic they leave out meets no terminating action (ngrok's ERR_NGROK_2235, " +
        '"not guaranteed to handle traffic", or ERR_NGROK_6029 at run time); end with a rule ' +
        "without expressions if they do not cover every case",
    ]);
    expect(warned[1].warnings).toEqual([
      expect.stringMatching(
        /^trafficPolicy\.on_http_request\[0\]\.actions\[0\] ends the policy, and the cloud endpoints page counts redirect .*ERR_NGROK_2235/,
      ),
    ]);
    expect(warned[2].warnings).toContain(
      "trafficPolicy.on_http_request[0].actions[0] ends the policy with an action this version " +
        "does not know: ngrok refuses the policy if it is not terminating (ERR_NGROK_2235)",
    );
  });
});

test("the flow rules need no URL for an action after a terminating one (ERR_NGROK_2207)", () => {
  const policy = yaml("on_tcp_connect", "type: close-connection", DENY, DENY);
  // The first action that never runs is named, as ngrok names it.
  expect(checkTrafficPolicy(policy).failures.map((f) => f.reason)).toEqual([
    "trafficPolicy.on_tcp_connect[0].actions[1] (deny action) never runs: close-connection " +
      "before it (actions[0]) is a terminating action, which ends the rule; ngrok refuses an " +
      "unreachable action (ERR_NGROK_2207, https://ngrok.com/docs/errors/err_ngrok_2207/)",
  ]);
  // forward-internal with on_error: continue lets the next action run.
  const fallback = yaml(
    "on_http_request",
    "{type: forward-internal, config: {url: https://a.internal, on_error: continue}}",
    DENY,
  );
  expect(checkTrafficPolicy(fallback).failures).toEqual([]);
});
