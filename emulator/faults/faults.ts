/**
 * The fault-injection layer: root hooks that apply {@link FaultRule}s to API requests, outside
 * the handlers and before authentication, plus the rule registry behind `emulator.faults`.
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
import { isAdminPath } from "../http/adminPath";
import type { RecordedRequest } from "../context";
import { apiErrors, EmulatorApiError } from "../errors";
import {
  compilePathPattern,
  validateFaultRule,
  type FaultRule,
  type FaultRuleEntry,
} from "./faultRule";
import { DROPPED_STATUS, recordRequest } from "../http/recorder";

/** The fault rules of a running emulator (`emulator.faults`, `app.emulator.faults`). */
export interface EmulatorFaults {
  /**
   * Appends a rule (after the existing ones: earlier rules win) and returns its id.
   * @throws TypeError (a `FaultRuleError`) naming the invalid field.
   */
  add(rule: FaultRule): string;
  /** Removes a rule by id; `false` if there is none. */
  remove(id: string): boolean;
  /** Removes every rule (the initial ones too). */
  clear(): void;
  /** Copies of the rules in order, with id and hits. Spent rules stay listed until removed. */
  list(): Array<FaultRule & { id: string; hits: number }>;
}

interface ActiveRule {
  readonly id: string;
  readonly rule: FaultRule;
  readonly methods: ReadonlySet<string> | undefined;
  readonly matchesPath: ((path: string) => boolean) | undefined;
  hits: number;
}

function copyRule(rule: FaultRule): FaultRule {
  return { ...rule, ...(Array.isArray(rule.method) ? { method: [...rule.method] } : {}) };
}

/**
 * A seeded generator of numbers in [0, 1) (mulberry32, 32-bit state): the same seed gives the
 * same sequence. Used for fault-rule probability draws when `EmulatorOptions.faultSeed` is set.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rule registry: rules in order, their hit counts, and pending delays. */
export class FaultInjector {
  private rules: ActiveRule[] = [];
  private nextId = 1;
  private readonly pendingDelays = new Set<() => void>();
  private closing = false;

  /**
   * @param initial validated rules (from `EmulatorOptions.faults`).
   * @param random source of probability draws in [0, 1). Default `Math.random`.
   */
  constructor(
    initial: readonly FaultRule[] = [],
    private readonly random: () => number = Math.random,
  ) {
    for (const rule of initial) this.add(rule);
  }

  /** See {@link EmulatorFaults.add}. */
  add(rule: FaultRule): string {
    const checked = validateFaultRule(rule);
    const id = `fault_${this.nextId++}`;
    const methods = checked.method === undefined ? undefined : [checked.method].flat();
    this.rules.push({
      id,
      rule: checked,
      methods: methods === undefined ? undefined : new Set(methods.map((m) => m.toUpperCase())),
      matchesPath: checked.path === undefined ? undefined : compilePathPattern(checked.path),
      hits: 0,
    });
    return id;
  }

  /** See {@link EmulatorFaults.remove}. */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((active) => active.id !== id);
    return this.rules.length < before;
  }

  /** See {@link EmulatorFaults.clear}. */
  clear(): void {
    this.rules = [];
  }

  /** See {@link EmulatorFaults.list}. */
  list(): FaultRuleEntry[] {
    return this.rules.map(({ id, rule, hits }) => ({ id, ...copyRule(rule), hits }));
  }

  /** The one entry with this id, or `undefined`. */
  get(id: string): FaultRuleEntry | undefined {
    return this.list().find((entry) => entry.id === id);
  }

  /** The {@link EmulatorFaults} facade (methods usable detached). */
  control(): EmulatorFaults {
    return {
      add: (rule) => this.add(rule),
      remove: (id) => this.remove(id),
      clear: () => this.clear(),
      list: () => this.list(),
    };
  }

  /**
   * The rule to apply to a request, or `undefined`: the first matching, unspent rule whose
   * probability draw hits. Counts the hit. `path` is without query.
   */
  pick(method: string, path: string): FaultRule | undefined {
    const upper = method.toUpperCase();
    for (const active of this.rules) {
      const { rule } = active;
      if (active.methods !== undefined && !active.methods.has(upper)) continue;
      if (active.matchesPath !== undefined && !active.matchesPath(path)) continue;
      if (rule.count !== undefined && active.hits >= rule.count) continue;
      const probability = rule.probability ?? 1;
      if (probability < 1 && !(this.random() < probability)) continue;
      active.hits += 1;
      return rule;
    }
    return undefined;
  }

  /** Waits `ms`; resolves `true` if cut short because the app is closing. */
  delay(ms: number): Promise<boolean> {
    if (this.closing) return Promise.resolve(true);
    return new Promise((resolve) => {
      const cancel = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.pendingDelays.delete(cancel);
        resolve(false);
      }, ms);
      this.pendingDelays.add(cancel);
    });
  }

  /** Ends every pending delay (the app is closing): their requests are dropped. */
  cancelDelays(): void {
    this.closing = true;
    for (const cancel of this.pendingDelays) cancel();
    this.pendingDelays.clear();
  }
}

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
  const error = new Error(
    `connection dropped by an emulator fault rule (drop: "${phase}")`,
  ) as Error & { code: string };
  error.code = "ECONNRESET";
  return error;
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
