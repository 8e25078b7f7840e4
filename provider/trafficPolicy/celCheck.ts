/**
 * The type check of one parsed CEL expression against ngrok's environment (`./celEnvironment`):
 * every variable and field it reads exists, in the rule's phase; every function exists there and
 * takes the arguments it is given; a rule's expression is a boolean.
 *
 * `@bufbuild/cel` parses (`./cel`) but has no checker to lean on: its `check` (not exported by
 * 0.6.1, the latest) types constants and identifiers only. This one walks its syntax tree: the
 * macros (`has`, `all`, `exists`, `exists_one`, `map`, `filter`) arrive expanded by its parser
 * into selections and comprehensions; `sortBy(x, key)`, which it does not expand, binds `x` here.
 *
 * Where a reading is contested it warns rather than fails: a function ngrok's docs do not list
 * (unless it is near one they do, a misspelling), a field of an action's result they do not list,
 * numeric types mixed (int with double), a message literal. A variable the policy cannot hold
 * (`req.pathh`, `res.*` in `on_http_request`) fails, naming the phases it exists in.
 *
 * @module
 */
import { closest, distance } from "fastest-levenshtein";
import { didYouMean } from "./report";
import {
  type CelContext,
  type CelFinding,
  displayName,
  type Environment,
  environment,
  matches,
  nearField,
  qualifiedName,
  rootOf,
  type CelExpr,
  type CelTree,
  signatureOf,
  type VariableNode,
} from "./celEnvironment";
import { TRAFFIC_POLICY_DOCS } from "./celVariables";
import {
  article,
  type Bindings,
  type CelType,
  common,
  constantType,
  DYN,
  listed,
  scalar,
  shown,
  substitute,
  TYPE_NAMES,
  unify,
} from "./celTypes";

/** One node of a parsed expression's syntax tree. */
type Expr = CelExpr;

/**
 * The findings of the check of `parsed` in `context`: the failures first found, and the
 * warnings. Never throws on a tree `@bufbuild/cel` made.
 */
export function checkCel(parsed: CelTree, context: CelContext): CelFinding[] {
  const checker = new Checker(environment(), context, parsed.positions);
  const { type } = checker.check(parsed.expr, new Map());
  if (context.expect === "bool" && !["bool", "dyn"].includes(type.kind)) {
    // At the expression's start: the first position of any of its nodes.
    const offsets = Object.values(parsed.positions);
    checker.findings.push({
      offset: offsets.length === 0 ? 0 : Math.min(...offsets),
      message: `it is ${article(type)}, not a boolean: a condition must be true or false`,
      warning: false,
    });
  }
  return checker.findings;
}

/** What an expression denotes: a value of `type`, or a node of the tree of variables. */
interface Typed {
  readonly type: CelType;
  readonly node?: VariableNode;
}

/** `typed` for `node`: its value's type, else an object named after it (`dyn` where loose). */
function ofNode(node: VariableNode): Typed {
  if (node.type !== undefined) return { type: node.type, node };
  const loose = node.open || node.family.unlistedFields === "warn";
  return { type: loose ? DYN : { kind: "object", name: node.name }, node };
}

/** Comprehension variables in scope, by name. */
type Scope = ReadonlyMap<string, CelType>;

/** One walk over one expression. */
class Checker {
  readonly findings: CelFinding[] = [];

  constructor(
    readonly env: Environment,
    readonly context: CelContext,
    readonly positions: Readonly<Record<string, number>>,
  ) {}

  /** Records a finding at `expr`'s position plus `shift` (after a `.`, at the field's name). */
  report(expr: Expr, shift: number, message: string, warning: boolean): void {
    const offset = (this.positions[String(expr.id)] ?? 0) + shift;
    this.findings.push({ offset, message, warning });
  }

  /** A missing variable, field or function: a failure, or a warning (see `CelContext`). */
  unknown(expr: Expr, shift: number, message: string, warning = false): Typed {
    this.report(expr, shift, message, warning || this.context.unknown === "warn");
    return { type: DYN };
  }

  check(expr: Expr, scope: Scope): Typed {
    const kind = expr.exprKind;
    switch (kind.case) {
      case "constExpr":
        return { type: constantType(kind.value.constantKind.case) };
      case "identExpr":
        return this.ident(expr, kind.value.name, scope);
      case "selectExpr": {
        const { operand, field, testOnly } = kind.value;
        if (operand === undefined) return { type: DYN };
        const selected = this.select(expr, this.check(operand, scope), field);
        return testOnly ? { type: scalar("bool") } : selected;
      }
      case "callExpr":
        return this.call(expr, kind.value, scope);
      case "listExpr": {
        const types = kind.value.elements.map((e) => this.check(e, scope).type);
        return { type: { kind: "list", elem: common(types) } };
      }
      case "structExpr": {
        const { messageName, entries } = kind.value;
        const keys: CelType[] = [];
        const values: CelType[] = [];
        for (const entry of entries) {
          if (entry.keyKind.case === "mapKey")
            keys.push(this.check(entry.keyKind.value, scope).type);
          if (entry.value !== undefined) values.push(this.check(entry.value, scope).type);
        }
        if (messageName !== "") {
          this.report(
            expr,
            0,
            `builds a message ${messageName}, a type ngrok's docs do not declare`,
            true,
          );
          return { type: DYN };
        }
        return { type: { kind: "map", key: common(keys), value: common(values) } };
      }
      case "comprehensionExpr":
        return this.comprehension(kind.value, scope);
      default:
        return { type: DYN };
    }
  }

