/**
 * The step × fault matrix's cases that differ by path (tests/provider/faults/), run twice: through
 * the classes' provider objects (`provider/`, as the dynamic-provider host calls them, as the
 * matrix does) and through the provider plugin over gRPC (tools/devtools/providerHost.ts with
 * `dist/plugin/index.js`), each run against its own fresh emulator with the fault in place. What
 * a run gives ({@link Run}) is compared between the paths by tests/plugin/faultParity.test.ts,
 * and {@link parityTable} renders both paths of every case as one markdown table.
 */
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  makeUrn,
  ResourceInitFailed,
  type PropertyMap,
  type ProviderHost,
} from "../../dist/tools/devtools/providerHost";
import {
  ResourceInitFailedError,
  sshCertificateAuthorityProvider,
  sshHostCertificateProvider,
} from "../../provider";
import type { Methods } from "../../plugin/resources";
import {
  FAULTS as MATRIX_FAULTS,
  PROVIDER_TEXT,
  TIMEOUT_SECONDS,
  type Fault,
} from "../provider/faults/faultCases";
import { configureProvider } from "./configureProvider";
import { callApi } from "./emulatorApi";
import { tracked } from "./requestLog";
import * as keys from "./sshKeys";

/** The steps whose request a fault hits. */
export const STEPS = ["create", "update", "delete"] as const;
export type Step = (typeof STEPS)[number];

/**
 * The faults, each hitting the step's request once: the matrix's own where it has them (same
 * names, so that its expected failures apply), plus a 429 without `Retry-After`.
 */
export const FAULTS: Readonly<Record<string, Fault>> = {
  "429 with Retry-After": MATRIX_FAULTS["429 with Retry-After"],
  "429 without Retry-After": { status: 429, count: 1 },
  "500 Internal Server Error": MATRIX_FAULTS["500 Internal Server Error"],
  "connection dropped before the handler ran":
    MATRIX_FAULTS["connection dropped before the handler ran"],
  "answer slower than the request timeout": MATRIX_FAULTS["answer slower than the request timeout"],
};

/**
 * The settings of both paths: the matrix's one-second attempt timeout (the slow answer takes
 * 1.6 s: 0.6 s of margin) and a 10 s retry deadline, far above the longest wait here (a 1 s
 * `Retry-After`, or a 1 s timeout and a back-off of at most 1 s), so it never stops a retry.
 */
export const SETTINGS = {
  requestTimeoutSeconds: String(TIMEOUT_SECONDS),
  retryDeadlineSeconds: "10",
} as const;

/** One resource of the comparison: its provider object, its API path, its inputs. */
export interface ParityResource {
  readonly name: "SshCertificateAuthority" | "SshHostCertificate";
  readonly provider: Methods;
  /** The collection's path, e.g. `/ssh_certificate_authorities`. */
  readonly path: string;
  readonly collection: "sshCertificateAuthorities" | "sshHostCertificates";
  /** The program's inputs (version 1), once what they refer to exists in `emulator`. */
  inputs(emulator: RunningEmulator): Promise<PropertyMap>;
}

const V1 = { description: "faults v1", metadata: '{"v":1}' };
const V2 = { description: "faults v2", metadata: '{"v":2}' };

export const RESOURCES: readonly ParityResource[] = [
  {
    name: "SshCertificateAuthority",
    provider: sshCertificateAuthorityProvider,
    path: "/ssh_certificate_authorities",
    collection: "sshCertificateAuthorities",
    inputs: async () => ({ privateKeyType: "ed25519", ...V1 }),
  },
  {
    name: "SshHostCertificate",
    provider: sshHostCertificateProvider,
    path: "/ssh_host_certificates",
    collection: "sshHostCertificates",
    inputs: async (emulator) => {
      // The CA is made outside the step (and before its requests are recorded).
      const ca = await callApi(emulator, "POST", "/ssh_certificate_authorities", {
        private_key_type: "ed25519",
      });
      return {
        sshCertificateAuthorityId: ca.body.id,
        publicKey: keys.ED25519,
        principals: ["faults"],
        ...V1,
      };
    },
  },
];

