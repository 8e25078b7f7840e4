/**
 * API errors the user can act on reach them with what to do, through both providers against the
 * emulator:
 * - an authentication failure, whether ngrok answers it 401 (its catalogue and clients) or 403
 *   (seen by a third party against the live API): the same sentence, naming where the key came
 *   from (`ngrok:apiKey` or `NGROK_API_KEY`), never the key;
 * - ERR_NGROK_7008, an account without edges, under each plausible status (400, 403, 404): a
 *   clear error from create and read, never taken for "already gone"; a delete that finishes
 *   with a warning saying so, so that `pulumi destroy` can complete;
 * - ERR_NGROK_7196, an account whose edges are read-only, under each plausible status (400,
 *   403): reads work, writes fail with what to do, a delete finishes with a warning that the
 *   module stays;
 * - ERR_NGROK_1956, the account's SSH CA limit.
 * Then `apiErrorHint` itself, for the cases the emulator does not answer.
 */
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  configure,
  httpsEdgeRouteSamlProvider as saml,
  NgrokApiError,
  resetStackConfig,
  sshCertificateAuthorityProvider as ssh,
} from "../../provider";
import { apiKeySource } from "../../provider/client/configuration";
import { apiErrorHint, isAuthFailure } from "../../provider/client/hints";
import type {
  HttpsEdgeRouteSamlInputs,
  HttpsEdgeRouteSamlOutputs,
} from "../../provider/httpsEdgeRouteSaml/definition";
import type { SshCertificateAuthorityInputs } from "../../provider/sshCertificateAuthority/definition";
import { configureProvider } from "../support/configureProvider";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";

const OKTA = readIdpMetadata("okta.xml");
const WRONG_KEY = "wrong_key_0123456789";
const EDGE = "edghts_2aaaaaaaaaaaaaaaaaaaaaaaaaa";
const ROUTE = "edghtsrt_2aaaaaaaaaaaaaaaaaaaaaaaaaa";
const ENV_KEYS = ["NGROK_API_KEY", "NGROK_API_BASE_URL"] as const;

/** The lines `call` wrote through `console.warn` (Pulumi's `log.warn` without an engine). */
async function warned(call: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    await call();
    return spy.mock.calls.map((args) => args.map(String).join(" "));
  } finally {
    spy.mockRestore();
  }
}

/** What `call` rejected with (the test fails if it resolved). */
async function failure(call: () => Promise<unknown>): Promise<NgrokApiError> {
  const error: unknown = await call().then(
    () => new Error("resolved"),
    (e: unknown) => e,
  );
  expect(NgrokApiError.isInstance(error)).toBe(true);
  return error as NgrokApiError;
}

/** Configures the provider as `configure` does, with exactly these stack config values. */
function configureWith(values: Record<string, string>): Promise<void> {
  return configure({ config: { get: (key: string) => values[key] } } as never);
}

async function checkedCa(): Promise<SshCertificateAuthorityInputs> {
  const result = await ssh.check({}, { __provider: "p", privateKeyType: "ed25519" });
  return result.inputs as SshCertificateAuthorityInputs;
}

async function checkedModule(): Promise<HttpsEdgeRouteSamlInputs> {
  const news = { __provider: "p", edgeId: EDGE, routeId: ROUTE, idpMetadata: OKTA };
  const result = await saml.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  return result.inputs as HttpsEdgeRouteSamlInputs;
}

