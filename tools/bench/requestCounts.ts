/**
 * API requests per engine step, for each resource of the registry: the engine's calls
 * (tools/devtools/deployment.ts) through Pulumi's dynamic-provider host, running the installed
 * package, against the emulator, whose request log is read around each step (as tests/engine do).
 * What each resource is given, updated and replaced with, and its floors, are derived from its
 * definition (requestPlans.ts): a resource added to the registry is measured with no edit here.
 *
 * Floors: none for check and diff (preview); one request for create, read (refresh), update and
 * delete, plus what a resource makes by design (requestPlans.ts `BY_DESIGN`: the SAML module's
 * take-over check of its create and claim check of its delete); a replacement is a create of the
 * new object and a delete of the old one (ngrok has no "replace" call), so its floor is the sum of
 * those two.
 *
 * @module
 */
import { Deployment, type ResourceGoal, type Step } from "../devtools/deployment";
import { startProviderHost } from "../devtools/providerHost";
import { BareClient } from "./bareClient";
import { startEmulatorProcess } from "./emulatorProcess";
import { type Consumer, PROJECT, STACK, variant } from "./installedPackage";
import { progress } from "./progress";
import type { Row, Section } from "./report";
import {
  byDesignWhy,
  type Change,
  PLACEHOLDER,
  type RequestPlan,
  STEPS,
  type StepName,
} from "./requestPlans";
import { summarize } from "./stats";

/** What one step was seen to do: the engine's calls and the requests sent. */
export interface Observed {
  readonly calls: string[];
  readonly requests: string[];
}

/** The ids seeded for config, by prefix: the first and the second of each. */
type Seeds = Readonly<Record<string, readonly [string, string]>>;

/** The key of Pulumi's marker of a secret value in a property map (its value: the secret sig). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** `value` with every placeholder replaced: outputs from `objects`, seeded ids from `seeds`. */
function resolve(
  value: unknown,
  objects: ReadonlyMap<string, { id: string; outputs: Record<string, unknown> }>,
  seeds: Seeds,
): unknown {
  if (typeof value === "string") {
    return value.replace(PLACEHOLDER, (_match, kind: string, name: string, property?: string) => {
      if (kind === "config") {
        const seeded = seeds[name];
        if (seeded === undefined) throw new Error(`no id of prefix ${name} was seeded`);
        return seeded[property === "2" ? 1 : 0];
      }
      const object = objects.get(name);
      if (object === undefined) throw new Error(`${name} was not created before its use`);
      const found = property === "id" ? object.id : object.outputs[property ?? ""];
      if (typeof found !== "string") throw new Error(`${name} has no output ${property}`);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, objects, seeds));
  if (value !== null && typeof value === "object" && SECRET_SIG in value) {
    // A secret the program registered (`pulumi.secret`): the engine sends its value to the
    // dynamic-provider host, which does not accept secrets, unwrapped.
    return resolve((value as Record<string, unknown>).value, objects, seeds);
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolve(item, objects, seeds)]),
    );
  }
  return value;
}

/** Measures every step of every measurable resource, `rounds` times (the counts must not vary). */
export async function measureRequestCounts(consumer: Consumer, rounds: number): Promise<Section> {
  const plans = consumer.plans.filter((p): p is RequestPlan => !("unmeasured" in p));
  const goalOf = (name: string): ResourceGoal => {
    const goal = consumer.requestGoals.get(name);
    if (goal === undefined) throw new Error(`the consumer program declared no ${name}`);
    return goal;
  };
  const observed = new Map<string, Observed[]>();
  const failed = new Map<string, string>();
  const emulator = await startEmulatorProcess();
  const host = await startProviderHost({ cwd: consumer.dir, project: PROJECT });
  const client = new BareClient(emulator.url, emulator.apiKey);
  try {
    await host.configure({ "ngrok:apiKey": emulator.apiKey, "ngrok:apiBaseUrl": emulator.url });
    for (let round = 0; round < rounds; round++) {
      const { edgeId, routeIds } = await client.createEdgeWithRoutes(2);
      const seeds: Seeds = {
        edghts_: [edgeId, edgeId],
        edghtsrt_: [routeIds[0], routeIds[1]],
      };
      for (const plan of plans) {
        if (failed.has(plan.resource)) continue;
        // What the plan refers to, created first (not counted), each name once.
        const needed = [
          ...plan.dependencies,
          ...(plan.update?.needs ?? []),
          ...(plan.replace?.needs ?? []),
        ].filter((d, i, all) => all.findIndex((o) => o.name === d.name) === i);
        const dependencies = new Deployment(host, STACK, PROJECT);
        const deployment = new Deployment(host, STACK, PROJECT);
        const objects = new Map<string, { id: string; outputs: Record<string, unknown> }>();
        const declaredGoals: ResourceGoal[] = [];
        try {
          for (const dependency of needed) {
            const goal = goalOf(dependency.name);
            declaredGoals.push({ ...goal, inputs: resolve(goal.inputs, objects, seeds) as never });
            await dependencies.up(declaredGoals);
            const state = [...dependencies.resources.values()].find((r) =>
              r.urn.endsWith(`::${dependency.name}`),
            );
            if (state === undefined) throw new Error(`${dependency.name} was not created`);
            objects.set(dependency.name, { id: state.id, outputs: state.outputs });
          }
          const target = goalOf(plan.target.name);
          const base: ResourceGoal = {
            ...target,
            inputs: resolve(target.inputs, objects, seeds) as never,
          };
          const changed = (...changes: (Change | undefined)[]): ResourceGoal =>
            variant(
              base,
              base.name,
              Object.fromEntries(
                changes.flatMap((c) =>
                  c === undefined ? [] : [[c.property, resolve(c.value, objects, seeds)]],
                ),
              ),
            );
          const step = async (name: StepName, run: () => Promise<Step[]>, op: Step["op"]) => {
            const calls = host.calls.length;
            const from = await emulator.requestCount();
            const steps = await run();
            if (steps[0]?.op !== op) {
              throw new Error(`${name}: expected a ${op} step, got ${JSON.stringify(steps)}`);
            }
            const requests = (await emulator.requestsSince(from)).map(
              (r) => `${r.method} ${normalizePath(r.path)}`,
            );
            const key = `${plan.resource}\u0000${name}`;
            observed.set(key, [
              ...(observed.get(key) ?? []),
              { calls: host.calls.slice(calls), requests },
            ]);
          };
          await step("check", () => deployment.preview([base]), "create");
          await step("create", () => deployment.up([base]), "create");
          await step("diff (preview)", () => deployment.preview([base]), "same");
          await step("read (refresh)", () => deployment.refresh(), "same");
          if (plan.update !== undefined) {
            await step("update", () => deployment.up([changed(plan.update)]), "update");
          }
          if (plan.replace !== undefined) {
            await step(
              "replace",
              () => deployment.up([changed(plan.update, plan.replace)]),
              "replace",
            );
          }
          await step("delete", () => deployment.destroy(), "delete");
        } catch (error) {
          failed.set(plan.resource, (error as Error).message.replace(/\s+/g, " ").slice(0, 400));
          await deployment.destroy().catch(() => undefined);
        } finally {
          await dependencies.destroy().catch(() => undefined);
        }
      }
      await client.send("DELETE", `/edges/https/${edgeId}`);
      progress(`request counts: round ${round + 1}/${rounds} done`);
    }
  } finally {
    client.close();
    await host.close();
    await emulator.close();
  }
  return requestCountsSection(consumer.plans, observed, failed);
}

