/**
 * The faults every lifecycle step of every resource meets in `./*.test.ts` (one suite per
 * resource, so that they run side by side: they wait on timeouts and back-offs, not on the CPU),
 * the failures expected of them, and the emulator each test gets.
 */
import { startEmulator, type FaultRule, type RunningEmulator } from "../../../emulator/index";
import { resetStackConfig } from "../../../provider";
import { configureProvider } from "../../support/configureProvider";
import { readIdpMetadata } from "../../support/fixtures";

export const OKTA = readIdpMetadata("okta.xml");
export const PROVIDER_TEXT = "serialized provider text";
/** Per-attempt timeout used here (seconds); the "slow" fault waits longer than this. */
export const TIMEOUT_SECONDS = 1;

export type Fault = Omit<FaultRule, "method" | "path">;

/** The fault kinds, each hitting the step's request once. */
export const FAULTS: Record<string, Fault> = {
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
export const FAILS: ReadonlyMap<string, RegExp> = new Map([
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

let current: RunningEmulator | undefined;

/** The emulator of the running test (a new one for each test, see {@link useFaultyEmulator}). */
export function emulator(): RunningEmulator {
  if (current === undefined) throw new Error("no emulator: call useFaultyEmulator() in the suite");
  return current;
}

/**
 * A new emulator for each test of the suite, the provider configured for it with a request
 * timeout of {@link TIMEOUT_SECONDS}.
 */
export function useFaultyEmulator(): void {
  beforeEach(async () => {
    current = await startEmulator({ port: 0 });
    await configureProvider(current, { "ngrok:requestTimeoutSeconds": String(TIMEOUT_SECONDS) });
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(() => resetStackConfig());
}

/**
 * Lets a slow first attempt, which the client gave up on, run out before the emulator is
 * inspected (so that anything it might still change is seen).
 */
export async function settle(fault: string): Promise<void> {
  const delayMs = FAULTS[fault].delayMs ?? 0;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs + 200));
}

/** Every (step, fault) pair of a resource's steps, for `test.each`. */
export function casesOf(steps: Record<string, unknown>): Array<readonly [string, string]> {
  return Object.keys(steps).flatMap((step) =>
    Object.keys(FAULTS).map((fault) => [step, fault] as const),
  );
}

/**
 * Runs one step with its fault in place, then asserts its outcome: the failure {@link FAILS}
 * names for `key` (`"<resource> <step> / <fault>"`) or none, and that the fault was met once.
 */
export async function expectOutcome(key: string, fault: string, step: () => Promise<void>) {
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
  expect(
    emulator()
      .faults.list()
      .reduce((hits, rule) => hits + rule.hits, 0),
  ).toBe(1);
}
