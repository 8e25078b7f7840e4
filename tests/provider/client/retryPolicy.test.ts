/**
 * The retry policy (provider/client/retryPolicy.ts) as a table, with no HTTP at all: one row per
 * rule (429 on every method and its Retry-After, 502/503/504 and lost answers on idempotent
 * methods only, a connection never opened on every method, a few seconds only for a loopback
 * address refusing or a host name that does not resolve, nothing else), then the back-off
 * bound, the deadline and the attempt limit. tests/provider/client/ngrokClient.test.ts runs the same
 * rules against the emulator.
 */
import {
  type Endpoint,
  type HttpMethod,
  NgrokApiError,
  NgrokClientError,
  type RequestOutcome,
} from "../../../provider/client";
import {
  DEFAULT_RETRY_POLICY,
  type RetryDecision,
  type RetryPolicy,
  retryDecision,
  retryLogLine,
  withRetryDefaults,
} from "../../../provider/client/retryPolicy";

const POLICY: RetryPolicy = {
  attempts: 5,
  startingDelayMs: 100,
  maxDelayMs: 1000,
  deadlineMs: 60000,
};
const NOW = 1_700_000_000_000;
const DEADLINE = NOW + POLICY.deadlineMs;
const ENDPOINT: Endpoint = { method: "GET", path: "/ssh_certificate_authorities" };
const ALL: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const IDEMPOTENT: HttpMethod[] = ["GET", "PUT", "PATCH", "DELETE"];

function apiError(status: number, errorCode?: string, retryAfterSeconds?: number): NgrokApiError {
  return new NgrokApiError(status, { errorCode }, ENDPOINT, { retryAfterSeconds });
}

function transportError(outcome: RequestOutcome, code: string): NgrokClientError {
  return new NgrokClientError(`could not reach the ngrok API (${code})`, {
    endpoint: ENDPOINT,
    requestOutcome: outcome,
    transportCode: code,
  });
}

const RESET = transportError("unknown", "ECONNRESET");
const TIMEOUT = transportError("unknown", "ETIMEDOUT");
const REFUSED = transportError("not-sent", "ECONNREFUSED");
const DNS = transportError("not-sent", "ENOTFOUND");
const DNS_AGAIN = transportError("not-sent", "EAI_AGAIN");
const SHAPE = new NgrokClientError("ngrok API response has an unexpected shape", {
  endpoint: ENDPOINT,
  statusCode: 200,
  responseBody: {},
});
const REDIRECT = new NgrokClientError("ngrok API answered with a redirect", {
  endpoint: ENDPOINT,
  statusCode: 307,
});

/** A retry after the first attempt, with no Retry-After: the first back-off bound. */
function retry(reason: string, retryAfterMs = 0, backOffMs = 100): RetryDecision {
  return { retry: true, reason, retryAfterMs, backOffMs };
}
const NOT_RETRIABLE: RetryDecision = { retry: false, stoppedBy: "not-retriable" };

interface Row {
  error: unknown;
  methods: HttpMethod[];
  attempt?: number;
  now?: number;
  policy?: RetryPolicy;
  loopback?: boolean;
  expected: RetryDecision;
}

