/**
 * The requests per step the benchmark expects of each resource (requestCounts.ts): ngrok's floor,
 * plus what a resource makes by design.
 *
 * @module
 */

/** The steps measured, in order. */
export const STEPS = [
  "check",
  "create",
  "diff (preview)",
  "read (refresh)",
  "update",
  "replace",
  "delete",
] as const;
export type StepName = (typeof STEPS)[number];

/** ngrok's floor: no request to plan, one per object written, read or deleted. */
const NGROK_FLOOR = {
  check: 0,
  "diff (preview)": 0,
  create: 1,
  "read (refresh)": 1,
  update: 1,
  delete: 1,
};

/**
 * Requests a resource makes beyond ngrok's floor by design, each with the reason its row gives.
 * The SAML module is a singleton of its route (a `PUT` creates and replaces it): its create reads
 * the route's module first (the take-over check, `provider/httpsEdgeRouteSaml/create.ts`), and its
 * delete reads it again (the claim check, `provider/httpsEdgeRouteSaml/claim.ts`), so that a
 * module another resource has claimed is left.
 */
export const BY_DESIGN: Readonly<
  Record<string, Partial<Record<"create" | "delete", { requests: number; why: string }>>>
> = {
  HttpsEdgeRouteSaml: {
    create: { requests: 1, why: "+1 GET, the take-over check before the PUT" },
    delete: { requests: 1, why: "+1 GET, the claim check before the DELETE" },
  },
};

/** The floor of every step of `resource`: ngrok's, plus what {@link BY_DESIGN} says. */
export function floorsOf(resource: string): Record<StepName, number> {
  const extra = BY_DESIGN[resource] ?? {};
  const floor = (step: Exclude<StepName, "replace">) =>
    NGROK_FLOOR[step] + (step === "create" || step === "delete" ? (extra[step]?.requests ?? 0) : 0);
  return {
    check: floor("check"),
    create: floor("create"),
    "diff (preview)": floor("diff (preview)"),
    "read (refresh)": floor("read (refresh)"),
    update: floor("update"),
    // ngrok has no "replace" call: the new object's create, then the old one's delete.
    replace: floor("create") + floor("delete"),
    delete: floor("delete"),
  };
}

/** Why `resource`'s `step` needs more than ngrok's floor, when it does. */
export function byDesignWhy(resource: string, step: StepName): string | undefined {
  const extra = BY_DESIGN[resource] ?? {};
  const whys =
    step === "replace"
      ? [extra.create?.why, extra.delete?.why]
      : step === "create" || step === "delete"
        ? [extra[step]?.why]
        : [];
  const given = whys.filter((why): why is string => why !== undefined);
  return given.length === 0 ? undefined : given.join("; ");
}
