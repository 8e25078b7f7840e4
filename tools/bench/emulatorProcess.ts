/**
 * The emulator in a process of its own, as an API server is: the benchmark's clients (the engine
 * stand-in, the dynamic-provider host, bare node-fetch) never share its event loop. The child
 * watches its own event loop (`perf_hooks.monitorEventLoopDelay` plus an interval-drift sampler
 * that also reads the loop thread's scheduler statistics, to tell a loop blocked by code from a
 * loop thread waiting for a CPU) and reports it, its CPU time and the request log over IPC. It
 * exits when the parent goes away.
 *
 * @module
 */
import { fork, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { type RecordedRequest, startEmulator } from "../../emulator/index";

/** How the event loop fared between {@link EmulatorProcess.startLoopMonitor} and stop. */
export interface LoopStats {
  /**
   * The longest delay of the loop beyond its sampling interval, in ms: the larger of
   * `monitorEventLoopDelay`'s maximum and the interval-drift sampler's.
   */
  readonly maxDelayMs: number;
  /** The 99th percentile of `monitorEventLoopDelay`, beyond the interval, in ms. */
  readonly p99DelayMs: number;
  /**
   * The most CPU time the loop thread used between two consecutive ticks of the sampler, in ms:
   * an upper bound of the longest stretch the loop ran code without yielding (blocking), as
   * opposed to waiting for a CPU. From Linux's `/proc/<pid>/task/<tid>/schedstat`; `undefined`
   * where that is not available.
   */
  readonly maxBlockedMs: number | undefined;
  /** For the longest drift of the sampler: how long the loop thread ran and waited for a CPU. */
  readonly longestDelay:
    { readonly delayMs: number; readonly ranMs: number; readonly waitedMs: number } | undefined;
}

/** A running emulator process. */
export interface EmulatorProcess {
  readonly url: string;
  readonly apiKey: string;
  /** The requests answered from index `from` of the log on. */
  requestsSince(from: number): Promise<RecordedRequest[]>;
  /** How many requests the emulator has answered. */
  requestCount(): Promise<number>;
  /** The child's CPU time so far (user + system), in ms. */
  cpuMs(): Promise<number>;
  startLoopMonitor(): Promise<void>;
  stopLoopMonitor(): Promise<LoopStats>;
  close(): Promise<void>;
}

/** The sampling interval of both loop samplers, in ms. */
export const LOOP_RESOLUTION_MS = 5;

type Operation = "requestsSince" | "requestCount" | "cpuMs" | "startLoop" | "stopLoop";
interface Call {
  readonly id: number;
  readonly op: Operation;
  readonly arg?: number;
}
interface Answer {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: string;
}

/** Forks this module as the emulator process and waits until it listens. */
export async function startEmulatorProcess(): Promise<EmulatorProcess> {
  const child = fork(__filename, ["--emulator-process"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { url, apiKey } = await new Promise<{ url: string; apiKey: string }>((resolve, reject) => {
    child.once("message", (message) => resolve(message as { url: string; apiKey: string }));
    child.once("exit", (code) => reject(new Error(`the emulator process exited with ${code}`)));
    child.once("error", reject);
  });
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on("message", (message) => {
    const answer = message as Answer;
    const waiter = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error !== undefined) {
      waiter?.reject(new Error(answer.error));
    } else {
      waiter?.resolve(answer.result);
    }
  });
  const call = <T>(op: Operation, arg?: number): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, op, arg } satisfies Call);
    });
  return {
    url,
    apiKey,
    requestsSince: (from) => call("requestsSince", from),
    requestCount: () => call("requestCount"),
    cpuMs: () => call("cpuMs"),
    startLoopMonitor: () => call("startLoop"),
    stopLoopMonitor: () => call("stopLoop"),
    close: () => stop(child),
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.disconnect();
  });
}

/** The child: starts the emulator on a free loopback port and answers the parent's calls. */
async function childMain(): Promise<void> {
  const emulator = await startEmulator({ port: 0 });
  let histogram: ReturnType<typeof monitorEventLoopDelay> | undefined;
  let sampler: NodeJS.Timeout | undefined;
  let maxDrift = 0;
  let maxBlocked: number | undefined;
  let longestDelay: LoopStats["longestDelay"];

  const handlers: Record<Operation, (arg?: number) => unknown> = {
    requestsSince: (from = 0) => emulator.requests.slice(from),
    requestCount: () => emulator.requests.length,
    cpuMs: () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    },
    startLoop: () => {
      histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
      histogram.enable();
      maxDrift = 0;
      longestDelay = undefined;
      let last = performance.now();
      let lastSched = loopThreadSchedstat();
      maxBlocked = lastSched === undefined ? undefined : 0;
      sampler = setInterval(() => {
        const now = performance.now();
        const sched = loopThreadSchedstat();
        const drift = now - last - LOOP_RESOLUTION_MS;
        const ranMs = sched && lastSched ? sched.ranMs - lastSched.ranMs : undefined;
        if (ranMs !== undefined && maxBlocked !== undefined) {
          maxBlocked = Math.max(maxBlocked, ranMs);
        }
        if (drift > maxDrift) {
          maxDrift = drift;
          longestDelay =
            sched && lastSched
              ? {
                  delayMs: drift,
                  ranMs: sched.ranMs - lastSched.ranMs,
                  waitedMs: sched.waitedMs - lastSched.waitedMs,
                }
              : undefined;
        }
        last = now;
        lastSched = sched;
      }, LOOP_RESOLUTION_MS);
    },
    stopLoop: () => {
      clearInterval(sampler);
      if (histogram === undefined) {
        throw new Error("the loop monitor was not started");
      }
      histogram.disable();
      // The histogram records whole timer intervals: what exceeds the resolution is the delay.
      const delay = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
      const stats: LoopStats = {
        maxDelayMs: Math.max(delay(histogram.max), maxDrift),
        p99DelayMs: delay(histogram.percentile(99)),
        maxBlockedMs: maxBlocked,
        longestDelay,
      };
      histogram = undefined;
      return stats;
    },
  };

  process.on("message", (message) => {
    const { id, op, arg } = message as Call;
    try {
      process.send!({ id, result: handlers[op](arg) } satisfies Answer);
    } catch (error) {
      process.send!({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  // The parent closed the channel or died: stop, whatever state the benchmark is in.
  process.on("disconnect", () => {
    void emulator.close().finally(() => process.exit(0));
  });
  process.send!({ url: emulator.url, apiKey: emulator.apiKey });
}

/**
 * How long this process's main thread (the event loop's) has run on a CPU and waited for one,
 * in ms, from `/proc/<pid>/task/<pid>/schedstat`; `undefined` where the kernel does not offer it.
 */
function loopThreadSchedstat(): { ranMs: number; waitedMs: number } | undefined {
  try {
    const [ran, waited] = fs
      .readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, "utf8")
      .trim()
      .split(" ")
      .map(Number);
    return Number.isFinite(ran) && Number.isFinite(waited)
      ? { ranMs: ran / 1e6, waitedMs: waited / 1e6 }
      : undefined;
  } catch {
    return undefined;
  }
}

if (require.main === module && process.argv.includes("--emulator-process")) {
  childMain().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