  /** A name alone: a comprehension's variable, a root of the tree, a type's name. */
  ident(expr: Expr, name: string, scope: Scope): Typed {
    const local = scope.get(name);
    if (local !== undefined) return { type: local };
    const root = this.env.roots.get(name);
    if (root !== undefined && this.visible(root)) return this.enter(expr, 0, root);
    if (TYPE_NAMES.has(name)) return { type: scalar("type") };
    const roots = [...this.env.roots.values()].filter((r) => this.visible(r)).map((r) => r.name);
    const known = [...roots, ...[...scope.keys()].filter((n) => !n.startsWith("@"))];
    return this.unknown(
      expr,
      0,
      `${name} is not a variable of a traffic policy${didYouMean(name, known)}; its variables ` +
        `are ${listed(roots.sort())} (${TRAFFIC_POLICY_DOCS}/variables/)`,
    );
  }

  /** Whether `root` may be read here (`attempts` only in `http-request`'s `retry_condition`). */
  visible(root: VariableNode): boolean {
    const only = root.family.only;
    return (
      only === undefined ||
      (only.action === this.context.action && only.field === this.context.field)
    );
  }

  /** `node` entered at `expr`: a failure if it does not exist in the rule's phase. */
  enter(expr: Expr, shift: number, node: VariableNode): Typed {
    const phases = node.phases;
    if (phases !== undefined && !phases.includes(this.context.phase)) {
      this.report(
        expr,
        shift,
        `${node.name} exists only in ${listed(phases)}, not in ${this.context.phase} ` +
          `(${node.family.page})`,
        false,
      );
      return { type: DYN };
    }
    const { contested } = node.family;
    if (contested !== undefined && !node.name.includes("."))
      this.report(expr, shift, contested, true);
    return ofNode(node);
  }

  /** `.field` of `operand` at `expr`. */
  select(expr: Expr, operand: Typed, field: string): Typed {
    const { node } = operand;
    if (node !== undefined) {
      const child = node.children.get(field);
      if (child !== undefined) return this.enter(expr, 1, child);
      if (node.open) return { type: DYN };
      if (node.type === undefined) {
        const fields = [...node.children.keys()].sort();
        return this.unknown(
          expr,
          1,
          `${node.name} has no field ${field}${nearField(node, field)}; its fields are ` +
            `${listed(fields)} (${node.family.page})`,
          node.family.unlistedFields === "warn",
        );
      }
    }
    return this.fieldOf(expr, operand.type, field, node);
  }

  /** `.field` of a value of `type` (a map's entry, an object's field). */
  fieldOf(expr: Expr, type: CelType, field: string, node?: VariableNode): Typed {
    if (type.kind === "dyn") return { type: DYN };
    if (type.kind === "map") {
      return unify(type.key, scalar("string"), new Map()) ? { type: type.value } : { type: DYN };
    }
    const what = node?.name ?? `a value of type ${shown(type)}`;
    const page = node === undefined ? "" : ` (${node.family.page})`;
    if (type.kind === "object") {
      const fields = this.env.objects.get(type.name);
      const found = fields?.get(field);
      if (found !== undefined) return { type: found };
      const names = [...(fields?.keys() ?? [])].sort();
      return this.unknown(
        expr,
        1,
        `${what} (a ${type.name}) has no field ${field}${didYouMean(field, names)}; its fields ` +
          `are ${listed(names)}`,
      );
    }
    const children = node === undefined ? [] : [...node.children.keys()].sort();
    const its = children.length > 0 ? `; its fields are ${listed(children)}` : "";
    return this.unknown(
      expr,
      1,
      `${what} is ${article(type)}, which has no field ${field}${didYouMean(field, children)}${its}${page}`,
    );
  }

  /** A call: a function, a method, an operator, or `sortBy`. */
  call(
    expr: Expr,
    call: Extract<Expr["exprKind"], { case: "callExpr" }>["value"],
    scope: Scope,
  ): Typed {
    const { target, args } = call;
    const name = call.function;
    // `base64.decode(x)`: a function's dotted name, not a method of a variable `base64`.
    const qualified = target === undefined ? undefined : qualifiedName(target);
    const root = qualified?.split(".")[0] ?? "";
    const variable = scope.has(root) || this.env.roots.has(root);
    if (target !== undefined && qualified !== undefined && !variable) {
      const argTypes = args.map((a) => this.check(a, scope).type);
      return this.resolve(rootOf(target), `${qualified}.${name}`, undefined, argTypes, 0);
    }
    if (target === undefined) {
      const argTypes = args.map((a) => this.check(a, scope).type);
      return this.resolve(expr, name, undefined, argTypes, 0);
    }
    const receiver = this.check(target, scope).type;
    // The macros the parser leaves as calls: `sortBy(x, key)`, `sort(x, y, x < y)`.
    const binders = args.slice(0, -1).map((a) => a.exprKind);
    const macro =
      (name === "sortBy" && args.length === 2) || (name === "sort" && args.length === 3);
    if (macro && binders.every((b) => b.case === "identExpr")) {
      const elem = receiver.kind === "list" ? receiver.elem : DYN;
      const inner = new Map(scope);
      for (const binder of binders)
        if (binder.case === "identExpr") inner.set(binder.value.name, elem);
      const last = this.check(args[args.length - 1], inner).type;
      return this.resolve(expr, name, receiver, [...binders.map(() => elem), last], 1);
    }
    const argTypes = args.map((a) => this.check(a, scope).type);
    return this.resolve(expr, name, receiver, argTypes, 1);
  }

