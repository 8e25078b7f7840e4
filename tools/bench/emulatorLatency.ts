/**
 * Emulator responsiveness: the latency of GET requests (one CA, as refresh reads it) while 20
 * rsa-4096 creates run, and how long the emulator's event loop is ever blocked meanwhile,
 * measured inside the emulator's own process (emulatorProcess.ts). Key generation runs on libuv's
 * thread pool (emulator/model/sshKeys.ts), so GETs should still be answered in milliseconds.
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { BareClient } from "./bareClient";
import { type LoopStats, LOOP_RESOLUTION_MS, startEmulatorProcess } from "./emulatorProcess";
import { sleep } from "./pool";
import { progress } from "./progress";
import type { Section } from "./report";
import { percentile, summarize } from "./stats";

const CREATES = 20;
const BLOCK_LIMIT_MS = 50;
/** Pause between two probe GETs: a steady trickle that leaves the CPU to key generation. */
const PROBE_PAUSE_MS = 5;
const IDLE_PROBE_MS = 1500;

interface Run {
  readonly idle: number[];
  readonly busy: number[];
  readonly loop: LoopStats;
  readonly createsMs: number;
}

/** Measures `runs` runs, each: idle probes, then probes during 20 concurrent rsa-4096 creates. */
export async function measureEmulatorLatency(runs: number): Promise<Section> {
  const emulator = await startEmulatorProcess();
  const probe = new BareClient(emulator.url, emulator.apiKey);
  const creator = new BareClient(emulator.url, emulator.apiKey);
  const results: Run[] = [];
  try {
    const target = await probe.send("POST", "/ssh_certificate_authorities", {
      private_key_type: "ed25519",
      description: "probe target",
    });
    const path = `/ssh_certificate_authorities/${String(target?.id)}`;
    const get = async (): Promise<number> => {
      const start = performance.now();
      await probe.send("GET", path);
      return performance.now() - start;
    };
    for (let i = 0; i < 200; i++) {
      await get(); // warm-up
    }
    for (let run = 0; run < runs; run++) {
      const idle: number[] = [];
      const idleUntil = performance.now() + IDLE_PROBE_MS;
      while (performance.now() < idleUntil) {
        idle.push(await get());
        await sleep(PROBE_PAUSE_MS);
      }

      await emulator.startLoopMonitor();
      const start = performance.now();
      let done = false;
      const creates = Promise.all(
        Array.from({ length: CREATES }, () =>
          creator.send("POST", "/ssh_certificate_authorities", {
            private_key_type: "rsa",
            key_size: 4096,
          }),
        ),
      ).finally(() => (done = true));
      const busy: number[] = [];
      while (!done) {
        busy.push(await get());
        await sleep(PROBE_PAUSE_MS);
      }
      const created = await creates;
      const createsMs = performance.now() - start;
      const loop = await emulator.stopLoopMonitor();
      for (const ca of created) {
        await creator.send("DELETE", `/ssh_certificate_authorities/${String(ca?.id)}`);
      }
      results.push({ idle, busy, loop, createsMs });
      progress(
        `emulator latency: run ${run + 1}/${runs} done (${CREATES} rsa-4096 creates in ` +
          `${(createsMs / 1000).toFixed(1)} s, ${busy.length} GETs meanwhile)`,
      );
    }
  } finally {
    probe.close();
    creator.close();
    await emulator.close();
  }

  // Where the kernel reports the loop thread's own CPU time, a block is what the thread ran
  // between two ticks; elsewhere the whole delay is counted as a block (the conservative reading).
  const measured = results.every((r) => r.loop.maxBlockedMs !== undefined);
  const blocked = results.map((r) => r.loop.maxBlockedMs ?? r.loop.maxDelayMs);
  const worst = Math.max(...blocked);
  const ms = (values: number[]) => summarize(values);
  const delays = results
    .map((r, i) =>
      r.loop.longestDelay === undefined
        ? `run ${i + 1}: ${r.loop.maxDelayMs.toFixed(1)} ms`
        : `run ${i + 1}: ${r.loop.longestDelay.delayMs.toFixed(1)} ms; over that tick (the ` +
          `delay plus the ${LOOP_RESOLUTION_MS} ms interval) the loop thread ran ` +
          `${r.loop.longestDelay.ranMs.toFixed(1)} ms and waited ` +
          `${r.loop.longestDelay.waitedMs.toFixed(1)} ms for a CPU`,
    )
    .join("; ");
  return {
    title: "Emulator responsiveness",
    rows: [
      {
        measure: `GET p50 while ${CREATES} rsa-4096 creates run`,
        figure: ms(results.map((r) => percentile(r.busy, 50))),
        unit: "ms",
        decimals: 2,
      },
      {
        measure: `GET p99 while ${CREATES} rsa-4096 creates run`,
        figure: ms(results.map((r) => percentile(r.busy, 99))),
        unit: "ms",
        decimals: 2,
      },
      {
        measure: "GET p50, idle",
        figure: ms(results.map((r) => percentile(r.idle, 50))),
        unit: "ms",
        decimals: 2,
      },
      {
        measure: "GET p99, idle",
        figure: ms(results.map((r) => percentile(r.idle, 99))),
        unit: "ms",
        decimals: 2,
      },
      {
        measure: measured
          ? "longest event-loop block in the emulator during the creates (loop-thread CPU time between two ticks)"
          : "longest event-loop block in the emulator during the creates (whole delays: no per-thread CPU time here)",
        figure: ms(blocked),
        unit: "ms",
        target: `≤ ${BLOCK_LIMIT_MS} ms in every run`,
        met: worst <= BLOCK_LIMIT_MS,
        why: measured
          ? `the emulator's loop thread ran ${worst.toFixed(1)} ms without its timers firing: ` +
            "code blocked it; profile the emulator process during rsa-4096 creates"
          : `the emulator's event loop was delayed ${worst.toFixed(1)} ms, and this system ` +
            "cannot tell code blocking it from the thread waiting for a CPU",
      },
      {
        measure: "longest event-loop delay in the emulator during the creates",
        figure: ms(results.map((r) => r.loop.maxDelayMs)),
        unit: "ms",
      },
      {
        measure: "p99 event-loop delay in the emulator during the creates",
        figure: ms(results.map((r) => r.loop.p99DelayMs)),
        unit: "ms",
      },
      {
        measure: `${CREATES} concurrent rsa-4096 creates, wall time`,
        figure: ms(results.map((r) => r.createsMs)),
        unit: "ms",
        decimals: 0,
      },
    ],
    notes: [
      `${runs} runs against one emulator process. Each run probes GET of one CA for ` +
        `${IDLE_PROBE_MS} ms idle, then sends ${CREATES} rsa-4096 creates at once and probes ` +
        `until all are answered; probes are sequential, ${PROBE_PAUSE_MS} ms apart, on a ` +
        "keep-alive connection of their own.",
      "The event loop is watched inside the emulator process by `perf_hooks.monitorEventLoopDelay` " +
        `(resolution ${LOOP_RESOLUTION_MS} ms) and by a ${LOOP_RESOLUTION_MS} ms interval whose ` +
        "drift is recorded; the delay is the larger of the two, beyond the interval.",
      "A delay is not necessarily a block: key generation runs on libuv's thread pool (4 " +
        "threads), and on a machine with fewer cores the loop thread waits its turn for a CPU. " +
        "The sampler reads the loop thread's scheduler statistics (Linux " +
        "`/proc/<pid>/task/<pid>/schedstat`): the block is the CPU time the loop thread used " +
        "between two ticks (an upper bound of code running without yielding); the rest of a " +
        "delay is time spent waiting for a CPU.",
      `Longest delay of each run: ${delays}.`,
    ],
  };
}
