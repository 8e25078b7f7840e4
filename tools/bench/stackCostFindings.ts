/**
 * The findings of the per-resource cost benchmarks (stackCost.ts), written from the figures of
 * the run itself, so that BENCHMARKS.md never states a number the run did not measure: where an
 * operation's time goes (the engine's floor, the API, the provider), what each resource stores,
 * what crosses gRPC, connection reuse, the host's CPU, the checkpoint writes, and what Pulumi's
 * options for large stacks do to our resources.
 *
 * @module
 */
import { type EngineRun, OPERATIONS, type Operation } from "./engineRun";
import { summarize } from "./stats";

/** The runs of each kind at one stack size. */
export type RunsByKind = Record<"ours" | "bare" | "trivial", EngineRun[]>;

const median = (values: readonly number[]) => summarize(values).median;
const fixed = (value: number, digits = 0) => value.toFixed(digits);

/** The findings at stack size `count`. */
export function costFindings(byKind: RunsByKind, count: number): string[] {
  const ms = (kind: keyof RunsByKind, op: Operation) =>
    median(byKind[kind].map((run) => run.ops[op].ms));
  const state = (kind: keyof RunsByKind, of: (run: EngineRun) => number) =>
    median(byKind[kind].map(of));
  const host = (kind: keyof RunsByKind, op: Operation) =>
    median(byKind[kind].map((run) => run.ops[op].hostCpuMs ?? 0));
  const perResource = (kind: keyof RunsByKind) =>
    state(kind, (run) => run.state.checkpointBytesPerResource);
  const provider = (kind: keyof RunsByKind) => state(kind, (run) => run.state.providerBytes) / 2;
  const props = (kind: keyof RunsByKind) =>
    state(kind, (run) => run.state.inputsBytes + run.state.outputsBytes);

  const floor = OPERATIONS.map(
    (op) =>
      `${op} ${fixed(ms("trivial", op))} ms of ours' ${fixed(ms("ours", op))} ms ` +
      `(${fixed((100 * ms("trivial", op)) / ms("ours", op))} %)`,
  ).join(", ");
  const above = OPERATIONS.map(
    (op) =>
      `${op} ${fixed(ms("ours", op) - ms("trivial", op))} ms for ours against ` +
      `${fixed(ms("bare", op) - ms("trivial", op))} ms for bare`,
  ).join("; ");
  const preview = `${fixed(ms("ours", "preview"))} ms against ${fixed(ms("bare", "preview"))} ms`;
  const runner = (op: Operation) =>
    (["ours", "bare", "trivial"] as const)
      .map((kind) => fixed(median(byKind[kind].map((run) => run.ops[op].runnerCpuMs ?? 0))))
      .join(" / ") + " ms";
  const connections = (["up", "refresh", "destroy"] as const)
    .map(
      (op) =>
        `${op} ${median(byKind.ours.map((r) => r.ops[op].connections))} for ours, ` +
        `${median(byKind.bare.map((r) => r.ops[op].connections))} for bare`,
    )
    .join("; ");
  const hostCpu = OPERATIONS.map(
    (op) => `${op} ${fixed(host("ours", op))} / ${fixed(host("bare", op))} ms`,
  ).join(", ");
  return [
    `Findings at ${count} resources (medians of this run). Where the time goes: the trivial ` +
      `provider, which calls no API, is the engine's and the dynamic-provider host's floor: ${floor}. ` +
      `Above that floor: ${above}. The rest is the engine's own work per resource (step ` +
      "scheduling, a checkpoint write per step, the gRPC round trips to the host), which no " +
      "provider can change. `preview` sends no request and costs the host the same CPU for " +
      `ours and bare (${fixed(host("ours", "preview"))} / ${fixed(host("bare", "preview"))} ms): ` +
      `its difference (${preview}) is in the program's process, whose CPU is ${runner("preview")} ` +
      "(ours / bare / trivial), not in the provider's `check` and `diff`. There, Pulumi's Node " +
      "SDK makes a promise for every output property a resource declares (10 for an " +
      "`SshCertificateAuthority`, 3 for bare) and records a formatted stack trace for each " +
      "(`debuggablePromise`); the package's classes construct their resources without those " +
      "stack traces (sdk/promiseStacks.ts), so that what remains is the promises themselves.",
    `State: ${fixed(perResource("ours"))} B of checkpoint per resource for ours against ` +
      `${fixed(perResource("bare"))} B for the bare provider and ${fixed(perResource("trivial"))} B ` +
      `for the trivial one. \`__provider\` is ${fixed(provider("ours"))} B for ours (one \`require\` ` +
      `of the installed package, #16) against ${fixed(provider("bare"))} B for bare and ` +
      `${fixed(provider("trivial"))} B for trivial: Pulumi serializes a user's provider whole, ` +
      "with the code of every method, and stores it twice (inputs and outputs) and sends it in " +
      "every Check, Diff, Create, Read, Update and Delete the host receives. Without " +
      `\`__provider\`, ours stores ${fixed(props("ours"))} B of inputs and outputs against bare's ` +
      `${fixed(props("bare"))} B: the outputs the resource documents (publicKey, keyType, uri, ` +
      "createdAt) and the inputs repeated in the outputs, as every dynamic provider's outputs " +
      "are (the engine diffs against them); nothing is stored that users do not see.",
    `Requests: one per create, read and delete for both (N on up, refresh and destroy, none on ` +
      `preview); TCP connections to the API: ${connections}. Our client keeps its connections ` +
      "alive (an `http.Agent` with keep-alive, provider/client/ngrokClient.ts), as global `fetch` " +
      "does: the requests of an operation share a few connections, opened as the engine's " +
      "parallel steps need them.",
    `The dynamic-provider host's CPU, ours / bare: ${hostCpu} (the host's start, about 1.2 s ` +
      "of CPU, is in every figure: the trivial provider's host costs that much with no API call).",
  ];
}

