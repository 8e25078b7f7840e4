/**
 * The resource classes construct their resource without the stack traces Pulumi's Node SDK
 * records for each of its promises (sdk/promiseStacks.ts), under `pulumi.runtime.setMocks`: the
 * SDK's `debuggablePromise` is watched to see the stack trace limit in force when it records
 * one; the limit is restored after a construction, even one that throws; Pulumi's own switch
 * (`PULUMI_DEBUG_PROMISE_LEAKS`) and a resource's `transformations` keep the stacks.
 */
import * as pulumi from "@pulumi/pulumi";
import * as debuggableModule from "@pulumi/pulumi/runtime/debuggable";
import { HttpsEdgeRouteSaml, SshCertificateAuthority, SshHostCertificate } from "../../dist/sdk";

/** The SDK's promise wrapper, internal to it (absent from its typings): watched on its module. */
const debuggable = debuggableModule as unknown as {
  debuggablePromise: <T>(promise: Promise<T>, context: unknown) => Promise<T>;
};

/** The stack trace limit at each promise the SDK recorded since the last `reset`. */
let limits: number[] = [];
const constructed: pulumi.CustomResource[] = [];
const savedLimit = Error.stackTraceLimit;

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: { ...args.inputs } }),
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
  const original = debuggable.debuggablePromise;
  jest.spyOn(debuggable, "debuggablePromise").mockImplementation((p, ctx) => {
    limits.push(Error.stackTraceLimit);
    return original(p, ctx);
  });
});

afterAll(async () => {
  jest.restoreAllMocks();
  // Every registration ends before Jest tears the module registry down.
  await Promise.all(constructed.map((r) => new Promise((resolve) => r.urn.apply(resolve))));
});

afterEach(() => {
  delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  Error.stackTraceLimit = savedLimit;
});

/** Constructs with `make`; the limits seen while it ran, and the limit after it. */
function construct(make: () => pulumi.CustomResource) {
  limits = [];
  constructed.push(make());
  return { during: limits, after: Error.stackTraceLimit };
}

const RESOURCES: [string, (opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource][] = [
  [
    "SshCertificateAuthority",
    (opts) =>
      new SshCertificateAuthority(`ca-${constructed.length}`, { privateKeyType: "ed25519" }, opts),
  ],
  [
    "SshHostCertificate",
    (opts) =>
      new SshHostCertificate(
        `host-${constructed.length}`,
        { sshCertificateAuthorityId: "sshca_1", publicKey: "ssh-ed25519 AAAA", principals: ["h"] },
        opts,
      ),
  ],
  [
    "HttpsEdgeRouteSaml",
    (opts) =>
      new HttpsEdgeRouteSaml(
        `saml-${constructed.length}`,
        { edgeId: `edghts_${constructed.length}`, routeId: "edghtsrt_1", idpMetadata: "<x/>" },
        opts,
      ),
  ],
];

describe.each(RESOURCES)("%s", (_, make) => {
  test("records its promises without stack traces, and restores the limit", () => {
    const { during, after } = construct(() => make());
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(new Set(during)).toEqual(new Set([0]));
    expect(after).toBe(savedLimit);
  });

  test("keeps the stacks with PULUMI_DEBUG_PROMISE_LEAKS set", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
    const { during } = construct(() => make());
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(new Set(during)).toEqual(new Set([savedLimit]));
  });

  test("keeps the stacks for a resource with transformations (user code runs in the constructor)", () => {
    let seen: number | undefined;
    const { during } = construct(() =>
      make({
        transformations: [
          () => {
            seen = Error.stackTraceLimit;
            return undefined;
          },
        ],
      }),
    );
    expect(seen).toBe(savedLimit);
    expect(new Set(during)).toEqual(new Set([savedLimit]));
  });

  test("restores the limit when the construction throws", () => {
    let thrown: unknown;
    try {
      make({ parent: {} as pulumi.Resource });
    } catch (error) {
      thrown = error;
    }
    // Thrown by Pulumi inside the construction: with no stack frames, as the limit was 0 then.
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).stack).not.toContain("\n    at ");
    expect(Error.stackTraceLimit).toBe(savedLimit);
  });
});
