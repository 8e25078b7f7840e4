/**
 * The Pulumi engine's call sequence for dynamic resources, replayed against a
 * {@link ProviderHost}: what `pulumi up`, `pulumi preview`, `pulumi refresh` and
 * `pulumi destroy` send to a provider, with state kept in memory the way the engine keeps it
 * (inputs and outputs per URN). It is not the engine: no dependency graph (resources are
 * processed in the order given), no parallelism, no checkpoint file. It exists so that tests and
 * the demo exercise the real dynamic-provider host with the real calls when the Pulumi CLI is
 * not installed.
 *
 * Call sequences, as recorded from the real engine (Pulumi CLI 3.248, `tests/programs/recording`;
 * `tests/automation/callSequence.automation.test.ts` keeps this class and the engine in step):
 * - new resource: Check(olds = {}, news) → Create(checked inputs)
 * - existing resource: Check(olds = old inputs, news) → Diff(id, old outputs, checked inputs)
 *   → nothing, or Update(id, old outputs, checked inputs), or a replacement, which first checks
 *   the inputs again as for a new resource (Check(olds = {}, news)), then:
 *   - create-before-delete: Create; the old resource's Delete waits until the end of the update;
 *   - delete-before-replace (Diff asked for it): Delete of the old resource, then Create
 * - resources no longer in the program, and old resources replaced create-before-delete:
 *   Delete(id, old outputs) at the end of the update, in the order of the old state
 * - preview: Check, plus Diff (and the replacement's second Check) for existing resources
 * - refresh: Read(id, old outputs, old inputs) of every resource, then Diff(id, read outputs,
 *   the inputs before the read) of each one still there, which tells `update` (drift) from
 *   `same`; the state takes read's outputs and inputs; an empty id removes the resource

 * - destroy: Delete of every resource, newest first
 *
 * What it leaves out: the dependency graph (resources are processed in the order given, which
 * must be an order the engine could choose) and parallelism (the engine runs up to 8 steps at
 * once).
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { makeUrn, type PropertyMap, type ProviderHost, ResourceInitFailed } from "./providerHost";

/** A resource the program declares: its type token, name and inputs (with `__provider`). */
export interface ResourceGoal {
  readonly type: string;
  readonly name: string;
  readonly inputs: PropertyMap;
}

/** What the engine keeps in its checkpoint for one resource. */
export interface ResourceState {
  readonly urn: string;
  readonly type: string;
  id: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
}

/** What happened to one resource in one operation. */
export type StepOp = "create" | "same" | "update" | "replace" | "delete" | "read-gone";

/** One step of an operation. */
export interface Step {
  readonly urn: string;
  readonly op: StepOp;
  /** Properties that changed (update) or force replacement (replace). */
  readonly replaces?: string[];
}

/** Raised when Check reports failures: nothing was created or changed. */
export class CheckFailedError extends Error {
  constructor(
    public readonly urn: string,
    public readonly failures: { property: string; reason: string }[],
  ) {
    super(
      `${urn}: check failed:\n` +
        failures.map((f) => `  - ${f.property ? `${f.property}: ` : ""}${f.reason}`).join("\n"),
    );
    this.name = "CheckFailedError";
  }
}

/** A stack's state and the engine's operations on it. */
export class Deployment {
  /** The state, by URN, in order of creation. */
  public readonly resources = new Map<string, ResourceState>();

  constructor(
    private readonly host: ProviderHost,
    private readonly stack: string,
    private readonly project: string,
  ) {}

  /** Id and outputs of each resource, by resource name (for resolving a program's exports). */
  public outputsByName(): Record<string, { id: string; outputs: PropertyMap }> {
    return Object.fromEntries(
      [...this.resources.values()].map((r) => [
        r.urn.split("::").pop()!,
        { id: r.id, outputs: r.outputs },
      ]),
    );
  }

  /** The URN the engine gives `goal`. */
  public urnOf(goal: Pick<ResourceGoal, "type" | "name">): string {
    return makeUrn(this.stack, this.project, goal.type, goal.name);
  }

  /** `pulumi preview`: Check (and Diff for existing resources); returns the planned steps. */
  public async preview(goals: readonly ResourceGoal[]): Promise<Step[]> {
    const steps: Step[] = [];
    for (const goal of goals) {
      steps.push((await this.plan(goal)).step);
    }
    for (const urn of this.orphans(goals)) {
      steps.push({ urn, op: "delete" });
    }
    return steps;
  }

