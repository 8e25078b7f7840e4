/**
 * The request recorder: an `onResponse` hook on the root app that appends every answered request
 * (method, path with query, status) to a list, in the order the answers complete. It sits outside
 * the handlers, so it also sees answers produced by other hooks (auth, fault injection, 404s).
 *
 * - Each request is recorded at most once ({@link recordRequest} is idempotent per request), so
 *   layers that end a request without a normal answer (a dropped connection) record it
 *   themselves, with status {@link DROPPED_STATUS}.
 * - Requests under the reserved admin prefix (`/__emulator/`) are not recorded: `requests` lists
 *   API traffic only.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isAdminPath } from "./adminPath";

/**
 * Status recorded for a request whose connection a fault rule dropped (`drop: "before"` or
 * `"after"`): `0`, as no HTTP status was ever sent (browsers' `fetch` reports network errors
 * with status 0 too).
 */
export const DROPPED_STATUS = 0;

/** One answered request, as recorded by the request recorder. */
export interface RecordedRequest {
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path including the query string, as sent. */
  readonly path: string;
  /** HTTP status code of the answer; 0 when a fault rule dropped the connection (no answer). */
  readonly status: number;
}

const recorded = new WeakSet<object>();

/** Appends `request` with `status` to `log`, unless already recorded or an admin request. */
export function recordRequest(
  log: RecordedRequest[],
  request: FastifyRequest,
  status: number,
): void {
  if (recorded.has(request.raw) || isAdminPath(request.url)) return;
  recorded.add(request.raw);
  log.push({ method: request.method, path: request.url, status });
}

/** Installs the recorder on `app`, appending to `log`. */
export function installRecorder(app: FastifyInstance, log: RecordedRequest[]): void {
  app.addHook("onResponse", (request, reply, done) => {
    recordRequest(log, request, reply.statusCode);
    done();
  });
}
