/**
 * The real engine: `pulumi up`, `preview`, `refresh` and `destroy` of stacks of 1, 10 and 50
 * `SshCertificateAuthority` through the real Pulumi CLI (tools/devtools/realStack: the Automation API,
 * an inline program, a file backend in a temporary folder), against the same stacks of a trivial
 * dynamic resource, with the same CLI, in the same run. Each round runs both kinds, in alternating
 * order, on fresh stacks against one emulator; the figure is the ratio of the medians.
 *
 * Wall time is the CLI's own run of the operation (the Automation API call), without the
 * benchmark's process start and workspace setup, which are the same for both kinds.
 *
 * @module
 */
import type { RunResult } from "../devtools/inlineRunner";
import type { PulumiCli } from "../devtools/pulumiCli";
import { RealStack } from "../devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { engineCli } from "./engineRun";
import type { Consumer } from "./installedPackage";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import { exact, ratio, summarize } from "./stats";

/** The operations timed, in the order they run on each stack. */
const OPERATIONS = ["up", "preview", "refresh", "destroy"] as const;
type Operation = (typeof OPERATIONS)[number];
type Kind = "ours" | "trivial";

/** The ratio each operation must stay under, ours ÷ trivial. */
const TARGET = 1.1;

interface Run {
  readonly ms: Record<Operation, number>;
  readonly requests: Record<Operation, number>;
}

/** Runs one stack of `count` resources of `kind` through the four operations. */
async function runStack(
  cli: PulumiCli,
  consumer: Consumer,
  emulator: RunningEmulator,
  kind: Kind,
  count: number,
): Promise<Run> {
  const stack = await RealStack.create({
    cli,
    programDir: consumer.dir,
    main: "engine.js",
    projectName: "bench-engine",
    config: {
      count: { value: String(count) },
      kind: { value: kind },
      "ngrok:apiBaseUrl": { value: emulator.url },
      "ngrok:apiKey": { value: emulator.apiKey, secret: true },
      // The emulator has no rate limit here: pacing runs at a rate these stacks never reach.
      "ngrok:maxRequestsPerMinute": { value: "100000" },
    },
  });
  const ms = {} as Record<Operation, number>;
  const requests = {} as Record<Operation, number>;
  try {
    for (const op of OPERATIONS) {
      const before = emulator.requests.length;
      const result: RunResult = await stack.run(op);
      if (!result.ok) {
        throw new Error(`${kind} × ${count}: pulumi ${op} failed: ${result.error}`);
      }
      ms[op] = result.durationMs;
      requests[op] = emulator.requests.length - before;
    }
  } finally {
    await stack.remove();
  }
  if (emulator.snapshot().sshCertificateAuthorities.length !== 0) {
    throw new Error(`${kind} × ${count}: destroy left SSH CAs in the emulator`);
  }
  return { ms, requests };
}

/**
 * Measures the four operations for each stack size, `rounds` rounds of both kinds.
 * @throws when no Pulumi CLI is available (`npm run pulumi:install` builds one).
 */
export async function measureRealEngine(
  consumer: Consumer,
  rounds: number,
  sizes: readonly number[] = [1, 10, 50],
): Promise<Section> {
  const cli = engineCli(consumer, "the real-engine benchmark");
  const emulator = await startEmulator({ port: 0 });
  const runs = new Map<number, Record<Kind, Run[]>>();
  try {
    for (const count of sizes) {
      const byKind: Record<Kind, Run[]> = { ours: [], trivial: [] };
      for (let round = 0; round < rounds; round++) {
        const order: Kind[] = round % 2 === 0 ? ["ours", "trivial"] : ["trivial", "ours"];
        for (const kind of order) {
          byKind[kind].push(await runStack(cli, consumer, emulator, kind, count));
        }
        progress(`real engine: ${count} resources, round ${round + 1}/${rounds} done`);
      }
      runs.set(count, byKind);
    }
  } finally {
    await emulator.close();
  }

  const section: Section = { title: "Real engine (Pulumi CLI)", rows: [], notes: [] };
  for (const [count, byKind] of runs) {
    const plural = count === 1 ? "" : "s";
    for (const op of OPERATIONS) {
      const ours = byKind.ours.map((run) => run.ms[op]);
      const trivial = byKind.trivial.map((run) => run.ms[op]);
      const figure = ratio(ours, trivial);
      const row: Row = {
        measure: `${count} SSH CA${plural}: pulumi ${op}, ÷ the same stack of a trivial dynamic resource`,
        figure,
        unit: "×",
        target: `≤ ${TARGET}`,
        met: figure.median <= TARGET,
      };
      section.rows.push(
        figure.median <= TARGET
          ? row
          : {
              ...row,
              why:
                `${count} SSH CA${plural}, pulumi ${op}: ${summarize(ours).median.toFixed(0)} ms ` +
                `against ${summarize(trivial).median.toFixed(0)} ms for the trivial resource, ` +
                `which makes no API request (ours: ${byKind.ours[0].requests[op]})`,
            },
      );
    }
    for (const op of OPERATIONS) {
      for (const kind of ["ours", "trivial"] as const) {
        section.rows.push({
          measure: `${count} ${kind === "ours" ? "SSH CA" : "trivial resource"}${plural}: pulumi ${op}, wall time`,
          figure: summarize(byKind[kind].map((run) => run.ms[op])),
          unit: "ms",
          decimals: 0,
        });
      }
    }
    for (const op of OPERATIONS) {
      const counts = byKind.ours.map((run) => run.requests[op]);
      section.rows.push({
        measure: `${count} SSH CA${plural}: API requests of pulumi ${op}`,
        figure: counts.every((n) => n === counts[0])
          ? exact(counts[0], counts.length)
          : summarize(counts),
        unit: "requests",
      });
    }
  }
  section.notes.push(
    `Pulumi CLI ${cli.version} (${cli.source === "cache" ? "built from its Go modules by npm run pulumi:install" : "found on PATH"}), ` +
      "Automation API inline programs (tools/devtools/realStack), file backend and PULUMI_HOME in a " +
      "temporary folder, the package installed from `npm pack`, the emulator in the benchmark's " +
      `process. ${rounds} rounds per stack size; each round deploys a fresh stack of each kind ` +
      "(order alternating), runs up, preview, refresh and destroy, and removes it. Wall time is the " +
      "CLI's run of each operation (the Automation API call): the program, the engine, the " +
      "dynamic-provider host and the API requests; the benchmark's own process start and " +
      "workspace setup are left out (the same for both kinds). The emulator's rate limit is off, " +
      "and the provider paces at 100000 requests per minute, which these stacks never reach " +
      "(tools/bench/pacing.ts measures pacing against a rate limit).",
    "The trivial resource (tools/bench/engineProgram.ts) has `check` and `create` only and calls no API: " +
      "it is the floor of what any dynamic resource costs through the engine. The SSH CA's extra " +
      "cost per operation is its API requests (one per create, read and delete) and the ed25519 " +
      "key generation they cause in the emulator; `pulumi preview` sends none.",
  );
  return section;
}
