/**
 * Provider overhead: 200 SSH CA lifecycles (create ed25519, update the description, delete) at
 * concurrency 10, through one dynamic-provider host as the engine calls it (Check → Create;
 * Check → Diff → Update; Delete), against the same requests sent with bare node-fetch at the
 * same concurrency, alternating in rounds against one emulator process.
 *
 * To say where a difference comes from, the same rounds also run
 * - a bare-fetch dynamic provider (consumerProgram.ts) through the same host: the floor of the
 *   host path, whatever the provider;
 * - the same, with 4 KiB more carried in its properties wherever `__provider` is carried: what
 *   each KB of state costs on the host path;
 * - our provider's methods called in this process, without the host: our code alone;
 * and record the CPU time of each process: the engine stand-in (this process), the host, the
 * emulator.
 *
 * @module
 */
import { createRequire } from "node:module";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { Deployment, type ResourceGoal } from "../devtools/deployment";
import { type ProviderHost, startProviderHost } from "../devtools/providerHost";
import { BareClient } from "./bareClient";
import { type EmulatorProcess, startEmulatorProcess } from "./emulatorProcess";
import { type Consumer, PROJECT, STACK, variant } from "./installedPackage";
import { runConcurrently } from "./pool";
import { ownCpuMs, providerHostCpuMs } from "./processCpu";
import { progress } from "./progress";
import type { Section } from "./report";
import { ratio, summarize } from "./stats";

const TARGET = 1.15;
const LIFECYCLES = 200;
const CONCURRENCY = 10;
const WARM_UP = 20;
const PAD_BYTES = 8192;
/** Requests per minute the provider paces to here: far above what the lifecycles send. */
const PACING_RATE = 100_000;

type VariantName =
  "oursHost" | "oursHostBefore" | "bareHost" | "bareHostPadded" | "oursInProcess" | "bareFetch";

interface Measurement {
  readonly wallMs: number;
  /** CPU per lifecycle, in ms. */
  readonly engineCpu: number;
  readonly hostCpu: number | undefined;
  readonly emulatorCpu: number;
}

type Implementation = typeof import("../../provider");

/** Measures `rounds` rounds of every variant. */
export async function measureOverhead(consumer: Consumer, rounds: number): Promise<Section> {
  const { sshCertificateAuthority: ssh, bare, before } = consumer.goals;
  const emulator = await startEmulatorProcess();
  const host = await startProviderHost({ cwd: consumer.dir, project: PROJECT });
  const client = new BareClient(emulator.url, emulator.apiKey);
  const results = new Map<VariantName, Measurement[]>();
  try {
    const settings: Record<string, string> = {
      "ngrok:apiKey": emulator.apiKey,
      "ngrok:apiBaseUrl": emulator.url,
      // Pacing on, at a rate this run never reaches: its code runs, and delays nothing.
      "ngrok:maxRequestsPerMinute": String(PACING_RATE),
    };
    await host.configure(settings);
    // Our implementation as installed in the consumer, loaded into this process.
    const implementation = createRequire(path.join(consumer.dir, "index.js"))(
      "pulumi-ngrok-dynamic/provider",
    ) as Implementation;
    await implementation.configure({ config: { get: (key: string) => settings[key] } });

    const padded = variant(bare, bare.name, { pad: "x".repeat(PAD_BYTES) });
    const variants: Record<VariantName, (i: number) => Promise<void>> = {
      oursHost: (i) => hostLifecycle(host, ssh, `ours-${i}`),
      oursHostBefore: (i) => hostLifecycle(host, before, `before-${i}`),
      bareHost: (i) => hostLifecycle(host, bare, `bare-${i}`),
      bareHostPadded: (i) => hostLifecycle(host, padded, `padded-${i}`),
      oursInProcess: () => inProcessLifecycle(implementation),
      bareFetch: () => client.sshCertificateAuthorityLifecycle(),
    };
    const names = Object.keys(variants) as VariantName[];
    for (const name of names) {
      await runConcurrently(WARM_UP, CONCURRENCY, variants[name]);
    }
    progress("overhead: warmed up");
    for (let round = 0; round < rounds; round++) {
      // Rotated every round and reversed every other round, so that no variant always follows
      // the same one (and inherits its garbage).
      const rotated = names.map((_, i) => names[(i + round) % names.length]);
      const order = round % 2 === 0 ? rotated : rotated.reverse();
      for (const name of order) {
        const measurement = await measure(emulator, () =>
          runConcurrently(LIFECYCLES, CONCURRENCY, variants[name]),
        );
        results.set(name, [...(results.get(name) ?? []), measurement]);
      }
      progress(`overhead: round ${round + 1}/${rounds} done`);
    }
    const left = await client.send("GET", "/ssh_certificate_authorities?limit=100");
    const count = (left?.ssh_certificate_authorities as unknown[] | undefined)?.length ?? 0;
    if (count !== 0) {
      throw new Error(`${count} SSH CAs were left behind by the lifecycles`);
    }
  } finally {
    client.close();
    await host.close();
    await emulator.close();
  }
  return report(results, rounds, {
    now: Buffer.byteLength(ssh.inputs.__provider as string),
    before: Buffer.byteLength(before.inputs.__provider as string),
  });
}

