/**
 * Plugin cold start: spawn Pulumi's dynamic-provider host in the consumer directory as the engine
 * does, read its port line, Configure, and get the first Check answered, for each resource and
 * for a trivial dynamic provider (check and create only, loading nothing) from the same program,
 * host and directory. Runs alternate (ours, trivial, ours, trivial; the order flips every round)
 * so that drift on a busy machine affects both alike.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import type { ResourceGoal } from "../devtools/deployment";
import { makeUrn, startProviderHost } from "../devtools/providerHost";
import { type Consumer, PROJECT, STACK } from "./installedPackage";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import { ratio, summarize } from "./stats";

const TARGET = 1.2;

interface Timing {
  /** Spawn until the host printed its port. */
  readonly listenMs: number;
  readonly configureMs: number;
  /** The first Check alone. */
  readonly checkMs: number;
  /** Spawn until the first Check is answered. */
  readonly totalMs: number;
}

/** One cold start of `goal`'s provider. */
async function coldStart(consumer: Consumer, goal: ResourceGoal): Promise<Timing> {
  const start = performance.now();
  const host = await startProviderHost({ cwd: consumer.dir, project: PROJECT });
  try {
    const listening = performance.now();
    // Check makes no API call: the settings are only remembered.
    await host.configure({ "ngrok:apiKey": "unused", "ngrok:apiBaseUrl": "http://127.0.0.1:9" });
    const configured = performance.now();
    const { failures } = await host.check(
      makeUrn(STACK, PROJECT, goal.type, goal.name),
      {},
      goal.inputs,
    );
    const checked = performance.now();
    if (failures.length > 0) {
      throw new Error(`Check of ${goal.name} failed: ${JSON.stringify(failures)}`);
    }
    return {
      listenMs: listening - start,
      configureMs: configured - listening,
      checkMs: checked - configured,
      totalMs: checked - start,
    };
  } finally {
    await host.close();
  }
}

/** Measures `rounds` rounds of cold starts. */
export async function measureColdStart(consumer: Consumer, rounds: number): Promise<Section> {
  const { sshCertificateAuthority: ssh, httpsEdgeRouteSaml: saml, trivial } = consumer.goals;
  // One unrecorded start: the first spawn after a build reads @pulumi/pulumi from disk (the
  // provider's own modules were read by the request counts, which run first).
  await coldStart(consumer, trivial);
  const runs = { ssh: [] as Timing[], saml: [] as Timing[], trivial: [] as Timing[] };
  const trivialPerRound: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: ("ssh" | "saml" | "trivial")[] =
      round % 2 === 0
        ? ["ssh", "trivial", "saml", "trivial"]
        : ["trivial", "saml", "trivial", "ssh"];
    const inRound: number[] = [];
    for (const which of order) {
      const goal = which === "ssh" ? ssh : which === "saml" ? saml : trivial;
      const timing = await coldStart(consumer, goal);
      runs[which].push(timing);
      if (which === "trivial") inRound.push(timing.totalMs);
    }
    trivialPerRound.push((inRound[0] + inRound[1]) / 2);
    progress(`cold start: round ${round + 1}/${rounds} done`);
  }

  const total = (timings: Timing[]) => timings.map((t) => t.totalMs);
  const section: Section = { title: "Plugin cold start", rows: [], notes: [] };
  const requireCosts = measureRequireCosts(consumer.dir);
  for (const [label, timings] of [
    ["SshCertificateAuthority", runs.ssh],
    ["HttpsEdgeRouteSaml", runs.saml],
  ] as const) {
    const figure = ratio(total(timings), trivialPerRound);
    const extra = summarize(total(timings)).median - summarize(trivialPerRound).median;
    const row: Row = {
      measure: `${label}: spawn → first Check answered, ÷ trivial provider`,
      figure,
      unit: "×",
      target: `≤ ${TARGET}`,
      met: figure.median <= TARGET,
      why:
        `the first Check costs ${extra.toFixed(0)} ms more than the trivial provider's: it ` +
        `loads the implementation, \`require("pulumi-ngrok-dynamic/provider")\` ` +
        `(${requireCosts.provider.toFixed(0)} ms in a fresh node; zod alone ` +
        `${requireCosts.zod.toFixed(0)} ms, node-fetch ${requireCosts.nodeFetch.toFixed(0)} ms, ` +
        `@xmldom/xmldom ${requireCosts.xmldom.toFixed(0)} ms), though Check needs neither zod ` +
        `nor node-fetch, and the SSH CA's needs no xmldom`,
    };
    section.rows.push(row);
  }
  for (const [label, values] of [
    ["trivial provider: spawn → first Check answered", total(runs.trivial)],
    ["SshCertificateAuthority: spawn → first Check answered", total(runs.ssh)],
    ["HttpsEdgeRouteSaml: spawn → first Check answered", total(runs.saml)],
    ["trivial provider: first Check alone", runs.trivial.map((t) => t.checkMs)],
    ["SshCertificateAuthority: first Check alone", runs.ssh.map((t) => t.checkMs)],
    ["HttpsEdgeRouteSaml: first Check alone", runs.saml.map((t) => t.checkMs)],
  ] as const) {
    section.rows.push({ measure: label, figure: summarize(values), unit: "ms", decimals: 0 });
  }
  const median = (values: number[]) => summarize(values).median.toFixed(0);
  section.notes.push(
    "Cold start = spawn the host (`pulumi-resource-pulumi-nodejs` in the consumer directory, as " +
      "the engine does) → its port line → Configure → first Check answered. The ratio is the " +
      "median of ours over the median of the trivial provider's; min and max are the extremes " +
      `of the per-round ratios (each round: ours and two trivial starts, order alternating; ${rounds} rounds).`,
    `Medians, spawn → port line: trivial ${median(runs.trivial.map((t) => t.listenMs))} ms, ` +
      `SSH CA ${median(runs.ssh.map((t) => t.listenMs))} ms, SAML ${median(runs.saml.map((t) => t.listenMs))} ms ` +
      "(the plugin script runs `node -e require.resolve(…)` and then the host, which loads " +
      "@pulumi/pulumi); Configure: " +
      `${median(runs.trivial.map((t) => t.configureMs))} / ${median(runs.ssh.map((t) => t.configureMs))} / ` +
      `${median(runs.saml.map((t) => t.configureMs))} ms.`,
    `\`require()\` in a fresh node from the consumer directory (median of 3): ` +
      `pulumi-ngrok-dynamic/provider ${requireCosts.provider.toFixed(0)} ms, zod ` +
      `${requireCosts.zod.toFixed(0)} ms, node-fetch ${requireCosts.nodeFetch.toFixed(0)} ms, ` +
      `@xmldom/xmldom ${requireCosts.xmldom.toFixed(0)} ms.`,
  );
  return section;
}

/** The median time of `require(id)` in a fresh node process started in `dir`, in ms. */
function requireCost(dir: string, id: string): number {
  const script =
    "const t = process.hrtime.bigint(); require(" +
    JSON.stringify(id) +
    "); process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));";
  const runs = [0, 1, 2].map(() =>
    Number(execFileSync(process.execPath, ["-e", script], { cwd: dir, encoding: "utf8" })),
  );
  return summarize(runs).median;
}

function measureRequireCosts(dir: string): {
  provider: number;
  zod: number;
  nodeFetch: number;
  xmldom: number;
} {
  return {
    provider: requireCost(dir, "pulumi-ngrok-dynamic/provider"),
    zod: requireCost(dir, "zod"),
    nodeFetch: requireCost(dir, "node-fetch"),
    xmldom: requireCost(dir, "@xmldom/xmldom"),
  };
}
