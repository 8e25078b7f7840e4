/**
 * The fault rules of one emulator: the ordered registry behind `emulator.faults` and the
 * `/__emulator/faults` endpoint, which picks the rule to apply to a request (first matching,
 * unspent rule whose probability draw hits) and keeps the delays in flight. The hooks that apply
 * the picked rule are in `hooks.ts`.
 */
import { validateFaultRule, type FaultRule, type FaultRuleEntry } from "./faultRule";
import { compilePathPattern } from "./pathPattern";

/** The fault rules of a running emulator (`emulator.faults`, `app.emulator.faults`). */
export interface EmulatorFaults {
  /**
   * Appends a rule (after the existing ones: earlier rules win) and returns its id.
   * @throws TypeError (a `FaultRuleError`) naming the invalid field.
   */
  add(rule: FaultRule): string;
  /** Removes a rule by id; `false` if there is none. */
  remove(id: string): boolean;
  /** Removes every rule (the initial ones too). */
  clear(): void;
  /** Copies of the rules in order, with id and hits. Spent rules stay listed until removed. */
  list(): Array<FaultRule & { id: string; hits: number }>;
}

interface ActiveRule {
  readonly id: string;
  readonly rule: FaultRule;
  readonly methods: ReadonlySet<string> | undefined;
  readonly matchesPath: ((path: string) => boolean) | undefined;
  hits: number;
}

function copyRule(rule: FaultRule): FaultRule {
  return { ...rule, ...(Array.isArray(rule.method) ? { method: [...rule.method] } : {}) };
}

/**
 * A seeded generator of numbers in [0, 1) (mulberry32, 32-bit state): the same seed gives the
 * same sequence. Used for fault-rule probability draws when `EmulatorOptions.faultSeed` is set.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rule registry: rules in order, their hit counts, and pending delays. */
export class FaultInjector {
  private rules: ActiveRule[] = [];
  private nextId = 1;
  private readonly pendingDelays = new Set<() => void>();
  private closing = false;

  /**
   * @param initial validated rules (from `EmulatorOptions.faults`).
   * @param random source of probability draws in [0, 1). Default `Math.random`.
   */
  constructor(
    initial: readonly FaultRule[] = [],
    private readonly random: () => number = Math.random,
  ) {
    for (const rule of initial) this.add(rule);
  }

  /** See {@link EmulatorFaults.add}. */
  add(rule: FaultRule): string {
    const checked = validateFaultRule(rule);
    const id = `fault_${this.nextId++}`;
    const methods = checked.method === undefined ? undefined : [checked.method].flat();
    this.rules.push({
      id,
      rule: checked,
      methods: methods === undefined ? undefined : new Set(methods.map((m) => m.toUpperCase())),
      matchesPath: checked.path === undefined ? undefined : compilePathPattern(checked.path),
      hits: 0,
    });
    return id;
  }

  /** See {@link EmulatorFaults.remove}. */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((active) => active.id !== id);
    return this.rules.length < before;
  }

  /** See {@link EmulatorFaults.clear}. */
  clear(): void {
    this.rules = [];
  }

  /** See {@link EmulatorFaults.list}. */
  list(): FaultRuleEntry[] {
    return this.rules.map(({ id, rule, hits }) => ({ id, ...copyRule(rule), hits }));
  }

  /** The one entry with this id, or `undefined`. */
  get(id: string): FaultRuleEntry | undefined {
    return this.list().find((entry) => entry.id === id);
  }

  /** The {@link EmulatorFaults} facade (methods usable detached). */
  control(): EmulatorFaults {
    return {
      add: (rule) => this.add(rule),
      remove: (id) => this.remove(id),
      clear: () => this.clear(),
      list: () => this.list(),
    };
  }

  /**
   * The rule to apply to a request, or `undefined`: the first matching, unspent rule whose
   * probability draw hits. Counts the hit. `path` is without query.
   */
  pick(method: string, path: string): FaultRule | undefined {
    const upper = method.toUpperCase();
    for (const active of this.rules) {
      const { rule } = active;
      if (active.methods !== undefined && !active.methods.has(upper)) continue;
      if (active.matchesPath !== undefined && !active.matchesPath(path)) continue;
      if (rule.count !== undefined && active.hits >= rule.count) continue;
      const probability = rule.probability ?? 1;
      if (probability < 1 && !(this.random() < probability)) continue;
      active.hits += 1;
      return rule;
    }
    return undefined;
  }

  /** Waits `ms`; resolves `true` if cut short because the app is closing. */
  delay(ms: number): Promise<boolean> {
    if (this.closing) return Promise.resolve(true);
    return new Promise((resolve) => {
      const cancel = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.pendingDelays.delete(cancel);
        resolve(false);
      }, ms);
      this.pendingDelays.add(cancel);
    });
  }

  /** Ends every pending delay (the app is closing): their requests are dropped. */
  cancelDelays(): void {
    this.closing = true;
    for (const cancel of this.pendingDelays) cancel();
    this.pendingDelays.clear();
  }
}
