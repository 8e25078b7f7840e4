/**
 * Every lifecycle step of every resource under every kind of fault the emulator injects (a 429
 * with Retry-After, a 503, a 500, a connection dropped before or after the handler ran, an
 * answer slower than the request timeout). The provider methods are called as the
 * dynamic-provider host calls them, with what the engine would record kept in a small model of
 * the state. After each step: it completed, or it failed with a message that names the request
 * and the cause; and the emulator holds exactly the objects that state says exist, with the
 * values state says they have (no duplicate, no orphan, nothing lost).
 */
import { startEmulator, type FaultRule, type RunningEmulator } from "../../emulator/index";
import {
  httpsEdgeRouteSamlProvider as saml,
  ResourceInitFailedError,
  resetStackConfig,
  sshCertificateAuthorityProvider as ssh,
  sshHostCertificateProvider as host,
  sshUserCertificateProvider as user,
} from "../../provider";
import type { HttpsEdgeRouteSamlOutputs } from "../../provider/httpsEdgeRouteSaml/definition";
import type { SshCertificateInputs } from "../../provider/sshCertificate/definition";
import type { SshCertificateAuthorityOutputs } from "../../provider/sshCertificateAuthority/definition";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { configureProvider } from "../support/configureProvider";
import { readIdpMetadata } from "../support/fixtures";
import * as keys from "../support/sshKeys";

const OKTA = readIdpMetadata("okta.xml");
const PROVIDER_TEXT = "serialized provider text";
/** Per-attempt timeout used here (seconds); the "slow" fault waits longer than this. */
const TIMEOUT_SECONDS = 1;

type Fault = Omit<FaultRule, "method" | "path">;

/** The fault kinds, each hitting the step's request once. */
const FAULTS: Record<string, Fault> = {
  "429 with Retry-After": { status: 429, retryAfter: 1, count: 1 },
  "503 Service Unavailable": { status: 503, count: 1 },
  "500 Internal Server Error": { status: 500, count: 1 },
  "connection dropped before the handler ran": { drop: "before", count: 1 },
  "connection dropped after the handler ran": { drop: "after", count: 1 },
  "answer slower than the request timeout": { delayMs: 1600, count: 1 },
};

/** The message of a create POST whose outcome is unknown and whose CA was not found. */
const LOST_CREATE = (cause: string) =>
  new RegExp(
    `^creating the SSH certificate authority failed after the request was sent \\(${cause}\\); ` +
      'ngrok may have created it\\. No matching CA \\(description "faults v1", key type ed25519, ' +
      "created since .*\\) was found, so most likely none was created; nothing was recorded in state\\. " +
      "To check, list the CAs",
  );

/**
 * The (step, fault) pairs that fail, with what their message must say; every other pair
 * completes (a 500 on an idempotent request is retried, as 502–504 are). A create POST is never
 * sent twice: after a 5xx, a drop before the handler ran, or a
 * timeout (the emulator, like most servers, drops the work of a request its client gave up on),
 * the provider finds that no CA was created and fails saying so.
 */