/** The section of what was observed, a row per resource and step (exported for its test). */
export function requestCountsSection(
  plans: Consumer["plans"],
  observed: ReadonlyMap<string, readonly Observed[]>,
  failed: ReadonlyMap<string, string>,
): Section {
  const section: Section = {
    title: "API requests per step",
    rows: [],
    notes: [
      "Each step is the engine's call sequence through the host (tools/devtools/deployment.ts), with " +
        "the package installed from `npm pack`; the emulator's request log is read around it. " +
        "Every resource of the registry is measured, its inputs, update and replacement derived " +
        "from its definition (tools/bench/requestPlans.ts): the first resource of its type in its " +
        "definition's `example`, the resources it refers to created first and not counted; the " +
        "update changes `description` or the first input that updates in place; the replacement " +
        'the first input that replaces ("—" when the resource has none). Floors: 0 for check and ' +
        "diff; 1 for create, read, update and delete, plus what a resource makes by design (said " +
        "in its row); a replacement is one create plus one delete.",
      "The machine (2 CPUs) was shared with other engineers' builds and tests during the run: " +
        "request counts do not depend on its load.",
    ],
  };
  const rows: Row[] = section.rows;
  for (const plan of plans) {
    if ("unmeasured" in plan) {
      rows.push({
        measure: `${plan.resource}: not measured (${plan.unmeasured})`,
        unit: "requests",
      });
      continue;
    }
    const error = failed.get(plan.resource);
    if (error !== undefined) {
      section.notes.push(`${plan.resource}: the measurement failed: ${error}.`);
    }
    for (const name of STEPS) {
      const change = name === "update" ? plan.update : name === "replace" ? plan.replace : null;
      if (change === undefined) {
        rows.push({
          measure: `${plan.resource}: ${name}: — (${plan.none[name as "update" | "replace"] ?? "none"})`,
          unit: "requests",
        });
        continue;
      }
      const why = byDesignWhy(plan.resource, name);
      const measure =
        `${plan.resource}: ${name}${change === null ? "" : ` (${change.property})`}` +
        `${why === undefined ? "" : ` (by design: ${why})`}`;
      const runs = observed.get(`${plan.resource}\u0000${name}`) ?? [];
      const floor = plan.floors[name];
      if (runs.length === 0) {
        rows.push({
          measure: `${measure}: not measured`,
          unit: "requests",
          target: `${floor}`,
          met: false,
          why: error ?? "no run",
        });
        continue;
      }
      const counts = runs.map((r) => r.requests.length);
      const figure = summarize(counts);
      const sample = runs[0];
      rows.push({
        measure,
        figure,
        unit: "requests",
        target: `${floor}`,
        met: figure.max <= floor,
        why: `${figure.max} requests (${sample.requests.join(", ")}) where ${floor} suffice`,
      });
      section.notes.push(
        `${plan.resource}, ${name}: engine calls ${sample.calls.join(" → ") || "none"}; ` +
          `requests ${sample.requests.length ? sample.requests.map((r) => `\`${r}\``).join(", ") : "none"}` +
          `${new Set(counts).size === 1 ? "" : ` (counts varied: ${counts.join(", ")})`}.`,
      );
    }
  }
  return section;
}

/** A path without its query and with each ngrok id as `{id}`: `/edges/https/{id}/routes/{id}/saml`. */
export function normalizePath(path: string): string {
  return path
    .split("?")[0]
    .split("/")
    .map((segment) => (/^[a-z]+_[0-9A-Za-z]{20,}$/.test(segment) ? "{id}" : segment))
    .join("/");
}