/** The calls the engine makes, one implementation per path. */
export interface ProviderPath {
  readonly name: "classes" | "plugin";
  configure(emulator: RunningEmulator): Promise<void>;
  /** Check's inputs for the program's `news` (and the `olds` inputs of an update). */
  check(resource: ParityResource, olds: PropertyMap, news: PropertyMap): Promise<PropertyMap>;
  create(resource: ParityResource, inputs: PropertyMap): Promise<{ id: string; outs: PropertyMap }>;
  update(
    resource: ParityResource,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<unknown>;
  delete(
    resource: ParityResource,
    id: string,
    olds: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<void>;
}

function noFailures(failures: ReadonlyArray<{ property: string; reason: string }> | undefined) {
  if (failures !== undefined && failures.length > 0)
    throw new Error(`check refused the inputs: ${JSON.stringify(failures)}`);
}

/** The classes' path: the provider objects in this process, configured as the host configures them. */
export const CLASSES: ProviderPath = {
  name: "classes",
  configure: (emulator) =>
    configureProvider(emulator, {
      "ngrok:requestTimeoutSeconds": SETTINGS.requestTimeoutSeconds,
      "ngrok:retryDeadlineSeconds": SETTINGS.retryDeadlineSeconds,
    }),
  check: async (resource, olds, news) => {
    const checked = await resource.provider.check(olds, { ...news, __provider: PROVIDER_TEXT });
    noFailures(checked.failures);
    return { ...(checked.inputs ?? news) };
  },
  create: async (resource, inputs) => {
    const { id, outs } = await resource.provider.create(inputs);
    return { id, outs: { ...outs } };
  },
  update: (resource, id, olds, news) => resource.provider.update(id, olds, news),
  delete: (resource, id, olds) => resource.provider.delete(id, olds),
};

/** The plugin's path: `host` (one plugin process), configured again for each case's emulator. */
export function pluginPath(host: ProviderHost): ProviderPath {
  const urn = (resource: ParityResource) =>
    makeUrn("dev", "faults", `ngrok-dynamic:index:${resource.name}`, "parity");
  return {
    name: "plugin",
    configure: (emulator) =>
      host.configure({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url, ...SETTINGS }),
    check: async (resource, olds, news) => {
      const { inputs, failures } = await host.check(urn(resource), olds, news);
      noFailures(failures);
      return inputs;
    },
    create: async (resource, inputs) => {
      const { id, properties } = await host.create(urn(resource), inputs);
      return { id, outs: properties };
    },
    update: (resource, id, olds, news, oldInputs) =>
      host.update(urn(resource), id, olds, news, oldInputs),
    delete: (resource, id, olds, oldInputs) => host.delete(urn(resource), id, olds, oldInputs),
  };
}

/** What one path gave for one case, comparable between the paths. */
export interface Run {
  /** `ok`, `fails: <message>`, or `created, not read: <message>` (recorded by the engine). */
  readonly outcome: string;
  /** The step's requests, `"<METHOD> <path>"` in order, ids and times blanked. */
  readonly requests: string[];
  /** The descriptions of the resource's objects the emulator holds afterwards. */
  readonly live: string[];
  /** How many requests the fault hit (1 when it was met). */
  readonly hits: number;
}

/** One path's {@link Run} of a case, with what is not compared between the paths. */
export interface PathResult {
  readonly run: Run;
  /**
   * The status of each request (0: dropped). Not compared: after the slow answer the client gave
   * up on, whether the retried DELETE or the first, still running, deletes the object (204, and
   * the other 404) depends on the back-off's jitter.
   */
  readonly statuses: number[];
  /** The failure's message as thrown, for the matrix's patterns. */
  readonly message?: string;
  /** How long the step took, settling included (ms). */
  readonly ms: number;
}

/** `text` without what differs between two runs: the emulator's URL, ids, instants. */
function blank(text: string, emulator: RunningEmulator): string {
  return text
    .split(emulator.url)
    .join("{api}")
    .replace(/\b([a-z]+)_[0-9A-Za-z]{20,}\b/g, "$1_…")
    .replace(/\b(op)_[0-9A-Za-z]+\b/g, "$1_…")
    .replace(/\d{4}-\d\d-\d\dT\d\d(:|%3A)\d\d\1\d\d(\.\d+)?(Z|[+-]\d\d(:|%3A)\d\d)/g, "{time}");
}

function outcomeOf(error: unknown, emulator: RunningEmulator): string {
  if (error === undefined) return "ok";
  const message = blank(error instanceof Error ? error.message : String(error), emulator);
  const recorded = ResourceInitFailedError.isInstance(error) || error instanceof ResourceInitFailed;
  return `${recorded ? "created, not read" : "fails"}: ${message}`;
}

/** The descriptions of `resource`'s objects that `emulator` holds, sorted. */
function liveDescriptions(emulator: RunningEmulator, resource: ParityResource): string[] {
  const objects = emulator.snapshot()[resource.collection];
  return objects.map((object) => object.description ?? "").sort();
}

/**
 * Runs `step` of `resource` through `path` against a new emulator whose step request meets
 * `fault` once; returns what it gave.
 */
export async function runCase(
  path: ProviderPath,
  resource: ParityResource,
  step: Step,
  fault: string,
): Promise<PathResult> {
  const emulator = await startEmulator({ port: 0 });
  try {
    await path.configure(emulator);
    const program = await resource.inputs(emulator);
    const inputs = await path.check(resource, {}, program);
    const existing = step === "create" ? undefined : await path.create(resource, inputs);
    const news = step === "update" ? await path.check(resource, inputs, { ...program, ...V2 }) : {};
    emulator.faults.add({
      method: { create: "POST", update: "PATCH", delete: "DELETE" }[step],
      path: step === "create" ? resource.path : `${resource.path}/*`,
      ...FAULTS[fault],
    });
    const started = Date.now();
    const { error, calls } = await tracked(emulator, async () => {
      try {
        if (existing === undefined) await path.create(resource, inputs);
        else if (step === "update")
          await path.update(resource, existing.id, existing.outs, news, inputs);
        else await path.delete(resource, existing.id, existing.outs, inputs);
      } finally {
        // A slow answer the client gave up on ends (and is recorded) before the log is read.
        const delayMs = FAULTS[fault].delayMs ?? 0;
        const left = started + delayMs + 200 - Date.now();
        if (delayMs > 0 && left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      }
    });
    const ms = Date.now() - started;
    const requests = calls.map((call) => blank(call, emulator).split(" "));
    const run: Run = {
      outcome: outcomeOf(error, emulator),
      requests: requests.map(([method, requestPath]) => `${method} ${requestPath}`),
      live: liveDescriptions(emulator, resource),
      hits: emulator.faults.list().reduce((hits, rule) => hits + rule.hits, 0),
    };
    const statuses = requests.map(([, , status]) => Number(status));
    return { run, statuses, message: error instanceof Error ? error.message : undefined, ms };
  } finally {
    await emulator.close();
  }
}

/** One row of the table: a case and both paths' results. */
export interface ParityRow {
  readonly resource: string;
  readonly step: Step;
  readonly fault: string;
  readonly classes: PathResult;
  readonly plugin: PathResult;
  /** A difference between the paths known to the maintainer, named in the suite. */
  readonly knownDifference?: string;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");
/** An outcome as the table shows it: a failure's message up to its first `; `. */
const shortOutcome = (outcome: string) => outcome.split("; ")[0];

/**
 * A path's requests with their statuses; where the other path's status differs (see
 * {@link PathResult.statuses}), both: `204 (plugin 404)`.
 */
function requestList(result: PathResult, other: PathResult): string {
  const list = result.run.requests.map((request, i) => {
    const [mine, theirs] = [result.statuses[i], other.statuses[i]];
    return `\`${request}\` ${mine}${theirs === mine ? "" : ` (plugin ${theirs ?? "none"})`}`;
  });
  return list.join(" → ") || "none";
}

/** Whether both paths gave the same {@link Run}. */
export function sameRun(a: Run, b: Run): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Both paths of every case, one markdown table: outcome, requests, time, same or not. */
export function parityTable(rows: readonly ParityRow[]): string {
  const lines = [
    "| Resource | Step | Fault | Classes | Plugin | Requests | Classes / plugin (ms) | Same |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const { classes, plugin, ...row } of rows) {
    const sameOutcome = classes.run.outcome === plugin.run.outcome;
    const sameRequests = classes.run.requests.join() === plugin.run.requests.join();
    const requests = sameRequests
      ? requestList(classes, plugin)
      : `classes: ${requestList(classes, classes)}; plugin: ${requestList(plugin, plugin)}`;
    const same = sameRun(classes.run, plugin.run);
    lines.push(
      "| " +
        [
          row.resource,
          row.step,
          row.fault,
          shortOutcome(classes.run.outcome),
          sameOutcome ? "same" : shortOutcome(plugin.run.outcome),
          requests,
          `${classes.ms} / ${plugin.ms}`,
          same ? "yes" : `no${row.knownDifference ? ` (known: ${row.knownDifference})` : ""}`,
        ]
          .map(cell)
          .join(" | ") +
        " |",
    );
  }
  return lines.join("\n");
}