/** A variant's runs in {@link bigStackFindings}. */
export interface VariantRuns {
  readonly label: string;
  readonly runs: readonly EngineRun[];
}

/** The findings and advice of the big-stack benchmark (`variants[0]` is the default). */
export function bigStackFindings(
  variants: readonly VariantRuns[],
  retained: Record<"ours" | "bare", EngineRun>,
  count: number,
): string[] {
  const [base] = variants;
  const ms = (variant: VariantRuns, op: Operation) =>
    median(variant.runs.map((run) => run.ops[op].ms));
  const effects = variants
    .slice(1)
    .map(
      (variant) =>
        `${variant.label}: ` +
        OPERATIONS.map((op) => `${op} ${fixed(ms(variant, op) / ms(base, op), 2)}×`).join(", "),
    )
    .join("; ");
  const writes = (["ours", "bare"] as const)
    .map((kind) => {
      const up = retained[kind].ops.up.writes;
      const destroy = retained[kind].ops.destroy.writes;
      return up === undefined || destroy === undefined
        ? `${kind}: not counted`
        : `${kind}: up ${up.count} writes (${fixed(up.count / count, 1)} per resource), ` +
            `${fixed(up.bytes / 2 ** 20, 1)} MiB written; destroy ${destroy.count} writes, ` +
            `${fixed(destroy.bytes / 2 ** 20, 1)} MiB`;
    })
    .join("; ");
  return [
    `Checkpoint writes at ${count} resources (\`PULUMI_RETAIN_CHECKPOINTS\`): ${writes}. The ` +
      "file backend rewrites the whole checkpoint at every step, so the bytes written grow with the square of the stack's size and " +
      "with each resource's bytes: the smaller each resource's record, the less every step " +
      "writes.",
    `Pulumi's options for large stacks, ${count} SSH CAs, each ÷ the default: ${effects}.`,
    "Advice for big stacks: the provider already sends one request per create, read and delete " +
      "and keeps its connections alive; what remains is the engine's. `--parallel` bounds how " +
      "many steps run at once (the figures above say what it changes here); with ngrok's rate " +
      "limit (#16, `ngrok:maxRequestsPerMinute`, default 120) the first 120 requests go at once " +
      "and the rest at 2 per second whatever `--parallel` is, so a 300-resource `up` or `destroy` " +
      "against ngrok takes about 90 s more than against the unlimited emulator here, and raising " +
      "`--parallel` only lengthens the pacing queue. `PULUMI_SKIP_CHECKPOINTS=true` stops the " +
      "per-step checkpoint writes (the state is written once at the end), at the cost of losing " +
      "track of resources created before a crash: measure before relying on it, and never with a " +
      "shared backend.",
  ];
}