/** Runs `work` and returns its wall time and the CPU per lifecycle of each process. */
async function measure(emulator: EmulatorProcess, work: () => Promise<void>): Promise<Measurement> {
  const emulatorBefore = await emulator.cpuMs();
  const hostBefore = providerHostCpuMs();
  const engineBefore = ownCpuMs();
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  const engineAfter = ownCpuMs();
  const hostAfter = providerHostCpuMs();
  const emulatorAfter = await emulator.cpuMs();
  return {
    wallMs,
    engineCpu: (engineAfter - engineBefore) / LIFECYCLES,
    hostCpu:
      hostBefore === undefined || hostAfter === undefined
        ? undefined
        : (hostAfter - hostBefore) / LIFECYCLES,
    emulatorCpu: (emulatorAfter - emulatorBefore) / LIFECYCLES,
  };
}

/** The engine's calls for one lifecycle: up (Check, Create), up (Check, Diff, Update), destroy. */
async function hostLifecycle(host: ProviderHost, goal: ResourceGoal, name: string): Promise<void> {
  const deployment = new Deployment(host, STACK, PROJECT);
  await deployment.up([variant(goal, name)]);
  const [step] = await deployment.up([variant(goal, name, { description: "v2" })]);
  if (step?.op !== "update") {
    throw new Error(`${name}: expected an update, got ${JSON.stringify(step)}`);
  }
  await deployment.destroy();
}

/** The same lifecycle calling our provider's methods directly, in this process. */
async function inProcessLifecycle(implementation: Implementation): Promise<void> {
  const provider = implementation.sshCertificateAuthorityProvider;
  const news = { privateKeyType: "ed25519", description: "v1" };
  const { inputs } = await provider.check({}, news);
  if (inputs === undefined) throw new Error("in-process check returned no inputs");
  const { id, outs } = await provider.create(inputs);
  if (outs === undefined) throw new Error("in-process create returned no outputs");
  const { inputs: changed } = await provider.check({ ...inputs }, { ...news, description: "v2" });
  if (changed === undefined) throw new Error("in-process check returned no inputs");
  if (!(await provider.diff(id, { ...outs }, { ...changed })).changes) {
    throw new Error("in-process diff found no change");
  }
  const updated = await provider.update(id, outs, changed);
  await provider.delete(id, updated.outs ?? outs);
}