describe("an API key that ngrok refuses", () => {
  const saved: Partial<Record<(typeof ENV_KEYS)[number], string>> = {};
  beforeAll(() => {
    for (const key of ENV_KEYS) saved[key] = process.env[key];
  });
  afterEach(() => {
    resetStackConfig();
    for (const key of ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  const FROM_CONFIG =
    "ngrok refused the API key, which comes from the stack config ngrok:apiKey: check that it " +
    "is an API key (dashboard: API → API Keys; an agent authtoken is not one) of this account " +
    "and still exists, then set it again (pulumi config set ngrok:apiKey --secret)";
  const FROM_ENV =
    "ngrok refused the API key, which comes from the environment variable NGROK_API_KEY (the " +
    "stack config ngrok:apiKey is not set): check that it is an API key (dashboard: API → API " +
    "Keys; an agent authtoken is not one) of this account and still exists, then set it again " +
    "(export NGROK_API_KEY=…)";
  /** The end of the hint: where the key was sent, and which setting said so. */
  const sentTo = (url: string, setting: string) => `. It was sent to ${url} (from ${setting})`;

  describe.each([401, 403] as const)("answered %i", (status) => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, authErrorStatus: status });
    });
    afterAll(() => emulator.close());

    test("from the stack config: both resources say so, with the same hint, and never the key", async () => {
      await configureWith({ "ngrok:apiKey": WRONG_KEY, "ngrok:apiBaseUrl": emulator.url });
      const errors = [
        await failure(async () => ssh.create(await checkedCa())),
        await failure(async () =>
          saml.read(`${EDGE}/${ROUTE}`, { edgeId: EDGE, routeId: ROUTE } as never),
        ),
      ];
      for (const error of errors) {
        expect(error.statusCode).toBe(status);
        expect(error.errorCode).toBe("ERR_NGROK_202");
        expect(error.hint).toBe(FROM_CONFIG + sentTo(emulator.url, "ngrok:apiBaseUrl"));
        expect(error.message).toMatch(
          new RegExp(
            `^ngrok API ${status} ERR_NGROK_202: .*\\(\\w+ /[^)]*, operation op_\\w+\\)\\. `,
          ),
        );
        expect(error.message.endsWith(`. ${error.hint}`)).toBe(true);
        expect(error.message).not.toContain(WRONG_KEY);
      }
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    });

    test("from NGROK_API_KEY, the stack config holding only the base URL: names the variable", async () => {
      process.env.NGROK_API_KEY = WRONG_KEY;
      await configureWith({ "ngrok:apiBaseUrl": emulator.url });
      const error = await failure(async () => ssh.create(await checkedCa()));
      expect(error.statusCode).toBe(status);
      expect(error.hint).toBe(FROM_ENV + sentTo(emulator.url, "ngrok:apiBaseUrl"));
      expect(error.message).not.toContain(WRONG_KEY);
    });

    test("from the environment alone (no configure)", async () => {
      process.env.NGROK_API_KEY = WRONG_KEY;
      process.env.NGROK_API_BASE_URL = emulator.url;
      const error = await failure(async () => ssh.create(await checkedCa()));
      expect(error.hint).toBe(FROM_ENV + sentTo(emulator.url, "NGROK_API_BASE_URL"));
    });

    test("no Authorization accepted either way: a key that is not even well-formed", async () => {
      await configureWith({ "ngrok:apiKey": "a b", "ngrok:apiBaseUrl": emulator.url });
      const error = await failure(async () => ssh.create(await checkedCa()));
      expect(error.statusCode).toBe(status);
      expect(error.errorCode).toBe("ERR_NGROK_201");
      expect(error.hint).toBe(FROM_CONFIG + sentTo(emulator.url, "ngrok:apiBaseUrl"));
    });
  });
});

describe.each([400, 403, 404] as const)(
  "an account without edges: ERR_NGROK_7008 answered %i",
  (status) => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, edgesDeprecated: { status } });
      await configureProvider(emulator);
    });
    afterAll(async () => {
      resetStackConfig();
      await emulator.close();
    });

    const expectEdgesDeprecated = (error: NgrokApiError) => {
      expect(error.statusCode).toBe(status);
      expect(error.errorCode).toBe("ERR_NGROK_7008");
      expect(error.isNotFound).toBe(false);
      expect(error.message).toContain("Edges are deprecated and no longer available");
      expect(error.hint).toMatch(
        /^This ngrok account has no HTTPS edges: ngrok deprecated edges on 2025-12-31 and has removed them from this account \(or the API key is another account's\), .*cloud endpoint with a Traffic Policy openid-connect or oauth action \(ngrok's saml action is in early access\)\. To take an HttpsEdgeRouteSaml out of the stack, delete it from the program and run pulumi up, or run pulumi destroy: its delete finishes with a warning/,
      );
      expect(error.message.endsWith(`. ${error.hint}`)).toBe(true);
    };

    test("create fails with what to do after the take-over GET, and writes nothing", async () => {
      const before = emulator.requests.length;
      expectEdgesDeprecated(await failure(async () => saml.create(await checkedModule())));
      expect(emulator.requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual([
        `GET ${status}`,
      ]);
    });

    test("read (refresh) fails: the module is not taken for gone", async () => {
      const props = { edgeId: EDGE, routeId: ROUTE, claimToken: "t" } as HttpsEdgeRouteSamlOutputs;
      expectEdgesDeprecated(await failure(() => saml.read(`${EDGE}/${ROUTE}`, props)));
    });

    test("delete (destroy) finishes, after one GET, with a warning that says why", async () => {
      const props = {
        edgeId: EDGE,
        routeId: ROUTE,
        claimToken: "t",
        claimedBy: "shop/prod/app-sso",
      } as HttpsEdgeRouteSamlOutputs;
      const before = emulator.requests.length;
      const warnings = await warned(() => saml.delete(`${EDGE}/${ROUTE}`, props));
      expect(emulator.requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual([
        `GET ${status}`,
      ]);
      expect(warnings).toEqual([
        expect.stringMatching(
          new RegExp(
            `^warning: \\[runtime\\] HttpsEdgeRouteSaml "app-sso" \\(stack shop/prod\\) leaves the stack without an API call to delete the SAML module of route ${ROUTE} of HTTPS edge ${EDGE}: this ngrok account has no HTTPS edges any more \\(ngrok answered ERR_NGROK_7008 to GET /edges/https/${EDGE}/routes/${ROUTE}/saml\\);.*the API key may be another account's.*adoptExisting: true can take it back$`,
          ),
        ),
      ]);
    });

    test("SSH certificate authorities still work", async () => {
      const created = await ssh.create(await checkedCa());
      expect(emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id)).toEqual([
        created.id,
      ]);
    });
  },
);

