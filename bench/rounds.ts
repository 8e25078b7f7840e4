/**
 * Rounds of the same stack run by several sides (ways of running the provider), side by side:
 * each round runs every side's stack once through the real CLI (engineRun.ts), each on a counting
 * emulator of its own, the sides' order rotating from round to round so that each runs first in
 * turn. The benchmarks that compare sides (plugin.ts, executable.ts) share it.
 *
 * @module
 */
import type { PulumiCli } from "../devtools/pulumiCli";
import { startCountingEmulator } from "./countingEmulator";
import { type Kind, NO_PACING, OPERATIONS, type Operation, runEngineStack } from "./engineRun";
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

/** `sides` rotated by `round`: each side runs first, second… in turn. */
export function rotated<T>(sides: readonly T[], round: number): T[] {
  return sides.map((_, i) => sides[(i + round) % sides.length]);
}

/**
 * Runs `up`, `preview`, `refresh` and `destroy` of `count` SSH CAs for each of `sides`, `rounds`
 * times, in the order of `sides` rotating by one each round ({@link rotated}), each on an emulator
 * of its own without pacing; logs each side's end as
 * `<label>: round <n>/<rounds>, <name> × <count> done`.
 *
 * @returns each side's wall times by name, in milliseconds by operation, one a round.
 * @throws Error when an operation fails (runEngineStack).
 */
export async function stackRounds<S extends string>(options: {
  readonly cli: PulumiCli;
  readonly consumer: Consumer;
  readonly sides: readonly StackSide<S>[];
  readonly rounds: number;
  readonly count: number;
  readonly label: string;
}): Promise<Record<S, Record<Operation, number[]>>> {
  const { cli, consumer, rounds, count } = options;
  const ms = {} as Record<S, Record<Operation, number[]>>;
  for (const { name } of options.sides)
    ms[name] = { up: [], preview: [], refresh: [], destroy: [] };
  for (let round = 0; round < rounds; round++) {
    for (const { name, kind, env } of rotated(options.sides, round)) {
      const emulator = await startCountingEmulator();
      try {
        const run = await runEngineStack({
          cli,
          consumer,
          emulator,
          kind,
          count,
          config: NO_PACING,
          env,
        });
        for (const op of OPERATIONS) ms[name][op].push(run.ops[op].ms);
      } finally {
        await emulator.emulator.close();
      }
      progress(`${options.label}: round ${round + 1}/${rounds}, ${name} × ${count} done`);
    }
  }
  return ms;
}
