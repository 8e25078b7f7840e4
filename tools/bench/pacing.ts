/**
 * Pacing through the real engine: `pulumi up` creating 300 `SshCertificateAuthority`, then
 * `pulumi refresh`, then `pulumi destroy`, through the real Pulumi CLI (tools/devtools/realStack, as
 * realEngine.ts) against the emulator with ngrok's rate limit on (120 requests per rolling 60 s),
 * side by side with the provider's pacing on (its default) and off; the same stack without a
 * rate limit (what the engine alone costs); and a small stack (3 resources) with pacing on
 * against off.
 *
 * Requests and 429 answers are counted from the emulator's request log around each step; failures
 * from the CLI's result and the engine's events; orphans (SSH CAs in the emulator that the state
 * does not hold, or that destroy left) and duplicates (two SSH CAs for one resource) from the
 * emulator's snapshot after each step.
 *
 * @module
 */
import type { PulumiCli } from "../devtools/pulumiCli";
import { RealStack } from "../devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { engineCli } from "./engineRun";
import type { Consumer } from "./installedPackage";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import { exact, ratio, summarize } from "./stats";

/**
 * The emulator's limit: ngrok's own, 120 requests per rolling 60 s, which is also the provider's
 * default pacing. Not scaled down: see the notes for why.
 */
const LIMIT = { requests: 120, windowMs: 60_000 };
const LARGE = 300;
const SMALL = 3;
const OPERATIONS = ["up", "refresh", "destroy"] as const;
type Operation = (typeof OPERATIONS)[number];
/** `on`/`off`: the provider's pacing, against the limit; `unlimited`: no limit, no pacing. */
type Variant = "on" | "off" | "unlimited";

interface Step {
  readonly ok: boolean;
  readonly ms: number;
  /** Requests the emulator received during the step, and those it answered 429. */
  readonly sent: number;
  readonly refused: number;
  /** Resources whose step failed (engine events), or 1 when the CLI failed without any. */
  readonly failures: number;
  readonly orphans: number;
  readonly duplicates: number;
  readonly error?: string;
}

type Run = Record<Operation, Step>;

/** Deploys, refreshes and destroys one stack of `count` SSH CAs on a fresh emulator. */
async function runStack(
  cli: PulumiCli,
  consumer: Consumer,
  variant: Variant,
  count: number,
  emulator: RunningEmulator,
): Promise<Run> {
  const stack = await RealStack.create({
    cli,
    programDir: consumer.dir,
    main: "engine.js",
    projectName: "bench-pacing",
    config: {
      count: { value: String(count) },
      kind: { value: "ours" },
      "ngrok:apiBaseUrl": { value: emulator.url },
      "ngrok:apiKey": { value: emulator.apiKey, secret: true },
      // Pacing on is the provider's default (120 per 60 s); off is 0.
      ...(variant === "on" ? {} : { "ngrok:maxRequestsPerMinute": { value: "0" } }),
    },
  });
  const run = {} as Record<Operation, Step>;
  try {
    for (const op of OPERATIONS) {
      const before = emulator.requests.length;
      const result = await stack.run(op, { timeoutMs: 20 * 60_000 });
      const requests = emulator.requests.slice(before);
      const failed = result.steps.filter((s) => s.event === "failed").length;
      run[op] = {
        ok: result.ok,
        ms: result.durationMs,
        sent: requests.length,
        refused: requests.filter((r) => r.status === 429).length,
        failures: failed > 0 ? failed : result.ok ? 0 : 1,
        ...leftovers(emulator, op === "destroy" ? new Set() : stateIds(stack)),
        error: result.ok ? undefined : result.error?.slice(0, 300),
      };
      progress(
        `pacing: ${variant}, ${count} SSH CAs, pulumi ${op}: ${(result.durationMs / 1000).toFixed(1)} s, ` +
          `${run[op].sent} requests, ${run[op].refused} answered 429${result.ok ? "" : ", FAILED"}`,
      );
    }
  } finally {
    await stack.remove();
  }
  return run;
}

function stateIds(stack: RealStack): Set<string> {
  return new Set(stack.checkpointResources().map((r) => r.id ?? ""));
}