describe.each([400, 403] as const)(
  "an account whose edges are read-only: ERR_NGROK_7196 answered %i",
  (status) => {
    let emulator: RunningEmulator;
    let edgeId: string;
    let routeId: string;
    let created: HttpsEdgeRouteSamlOutputs;
    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      await configureProvider(emulator);
      ({
        edgeId,
        routeIds: [routeId],
      } = await createEdgeWithRoutes(emulator, 1));
      const inputs = (
        await saml.check(
          {},
          {
            edgeId,
            routeId,
            idpMetadata: OKTA,
            claimedBy: "shop/prod/app-sso",
          },
        )
      ).inputs as HttpsEdgeRouteSamlInputs;
      created = (await saml.create(inputs)).outs as HttpsEdgeRouteSamlOutputs;
      emulator.edges.set({ mode: "read-only", status });
    });
    afterAll(async () => {
      resetStackConfig();
      await emulator.close();
    });

    const expectReadOnly = (error: NgrokApiError) => {
      expect(error.statusCode).toBe(status);
      expect(error.errorCode).toBe("ERR_NGROK_7196");
      expect(error.isNotFound).toBe(false);
      expect(isAuthFailure(error.statusCode, error.errorCode)).toBe(false);
      expect(error.message).toContain("Your account has read-only access to Edges.");
      expect(error.hint).toMatch(
        /^This ngrok account's HTTPS edges are read-only: .*the SAML module keeps the configuration it has\. .*cloud endpoint with a Traffic Policy openid-connect or oauth action \(ngrok's saml action is in early access\)\. To stop managing the module, delete the HttpsEdgeRouteSaml from the program and run pulumi up, or run pulumi destroy: its delete finishes with a warning and leaves the module protecting the route/,
      );
      expect(error.message.endsWith(`. ${error.hint}`)).toBe(true);
    };

    test("read (refresh) is answered as before", async () => {
      const read = await saml.read(`${edgeId}/${routeId}`, created);
      expect(read.id).toBe(`${edgeId}/${routeId}`);
      expect(read.props).toEqual(created);
    });

    test("update fails with what to do, and the module keeps its configuration", async () => {
      const news = { ...created, forceAuthn: true };
      const before = emulator.snapshot().samlModules;
      expectReadOnly(await failure(() => saml.update(`${edgeId}/${routeId}`, created, news)));
      expect(emulator.snapshot().samlModules).toEqual(before);
    });

    test("create fails with what to do at its PUT, after the take-over GET", async () => {
      const other = { ...created, routeId: "edghtsrt_2bbbbbbbbbbbbbbbbbbbbbbbbbb" };
      const calls = emulator.requests.length;
      expectReadOnly(await failure(() => saml.create(other)));
      expect(emulator.requests.slice(calls).map((r) => `${r.method} ${r.status}`)).toEqual([
        "GET 404",
        `PUT ${status}`,
      ]);
    });

    test("delete (destroy) finishes with a warning; the module stays, protecting the route", async () => {
      const before = emulator.requests.length;
      const warnings = await warned(() => saml.delete(`${edgeId}/${routeId}`, created));
      expect(emulator.requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual([
        "GET 200",
        `DELETE ${status}`,
      ]);
      expect(warnings).toEqual([
        expect.stringMatching(
          new RegExp(
            `^warning: \\[runtime\\] HttpsEdgeRouteSaml "app-sso" \\(stack shop/prod\\) leaves the stack, but the SAML module of route ${routeId} of HTTPS edge ${edgeId} stays in ngrok: this account's HTTPS edges are read-only \\(ngrok answered ERR_NGROK_7196 to DELETE /edges/https/${edgeId}/routes/${routeId}/saml\\), so only ngrok can delete it, and it keeps protecting the route`,
          ),
        ),
      ]);
      expect(emulator.snapshot().samlModules.map((m) => m.routeId)).toEqual([routeId]);
    });

    test("other errors of a delete still fail it", async () => {
      emulator.faults.add({
        method: "GET",
        path: "/edges/https/*/routes/*/saml",
        status: 400,
        count: 1,
      });
      const error = await failure(() => saml.delete(`${edgeId}/${routeId}`, created));
      expect(error.statusCode).toBe(400);
    });
  },
);

