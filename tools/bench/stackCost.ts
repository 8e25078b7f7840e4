/**
 * Per-resource cost under the real engine (issue #18): `pulumi up`, `preview`, `refresh` and
 * `destroy` of N `SshCertificateAuthority` through the real Pulumi CLI, against N SSH CAs of the
 * bare provider a user would write with global `fetch` and N resources of the trivial provider
 * (no API; referenceProviders.ts), with the same CLI and emulator, in the same run. Each round
 * deploys a fresh stack of each kind, the kinds' order rotating from round to round so that the
 * load of a shared machine falls on all alike; the figures are medians over the rounds and the
 * ratios are ratios of medians.
 *
 * Beside wall time, each stack reports (engineRun.ts): the checkpoint's bytes per resource,
 * `__provider`'s bytes, API requests and TCP connections per operation, and the CPU of the
 * dynamic-provider host. {@link measureBigStacks} measures, for ours, what Pulumi's options for
 * large stacks do (`--parallel`, `PULUMI_SKIP_CHECKPOINTS`) and counts the checkpoint writes
 * (`PULUMI_RETAIN_CHECKPOINTS`).
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { PulumiCli } from "../devtools/pulumiCli";
import { startCountingEmulator } from "./countingEmulator";
import {
  engineCli,
  type EngineRun,
  type Kind,
  NO_PACING,
  OPERATIONS,
  runEngineStack,
} from "./engineRun";
import type { Consumer } from "./installedPackage";
import { progress } from "./progress";
import { bigStackFindings, costFindings } from "./stackCostFindings";
import type { Row, Section } from "./report";
import { exact, ratio, type Summary, summarize } from "./stats";

/** The kinds compared, ours first. */
const KINDS = ["ours", "bare", "trivial"] as const satisfies readonly Kind[];
type Compared = (typeof KINDS)[number];

/** Ours ÷ bare, each operation, at the largest size (issue #18). */
const TARGET = 1.1;

/** Where {@link measureStackCost} leaves every run's figures (JSON), beside the report. */
export const RAW_FILE = path.join(os.tmpdir(), "pulumi-ngrok-bench-stack-cost.json");

const cliFor = (consumer: Consumer) => engineCli(consumer, "the per-resource cost benchmark");

/**
 * Measures the three kinds at each stack size, `rounds` rounds each.
 * @throws when no Pulumi CLI is available (`npm run pulumi:install` builds one), or a stack fails.
 */
export async function measureStackCost(
  consumer: Consumer,
  rounds: number,
  sizes: readonly number[] = [10, 100, 300],
): Promise<Section> {
  const cli = cliFor(consumer);
  const counting = await startCountingEmulator();
  const runs = new Map<number, Record<Compared, EngineRun[]>>(
    sizes.map((count) => [count, { ours: [], bare: [], trivial: [] }]),
  );
  try {
    // Every round runs every size, so that a run cut short (see `--raw`) still has as many
    // rounds of each kind at each size.
    for (let round = 0; round < rounds; round++) {
      for (const count of sizes) {
        const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
        for (const kind of order) {
          runs.get(count)![kind].push(
            await runEngineStack({
              cli,
              consumer,
              emulator: counting,
              kind,
              count,
              config: NO_PACING,
              projectName: "bench-cost",
            }),
          );
        }
        progress(`stack cost: ${count} resources, round ${round + 1}/${rounds} done`);
      }
      // The raw runs so far, to study beyond the report or render it again (`--raw`).
      fs.writeFileSync(RAW_FILE, JSON.stringify(Object.fromEntries(runs)));
    }
  } finally {
    await counting.emulator.close();
  }
  return costSection(runs, sizes, rounds, cli);
}

/**
 * The section of {@link measureStackCost} rendered again from the runs it left in
 * {@link RAW_FILE} (`--raw`): to rewrite the report without measuring again.
 * @throws when the file is missing or no Pulumi CLI is available.
 */
export function stackCostFromRaw(consumer: Consumer): Section {
  const raw = JSON.parse(fs.readFileSync(RAW_FILE, "utf8")) as Record<
    string,
    Record<Compared, EngineRun[]>
  >;
  const runs = new Map(Object.entries(raw).map(([count, byKind]) => [Number(count), byKind]));
  const sizes = [...runs.keys()].sort((a, b) => a - b);
  return costSection(runs, sizes, runs.get(sizes[0])!.ours.length, cliFor(consumer));
}

