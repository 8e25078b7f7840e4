/**
 * What one request to ngrok's API is: its method, path, body and the schema of its answer.
 * Types only: `NgrokClient.request` (in `./ngrokClient`) sends it.
 *
 * @module
 */
import type { z } from "zod";

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One request. `path` is relative to the base URL and may carry a query string. */
export interface RequestSpec<T> {
  readonly method: HttpMethod;
  readonly path: string;
  /** JSON-serialisable body; sent with `Content-Type: application/json`. */
  readonly body?: unknown;
  /** Schema of a 2xx body. Omit for endpoints that answer 204 with no body. */
  readonly schema?: z.ZodType<T>;
  /** Called with the headers of the successful answer (e.g. to read its `Date`). */
  readonly onHeaders?: (headers: { get(name: string): string | null }) => void;
}