const rows: Record<string, Row> = {
  // 429: the API did not act, so every method, POST included.
  "429 without Retry-After: own back-off": {
    error: apiError(429, "ERR_NGROK_226"),
    methods: ALL,
    expected: retry("HTTP 429 ERR_NGROK_226"),
  },
  "429 with Retry-After in seconds: waited out first": {
    error: apiError(429, "ERR_NGROK_226", 0.5),
    methods: ALL,
    expected: retry("HTTP 429 ERR_NGROK_226", 500),
  },
  "429 with Retry-After from an HTTP-date (fractional seconds)": {
    error: apiError(429, "ERR_NGROK_225", 0.2505),
    methods: ALL,
    expected: retry("HTTP 429 ERR_NGROK_225", 250.5),
  },
  "429 with Retry-After 0: no wait before the back-off": {
    error: apiError(429, "ERR_NGROK_226", 0),
    methods: ALL,
    expected: retry("HTTP 429 ERR_NGROK_226"),
  },
  "429 with a Retry-After longer than maxDelayMs: capped": {
    error: apiError(429, "ERR_NGROK_226", 120),
    methods: ALL,
    expected: retry("HTTP 429 ERR_NGROK_226", 1000),
  },
  "429 without an error code": {
    error: apiError(429),
    methods: ALL,
    expected: retry("HTTP 429"),
  },
  // 500/502/503/504: repeating an idempotent method changes nothing more (go-retryablehttp, which
  // ngrok's Go client uses, retries a 500 too); a POST could create twice.
  ...Object.fromEntries(
    [500, 502, 503, 504].flatMap((status) => [
      [
        `${status} on an idempotent method`,
        { error: apiError(status), methods: IDEMPOTENT, expected: retry(`HTTP ${status}`) },
      ],
      [
        `${status} on POST`,
        { error: apiError(status), methods: ["POST"], expected: NOT_RETRIABLE },
      ],
    ]),
  ),
  "503 with Retry-After: retried, but Retry-After is waited out on 429 only": {
    error: apiError(503, "ERR_NGROK_9999", 5),
    methods: IDEMPOTENT,
    expected: retry("HTTP 503 ERR_NGROK_9999"),
  },
  // Other statuses: never.
  ...Object.fromEntries(
    [400, 401, 404, 409, 501].map((status) => [
      `${status}`,
      { error: apiError(status, "ERR_NGROK_1"), methods: ALL, expected: NOT_RETRIABLE },
    ]),
  ),
  // Lost answers: the API may have acted.
  "a connection reset on an idempotent method": {
    error: RESET,
    methods: IDEMPOTENT,
    expected: retry(`a connection failure (${RESET.message})`),
  },
  "a connection reset on POST": { error: RESET, methods: ["POST"], expected: NOT_RETRIABLE },
  "a timeout on an idempotent method": {
    error: TIMEOUT,
    methods: IDEMPOTENT,
    expected: retry(`a connection failure (${TIMEOUT.message})`),
  },
  "a timeout on POST": { error: TIMEOUT, methods: ["POST"], expected: NOT_RETRIABLE },
  // Connections never opened: nothing was sent.
  "a refused connection, every method": {
    error: REFUSED,
    methods: ALL,
    expected: retry(`a connection failure before sending (${REFUSED.message})`),
  },
  "a DNS failure, every method": {
    error: DNS,
    methods: ALL,
    expected: retry(`a connection failure before sending (${DNS.message})`),
  },
  // Answers this client could not use, and anything else: never.
  "a 2xx body of the wrong shape": { error: SHAPE, methods: ALL, expected: NOT_RETRIABLE },
  "a redirect": { error: REDIRECT, methods: ALL, expected: NOT_RETRIABLE },
  "a plain Error": { error: new Error("boom"), methods: ALL, expected: NOT_RETRIABLE },
  "a thrown string": { error: "boom", methods: ALL, expected: NOT_RETRIABLE },
  undefined: { error: undefined, methods: ALL, expected: NOT_RETRIABLE },
  // Recognised by brand, from another copy of the package.
  "a 429 from another copy of the package": {
    error: {
      __ngrokApiError: true,
      statusCode: 429,
      errorCode: "ERR_NGROK_226",
      retryAfterSeconds: 1,
    },
    methods: ALL,
    expected: retry("HTTP 429 ERR_NGROK_226", 1000),
  },
  "a refused connection from another copy of the package": {
    error: { __ngrokClientError: true, requestOutcome: "not-sent", message: "refused" },
    methods: ALL,
    expected: retry("a connection failure before sending (refused)"),
  },
  // The back-off bound: startingDelayMs * 2^(attempt-1), capped at maxDelayMs.
  "the back-off bound doubles with each attempt": {
    error: apiError(503),
    methods: ["GET"],
    attempt: 3,
    expected: retry("HTTP 503", 0, 400),
  },
  "the back-off bound is capped at maxDelayMs": {
    error: apiError(503),
    methods: ["GET"],
    attempt: 9,
    policy: { ...POLICY, attempts: 10 },
    expected: retry("HTTP 503", 0, 1000),
  },
  // The deadline: no wait is started that could end after it.
  "a wait that would end after the deadline": {
    error: apiError(503),
    methods: ["GET"],
    now: DEADLINE - 99,
    expected: { retry: false, stoppedBy: "deadline", reason: "HTTP 503" },
  },
  "a Retry-After plus back-off that would end after the deadline": {
    error: apiError(429, "ERR_NGROK_226", 0.5),
    methods: ALL,
    now: DEADLINE - 599,
    expected: { retry: false, stoppedBy: "deadline", reason: "HTTP 429 ERR_NGROK_226" },
  },
  "a wait that ends exactly at the deadline": {
    error: apiError(429, "ERR_NGROK_226", 0.5),
    methods: ALL,
    now: DEADLINE - 600,
    expected: retry("HTTP 429 ERR_NGROK_226", 500),
  },
  "a failure that is not retriable, past the deadline": {
    error: apiError(501),
    methods: ["GET"],
    now: DEADLINE + 1,
    expected: NOT_RETRIABLE,
  },
  // Attempts: exponential-backoff asks even after the last one; the answer is no, without a wait.
  "the last attempt failed": {
    error: apiError(429, "ERR_NGROK_226", 1),
    methods: ALL,
    attempt: 5,
    expected: { retry: false, stoppedBy: "attempts" },
  },
  "the second-to-last attempt failed": {
    error: apiError(429, "ERR_NGROK_226"),
    methods: ALL,
    attempt: 4,
    expected: retry("HTTP 429 ERR_NGROK_226", 0, 800),
  },
  // A loopback address that refuses connections (an emulator not running): 5 s from the first
  // sending, then no more.
  "a loopback address refusing, within its 5 s": {
    error: REFUSED,
    methods: ALL,
    loopback: true,
    now: DEADLINE - POLICY.deadlineMs + 4900,
    expected: retry(`a connection failure before sending (${REFUSED.message})`),
  },
  "a loopback address refusing, whose next wait would end after its 5 s": {
    error: REFUSED,
    methods: ALL,
    loopback: true,
    now: DEADLINE - POLICY.deadlineMs + 4901,
    expected: {
      retry: false,
      stoppedBy: "loopback-refused",
      reason: `a connection failure before sending (${REFUSED.message})`,
    },
  },
  "a remote address refusing after 5 s: retried as before": {
    error: REFUSED,
    methods: ALL,
    now: DEADLINE - POLICY.deadlineMs + 4901,
    expected: retry(`a connection failure before sending (${REFUSED.message})`),
  },
  "a loopback address failing otherwise after 5 s (a resolver not answering): retried as before": {
    error: DNS_AGAIN,
    methods: ALL,
    loopback: true,
    now: DEADLINE - POLICY.deadlineMs + 4901,
    expected: retry(`a connection failure before sending (${DNS_AGAIN.message})`),
  },
  // A host name that does not resolve (a mistyped ngrok:apiBaseUrl): 5 s from the first sending,
  // loopback or not; a resolver that did not answer (EAI_AGAIN) is transient and retried.
  "a host name that does not resolve, within its 5 s": {
    error: DNS,
    methods: ALL,
    now: DEADLINE - POLICY.deadlineMs + 4900,
    expected: retry(`a connection failure before sending (${DNS.message})`),
  },
  "a host name that does not resolve, whose next wait would end after its 5 s": {
    error: DNS,
    methods: ALL,
    now: DEADLINE - POLICY.deadlineMs + 4901,
    expected: {
      retry: false,
      stoppedBy: "unresolved-host",
      reason: `a connection failure before sending (${DNS.message})`,
    },
  },
  "a resolver that did not answer, after 5 s: retried as before": {
    error: DNS_AGAIN,
    methods: ALL,
    now: DEADLINE - POLICY.deadlineMs + 30000,
    expected: retry(`a connection failure before sending (${DNS_AGAIN.message})`),
  },
  "one attempt allowed": {
    error: REFUSED,
    methods: ALL,
    policy: { ...POLICY, attempts: 1 },
    expected: { retry: false, stoppedBy: "attempts" },
  },
};

