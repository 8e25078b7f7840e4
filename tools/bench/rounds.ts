/**
 * Rounds of the same stack run by several sides (ways of running the provider), side by side:
 * each round runs every side's stack once through the real CLI (engineRun.ts), each on a counting
 * emulator of its own, the sides taking turns operation by operation in an order that changes at
 * each ({@link turn}). The benchmarks that compare sides (plugin.ts, executable.ts)
 * share it.
 *
 * @module
 */
import type { PulumiCli } from "../devtools/pulumiCli";
import { type CountingEmulator, startCountingEmulator } from "./countingEmulator";
import { EngineStack, type Kind, NO_PACING, OPERATIONS, type Operation } from "./engineRun";
import type { Consumer } from "./installedPackage";
import { progress } from "./progress";

/** One side of a comparison: its name, the stack's kind, and what its CLI's environment adds. */
export interface StackSide<S extends string> {
  /** The side's name in the results and the progress lines, e.g. `executable`. */
  readonly name: S;
  /** The program's `kind` (engineProgram.ts): `ours` for the classes, `plugin` for a plugin. */
  readonly kind: Kind;
  /** Variables added to the stack's environment, e.g. a `PATH` with another plugin first. */
  readonly env?: Record<string, string>;
}

/** What {@link stackRounds} measured of one side, one figure a round for each operation. */
export interface SideRun {
  /** Wall time of each operation, in ms. */
  readonly ms: Record<Operation, number[]>;
  /** CPU of the plugin's process in each operation, in ms (none for the classes). */
  readonly pluginCpuMs: Record<Operation, number[]>;
  /** The Node.js versions the plugin's processes ran on (`process.version`). */
  readonly pluginNodes: Set<string>;
}

/** {@link SideRun} by side name. */
export type SideRuns<S extends string> = Record<S, SideRun>;

/**
 * The order of `sides` for turn `n`: the rotations of `sides` (each side first, second… in turn),
 * then, for three sides or more, the rotations of `sides` reversed, so that over `2 × sides` turns
 * each side also follows each other side equally often (with rotations alone, the side after
 * another would always be the same one, and a heavy side's aftermath, e.g. the dynamic-provider
 * host's, would always fall on the same neighbour). For two sides: alternating.
 */
export function turn<T>(sides: readonly T[], n: number): T[] {
  const count = sides.length;
  const cycle = count <= 2 ? count : 2 * count;
  const i = ((n % cycle) + cycle) % cycle;
  const base = i < count ? sides : [...sides].reverse();
  return base.map((_, j) => base[(j + i) % count]);
}

/**
 * Runs `up`, `preview`, `refresh` and `destroy` of `count` SSH CAs for each of `sides`, `rounds`
 * times, each side's stack on an emulator of its own without pacing. Within a round the sides take
 * turns operation by operation (every side's `up`, then every side's `preview`, …), so that the
 * runs a ratio compares are seconds apart rather than a whole stack apart; the order of the sides
 * changes at each operation and each round ({@link turn}), so that over `2 × sides` rounds each
 * side runs at each place, and after each other side, equally often. Logs each round's end as `<label>: round <n>/<rounds> done (<names> × <count>)`.
 *
 * @returns each side's wall times and plugin CPU by name, in milliseconds by operation, one a
 *   round, and the Node.js versions the plugin processes ran on.
 * @throws Error when an operation fails (EngineStack.run).
 */
export async function stackRounds<S extends string>(options: {
  readonly cli: PulumiCli;
  readonly consumer: Consumer;
  readonly sides: readonly StackSide<S>[];
  readonly rounds: number;
  readonly count: number;
  readonly label: string;
}): Promise<SideRuns<S>> {
  const { cli, consumer, rounds, count } = options;
  const cycle = options.sides.length <= 2 ? options.sides.length : 2 * options.sides.length;
  if (rounds % cycle !== 0) {
    // Some orders then run more often than others: a side that often runs after a heavy one, or
    // last, is measured in their aftermath more often (7 rounds of 3 sides put one order twice).
    progress(
      `${options.label}: ${rounds} round(s) of ${options.sides.length} sides are unbalanced; ` +
        `a multiple of ${cycle} runs each order equally often`,
    );
  }
  const runs = {} as SideRuns<S>;
  for (const { name } of options.sides) {
    runs[name] = {
      ms: { up: [], preview: [], refresh: [], destroy: [] },
      pluginCpuMs: { up: [], preview: [], refresh: [], destroy: [] },
      pluginNodes: new Set(),
    };
  }
  for (let round = 0; round < rounds; round++) {
    const open: { side: StackSide<S>; stack: EngineStack; emulator: CountingEmulator }[] = [];
    try {
      for (const side of options.sides) {
        const emulator = await startCountingEmulator();
        try {
          const stack = await EngineStack.open({
            cli,
            consumer,
            emulator,
            kind: side.kind,
            count,
            config: NO_PACING,
            env: side.env,
          });
          open.push({ side, stack, emulator });
        } catch (error) {
          await emulator.emulator.close();
          throw error;
        }
      }
      for (const [index, op] of OPERATIONS.entries()) {
        for (const { side, stack } of turn(open, round + index)) {
          const cost = await stack.run(op);
          runs[side.name].ms[op].push(cost.ms);
          if (cost.pluginCpuMs !== undefined)
            runs[side.name].pluginCpuMs[op].push(cost.pluginCpuMs);
          for (const node of cost.pluginNodes) runs[side.name].pluginNodes.add(node);
        }
      }
      for (const { stack } of open) stack.result(); // destroy emptied each emulator
    } finally {
      for (const { stack, emulator } of open) {
        await stack.close();
        await emulator.emulator.close();
      }
    }
    progress(
      `${options.label}: round ${round + 1}/${rounds} done ` +
        `(${options.sides.map((side) => side.name).join(", ")} × ${count})`,
    );
  }
  return runs;
}
