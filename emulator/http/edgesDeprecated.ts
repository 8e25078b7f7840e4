/**
 * An account without edges (`EmulatorOptions.edgesDeprecated`): ngrok deprecated HTTPS edges,
 * routes and modules on 2025-12-31, and an account that has none gets `ERR_NGROK_7008` ("Edges
 * are deprecated and no longer available…") from the edge endpoints. ngrok documents the code
 * and its message, not its HTTP status, so the status is an option (400 by default; 403 and 404
 * are the other plausible answers, and 404 is the one a client must not take for "not found").
 *
 * The hook is added by the edge and SAML route plugins, so it runs after authentication, the
 * version check and the rate limit (a refused request counts toward the limit), before the body
 * is parsed, and only on `/edges/https…` paths.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiErrors } from "../errors";

/** The statuses `ERR_NGROK_7008` may be answered with. */
export const EDGES_DEPRECATED_STATUSES = [400, 403, 404] as const;

/** The object form of `EmulatorOptions.edgesDeprecated`. */
export interface EdgesDeprecatedOptions {
  /** HTTP status of the `ERR_NGROK_7008` answers: 400 (default), 403 or 404. */
  status?: (typeof EDGES_DEPRECATED_STATUSES)[number];
}

/**
 * Resolves `EmulatorOptions.edgesDeprecated`: `undefined`/`false` → `undefined` (edges work),
 * `true` → 400, `{ status }` → that status. Throws `TypeError` on anything else.
 */
export function resolveEdgesDeprecated(
  value: EdgesDeprecatedOptions | boolean | undefined,
): number | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return 400;
  const status: unknown =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value.status ?? 400)
      : undefined;
  const extra =
    typeof value === "object" && value !== null
      ? Object.keys(value).filter((k) => k !== "status")
      : [];
  if (!isAllowedStatus(status) || extra.length > 0) {
    throw new TypeError(
      `edgesDeprecated must be a boolean or { status: 400 | 403 | 404 }, got ${JSON.stringify(value)}`,
    );
  }
  return status;
}

function isAllowedStatus(status: unknown): status is number {
  return EDGES_DEPRECATED_STATUSES.some((allowed) => allowed === status);
}

/** The `onRequest` hook answering every request of its plugin with `ERR_NGROK_7008`. */
export function edgesDeprecatedHook(status: number) {
  return function refuseEdges(
    _request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    done(apiErrors.edgesDeprecated(status));
  };
}