describe("retryDecision", () => {
  it.each(
    Object.entries(rows).flatMap(([name, row]) =>
      row.methods.map((method) => [`${name} (${method})`, method, row] as const),
    ),
  )("%s", (_name, method, row) => {
    const decision = retryDecision({
      error: row.error,
      method,
      attempt: row.attempt ?? 1,
      now: row.now ?? NOW,
      deadline: DEADLINE,
      policy: row.policy ?? POLICY,
      loopback: row.loopback,
    });
    expect(decision).toEqual(row.expected);
  });
});

describe("retryLogLine", () => {
  const where = "POST /ssh_certificate_authorities";

  it.each<[string, RetryDecision, number, string | undefined]>([
    [
      "a retry with Retry-After",
      retry("HTTP 429 ERR_NGROK_226", 1000, 10),
      1,
      "ngrok API: retrying POST /ssh_certificate_authorities (attempt 2 of 5) after HTTP 429 ERR_NGROK_226; waiting Retry-After 1000 ms then up to 10 ms",
    ],
    [
      "a retry without Retry-After",
      retry("HTTP 503", 0, 400),
      3,
      "ngrok API: retrying POST /ssh_certificate_authorities (attempt 4 of 5) after HTTP 503; waiting up to 400 ms",
    ],
    [
      "a stop at the deadline",
      { retry: false, stoppedBy: "deadline", reason: "HTTP 429 ERR_NGROK_226" },
      2,
      "ngrok API: not retrying POST /ssh_certificate_authorities after HTTP 429 ERR_NGROK_226: the retry deadline of 60000 ms would pass",
    ],
    [
      "a stop after a loopback address refused for 5 s",
      {
        retry: false,
        stoppedBy: "loopback-refused",
        reason: "a connection failure before sending (refused)",
      },
      3,
      "ngrok API: not retrying POST /ssh_certificate_authorities after a connection failure before sending (refused): a loopback address has refused connections for 5000 ms",
    ],
    [
      "a stop after a host name did not resolve for 5 s",
      {
        retry: false,
        stoppedBy: "unresolved-host",
        reason: "a connection failure before sending (ENOTFOUND)",
      },
      2,
      "ngrok API: not retrying POST /ssh_certificate_authorities after a connection failure before sending (ENOTFOUND): the host name has not resolved for 5000 ms",
    ],
    ["no attempt left", { retry: false, stoppedBy: "attempts" }, 5, undefined],
    ["a failure that is not retriable", NOT_RETRIABLE, 1, undefined],
  ])("%s", (_name, decision, attempt, expected) => {
    expect(retryLogLine(decision, where, attempt, POLICY)).toBe(expected);
  });
});

describe("withRetryDefaults", () => {
  it("takes each field left out from DEFAULT_RETRY_POLICY", () => {
    expect(withRetryDefaults()).toEqual(DEFAULT_RETRY_POLICY);
    expect(withRetryDefaults({ attempts: 3, deadlineMs: 1000 })).toEqual({
      attempts: 3,
      startingDelayMs: 1000,
      maxDelayMs: 30000,
      deadlineMs: 1000,
    });
  });
});
