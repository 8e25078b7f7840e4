/**
 * What an account may still do with its HTTPS edges, which ngrok deprecated (with routes and
 * modules) on 2025-12-31. ngrok's error catalogue has two answers for accounts that lost them:
 *
 * - `ERR_NGROK_7196` ("Your account has read-only access to Edges. Edges are deprecated, and
 *   write access (including creating, updating, or deleting) is no longer supported for your
 *   account."): the account can still read its edges; every write is refused
 *   (`EmulatorOptions.edgesReadOnly`);
 * - `ERR_NGROK_7008` ("Edges are deprecated and no longer available…"): the account has no edges;
 *   every edge endpoint refuses (`EmulatorOptions.edgesDeprecated`).
 *
 * ngrok documents the codes and their messages, not their HTTP statuses, so the status is part of
 * the option: 400 by default; 403 the other plausible answer, and for 7008 also 404 (the one a
 * client must not take for "not found"). An account moves from one state to the next while a
 * stack holds its modules, so the state can be changed while the emulator runs
 * ({@link EdgesAccessControl}).
 *
 * The hook is added by the edge and SAML route plugins, so it runs after authentication, the
 * version check and the rate limit (a refused request counts toward the limit), before the body
 * is parsed, and only on `/edges/https…` paths. It reads the state at each request. Which
 * requests are writes: every method but `GET` and `HEAD`.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiErrors } from "../errors";
import { isRecord } from "../spec/values";

/** The statuses `ERR_NGROK_7008` may be answered with. */
export const EDGES_DEPRECATED_STATUSES = [400, 403, 404] as const;
/** The statuses `ERR_NGROK_7196` may be answered with. */
export const EDGES_READ_ONLY_STATUSES = [400, 403] as const;

/** The object form of `EmulatorOptions.edgesDeprecated`. */
export interface EdgesDeprecatedOptions {
  /** HTTP status of the `ERR_NGROK_7008` answers: 400 (default), 403 or 404. */
  status?: (typeof EDGES_DEPRECATED_STATUSES)[number];
}

/** The object form of `EmulatorOptions.edgesReadOnly`. */
export interface EdgesReadOnlyOptions {
  /** HTTP status of the `ERR_NGROK_7196` answers: 400 (default) or 403. */
  status?: (typeof EDGES_READ_ONLY_STATUSES)[number];
}

/** What the account may do with its edges, with the status of the refusals. */
export type EdgesAccess =
  | { readonly mode: "available" }
  | { readonly mode: "read-only"; readonly status: (typeof EDGES_READ_ONLY_STATUSES)[number] }
  | { readonly mode: "removed"; readonly status: (typeof EDGES_DEPRECATED_STATUSES)[number] };

/** What {@link EdgesAccessControl.set} takes: a mode, with an optional status. */
export type EdgesAccessSetting =
  | "available"
  | "read-only"
  | "removed"
  | { mode: "available" }
  | { mode: "read-only"; status?: (typeof EDGES_READ_ONLY_STATUSES)[number] }
  | { mode: "removed"; status?: (typeof EDGES_DEPRECATED_STATUSES)[number] };

/**
 * The edge access of a running emulator (`emulator.edges`), to turn an account's edges
 * read-only or remove them while a client holds modules on them, as ngrok did.
 */
export interface EdgesAccessControl {
  /** The current access. */
  get(): EdgesAccess;
  /**
   * Sets the access; the next request sees it. `"removed"` hides the edges behind
   * `ERR_NGROK_7008` without deleting them (`"available"` shows them again).
   *
   * @throws TypeError on anything but the forms of {@link EdgesAccessSetting}, naming it.
   */
  set(access: EdgesAccessSetting): void;
}

function isOneOf<T extends number>(allowed: readonly T[], value: unknown): value is T {
  return allowed.some((status) => status === value);
}

/**
 * Resolves {@link EdgesAccessSetting} to an {@link EdgesAccess}: statuses default to 400.
 *
 * @throws TypeError on anything else, naming `name` and the value.
 */
export function resolveEdgesAccess(value: unknown, name = "edges access"): EdgesAccess {
  const setting = typeof value === "string" ? { mode: value } : value;
  const fail = () =>
    new TypeError(
      `${name} must be "available", "read-only" (with status 400 or 403) or "removed" (with ` +
        `status 400, 403 or 404), got ${JSON.stringify(value)}`,
    );
  if (!isRecord(setting)) throw fail();
  const { mode, status = 400, ...extra } = setting;
  if (Object.keys(extra).length > 0) throw fail();
  if (mode === "available" && setting.status === undefined) {
    return { mode };
  }
  if (mode === "read-only" && isOneOf(EDGES_READ_ONLY_STATUSES, status)) return { mode, status };
  if (mode === "removed" && isOneOf(EDGES_DEPRECATED_STATUSES, status)) return { mode, status };
  throw fail();
}

/**
 * The initial access from the options `edgesDeprecated` (an account without edges) and
 * `edgesReadOnly` (read-only edges): `true` answers with status 400, `{ status }` with that
 * status; both set is refused, since an account is in one state.
 *
 * @throws TypeError naming the option on anything else.
 */
export function resolveEdgesOptions(
  deprecated: EdgesDeprecatedOptions | boolean | undefined,
  readOnly: EdgesReadOnlyOptions | boolean | undefined,
): EdgesAccess {
  const on = (value: unknown) => value !== undefined && value !== false;
  if (on(deprecated) && on(readOnly)) {
    throw new TypeError(
      "edgesDeprecated and edgesReadOnly exclude each other: an account without edges cannot " +
        "also have read-only edges",
    );
  }
  /** The access one option asks for: `true`, or `{ status }` (refused with `error` otherwise). */
  const access = (mode: "removed" | "read-only", value: unknown, error: TypeError) => {
    if (value !== true && (typeof value !== "object" || value === null || Array.isArray(value))) {
      throw error;
    }
    try {
      return resolveEdgesAccess({ mode, ...(value === true ? {} : value) });
    } catch {
      throw error;
    }
  };
  if (on(deprecated)) return access("removed", deprecated, deprecatedError(deprecated));
  if (on(readOnly)) return access("read-only", readOnly, readOnlyError(readOnly));
  return { mode: "available" };
}

function deprecatedError(value: unknown): TypeError {
  return new TypeError(
    `edgesDeprecated must be a boolean or { status: 400 | 403 | 404 }, got ${JSON.stringify(value)}`,
  );
}

function readOnlyError(value: unknown): TypeError {
  return new TypeError(
    `edgesReadOnly must be a boolean or { status: 400 | 403 }, got ${JSON.stringify(value)}`,
  );
}

/** The emulator's current edge access, as the hook reads it and `emulator.edges` sets it. */
export class EdgesAccessState implements EdgesAccessControl {
  constructor(private access: EdgesAccess) {}

  get(): EdgesAccess {
    return this.access;
  }

  set(access: EdgesAccessSetting): void {
    this.access = resolveEdgesAccess(access, "emulator.edges.set(access)");
  }
}

/**
 * The `onRequest` hook of the edge and SAML plugins: `ERR_NGROK_7008` for every request while the
 * edges are removed, `ERR_NGROK_7196` for every write while they are read-only.
 */
export function edgesAccessHook(state: EdgesAccessControl) {
  return function refuseEdges(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    const access = state.get();
    if (access.mode === "removed") {
      done(apiErrors.edgesDeprecated(access.status));
    } else if (
      access.mode === "read-only" &&
      request.method !== "GET" &&
      request.method !== "HEAD"
    ) {
      done(apiErrors.edgesReadOnly(access.status));
    } else {
      done();
    }
  };
}
