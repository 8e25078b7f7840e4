/**
 * The Pulumi engine's call sequence for dynamic resources, replayed against a
 * {@link ProviderHost}: what `pulumi up`, `pulumi preview`, `pulumi refresh` and
 * `pulumi destroy` send to a provider, with state kept in memory the way the engine keeps it
 * (inputs and outputs per URN). It is not the engine: no dependency graph (resources are
 * processed in the order given), no parallelism, no checkpoint file. It exists so that tests and
 * the demo exercise the real dynamic-provider host with the real calls when the Pulumi CLI is
 * not installed.
 *
 * Call sequences (from `pulumi-dynamic-providers.md` and the engine's step generator):
 * - new resource: Check(olds = {}, news) → Create(checked inputs)
 * - existing resource: Check(olds = old inputs, news) → Diff(id, old outputs, checked inputs)
 *   → nothing, Update(id, old outputs, checked inputs), or a replacement: Create then Delete of
 *   the old one, or Delete then Create when Diff asks for delete-before-replace
 * - resource no longer in the program: Delete(id, old outputs)
 * - preview: Check, plus Diff for existing resources; nothing else
 * - refresh: Read(id, old outputs, old inputs); an empty id removes the resource from state
 * - destroy: Delete of every resource, in reverse order of creation
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
export type StepOp = "create" | "same" | "update" | "replace" | "delete" | "refresh" | "read-gone";

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
        const replaced = { ...old };
        await this.create(urn, goal.type, checked);
        await this.host.delete(urn, replaced.id, replaced.outputs, replaced.inputs);
      }
      steps.push(step);
    }
    for (const urn of this.orphans(goals).reverse()) {
      const old = this.resources.get(urn)!;
      await this.host.delete(urn, old.id, old.outputs, old.inputs);
      this.resources.delete(urn);
      steps.push({ urn, op: "delete" });
    }
    return steps;
  }

  /** `pulumi refresh`: Read of every resource; gone ones leave the state. */
  public async refresh(): Promise<Step[]> {
    const steps: Step[] = [];
    for (const [urn, state] of [...this.resources]) {
      const read = await this.host.read(urn, state.id, state.outputs, state.inputs);
      if (read.id === "") {
        this.resources.delete(urn);
        steps.push({ urn, op: "read-gone" });
        continue;
      }
      state.id = read.id;
      state.outputs = read.properties;
      if (read.inputs !== undefined) {
        state.inputs = read.inputs;
      }
      steps.push({ urn, op: "refresh" });
    }
    return steps;
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