function costSection(
  runs: Map<number, Record<Compared, EngineRun[]>>,
  sizes: readonly number[],
  rounds: number,
  cli: PulumiCli,
): Section {
  const section: Section = { title: "Per-resource cost (real CLI, #18)", rows: [], notes: [] };
  const largest = Math.max(...sizes);
  const smallest = Math.min(...sizes);
  for (const count of sizes) {
    const byKind = runs.get(count)!;
    const ms = (kind: Compared, op: (typeof OPERATIONS)[number]) =>
      byKind[kind].map((run) => run.ops[op].ms);
    for (const op of OPERATIONS) {
      for (const baseline of ["bare", "trivial"] as const) {
        const figure = ratio(ms("ours", op), ms(baseline, op));
        const targeted = baseline === "bare" && count === largest;
        section.rows.push({
          measure: `${count} SSH CAs: pulumi ${op}, ours ÷ ${baseline}`,
          figure,
          unit: "×",
          ...(targeted ? { target: `≤ ${TARGET}`, met: figure.median <= TARGET } : {}),
          ...(targeted && figure.median > TARGET
            ? {
                why:
                  `${count} SSH CAs, pulumi ${op}: ${summarize(ms("ours", op)).median.toFixed(0)} ms ` +
                  `against ${summarize(ms("bare", op)).median.toFixed(0)} ms for the bare provider ` +
                  `(trivial: ${summarize(ms("trivial", op)).median.toFixed(0)} ms); see the findings in BENCHMARKS.md`,
              }
            : {}),
        });
      }
      for (const kind of KINDS) {
        section.rows.push({
          measure: `${count} ${kind}: pulumi ${op}, wall time`,
          figure: summarize(ms(kind, op)),
          unit: "ms",
          decimals: 0,
        });
      }
      for (const kind of KINDS) {
        const host = byKind[kind]
          .map((run) => run.ops[op].hostCpuMs)
          .filter((v): v is number => v !== undefined);
        if (host.length > 0) {
          section.rows.push({
            measure: `${count} ${kind}: pulumi ${op}, dynamic-provider host CPU`,
            figure: summarize(host),
            unit: "ms CPU",
            decimals: 0,
          });
        }
      }
      for (const kind of ["ours", "bare"] as const) {
        section.rows.push({
          measure: `${count} ${kind}: pulumi ${op}, API requests`,
          figure: countFigure(byKind[kind].map((run) => run.ops[op].requests)),
          unit: "requests",
        });
        section.rows.push({
          measure: `${count} ${kind}: pulumi ${op}, TCP connections to the API`,
          figure: countFigure(byKind[kind].map((run) => run.ops[op].connections)),
          unit: "count",
        });
      }
    }
    for (const kind of KINDS) {
      const state = byKind[kind].map((run) => run.state);
      section.rows.push({
        measure: `${count} ${kind}: checkpoint bytes per resource after up`,
        figure: summarize(state.map((s) => s.checkpointBytesPerResource)),
        unit: "B",
        ...(kind === "ours" && count === largest ? bytesTarget(byKind) : {}),
      });
      section.rows.push({
        measure: `${count} ${kind}: __provider bytes per resource (inputs + outputs)`,
        figure: summarize(state.map((s) => s.providerBytes)),
        unit: "B",
        ...(kind === "ours" && count === largest
          ? { target: "≤ 1024", met: summarize(state.map((s) => s.providerBytes)).median <= 1024 }
          : {}),
      });
      section.rows.push({
        measure: `${count} ${kind}: inputs / outputs bytes per resource, __provider left out`,
        figure: summarize(state.map((s) => s.inputsBytes + s.outputsBytes)),
        unit: "B",
      });
    }
  }
  if (largest !== smallest) {
    for (const op of OPERATIONS) {
      const scaling = (kind: Compared) => {
        const perResource = (count: number) =>
          summarize(runs.get(count)![kind].map((run) => run.ops[op].ms)).median / count;
        return perResource(largest) / perResource(smallest);
      };
      const ours = scaling("ours");
      const bare = scaling("bare");
      section.rows.push({
        measure: `pulumi ${op}: per-resource time at ${largest} ÷ at ${smallest}, ours (bare: ${bare.toFixed(2)})`,
        figure: exact(ours, rounds),
        unit: "×",
        target: `≤ bare's ${bare.toFixed(2)}`,
        met: ours <= bare,
        ...(ours > bare
          ? {
              why: `pulumi ${op}: ours scales ${ours.toFixed(2)}× against bare's ${bare.toFixed(2)}×`,
            }
          : {}),
      });
    }
  }
  section.notes.push(
    `Pulumi CLI ${cli.version}, Automation API inline programs (tools/devtools/realStack), file backend ` +
      "in a temporary folder, the package installed from `npm pack`, the emulator (no rate limit) " +
      `in the benchmark's process, counting its TCP connections. ${rounds} round(s) per stack ` +
      "size; each round deploys a fresh stack of each kind (ours, bare, trivial; the order " +
      "rotating from round to round), runs up, preview, refresh and destroy, and removes it. " +
      "Ratios are ratios of medians; min and max are the extremes of the per-round ratios. The " +
      "provider paces at 100000 requests per minute, which these stacks never reach. The machine " +
      "that wrote BENCHMARKS.md (2 CPUs) was shared with other jobs during the run: absolute " +
      "times are inflated and noisy, and only the ratios of kinds run in the same round, under " +
      "the same load, are meaningful (min and max show the spread).",
    "The references (tools/bench/referenceProviders.ts) are written as a user would: bare is the SSH " +
      "CA with global `fetch`, one request per create, read and delete, no validation, retries or " +
      "`check`/`diff`; trivial has `check` and `create` and calls no API. Host CPU is the " +
      "dynamic-provider host process's user + system CPU (tools/bench/hostCpuProbe.ts).",
    ...costFindings(runs.get(largest)!, largest),
  );
  return section;
}