/** SSH CAs the state does not hold (`held`), and extra CAs for one resource (same description). */
function leftovers(
  emulator: RunningEmulator,
  held: Set<string>,
): { orphans: number; duplicates: number } {
  const cas = emulator.snapshot().sshCertificateAuthorities;
  const descriptions = new Set(cas.map((ca) => ca.description));
  return {
    orphans: cas.filter((ca) => !held.has(ca.id)).length,
    duplicates: cas.length - descriptions.size,
  };
}

/** Measures the large stack once per variant and the small one `rounds` times (on and off alternating). */
export async function measurePacing(consumer: Consumer, rounds: number): Promise<Section> {
  const cli = engineCli(consumer, "the pacing benchmark");
  const withEmulator = async <T>(limited: boolean, work: (e: RunningEmulator) => Promise<T>) => {
    const emulator = await startEmulator({ port: 0, rateLimit: limited ? LIMIT : undefined });
    try {
      return await work(emulator);
    } finally {
      await emulator.close();
    }
  };

  const small: Record<"on" | "off", number[]> = { on: [], off: [] };
  await withEmulator(true, async (emulator) => {
    for (let round = 0; round < rounds; round++) {
      const order: Array<"on" | "off"> = round % 2 === 0 ? ["on", "off"] : ["off", "on"];
      for (const variant of order) {
        const run = await runStack(cli, consumer, variant, SMALL, emulator);
        small[variant].push(OPERATIONS.reduce((sum, op) => sum + run[op].ms, 0));
      }
    }
  });
  const large = {} as Record<Variant, Run>;
  for (const variant of ["on", "off", "unlimited"] as const) {
    large[variant] = await withEmulator(variant !== "unlimited", (emulator) =>
      runStack(cli, consumer, variant, LARGE, emulator),
    );
  }
  return report(cli, large, small, rounds);
}

/** The floor of a step: the requests the API accepted ÷ the rate, in milliseconds. */
function floorMs(step: Step): number {
  return ((step.sent - step.refused) * LIMIT.windowMs) / LIMIT.requests;
}