const FAILS: ReadonlyMap<string, RegExp> = new Map([
  [
    "SshCertificateAuthority create / 503 Service Unavailable",
    LOST_CREATE(
      "ngrok API 503: Service Unavailable \\(POST /ssh_certificate_authorities, operation op_\\w+\\)",
    ),
  ],
  [
    "SshCertificateAuthority create / 500 Internal Server Error",
    LOST_CREATE(
      "ngrok API 500: Internal Server Error \\(POST /ssh_certificate_authorities, operation op_\\w+\\)",
    ),
  ],
  [
    "SshCertificateAuthority create / connection dropped before the handler ran",
    LOST_CREATE(
      "could not reach the ngrok API at .*: request to .* failed, reason: read ECONNRESET",
    ),
  ],
  [
    "SshCertificateAuthority create / answer slower than the request timeout",
    LOST_CREATE("could not reach the ngrok API at .*: network timeout at: .*"),
  ],
  ...(["SshHostCertificate", "SshUserCertificate"] as const).flatMap((resource) => {
    const noun = resource === "SshHostCertificate" ? "host" : "user";
    const path = `/ssh_${noun}_certificates`;
    const lost = (cause: string) =>
      new RegExp(
        `^creating the SSH ${noun} certificate failed after the request was sent \\(${cause}\\); ` +
          `ngrok may have created it\\. No matching ${noun} certificate \\(CA sshca_\\w+, key SHA256:\\S+, ` +
          'description "faults v1", created since .*\\) was found, so most likely none was created; ' +
          "nothing was recorded in state\\. To check, list the " +
          `${noun} certificates \\(GET ${path}, or \`ngrok api ssh-${noun}-certificates list\`\\)`,
      );
    return [
      [
        `${resource} create / 503 Service Unavailable`,
        lost(`ngrok API 503: Service Unavailable \\(POST ${path}, operation op_\\w+\\)`),
      ],
      [
        `${resource} create / 500 Internal Server Error`,
        lost(`ngrok API 500: Internal Server Error \\(POST ${path}, operation op_\\w+\\)`),
      ],
      [
        `${resource} create / connection dropped before the handler ran`,
        lost("could not reach the ngrok API at .*: request to .* failed, reason: read ECONNRESET"),
      ],
      [
        `${resource} create / answer slower than the request timeout`,
        lost("could not reach the ngrok API at .*: network timeout at: .*"),
      ],
    ] as const;
  }),
]);

let emulator: RunningEmulator;

beforeEach(async () => {
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator, { "ngrok:requestTimeoutSeconds": String(TIMEOUT_SECONDS) });
});

afterEach(async () => {
  await emulator.close();
});

afterAll(() => resetStackConfig());

/**
 * Lets a slow first attempt, which the client gave up on, run out before the emulator is
 * inspected (so that anything it might still change is seen).
 */
async function settle(fault: string): Promise<void> {
  const delayMs = FAULTS[fault].delayMs ?? 0;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs + 200));
}

/** Every (step, fault) pair of a resource's steps, for `test.each`. */
function casesOf(steps: Record<string, unknown>): Array<readonly [string, string]> {
  return Object.keys(steps).flatMap((step) =>
    Object.keys(FAULTS).map((fault) => [step, fault] as const),
  );
}

/**
 * Runs one step with its fault in place, then asserts its outcome: the failure {@link FAILS}
 * names for `key` (`"<resource> <step> / <fault>"`) or none, and that the fault was met once.
 */
async function expectOutcome(key: string, fault: string, step: () => Promise<void>) {
  let error: unknown;
  try {
    await step();
  } catch (thrown) {
    error = thrown;
  }
  await settle(fault);
  const failure = FAILS.get(key);
  if (failure) {
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(failure);
  } else {
    expect(error).toBeUndefined();
  }
  // The fault was really met.
  expect(emulator.faults.list().reduce((hits, rule) => hits + rule.hits, 0)).toBe(1);
}