function countFigure(counts: readonly number[]): Summary {
  return counts.every((n) => n === counts[0]) ? exact(counts[0], counts.length) : summarize(counts);
}

function bytesTarget(byKind: Record<Compared, EngineRun[]>): Pick<Row, "target" | "met" | "why"> {
  const of = (kind: Compared) =>
    summarize(byKind[kind].map((run) => run.state.checkpointBytesPerResource)).median;
  const ours = of("ours");
  const bare = of("bare");
  return {
    target: `≤ bare's ${bare.toFixed(0)} B`,
    met: ours <= bare,
    ...(ours > bare
      ? { why: `checkpoint: ${ours.toFixed(0)} B per resource against bare's ${bare.toFixed(0)} B` }
      : {}),
  };
}

/** One configuration of {@link measureBigStacks}. */
interface Variant {
  readonly label: string;
  readonly parallel?: number;
  readonly env?: Record<string, string>;
}

const VARIANTS: readonly Variant[] = [
  // The CLI's default is 4 × the logical CPUs (8 on the 2-CPU machine of BENCHMARKS.md).
  { label: "default --parallel (4 × CPUs)" },
  { label: "--parallel 4", parallel: 4 },
  { label: "--parallel 64", parallel: 64 },
  { label: "PULUMI_SKIP_CHECKPOINTS=true", env: { PULUMI_SKIP_CHECKPOINTS: "true" } },
];

/**
 * Ours alone at `count` resources under Pulumi's options for large stacks, `rounds` rounds with
 * the variants interleaved, and one diagnostic stack that retains every checkpoint the file
 * backend writes (`PULUMI_RETAIN_CHECKPOINTS`) to count them.
 * @throws when no Pulumi CLI is available, or a stack fails.
 */
export async function measureBigStacks(
  consumer: Consumer,
  rounds: number,
  count = 300,
): Promise<Section> {
  const cli = cliFor(consumer);
  const counting = await startCountingEmulator();
  const byVariant = new Map<string, EngineRun[]>(VARIANTS.map((v) => [v.label, []]));
  const retained: Record<string, EngineRun> = {};
  try {
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < VARIANTS.length; i++) {
        const variant = VARIANTS[(i + round) % VARIANTS.length];
        byVariant.get(variant.label)!.push(
          await runEngineStack({
            cli,
            consumer,
            emulator: counting,
            kind: "ours",
            count,
            config: NO_PACING,
            parallel: variant.parallel,
            env: variant.env,
            projectName: "bench-big",
          }),
        );
      }
      progress(`big stacks: round ${round + 1}/${rounds} done`);
    }
    for (const kind of ["ours", "bare"] as const) {
      retained[kind] = await runEngineStack({
        cli,
        consumer,
        emulator: counting,
        kind,
        count,
        config: NO_PACING,
        retainCheckpoints: true,
        projectName: "bench-big",
      });
    }
    progress("big stacks: checkpoint writes counted");
  } finally {
    await counting.emulator.close();
  }
  const section: Section = {
    title: `Big stacks (${count} SSH CAs, real CLI)`,
    rows: [],
    notes: [],
  };
  for (const op of OPERATIONS) {
    for (const variant of VARIANTS) {
      section.rows.push({
        measure: `pulumi ${op}, ${variant.label}`,
        figure: summarize(byVariant.get(variant.label)!.map((run) => run.ops[op].ms)),
        unit: "ms",
        decimals: 0,
      });
    }
  }
  for (const kind of ["ours", "bare"] as const) {
    for (const op of OPERATIONS) {
      const writes = retained[kind].ops[op].writes;
      if (writes !== undefined) {
        section.rows.push({
          measure: `${kind}: checkpoint writes of pulumi ${op} (count; bytes written below)`,
          figure: exact(writes.count),
          unit: "count",
        });
        section.rows.push({
          measure: `${kind}: checkpoint bytes written by pulumi ${op}`,
          figure: exact(writes.bytes),
          unit: "B",
        });
      }
    }
  }
  section.notes.push(
    `${rounds} round(s) of each variant on fresh stacks of ${count} SSH CAs, the variants' order ` +
      "rotating; the emulator without a rate limit, the provider's pacing at 100000 requests per " +
      "minute. The checkpoint writes come from one more stack of each kind with " +
      "`PULUMI_RETAIN_CHECKPOINTS=true` (the file backend keeps every checkpoint it writes; " +
      "counted, not timed).",
    ...bigStackFindings(
      VARIANTS.map((v) => ({ label: v.label, runs: byVariant.get(v.label)! })),
      { ours: retained.ours, bare: retained.bare },
      count,
    ),
  );
  return section;
}
