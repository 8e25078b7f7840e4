/**
 * One attempt of a request, for `NgrokClient` (in `./ngrokClient`): node-fetch v2 (CommonJS, so
 * it loads inside Pulumi's dynamic-provider host, where node-fetch v3 fails as ESM-only) with the
 * request's headers, pooled keep-alive connections, no redirects followed, the attempt's timeout
 * and the operation's `AbortSignal` (up to the answer's headers, see `./abort`). A failure
 * becomes an `NgrokApiError` (4xx/5xx) or an {@link NgrokClientError} saying whether the
 * request was sent.
 *
 * @module
 */
import * as http from "node:http";
import * as https from "node:https";
import type { Response } from "node-fetch";
import { propertyOf } from "./brand";
import { abortedError, abortUntilAnswered } from "./abort";
import type { NgrokApiSettings } from "./configuration";
import { apiError, redact, redirectError } from "./decode";
import { type Endpoint, NgrokClientError } from "./errors";
import type { RequestSpec } from "./request";
import { load } from "../lazy";

/**
 * Connection errors (node's `code`) that happen before a single byte of the request is sent:
 * the API certainly did not act, so even a POST may be sent again.
 */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * node-fetch, loaded with the first request: the plugin loads this module for `check` too, which
 * makes no request (cold start, see BENCHMARKS.md).
 */
const nodeFetch = load.fetch;

const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

/**
 * Sends one attempt of `spec` and returns its 2xx answer, whose body is not read yet.
 *
 * @param timeoutMs how long the attempt may take before it fails as a timeout.
 * @param signal the operation's signal: when it fires before the answer's headers arrive, the
 *   attempt is aborted and fails with `./abort`'s error (the request may have been sent).
 * @throws `NgrokApiError` for a 4xx/5xx answer.
 * @throws {@link NgrokClientError} for a redirect, or when no answer came.
 */
export async function send<T>(
  settings: NgrokApiSettings,
  spec: RequestSpec<T>,
  endpoint: Endpoint,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const url = settings.baseUrl + spec.path;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.apiKey}`,
    "Ngrok-Version": "2",
    "User-Agent": userAgent(),
    Accept: "application/json",
  };
  let body: string | undefined;
  if (spec.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(spec.body);
  }
  let response: Response;
  try {
    response = await abortUntilAnswered(signal, (attemptSignal) =>
      nodeFetch()(url, {
        method: spec.method,
        headers,
        body,
        agent: url.startsWith("https:") ? httpsAgent : httpAgent,
        timeout: timeoutMs,
        // node-fetch would follow a redirect with the Authorization header to another port of
        // the same host or to a subdomain; the API does not redirect, so none is followed.
        redirect: "manual",
        signal: attemptSignal,
      }),
    );
  } catch (error) {
    if (signal?.aborted) {
      throw abortedError(signal, endpoint, true);
    }
    const reason = error instanceof Error ? error.message : String(error);
    const code = transportCode(error);
    const notSent = NOT_SENT_CODES.has(code);
    throw new NgrokClientError(
      `could not reach the ngrok API at ${settings.baseUrl} (${endpoint.method} ${endpoint.path}): ${redact(reason, settings.apiKey)}`,
      { endpoint, requestOutcome: notSent ? "not-sent" : "unknown", transportCode: code },
    );
  }
  if (response.status >= 400) {
    throw await apiError(response, endpoint, settings.apiKey, settings);
  }
  if (response.status >= 300) {
    throw await redirectError(response, endpoint, settings);
  }
  return response;
}

/**
 * node's error code of a failed fetch (`ECONNREFUSED`, `ECONNRESET`, …), `ETIMEDOUT` for
 * node-fetch's own timeout, `""` when there is none.
 */
function transportCode(error: unknown): string {
  if (propertyOf(error, "type") === "request-timeout") {
    return "ETIMEDOUT";
  }
  const code = propertyOf(error, "code");
  return typeof code === "string" ? code : "";
}

let cachedUserAgent: string | undefined;

/** `pulumi-ngrok-dynamic/<package version> node/<node version>`, as ngrok's clients format theirs. */
export function userAgent(): string {
  if (cachedUserAgent === undefined) {
    // Self-reference by package name: resolves in the repository and in an installed copy alike.
    const { name, version } = load.packageManifest();
    cachedUserAgent = `${name}/${version} node/${process.versions.node}`;
  }
  return cachedUserAgent;
}