describe("the account's SSH CA limit: ERR_NGROK_1956", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, caLimit: 1 });
    await configureProvider(emulator);
  });
  afterAll(async () => {
    resetStackConfig();
    await emulator.close();
  });

  test("a create beyond it fails once (no retry, nothing created) with what to do", async () => {
    const first = await ssh.create(await checkedCa());
    const before = emulator.requests.length;
    const error = await failure(async () => ssh.create(await checkedCa()));
    expect(error.statusCode).toBe(400);
    expect(error.errorCode).toBe("ERR_NGROK_1956");
    expect(error.message).toMatch(
      /^ngrok API 400 ERR_NGROK_1956: Your account is limited to 1 SSH Certificate Authorities\. \(POST \/ssh_certificate_authorities, operation op_\w+\)\. The account holds as many SSH certificate authorities as its plan allows: delete the ones no longer used .* or ask ngrok to raise the limit, then run pulumi up again$/,
    );
    expect(emulator.requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual([
      "POST 400",
    ]);
    expect(emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id)).toEqual([first.id]);
  });
});

describe("apiKeySource", () => {
  afterEach(() => resetStackConfig());

  test("is the stack config when it holds the key, else the variable that does, else unknown", async () => {
    await configureWith({ "ngrok:apiKey": "from_config" });
    const env = { NGROK_API_KEY: " from_env " };
    expect(apiKeySource("from_config", env)).toBe("ngrok:apiKey");
    expect(apiKeySource("from_env", env)).toBe("NGROK_API_KEY");
    expect(apiKeySource("built_by_hand", env)).toBeUndefined();
    resetStackConfig();
    expect(apiKeySource("from_config", env)).toBeUndefined();
  });
});

describe("apiErrorHint", () => {
  test.each([
    [401, undefined],
    [401, "ERR_NGROK_202"],
    [403, undefined],
    [403, "ERR_NGROK_202"],
    [400, "ERR_NGROK_206"],
    [401, "ERR_NGROK_200"],
  ])("status %i, code %s: an authentication failure", (status, code) => {
    expect(isAuthFailure(status, code)).toBe(true);
    expect(apiErrorHint(status, code, undefined)).toBe(
      "ngrok refused the API key, which comes from the stack config ngrok:apiKey or the " +
        "environment variable NGROK_API_KEY: check that it is an API key (dashboard: API → API " +
        "Keys; an agent authtoken is not one) of this account and still exists, then set it " +
        "again (pulumi config set ngrok:apiKey --secret, or export NGROK_API_KEY=…)",
    );
  });

  test.each([
    [403, "ERR_NGROK_7008"],
    [403, "ERR_NGROK_7196"],
    [403, "ERR_NGROK_9999"],
    [404, undefined],
    [400, "ERR_NGROK_1941"],
    [500, undefined],
  ])("status %i, code %s: not an authentication failure", (status, code) => {
    expect(isAuthFailure(status, code)).toBe(false);
  });

  test.each([
    [400, "ERR_NGROK_1941"],
    [404, "ERR_NGROK_7124"],
    [429, "ERR_NGROK_226"],
    [503, undefined],
  ])("status %i, code %s: no hint", (status, code) => {
    expect(apiErrorHint(status, code, "ngrok:apiKey")).toBeUndefined();
  });
});