  /** The overload of `name` that takes `args` (on `receiver`), and its result. */
  resolve(
    expr: Expr,
    name: string,
    receiver: CelType | undefined,
    args: readonly CelType[],
    shift: number,
  ): Typed {
    const all = this.env.functions.get(name);
    if (all === undefined) return this.unknownFunction(expr, name, shift);
    const forms = all.filter((o) => (o.receiver === undefined) === (receiver === undefined));
    const phased = forms.filter(
      (o) => o.family.phases === undefined || o.family.phases.some((p) => p === this.context.phase),
    );
    if (forms.length > 0 && phased.length === 0) {
      const { phases, page } = forms[0].family;
      this.report(
        expr,
        shift,
        `${name} exists only in ${listed(phases ?? [])}, not in ${this.context.phase} (${page})`,
        false,
      );
      return { type: DYN };
    }
    // The documented forms first, then the contested ones, then int, uint and double mixed.
    const documented = phased.filter((o) => o.family.contested === undefined);
    const contested = phased.filter((o) => o.family.contested !== undefined);
    for (const [overloads, numeric] of [
      [documented, false],
      [contested, false],
      [documented, true],
    ] as const) {
      for (const overload of overloads) {
        const bindings: Bindings = new Map();
        if (!matches(overload, receiver, args, bindings, numeric)) continue;
        const { contested: why } = overload.family;
        if (why !== undefined) {
          this.report(expr, shift, `${signatureOf(overload)}: ${why}`, true);
        } else if (numeric) {
          this.report(
            expr,
            shift,
            `${displayName(name)} mixes numeric types (${args.map(shown).join(", ")}), which ` +
              "ngrok's docs do not say it accepts",
            true,
          );
        }
        return { type: substitute(overload.result, bindings) };
      }
    }
    const on = receiver === undefined ? "" : ` on ${article(receiver)}`;
    const given = `(${args.map(shown).join(", ")})${on}`;
    const shownForms = (documented.length > 0 ? documented : all).map(signatureOf);
    const listedForms = shownForms.length > 6 ? [...shownForms.slice(0, 6), "…"] : shownForms;
    this.report(
      expr,
      shift,
      `${displayName(name)} does not take ${given}; ` +
        `${shownForms.length === 1 ? "it takes" : "its forms are"} ${listedForms.join(", ")}`,
      false,
    );
    return { type: DYN };
  }

  /**
   * A function the table does not have: a failure when it is a misspelling of one it has (the
   * same letters in another case, or at most one edit in four letters), else a warning.
   */
  unknownFunction(expr: Expr, name: string, shift: number): Typed {
    const page = `${TRAFFIC_POLICY_DOCS}/macros/`;
    const nearest = closest(name, [...this.env.functionNames]);
    const misspelt =
      nearest.toLowerCase() === name.toLowerCase() ||
      distance(name, nearest) <= Math.max(1, Math.floor(name.length / 4));
    return misspelt
      ? this.unknown(
          expr,
          shift,
          `${name} is not a function of ngrok's CEL (did you mean ${JSON.stringify(nearest)}?) (${page})`,
        )
      : this.unknown(
          expr,
          shift,
          `${name} is not a function ngrok's docs list (${page}); ngrok judges it when the ` +
            "policy is applied",
          true,
        );
  }

  /** A comprehension (an expanded macro): its variable ranges over a list's items, a map's keys. */
  comprehension(
    c: Extract<Expr["exprKind"], { case: "comprehensionExpr" }>["value"],
    scope: Scope,
  ): Typed {
    const range = c.iterRange === undefined ? DYN : this.check(c.iterRange, scope).type;
    const inner = new Map(scope);
    // `@bufbuild/cel` makes no two-variable comprehension (its `iterVar2` is always empty).
    inner.set(
      c.iterVar,
      range.kind === "list" ? range.elem : range.kind === "map" ? range.key : DYN,
    );
    const accumulator = c.accuInit === undefined ? DYN : this.check(c.accuInit, scope).type;
    inner.set(c.accuVar, accumulator);
    if (c.loopCondition !== undefined) this.check(c.loopCondition, inner);
    if (c.loopStep !== undefined) this.check(c.loopStep, inner);
    const outer = new Map(scope).set(c.accuVar, accumulator);
    return c.result === undefined ? { type: DYN } : { type: this.check(c.result, outer).type };
  }
}
