/**
 * Before and after the resource classes stopped recording Pulumi's promise stack traces
 * (sdk/promiseStacks.ts, issue #18 §3), through the real Pulumi CLI, side by side in one run:
 * N `SshCertificateAuthority` as the package declares them now, against the same stack with
 * `PULUMI_DEBUG_PROMISE_LEAKS=1` in the program's environment, under which the classes record
 * the stack traces as before. Each round deploys a fresh stack of each variant, their order
 * alternating; medians over the rounds.
 *
 * @module
 */
import { startCountingEmulator } from "./countingEmulator";
import { engineCli, type EngineRun, NO_PACING, OPERATIONS, runEngineStack } from "./engineRun";
import type { Consumer } from "./installedPackage";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import { ratio, summarize } from "./stats";

/** The variants: the stack traces skipped (the package as it is) or recorded (as before). */
const VARIANTS = {
  skipped: {},
  recorded: { PULUMI_DEBUG_PROMISE_LEAKS: "1" },
} as const;
type Variant = keyof typeof VARIANTS;

/**
 * Measures both variants at `count` CAs, `rounds` rounds each.
 * @throws when no Pulumi CLI is available (`npm run pulumi:install` builds one), or a stack fails.
 */
export async function measurePromiseStacks(
  consumer: Consumer,
  rounds: number,
  count: number,
): Promise<Section> {
  const cli = engineCli(consumer, "the promise stack benchmark");
  const counting = await startCountingEmulator();
  const runs: Record<Variant, EngineRun[]> = { skipped: [], recorded: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const order: Variant[] = round % 2 === 0 ? ["skipped", "recorded"] : ["recorded", "skipped"];
      for (const variant of order) {
        runs[variant].push(
          await runEngineStack({
            cli,
            consumer,
            emulator: counting,
            kind: "ours",
            count,
            config: NO_PACING,
            env: VARIANTS[variant],
            projectName: "bench-promise-stacks",
          }),
        );
      }
      progress(`promise stacks: ${count} resources, round ${round + 1}/${rounds} done`);
    }
  } finally {
    await counting.emulator.close();
  }
  const rows: Row[] = [];
  const program = (variant: Variant, op: (typeof OPERATIONS)[number]) =>
    runs[variant].map((run) => run.ops[op].runnerCpuMs ?? 0);
  for (const op of OPERATIONS) {
    rows.push({
      measure: `${count} SSH CAs: pulumi ${op}, stack traces skipped ÷ recorded (wall time)`,
      figure: ratio(
        runs.skipped.map((run) => run.ops[op].ms),
        runs.recorded.map((run) => run.ops[op].ms),
      ),
      unit: "×",
    });
    for (const variant of ["skipped", "recorded"] as const) {
      rows.push({
        measure: `${count} SSH CAs: pulumi ${op}, program's CPU, stack traces ${variant}`,
        figure: summarize(program(variant, op)),
        unit: "ms CPU",
      });
    }
  }
  const median = (values: number[]) => summarize(values).median;
  const preview = {
    skipped: median(program("skipped", "preview")),
    recorded: median(program("recorded", "preview")),
  };
  return {
    title: `Promise stack traces (${count} SSH CAs, real CLI, #18)`,
    rows,
    notes: [
      `Before and after, side by side: ${count} \`SshCertificateAuthority\` as the package ` +
        "declares them (Pulumi's per-promise stack traces skipped, sdk/promiseStacks.ts) against " +
        "the same stack with `PULUMI_DEBUG_PROMISE_LEAKS=1`, under which the classes record them " +
        `as they did before; ${rounds} rounds, the order alternating, medians. The program's ` +
        `CPU during \`preview\`: ${preview.skipped.toFixed(0)} ms skipped against ` +
        `${preview.recorded.toFixed(0)} ms recorded. \`refresh\` and \`destroy\` do not run the ` +
        "program, so they serve as the control: their ratios show the run's noise.",
    ],
  };
}