describe("SshCertificateAuthority under faults", () => {
  const RESOURCE = "SshCertificateAuthority";
  const inputs = {
    privateKeyType: "ed25519" as const,
    description: "faults v1",
    metadata: '{"v":1}',
  };
  const checked = { ...inputs, __provider: PROVIDER_TEXT };

  /** What the engine would hold: id → description and metadata. */
  type State = Map<string, { description?: string; metadata?: string }>;

  function live(): State {
    return new Map(
      emulator
        .snapshot()
        .sshCertificateAuthorities.map((ca) => [
          ca.id,
          { description: ca.description || undefined, metadata: ca.metadata || undefined },
        ]),
    );
  }

  async function existing(): Promise<{ id: string; outs: SshCertificateAuthorityOutputs }> {
    const created = await ssh.create(checked);
    return { id: created.id, outs: created.outs as SshCertificateAuthorityOutputs };
  }

  const STEPS: Record<
    string,
    { method: string; path: string; run: (state: State) => Promise<void> }
  > = {
    create: {
      method: "POST",
      path: "/ssh_certificate_authorities",
      run: async (state) => {
        try {
          const { id, outs } = await ssh.create(checked);
          state.set(id, { description: outs?.description, metadata: outs?.metadata });
        } catch (error) {
          // The one failure the engine records anyway: created, but not readable.
          if (ResourceInitFailedError.isInstance(error)) state.set(error.id, inputs);
          throw error;
        }
      },
    },
    read: {
      method: "GET",
      path: "/ssh_certificate_authorities/*",
      run: async (state) => {
        const [[id]] = [...state];
        const read = await ssh.read(id, undefined);
        if (read.id === "") state.delete(id);
        else
          state.set(id, { description: read.props?.description, metadata: read.props?.metadata });
      },
    },
    update: {
      method: "PATCH",
      path: "/ssh_certificate_authorities/*",
      run: async (state) => {
        const [[id, olds]] = [...state];
        const news = { ...checked, description: "faults v2", metadata: '{"v":2}' };
        const { outs } = await ssh.update(id, { ...olds, ...checked } as never, news);
        state.set(id, { description: outs?.description, metadata: outs?.metadata });
      },
    },
    delete: {
      method: "DELETE",
      path: "/ssh_certificate_authorities/*",
      run: async (state) => {
        const [[id, olds]] = [...state];
        await ssh.delete(id, olds as never);
        state.delete(id);
      },
    },
  };

  test.each(casesOf(STEPS))("%s under %s", async (step, fault) => {
    const state: State = new Map();
    if (step !== "create") {
      const { id, outs } = await existing();
      state.set(id, { description: outs.description, metadata: outs.metadata });
    }
    const { method, path: pattern, run } = STEPS[step];
    emulator.faults.add({ method, path: pattern, ...FAULTS[fault] });

    await expectOutcome(`${RESOURCE} ${step} / ${fault}`, fault, () => run(state));
    // No duplicate, no orphan, nothing lost: the API holds exactly what state holds.
    expect(live()).toEqual(state);
  });
});

describe.each([
  ["SshHostCertificate", host, "sshHostCertificates"],
  ["SshUserCertificate", user, "sshUserCertificates"],
] as const)("%s under faults", (RESOURCE, provider, collection) => {
  const path = `/ssh_${RESOURCE === "SshHostCertificate" ? "host" : "user"}_certificates`;

  /** What the engine would hold: id → description and metadata. */
  type State = Map<string, { description?: string; metadata?: string }>;

  function live(): State {
    const certificates = emulator.snapshot()[collection];
    return new Map(
      certificates.map((c) => [
        c.id,
        { description: c.description || undefined, metadata: c.metadata || undefined },
      ]),
    );
  }

  const STEPS: Record<
    string,
    {
      method: string;
      path: string;
      run: (state: State, checked: SshCertificateInputs) => Promise<void>;
    }
  > = {
    create: {
      method: "POST",
      path,
      run: async (state, checked) => {
        try {
          const { id, outs } = await provider.create(checked);
          state.set(id, { description: outs?.description, metadata: outs?.metadata });
        } catch (error) {
          // The one failure the engine records anyway: created, but not readable.
          if (ResourceInitFailedError.isInstance(error)) state.set(error.id, checked);
          throw error;
        }
      },
    },
    read: {
      method: "GET",
      path: `${path}/*`,
      run: async (state) => {
        const [[id]] = [...state];
        const read = await provider.read(id, undefined);
        if (read.id === "") state.delete(id);
        else
          state.set(id, { description: read.props?.description, metadata: read.props?.metadata });
      },
    },
    update: {
      method: "PATCH",
      path: `${path}/*`,
      run: async (state, checked) => {
        const [[id, olds]] = [...state];
        const news = { ...checked, description: "faults v2", metadata: '{"v":2}' };
        const { outs } = await provider.update(id, { ...olds, ...checked } as never, news);
        state.set(id, { description: outs?.description, metadata: outs?.metadata });
      },
    },
    delete: {
      method: "DELETE",
      path: `${path}/*`,
      run: async (state) => {
        const [[id, olds]] = [...state];
        await provider.delete(id, olds as never);
        state.delete(id);
      },
    },
  };

  test.each(casesOf(STEPS))("%s under %s", async (step, fault) => {
    const created = await callApi(emulator, "POST", "/ssh_certificate_authorities", {
      private_key_type: "ed25519",
    });
    const checked = {
      sshCertificateAuthorityId: created.body.id as string,
      publicKey: keys.ED25519,
      principals: ["faults"],
      description: "faults v1",
      metadata: '{"v":1}',
      __provider: PROVIDER_TEXT,
    };
    const state: State = new Map();
    if (step !== "create") {
      const { id, outs } = await provider.create(checked);
      state.set(id, { description: outs?.description, metadata: outs?.metadata });
    }
    const { method, path: pattern, run } = STEPS[step];
    emulator.faults.add({ method, path: pattern, ...FAULTS[fault] });

    await expectOutcome(`${RESOURCE} ${step} / ${fault}`, fault, () => run(state, checked));
    // No duplicate, no orphan, nothing lost: the API holds exactly what state holds.
    expect(live()).toEqual(state);
  });
});

