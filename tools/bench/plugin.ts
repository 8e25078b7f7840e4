/**
 * The provider plugin against the Node.js classes (issue #25 §5), side by side in one run:
 *
 * - cold start: spawn → port line → Configure → first Check of an SSH CA answered, for the plugin
 *   (`pulumi-resource-ngrok-dynamic` from the consumer's `node_modules/.bin`, as `npm install`
 *   puts it) and for Pulumi's dynamic-provider host with the class's `__provider`;
 * - `pulumi up`, `preview`, `refresh`, `destroy` of `count` SSH CAs through the real CLI, the
 *   classes' stack and the plugin's taking turns operation by operation, which goes first
 *   alternating (rounds.ts).
 *
 * Each ratio is the plugin's median over the classes' median; min and max are the extremes of
 * the per-round ratios.
 *
 * @module
 */
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { makeUrn, startProviderHost } from "../devtools/providerHost";
import { engineCli, OPERATIONS } from "./engineRun";
import { type Consumer, PROJECT, STACK } from "./installedPackage";
import { progress } from "./progress";
import type { Section } from "./report";
import { stackRounds } from "./rounds";
import { ratio, summarize } from "./stats";

const TARGET = 1.1;

/** The Node.js plugin's executable in `consumer`, where `npm install` links a package's bins. */
export function nodePluginExecutable(consumer: Consumer): string {
  return path.join(consumer.dir, "node_modules", ".bin", "pulumi-resource-ngrok-dynamic");
}

/**
 * Spawn until the first Check of an SSH CA is answered, in ms: of the provider plugin
 * `executable`, or without one of Pulumi's dynamic-provider host with the class's `__provider`.
 */
export async function coldStart(consumer: Consumer, executable?: string): Promise<number> {
  const start = performance.now();
  const goal = consumer.goals.sshCertificateAuthority;
  const plugin = executable !== undefined;
  const host = await startProviderHost({ cwd: consumer.dir, project: PROJECT, executable });
  try {
    // The plugin takes its own settings, un-namespaced (it refuses unknown keys); the
    // dynamic-provider host takes the program's stack config.
    await host.configure(
      plugin
        ? { apiKey: "unused", apiBaseUrl: "http://127.0.0.1:9" }
        : { "ngrok:apiKey": "unused", "ngrok:apiBaseUrl": "http://127.0.0.1:9" },
    );
    const type = plugin ? "ngrok-dynamic:index:SshCertificateAuthority" : goal.type;
    const inputs = plugin ? { privateKeyType: "ed25519", description: "cold" } : goal.inputs;
    const { failures } = await host.check(makeUrn(STACK, PROJECT, type, goal.name), {}, inputs);
    if (failures.length > 0) throw new Error(`Check failed: ${JSON.stringify(failures)}`);
    return performance.now() - start;
  } finally {
    await host.close();
  }
}

/** Measures the plugin against the classes: `rounds` rounds, stacks of `count` SSH CAs. */
export async function measurePlugin(
  consumer: Consumer,
  rounds: number,
  count: number,
): Promise<Section> {
  const section: Section = { title: "Provider plugin ÷ Node.js classes", rows: [], notes: [] };
  const plugin = nodePluginExecutable(consumer);
  await coldStart(consumer, plugin); // unrecorded: the first spawn reads the files from disk
  const starts = { plugin: [] as number[], classes: [] as number[] };
  for (let round = 0; round < 2 * rounds + 2; round++) {
    for (const side of round % 2 === 0 ? [plugin, undefined] : [undefined, plugin]) {
      starts[side === undefined ? "classes" : "plugin"].push(await coldStart(consumer, side));
    }
  }
  const cold = ratio(starts.plugin, starts.classes);
  section.rows.push({
    measure: "cold start (spawn → first Check answered), plugin ÷ dynamic-provider host",
    figure: cold,
    unit: "×",
    target: `≤ ${TARGET}`,
    met: cold.median <= TARGET,
    why: "see the method notes",
  });
  progress("plugin: cold starts measured");

  const cli = engineCli(consumer, "the plugin benchmark");
  const runs = await stackRounds({
    cli,
    consumer,
    sides: [
      { name: "ours", kind: "ours" },
      { name: "plugin", kind: "plugin" },
    ],
    rounds,
    count,
    label: "plugin",
  });
  for (const op of OPERATIONS) {
    const figure = ratio(runs.plugin.ms[op], runs.ours.ms[op]);
    section.rows.push({
      measure: `${count} SSH CAs, pulumi ${op}: plugin ÷ classes`,
      figure,
      unit: "×",
      target: `≤ ${TARGET}`,
      met: figure.median <= TARGET,
      why:
        `median ${figure.median.toFixed(2)}× in ${rounds} round(s), spread ` +
        `${figure.min.toFixed(2)}–${figure.max.toFixed(2)}× on a machine shared with other work. ` +
        "Both make no API request in a preview of existing resources: it is one Check and one " +
        "Diff over gRPC per resource, in the plugin's process or in the dynamic-provider host; " +
        "not explained yet (to measure again on an idle machine, with a profile of both)",
    });
  }
  const median = (values: number[]) => summarize(values).median.toFixed(0);
  section.notes.push(
    `Cold start: the plugin's executable (a Node.js script that loads the package and ` +
      `@pulumi/pulumi's gRPC stubs) against Pulumi's dynamic-provider host with the class's ` +
      `__provider, each spawned ${2 * rounds + 2} times, order alternating; medians ` +
      `${median(starts.plugin)} ms and ${median(starts.classes)} ms.`,
    `Stacks: ${count} SshCertificateAuthority against ${count} ngrok-dynamic:index:SshCertificateAuthority, ` +
      `the same inputs, through Pulumi CLI ${cli.version}, each on an emulator of its own without ` +
      `a rate limit, pacing off; ${rounds} ` +
      `round(s), the two stacks taking turns operation by operation, order alternating. Medians (ms), classes / plugin: ` +
      OPERATIONS.map(
        (op) => `${op} ${median(runs.ours.ms[op])} / ${median(runs.plugin.ms[op])}`,
      ).join(", ") +
      ".",
  );
  return section;
}
