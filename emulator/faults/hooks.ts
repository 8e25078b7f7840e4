/**
 * The fault-injection layer: root hooks that apply {@link FaultRule}s to API requests, outside
 * the handlers and before authentication (the rules and their draws are in `registry.ts`).
 *
 * Per request (not under `/__emulator/`), in the root `onRequest` hook, after the operation id:
 * 1. pick the first rule whose method and path match, that is not spent (`hits < count`) and
 *    whose probability draw (`random() < probability`, drawn only when `probability < 1`; the
 *    draws come from `Math.random`, or from a seeded generator with `EmulatorOptions.faultSeed`)
 *    hits; the hit is counted;
 * 2. wait its `delayMs`;
 * 3. `status`: answer ngrok's error body (rendered by the one error handler, recorded as usual);
 *    `drop: "before"`: reset the connection now (the body is never read, nothing runs);
 *    `drop: "after"`: mark the request; the root `onSend` hook resets the connection once the
 *    answer (handler result or error) is ready, instead of sending it;
 *    otherwise the request goes on (authentication, rate limit, handler).
 *
 * A dropped request is recorded in `requests` with status {@link DROPPED_STATUS} (0). On a real
 * socket the connection is closed with a TCP reset (`socket.resetAndDestroy()`), so HTTP clients
 * see `ECONNRESET` (node-fetch v2: a `FetchError` "request to … failed, reason: read ECONNRESET"
 * with `code` `"ECONNRESET"`; node's `fetch`: `TypeError("fetch failed")` with that cause). With
 * `inject()` there is no socket: the `inject()` promise rejects with an `Error` whose `code` is
 * `"ECONNRESET"`.
 */
import { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { apiErrors, EmulatorApiError } from "../errors";
import { isAdminPath } from "../http/adminPath";
import { DROPPED_STATUS, recordRequest, type RecordedRequest } from "../http/recorder";
import type { FaultRule } from "./faultRule";
import type { FaultInjector } from "./registry";

/** The answer of a rule with `status`, in ngrok's error envelope. */
export function faultError(
  rule: FaultRule & { status: number },
  bodyLimit: number,
): EmulatorApiError {
  const base =
    rule.status === 429
      ? apiErrors.rateLimited()
      : rule.status === 413
        ? apiErrors.bodyTooLarge(bodyLimit)
        : rule.status === 500
          ? apiErrors.internal()
          : apiErrors.injectedStatus(rule.status);
  return new EmulatorApiError(
    rule.status,
    rule.errorCode ?? base.errorCode,
    rule.message ?? base.message,
    rule.retryAfter === undefined ? {} : { headers: { "Retry-After": String(rule.retryAfter) } },
  );
}

function droppedError(phase: "before" | "after"): Error {
  return Object.assign(
    new Error(`connection dropped by an emulator fault rule (drop: "${phase}")`),
    { code: "ECONNRESET" },
  );
}

/**
 * Ends a request without an answer: records it with status 0, then resets the TCP connection
 * (or, under `inject()`, fails the injected response).
 */
function dropConnection(
  request: FastifyRequest,
  reply: FastifyReply,
  log: RecordedRequest[],
  phase: "before" | "after",
): void {
  recordRequest(log, request, DROPPED_STATUS);
  reply.hijack();
  const socket = request.raw.socket;
  if (socket instanceof Socket) {
    try {
      socket.resetAndDestroy();
    } catch {
      socket.destroy(); // not a TCP socket (e.g. a pipe): no reset, a plain close
    }
  } else {
    reply.raw.destroy(droppedError(phase));
  }
}

/**
 * Installs the fault-injection hooks on the root app. Call after the operation-id hook and
 * before any plugin, so that the hooks run before authentication.
 */
export function installFaults(
  app: FastifyInstance,
  injector: FaultInjector,
  options: { log: RecordedRequest[]; bodyLimit: number },
): void {
  const { log, bodyLimit } = options;
  const dropAfter = new WeakSet<object>();

  app.addHook("onRequest", async (request, reply) => {
    if (isAdminPath(request.url)) return;
    const rule = injector.pick(request.method, request.url.split("?")[0]);
    if (rule === undefined) return;
    if (rule.delayMs !== undefined && rule.delayMs > 0) {
      const cutShort = await injector.delay(rule.delayMs);
      if (cutShort) {
        dropConnection(request, reply, log, "before");
        return;
      }
    }
    if (rule.drop === "before") {
      dropConnection(request, reply, log, "before");
      return;
    }
    if (rule.status !== undefined) throw faultError({ ...rule, status: rule.status }, bodyLimit);
    if (rule.drop === "after") dropAfter.add(request.raw);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (!dropAfter.has(request.raw)) return payload;
    dropConnection(request, reply, log, "after");
    // Nothing is left to send to: never hand the payload back to fastify, which would write it
    // into the destroyed connection (and, under inject(), resolve the injected response). A fresh
    // promise that never settles: nothing references it, so the abandoned reply is collected.
    return new Promise<never>(() => undefined);
  });

  app.addHook("preClose", (done) => {
    injector.cancelDelays();
    done();
  });
}