function report(
  cli: PulumiCli,
  large: Record<Variant, Run>,
  small: Record<"on" | "off", number[]>,
  rounds: number,
): Section {
  const rows: Row[] = [];
  const total = (run: Run, of: (s: Step) => number) =>
    OPERATIONS.reduce((sum, op) => sum + of(run[op]), 0);
  for (const variant of ["on", "off"] as const) {
    const run = large[variant];
    const targeted = variant === "on";
    const label = `${LARGE} SSH CAs, pacing ${variant}`;
    const check = (value: number, limit: number, target: string, why: string) =>
      targeted ? { target, met: value <= limit, why: value <= limit ? undefined : why } : {};
    for (const op of OPERATIONS) {
      const value = run[op].ms / floorMs(run[op]);
      rows.push({
        measure: `${label}: pulumi ${op}, wall time ÷ (accepted requests ÷ rate)`,
        figure: exact(value),
        unit: "×",
        ...check(
          value,
          1.1,
          "≤ 1.1",
          `${op}: ${(run[op].ms / 1000).toFixed(1)} s for a floor of ${(floorMs(run[op]) / 1000).toFixed(1)} s`,
        ),
      });
    }
    const wall = total(run, (s) => s.ms);
    const floor = total(run, floorMs);
    rows.push({
      measure: `${label}: up + refresh + destroy, wall time ÷ (accepted requests ÷ rate)`,
      figure: exact(wall / floor),
      unit: "×",
      ...check(
        wall / floor,
        1.1,
        "≤ 1.1",
        `${(wall / 1000).toFixed(0)} s for a floor of ${(floor / 1000).toFixed(0)} s`,
      ),
    });
    const sent = total(run, (s) => s.sent);
    const refused = total(run, (s) => s.refused);
    rows.push({
      measure: `${label}: requests answered 429 ÷ requests sent`,
      figure: exact((100 * refused) / sent),
      unit: "%",
      ...check((100 * refused) / sent, 1, "≤ 1 %", `${refused} of ${sent} requests answered 429`),
    });
    rows.push({
      measure: `${label}: requests sent (up, refresh, destroy)`,
      figure: exact(sent),
      unit: "requests",
    });
    rows.push({
      measure: `${label}: requests answered 429`,
      figure: exact(refused),
      unit: "requests",
    });
    for (const [name, of] of [
      ["failures", (s: Step) => s.failures],
      ["orphans", (s: Step) => s.orphans],
      ["duplicates", (s: Step) => s.duplicates],
    ] as const) {
      const value = Math.max(...OPERATIONS.map((op) => of(run[op])));
      rows.push({
        measure: `${label}: ${name}${name === "failures" ? " (resources)" : " (SSH CAs, worst step)"}`,
        figure: exact(value),
        unit: "count",
        ...check(value, 0, "0", `${value} ${name}`),
      });
    }
  }
  const labels: Record<Variant, string> = {
    on: "pacing on",
    off: "pacing off",
    unlimited: "no rate limit, pacing off",
  };
  for (const variant of ["on", "off", "unlimited"] as const) {
    for (const op of OPERATIONS) {
      rows.push({
        measure: `${LARGE} SSH CAs, ${labels[variant]}: pulumi ${op}, wall time`,
        figure: exact(large[variant][op].ms),
        unit: "ms",
        decimals: 0,
      });
    }
  }
  const smallRatio = ratio(small.on, small.off);
  rows.push({
    measure: `${SMALL} SSH CAs: up + refresh + destroy, pacing on ÷ off`,
    figure: smallRatio,
    unit: "×",
    target: "≤ 1.05",
    met: smallRatio.median <= 1.05,
    why: `${summarize(small.on).median.toFixed(0)} ms against ${summarize(small.off).median.toFixed(0)} ms`,
  });
  rows.push({
    measure: `${SMALL} SSH CAs: up + refresh + destroy, wall time with pacing on`,
    figure: summarize(small.on),
    unit: "ms",
    decimals: 0,
  });
  const failedSteps = (["on", "off", "unlimited"] as const).flatMap((variant) =>
    OPERATIONS.filter((op) => !large[variant][op].ok).map(
      (op) => `pacing ${variant}, pulumi ${op}: ${large[variant][op].error ?? "failed"}`,
    ),
  );
  return {
    title: "Pacing (real CLI)",
    rows,
    notes: [
      `Pulumi CLI ${cli.version}, Automation API inline programs (tools/devtools/realStack), the package ` +
        `installed from \`npm pack\`, the program tools/bench/engineProgram.ts (ed25519 SSH CAs). The ` +
        `emulator's rate limit is ngrok's: ${LIMIT.requests} requests per rolling ` +
        `${LIMIT.windowMs / 1000} s (429 ERR_NGROK_226 with Retry-After beyond it). Pacing on is ` +
        "the provider's default (`ngrok:maxRequestsPerMinute` unset: 120 per 60 s); off is " +
        "`ngrok:maxRequestsPerMinute` 0.",
      "Why ngrok's own rate rather than a faster scale (such as 120 per 6 s): the engine alone " +
        `(no rate limit, rows "no rate limit") took ${(large.unlimited.up.ms / 1000).toFixed(0)} s ` +
        `for the up of ${LARGE} SSH CAs on this shared machine; at a faster scale the engine, not ` +
        "the rate limit, would set the pace, and the ratio would measure the engine.",
      `Each variant of the ${LARGE}-resource stack runs once, on its own emulator, the three steps ` +
        "back to back (each step is a new provider process, as with the CLI). The floor of a step " +
        "is the requests the emulator accepted (not answered 429) ÷ the rate; the first " +
        `${LIMIT.requests} requests of an empty window go at once, so a step can beat its floor.`,
      `The small stack (${SMALL} SSH CAs) runs ${rounds} rounds, pacing on and off alternating, on ` +
        "one emulator with the limit, which it never reaches: the ratio is what pacing costs a " +
        "stack it does not slow down.",
      ...(failedSteps.length > 0 ? [`Failed steps: ${failedSteps.join("; ")}.`] : []),
    ],
  };
}