describe("HttpsEdgeRouteSaml under faults", () => {
  const RESOURCE = "HttpsEdgeRouteSaml";

  /** What the engine would hold: id → outputs. */
  type State = Map<string, HttpsEdgeRouteSamlOutputs>;

  /** Module id → cookie prefix (the field the update changes), in the API and in state. */
  function live(): Map<string, string> {
    return new Map(
      emulator.snapshot().samlModules.map((m) => [`${m.edgeId}/${m.routeId}`, m.cookie_prefix]),
    );
  }
  function recorded(state: State): Map<string, string> {
    return new Map([...state].map(([id, outs]) => [id, outs.cookiePrefix]));
  }

  async function checkedFor(edgeId: string, routeId: string, cookiePrefix = "v1-") {
    const result = await saml.check(
      {},
      { __provider: PROVIDER_TEXT, edgeId, routeId, idpMetadata: OKTA, cookiePrefix },
    );
    expect(result.failures ?? []).toEqual([]);
    return { ...result.inputs, __provider: PROVIDER_TEXT } as Record<string, unknown>;
  }

  const STEPS: Record<
    string,
    {
      method: string;
      run: (state: State, edgeId: string, routeId: string) => Promise<void>;
    }
  > = {
    create: {
      method: "PUT",
      run: async (state, edgeId, routeId) => {
        const { id, outs } = await saml.create((await checkedFor(edgeId, routeId)) as never);
        state.set(id, outs as HttpsEdgeRouteSamlOutputs);
      },
    },
    read: {
      method: "GET",
      run: async (state) => {
        const [[id, olds]] = [...state];
        const read = await saml.read(id, olds);
        if (read.id === "") state.delete(id);
        else state.set(id, read.props as HttpsEdgeRouteSamlOutputs);
      },
    },
    update: {
      method: "PUT",
      run: async (state, edgeId, routeId) => {
        const [[id, olds]] = [...state];
        const news = await checkedFor(edgeId, routeId, "v2-");
        const { outs } = await saml.update(id, olds, news as never);
        state.set(id, outs as HttpsEdgeRouteSamlOutputs);
      },
    },
    delete: {
      method: "DELETE",
      run: async (state) => {
        const [[id, olds]] = [...state];
        await saml.delete(id, olds as never);
        state.delete(id);
      },
    },
  };

  test.each(casesOf(STEPS))("%s under %s", async (step, fault) => {
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
    const [routeId] = routeIds;
    const state: State = new Map();
    if (step !== "create") {
      const { id, outs } = await saml.create((await checkedFor(edgeId, routeId)) as never);
      state.set(id, outs as HttpsEdgeRouteSamlOutputs);
    }
    const { method, run } = STEPS[step];
    emulator.faults.add({ method, path: `/edges/https/*/routes/*/saml`, ...FAULTS[fault] });

    await expectOutcome(`${RESOURCE} ${step} / ${fault}`, fault, () => run(state, edgeId, routeId));
    // No duplicate, no orphan, nothing lost: the API holds exactly what state holds.
    expect(live()).toEqual(recorded(state));
  });
});
