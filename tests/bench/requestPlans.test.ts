/**
 * The requests-per-step benchmark (tools/bench/requestCounts.ts) measures every resource of the
 * registry, with what tools/bench/requestPlans.ts derives from each definition: its inputs from
 * its `example` (what it refers to declared first), an update and a replacement from its inputs'
 * `onChange`, and its floors from ngrok's plus what a resource does by design. Nothing lists the
 * resources, so a resource added to the registry is measured with no edit: a definition the
 * registry does not hold gets a plan too.
 */
import type { ResourceDefinition } from "../../dist/provider/framework/resource";
import type { ExampleProgram } from "../../dist/provider/framework/example";
import { DEFINITIONS } from "../../dist/provider/registry";
import { type Observed, requestCountsSection } from "../../dist/tools/bench/requestCounts";
import {
  BY_DESIGN,
  declaredOf,
  floorsOf,
  planOf,
  PLACEHOLDER,
  type PlanResult,
  type RequestPlan,
  requestPlans,
  STEPS,
} from "../../dist/tools/bench/requestPlans";

const IDP_METADATA = "<EntityDescriptor/>";
const plans = requestPlans(IDP_METADATA);
const measured = (plan: PlanResult): RequestPlan => {
  if ("unmeasured" in plan) throw new Error(`${plan.resource} is not measured: ${plan.unmeasured}`);
  return plan;
};

/** The inputs of `definition` whose `onChange` is `effect`. */
const inputsThat = (definition: ResourceDefinition, effect: string) =>
  Object.entries(
    definition.properties as Record<
      string,
      { role: string; onChange?: string; writeOnly?: boolean }
    >,
  )
    .filter(([, p]) => p.role === "input" && p.onChange === effect && p.writeOnly !== true)
    .map(([name]) => name);

test("every resource of the registry has a plan, in the registry's order", () => {
  expect(plans.map((p) => p.resource)).toEqual(DEFINITIONS.map((d) => d.name));
  for (const plan of plans) measured(plan);
});

test.each(DEFINITIONS.map((d) => [d.name, d] as const))(
  "%s: its example's resource, what it refers to declared first",
  (name, definition) => {
    const plan = measured(plans.find((p) => p.resource === name)!);
    expect(plan.target.type).toBe(name);
    const example = definition.example!.resources.find((r) => r.type === name)!;
    expect(Object.keys(plan.target.args)).toEqual(Object.keys(example.args));
    // Every placeholder of an output names a resource declared before it is used.
    const declared = new Set(
      [...plan.dependencies, ...(plan.update?.needs ?? []), ...(plan.replace?.needs ?? [])].map(
        (d) => d.name,
      ),
    );
    const text = JSON.stringify([plan.target.args, plan.update?.value, plan.replace?.value]);
    for (const [, kind, named] of text.matchAll(PLACEHOLDER)) {
      if (kind === "output") expect(declared).toContain(named);
    }
    // The consumer program declares each once.
    const names = declaredOf([plan]).map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(plan.target.name);
  },
);

test.each(DEFINITIONS.map((d) => [d.name, d] as const))(
  "%s: its update changes an input that updates in place, its replacement one that replaces",
  (name, definition) => {
    const plan = measured(plans.find((p) => p.resource === name)!);
    for (const effect of ["update", "replace"] as const) {
      const change = plan[effect];
      const inputs = inputsThat(definition, effect);
      if (change === undefined) {
        expect(plan.none[effect]).toEqual(
          inputs.length === 0
            ? `no input ${effect === "update" ? "updates in place" : "replaces"}`
            : expect.stringContaining(inputs.join(", ")),
        );
      } else {
        expect(inputs).toContain(change.property);
        expect(change.value).not.toEqual(plan.target.args[change.property]);
      }
    }
    if (inputsThat(definition, "update").includes("description")) {
      expect(plan.update?.property).toBe("description");
    }
  },
);

test("the floors are ngrok's, plus what a resource does by design, a replacement the sum", () => {
  for (const plan of plans.map(measured)) {
    const extra = BY_DESIGN[plan.resource] ?? {};
    expect(plan.floors).toEqual({
      check: 0,
      "diff (preview)": 0,
      create: 1 + (extra.create?.requests ?? 0),
      "read (refresh)": 1,
      update: 1,
      delete: 1 + (extra.delete?.requests ?? 0),
      replace: 2 + (extra.create?.requests ?? 0) + (extra.delete?.requests ?? 0),
    });
  }
  expect(floorsOf("HttpsEdgeRouteSaml")).toMatchObject({ create: 2, delete: 2, replace: 4 });
});

test("a resource the registry does not hold yet is planned with no edit", () => {
  const ipPolicyRule = DEFINITIONS.find((d) => d.name === "IpPolicyRule")!;
  const example = ipPolicyRule.example!;
  const renamed: ExampleProgram = {
    ...example,
    resources: example.resources.map((r) =>
      r.type === "IpPolicyRule" ? { ...r, type: "BrandNewRule" } : r,
    ),
  };
  const brandNew = { ...ipPolicyRule, name: "BrandNewRule", example: renamed };
  const plan = measured(planOf(brandNew as ResourceDefinition, IDP_METADATA));
  expect(plan.floors).toEqual(floorsOf("BrandNewRule"));
  expect(plan.floors.create).toBe(1);
  expect(plan.dependencies.map((d) => d.type)).toEqual(["IpPolicy"]);
  expect(plan.update?.property).toBe("description");
  expect(plan.replace).toBeDefined();
});

test("the section has a row for every resource and step, from the observations alone", () => {
  const observed = new Map<string, Observed[]>();
  for (const plan of plans.map(measured)) {
    for (const step of STEPS) {
      observed.set(`${plan.resource}\u0000${step}`, [
        { calls: ["Check"], requests: Array<string>(plan.floors[step]).fill("GET /x") },
      ]);
    }
  }
  const section = requestCountsSection(plans, observed, new Map());
  for (const plan of plans.map(measured)) {
    const rows = section.rows.filter((r) => r.measure.startsWith(`${plan.resource}: `));
    expect(rows).toHaveLength(STEPS.length);
    for (const row of rows) {
      // A step with no change to make has no figure and no target; every other meets its floor.
      expect(row.met ?? row.figure === undefined).toBe(true);
    }
  }
  // A resource that needs more than the floor is not met, and the row says why it exceeds.
  const saml = measured(plans.find((p) => p.resource === "HttpsEdgeRouteSaml")!);
  const over = new Map(observed);
  over.set(`${saml.resource}\u0000create`, [{ calls: [], requests: ["GET", "GET", "PUT"] }]);
  const row = requestCountsSection(plans, over, new Map()).rows.find((r) =>
    r.measure.startsWith("HttpsEdgeRouteSaml: create"),
  )!;
  expect(row).toMatchObject({ met: false, target: "2" });
  expect(row.measure).toContain("by design: +1 GET, the take-over check");
});