  /** `pulumi up`: brings the stack to `goals`; returns the steps taken. */
  public async up(goals: readonly ResourceGoal[]): Promise<Step[]> {
    const steps: Step[] = [];
    const oldState = [...this.resources.values()];
    const replaced = new Set<ResourceState>();
    for (const goal of goals) {
      const { step, old, checked, deleteBeforeReplace } = await this.plan(goal);
      const urn = step.urn;
      if (old === undefined) {
        await this.create(urn, goal.type, checked);
      } else if (step.op === "same") {
        old.inputs = checked;
      } else if (step.op === "update") {
        const { properties } = await this.host.update(
          urn,
          old.id,
          old.outputs,
          checked,
          old.inputs,
        );
        old.inputs = checked;
        old.outputs = properties;
      } else if (deleteBeforeReplace) {
        await this.host.delete(urn, old.id, old.outputs, old.inputs);
        this.resources.delete(urn);
        await this.create(urn, goal.type, checked);
      } else {
        replaced.add(old);
        await this.create(urn, goal.type, checked);
      }
      steps.push(step);
    }
    // The engine deletes at the end: old resources replaced create-before-delete, and resources
    // no longer in the program, in the order of the old state.
    const wanted = new Set(goals.map((goal) => this.urnOf(goal)));
    for (const old of oldState) {
      if (replaced.has(old)) {
        await this.host.delete(old.urn, old.id, old.outputs, old.inputs);
      } else if (!wanted.has(old.urn)) {
        await this.host.delete(old.urn, old.id, old.outputs, old.inputs);
        this.resources.delete(old.urn);
        steps.push({ urn: old.urn, op: "delete" });
      }
    }
    return steps;
  }

  /**
   * `pulumi refresh`: Read of every resource, then Diff of each one still there, of the read
   * outputs against the inputs it had before the read: `update` is drift, `same` none. The state
   * takes the read outputs, and read's `inputs` when it returns them. Gone ones leave the state
   * (`read-gone`).
   */
  public async refresh(): Promise<Step[]> {
    const read: { state: ResourceState; oldInputs: PropertyMap }[] = [];
    const gone: Step[] = [];
    for (const [urn, state] of [...this.resources]) {
      const result = await this.host.read(urn, state.id, state.outputs, state.inputs);
      if (result.id === "") {
        this.resources.delete(urn);
        gone.push({ urn, op: "read-gone" });
        continue;
      }
      read.push({ state, oldInputs: state.inputs });
      state.id = result.id;
      state.outputs = result.properties;
      if (result.inputs !== undefined) {
        state.inputs = result.inputs;
      }
    }
    const steps: Step[] = [];
    for (const { state, oldInputs } of read) {
      const diff = await this.host.diff(state.urn, state.id, state.outputs, oldInputs, oldInputs);
      steps.push({ urn: state.urn, op: diff.changes === "some" ? "update" : "same" });
    }
    return [...steps, ...gone];
  }

  /** `pulumi destroy`: Delete of every resource, newest first. */
  public async destroy(): Promise<Step[]> {
    const steps: Step[] = [];
    for (const [urn, state] of [...this.resources].reverse()) {
      await this.host.delete(urn, state.id, state.outputs, state.inputs);
      this.resources.delete(urn);
      steps.push({ urn, op: "delete" });
    }
    return steps;
  }

  /** Check, and Diff for a resource in the state: what preview shows and up then does. */
  private async plan(goal: ResourceGoal): Promise<{
    step: Step;
    old: ResourceState | undefined;
    checked: PropertyMap;
    deleteBeforeReplace: boolean;
  }> {
    const urn = this.urnOf(goal);
    const old = this.resources.get(urn);
    const checked = await this.check(urn, old?.inputs ?? {}, goal.inputs);
    if (old === undefined) {
      return { step: { urn, op: "create" }, old, checked, deleteBeforeReplace: false };
    }
    const diff = await this.host.diff(urn, old.id, old.outputs, checked, old.inputs);
    const step = planned(urn, diff.changes, diff.replaces, old.inputs, checked);
    if (step.op === "replace") {
      // The engine checks a replacement's inputs again, as for a new resource.
      const rechecked = await this.check(urn, {}, goal.inputs);
      return { step, old, checked: rechecked, deleteBeforeReplace: diff.deleteBeforeReplace };
    }
    return { step, old, checked, deleteBeforeReplace: diff.deleteBeforeReplace };
  }

  private async check(urn: string, olds: PropertyMap, news: PropertyMap): Promise<PropertyMap> {
    const { inputs, failures } = await this.host.check(urn, olds, news);
    if (failures.length > 0) {
      throw new CheckFailedError(urn, failures);
    }
    return inputs;
  }

  private async create(urn: string, type: string, inputs: PropertyMap): Promise<void> {
    try {
      const { id, properties } = await this.host.create(urn, inputs);
      this.resources.set(urn, { urn, type, id, inputs, outputs: properties });
    } catch (error) {
      if (error instanceof ResourceInitFailed) {
        // The engine records a resource whose creation partially failed, so it is not leaked.
        this.resources.set(urn, { urn, type, id: error.id, inputs, outputs: error.properties });
      }
      throw error;
    }
  }

  private orphans(goals: readonly ResourceGoal[]): string[] {
    const wanted = new Set(goals.map((goal) => this.urnOf(goal)));
    return [...this.resources.keys()].filter((urn) => !wanted.has(urn));
  }
}

function planned(
  urn: string,
  changes: "unknown" | "none" | "some",
  replaces: string[],
  oldInputs: PropertyMap,
  newInputs: PropertyMap,
): Step {
  if (replaces.length > 0) {
    return { urn, op: "replace", replaces };
  }
  // Like the engine: a provider that cannot tell ("unknown") gets an input comparison.
  const changed =
    changes === "some" || (changes === "unknown" && !isDeepStrictEqual(oldInputs, newInputs));
  return { urn, op: changed ? "update" : "same" };
}