function report(
  results: Map<VariantName, Measurement[]>,
  rounds: number,
  bytes: { now: number; before: number },
): Section {
  const providerBytes = bytes.now;
  const get = (name: VariantName) => results.get(name) ?? [];
  const wall = (name: VariantName) => get(name).map((m) => m.wallMs);
  const cpu = (name: VariantName, of: "engineCpu" | "hostCpu" | "emulatorCpu") =>
    get(name)
      .map((m) => m[of])
      .filter((v): v is number => v !== undefined);
  const median = (values: number[]) => (values.length > 0 ? summarize(values).median : NaN);

  const target = ratio(wall("oursHost"), wall("bareFetch"));
  const floor = ratio(wall("bareHost"), wall("bareFetch"));
  const share = ratio(wall("oursHost"), wall("bareHost"));
  const code = ratio(wall("oursInProcess"), wall("bareFetch"));
  const hostCpu = median(cpu("oursHost", "hostCpu"));
  const engineCpu = median(cpu("oursHost", "engineCpu"));
  const directCpu = median(cpu("bareFetch", "engineCpu")) + median(cpu("bareFetch", "emulatorCpu"));
  const perKb = (of: "hostCpu" | "engineCpu") => {
    const extra = get("bareHostPadded").map(
      (m, i) => ((m[of] ?? NaN) - (get("bareHost")[i][of] ?? NaN)) / (PAD_BYTES / 1024),
    );
    return extra.filter((v) => Number.isFinite(v));
  };
  const hostPerKb = perKb("hostCpu");
  const providerHostCost = median(hostPerKb) * (providerBytes / 1024);

  const section: Section = {
    title: "Provider overhead",
    rows: [
      {
        measure: `${LIFECYCLES} SSH CA lifecycles at concurrency ${CONCURRENCY}: ours through the host ÷ bare node-fetch`,
        figure: target,
        unit: "×",
        target: `≤ ${TARGET}`,
        met: target.median <= TARGET,
        why:
          `the host path itself costs that much on loopback, whatever the provider: a bare-fetch ` +
          `dynamic provider through the same host is ${floor.median.toFixed(2)}× bare node-fetch, ` +
          `and ours is ${share.median.toFixed(2)}× that bare provider (our code alone, without ` +
          `the host, is ${code.median.toFixed(2)}× bare node-fetch). A lifecycle is 6 gRPC calls ` +
          `for 3 HTTP requests: ${hostCpu.toFixed(1)} ms CPU in the host and ` +
          `${engineCpu.toFixed(1)} ms in the Node engine stand-in, against ` +
          `${directCpu.toFixed(1)} ms for client and emulator together on the direct path. ` +
          `The host's Struct coding is google-protobuf in JavaScript, string by string, and ` +
          `\`__provider\` (${providerBytes} B) crosses gRPC 16 times per lifecycle: at ` +
          `${median(hostPerKb).toFixed(2)} ms of host CPU per KB carried, it costs ≈ ` +
          `${providerHostCost.toFixed(1)} ms of the host's ${hostCpu.toFixed(1)} ms`,
      },
      {
        measure: "ours through the host ÷ bare-fetch provider through the same host",
        figure: share,
        unit: "×",
      },
      {
        measure: "bare-fetch provider through the host ÷ bare node-fetch (the host path's floor)",
        figure: floor,
        unit: "×",
      },
      {
        measure: "ours in this process, no host ÷ bare node-fetch",
        figure: code,
        unit: "×",
      },
      ...(
        [
          ["wall time, ours through the host", "oursHost"],
          ["wall time, ours with 7e37a46's `__provider` through the host", "oursHostBefore"],
          ["wall time, bare-fetch provider through the host", "bareHost"],
          ["wall time, ours in this process", "oursInProcess"],
          ["wall time, bare node-fetch", "bareFetch"],
        ] as const
      ).map(([measure, name]) => ({
        measure: `${measure} (${LIFECYCLES} lifecycles)`,
        figure: summarize(wall(name)),
        unit: "ms" as const,
        decimals: 0,
      })),
      ...(
        [
          ["CPU per lifecycle, ours through the host: engine stand-in", "oursHost", "engineCpu"],
          ["CPU per lifecycle, ours through the host: host", "oursHost", "hostCpu"],
          [
            `CPU per lifecycle, ours with 7e37a46's \`__provider\` (${bytes.before} B) through the host: host`,
            "oursHostBefore",
            "hostCpu",
          ],
          ["CPU per lifecycle, ours through the host: emulator", "oursHost", "emulatorCpu"],
          ["CPU per lifecycle, bare-fetch provider through the host: host", "bareHost", "hostCpu"],
          ["CPU per lifecycle, bare node-fetch: client", "bareFetch", "engineCpu"],
          ["CPU per lifecycle, bare node-fetch: emulator", "bareFetch", "emulatorCpu"],
        ] as const
      )
        .filter(([, name, of]) => cpu(name, of).length > 0)
        .map(([measure, name, of]) => ({
          measure,
          figure: summarize(cpu(name, of)),
          unit: "ms CPU" as const,
          decimals: 2,
        })),
      ...(cpu("oursHostBefore", "hostCpu").length > 0
        ? [
            {
              measure: `host CPU per lifecycle, ours now (\`__provider\` ${bytes.now} B) ÷ with 7e37a46's (${bytes.before} B)`,
              figure: ratio(cpu("oursHost", "hostCpu"), cpu("oursHostBefore", "hostCpu")),
              unit: "×" as const,
            },
          ]
        : []),
      ...(hostPerKb.length > 0
        ? [
            {
              measure: "host CPU per lifecycle per KB carried like `__provider`",
              figure: summarize(hostPerKb),
              unit: "ms CPU" as const,
              decimals: 2,
            },
          ]
        : []),
    ],
    notes: [
      `${rounds} rounds after ${WARM_UP} warm-up lifecycles of each variant; every round runs ` +
        `each variant once (${LIFECYCLES} lifecycles, ${CONCURRENCY} at a time), in an order ` +
        "rotated every round and reversed every other round, against one emulator process. Ratios: median over median; min " +
        "and max of the per-round ratios.",
      "A lifecycle through the host is the engine's calls (tools/devtools/deployment.ts): Check → " +
        "Create; Check → Diff → Update (the description); Delete, with the package installed " +
        "from `npm pack`. Bare node-fetch sends POST, PATCH and DELETE with the same headers and " +
        "bodies and a keep-alive agent (tools/bench/bareClient.ts).",
      "The engine stand-in is this Node process with @grpc/grpc-js and google-protobuf; Pulumi's " +
        "real engine is Go, so its side of each call costs less than measured here. The host is " +
        "Pulumi's own, unchanged. CPU times come from /proc (host) and process.cpuUsage().",
      `The emulator's optional rate limit is off, and the provider paces at ${PACING_RATE} ` +
        "requests per minute (`ngrok:maxRequestsPerMinute`), which these lifecycles never reach: " +
        "the pacing's bookkeeping is measured, and delays nothing. Against api.ngrok.com, its documented 120 " +
        `requests per 60 s would make the ${LIFECYCLES * 3} requests of one variant take at ` +
        `least ${Math.ceil((LIFECYCLES * 3) / 120)} minutes: there, the number of requests (see ` +
        "above) is what a deployment costs, and milliseconds of CPU per call are noise.",
      `"Ours with 7e37a46's \`__provider\`" is the same implementation through a thin provider ` +
        "written as it was before commit 7d54b6f (tools/bench/consumerProgram.ts, `caBefore`): its " +
        `seven methods serialized whole (${bytes.before} B) instead of one \`require\` of the ` +
        `package's module (${bytes.now} B); the difference in host CPU is what the smaller ` +
        "`__provider` saves per lifecycle.",
      `The padded variant carries ${PAD_BYTES} B more wherever \`__provider\` goes (in its inputs ` +
        "and echoed in its outputs); its extra host CPU per KB prices the state every message carries.",
    ],
  };
  return section;
}
