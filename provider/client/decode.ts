/**
 * Reading the API's answers: an error status into an {@link NgrokApiError} (ngrok's error body,
 * the `Ngrok-Operation-Id` header, the `Retry-After` header), a redirect into an
 * {@link NgrokClientError}, and a 2xx body through the request's zod schema.
 *
 * The API key is redacted from every message built here ({@link redact}): ngrok's 401 bodies
 * quote the credential that was sent (ERR_NGROK_202), and error messages end up in logs. The
 * schemas are the callers' (zod is loaded by the resource modules that define them, never here).
 *
 * @module
 */
import type { Response } from "node-fetch";
import type { z } from "zod";
import { isRecord } from "./brand";
import { apiKeySource } from "./configuration";
import { type Endpoint, NgrokApiError, NgrokClientError } from "./errors";
import { apiErrorHint, type RequestedAt } from "./hints";

/**
 * The error for a 4xx/5xx answer. Its body is read as ngrok's error format
 * (`{error_code, msg, details: {operation_id}}`); when the body is not JSON, the message is the
 * HTTP reason. The operation id falls back to the `Ngrok-Operation-Id` header, and
 * `Retry-After` becomes {@link NgrokApiError.retryAfterSeconds}. An error the user can act on
 * (an authentication failure, an account without edges, the SSH CA limit) gets a
 * {@link NgrokApiError.hint} from `./hints`, which names where the key came from (`at`'s
 * sources, else `apiKeySource`) and, with `at`, where it was sent. The API key is redacted from
 * the message.
 */
export async function apiError(
  response: Response,
  endpoint: Endpoint,
  apiKey: string,
  at?: RequestedAt,
): Promise<NgrokApiError> {
  const text = await response.text().catch(() => "");
  let errorCode: string | undefined;
  let msg: string | undefined;
  let operationId: string | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) {
      errorCode = typeof parsed.error_code === "string" ? parsed.error_code : undefined;
      msg = typeof parsed.msg === "string" ? parsed.msg : undefined;
      const details = parsed.details;
      if (isRecord(details) && typeof details.operation_id === "string") {
        operationId = details.operation_id;
      }
    }
  } catch {
    msg = response.statusText || undefined;
  }
  operationId = operationId ?? response.headers.get("ngrok-operation-id") ?? undefined;
  const body = { errorCode, msg: msg === undefined ? undefined : redact(msg, apiKey), operationId };
  return new NgrokApiError(response.status, body, endpoint, {
    retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after"), Date.now()),
    hint: apiErrorHint(
      response.status,
      errorCode,
      at?.sources === undefined ? apiKeySource(apiKey) : at.sources.found.apiKey,
      at,
    ),
  });
}

/**
 * The error for a 3xx answer, which is never followed: node-fetch would follow a redirect with
 * the Authorization header to another port of the same host or to a subdomain, and the API does
 * not redirect. The body is read and dropped; the message names the `Location`, redacted.
 */
export async function redirectError(
  response: Response,
  endpoint: Endpoint,
  settings: { readonly apiKey: string; readonly baseUrl: string },
): Promise<NgrokClientError> {
  await response.text().catch(() => "");
  const location = response.headers.get("location");
  return new NgrokClientError(
    redact(
      `ngrok API answered ${endpoint.method} ${endpoint.path} with a redirect (HTTP ${response.status}` +
        `${location ? ` to ${location}` : ""}); not followed: the API key is only sent to ${settings.baseUrl}`,
      settings.apiKey,
    ),
    { endpoint, statusCode: response.status },
  );
}

/**
 * The body of a 2xx answer, validated with `schema`; `undefined` when there is no schema (the
 * body is read and dropped).
 *
 * @throws {@link NgrokClientError} when the body is not JSON, or does not match `schema` (the
 *   message names each offending field; {@link NgrokClientError.responseBody} holds the JSON).
 */
export async function parseBody<T>(
  response: Response,
  schema: z.ZodType<T>,
  endpoint: Endpoint,
): Promise<T>;
export async function parseBody<T>(
  response: Response,
  schema: z.ZodType<T> | undefined,
  endpoint: Endpoint,
): Promise<T | undefined>;
export async function parseBody<T>(
  response: Response,
  schema: z.ZodType<T> | undefined,
  endpoint: Endpoint,
): Promise<T | undefined> {
  const text = await response.text();
  if (schema === undefined) {
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new NgrokClientError(
      `ngrok API response from ${endpoint.method} ${endpoint.path} is not JSON (HTTP ${response.status}, ${text.length} bytes)`,
      { endpoint, statusCode: response.status },
    );
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .map(
        (issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(body)"}: ${issue.message}`,
      )
      .join("; ");
    throw new NgrokClientError(
      `ngrok API response from ${endpoint.method} ${endpoint.path} has an unexpected shape: ${problems}`,
      { endpoint, statusCode: response.status, responseBody: json },
    );
  }
  return result.data;
}

/**
 * The `Retry-After` header in seconds: delay-seconds, or an HTTP-date (RFC 9110 section 10.2.3)
 * counted from `now` (milliseconds since the epoch). `undefined` when absent, negative or
 * unreadable; a date in the past gives 0.
 */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === "") {
    return undefined;
  }
  const seconds = Number(header);
  if (Number.isFinite(seconds)) {
    return seconds >= 0 ? seconds : undefined;
  }
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/** `text` with every occurrence of `secret` replaced by `<redacted>` (unchanged when `secret` is empty). */
export function redact(text: string, secret: string): string {
  return secret === "" ? text : text.split(secret).join("<redacted>");
}
