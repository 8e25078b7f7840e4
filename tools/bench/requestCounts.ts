/**
 * API requests per engine step, for each resource: the engine's calls (tools/devtools/deployment.ts)
 * through Pulumi's dynamic-provider host, running the installed package, against the emulator,
 * whose request log is read around each step (as tests/engine do).
 *
 * Floors: none for check and diff (preview); one request for create, read (refresh), update and
 * delete, plus the SAML module's documented GETs: the take-over check of its create and the claim
 * check of its delete (which leaves a module another resource has claimed); a replacement is a
 * create of the new object and a delete of the old one (ngrok has no "replace" call), so its
 * floor is the sum of those two.
 *
 * @module
 */
import { Deployment, type ResourceGoal, type Step } from "../devtools/deployment";
import { startProviderHost } from "../devtools/providerHost";
import { BareClient } from "./bareClient";
import { startEmulatorProcess } from "./emulatorProcess";
import { type Consumer, PROJECT, STACK, variant } from "./installedPackage";
import { progress } from "./progress";
import type { Section } from "./report";
import { summarize } from "./stats";

type StepName =
  "check" | "diff (preview)" | "create" | "read (refresh)" | "update" | "replace" | "delete";

interface Observed {
  readonly calls: string[];
  readonly requests: string[];
}

interface Plan {
  readonly label: string;
  readonly floors: Record<StepName, number>;
  /** The goal, its in-place update, and its replacement, for round `round`. */
  goals(
    round: number,
    routeIds: string[],
  ): { base: ResourceGoal; update: ResourceGoal; replace: ResourceGoal };
}

const STEPS: readonly StepName[] = [
  "check",
  "create",
  "diff (preview)",
  "read (refresh)",
  "update",
  "replace",
  "delete",
];

/** Measures every step of both resources, `rounds` times (the counts must not vary). */
export async function measureRequestCounts(consumer: Consumer, rounds: number): Promise<Section> {
  const { sshCertificateAuthority: ssh, httpsEdgeRouteSaml: saml } = consumer.goals;
  const plans: Plan[] = [
    {
      label: "SshCertificateAuthority",
      floors: {
        check: 0,
        "diff (preview)": 0,
        create: 1,
        "read (refresh)": 1,
        update: 1,
        replace: 2,
        delete: 1,
      },
      goals: (round) => {
        const name = `ca-${round}`;
        return {
          base: variant(ssh, name),
          update: variant(ssh, name, { description: "v2" }),
          // A new key type replaces the CA (ecdsa: quick to generate).
          replace: variant(ssh, name, { description: "v2", privateKeyType: "ecdsa" }),
        };
      },
    },
    {
      label: "HttpsEdgeRouteSaml",
      floors: {
        check: 0,
        "diff (preview)": 0,
        create: 2,
        "read (refresh)": 1,
        update: 1,
        replace: 4,
        delete: 2,
      },
      goals: (round, [routeA, routeB]) => {
        const name = `sso-${round}`;
        return {
          base: variant(saml, name, { routeId: routeA }),
          update: variant(saml, name, { routeId: routeA, forceAuthn: true }),
          // Another route replaces the module (written on the new route, then deleted on the old).
          replace: variant(saml, name, { routeId: routeB, forceAuthn: true }),
        };
      },
    },
  ];

  const observed = new Map<string, Observed[]>();
  const emulator = await startEmulatorProcess();
  const host = await startProviderHost({ cwd: consumer.dir, project: PROJECT });
  const client = new BareClient(emulator.url, emulator.apiKey);
  try {
    await host.configure({ "ngrok:apiKey": emulator.apiKey, "ngrok:apiBaseUrl": emulator.url });
    for (let round = 0; round < rounds; round++) {
      const { edgeId, routeIds } = await client.createEdgeWithRoutes(2);
      for (const plan of plans) {
        const goals = plan.goals(round, routeIds);
        const withEdge = (goal: ResourceGoal) =>
          plan.label === "HttpsEdgeRouteSaml" ? variant(goal, goal.name, { edgeId }) : goal;
        const base = withEdge(goals.base);
        const deployment = new Deployment(host, STACK, PROJECT);
        const step = async (name: StepName, run: () => Promise<Step[]>, op?: Step["op"]) => {
          const calls = host.calls.length;
          const from = await emulator.requestCount();
          const steps = await run();
          if (op !== undefined && steps[0]?.op !== op) {
            throw new Error(
              `${plan.label} ${name}: expected a ${op} step, got ${JSON.stringify(steps)}`,
            );
          }
          const requests = (await emulator.requestsSince(from)).map(
            (r) => `${r.method} ${normalizePath(r.path)}`,
          );
          const key = `${plan.label}\u0000${name}`;
          observed.set(key, [
            ...(observed.get(key) ?? []),
            { calls: host.calls.slice(calls), requests },
          ]);
        };
        await step("check", () => deployment.preview([base]), "create");
        await step("create", () => deployment.up([base]), "create");
        await step("diff (preview)", () => deployment.preview([base]), "same");
        await step("read (refresh)", () => deployment.refresh(), "same");
        await step("update", () => deployment.up([withEdge(goals.update)]), "update");
        await step("replace", () => deployment.up([withEdge(goals.replace)]), "replace");
        await step("delete", () => deployment.destroy(), "delete");
      }
      await client.send("DELETE", `/edges/https/${edgeId}`);
      progress(`request counts: round ${round + 1}/${rounds} done`);
    }
  } finally {
    client.close();
    await host.close();
    await emulator.close();
  }

  const section: Section = {
    title: "API requests per step",
    rows: [],
    notes: [
      "Each step is the engine's call sequence through the host (tools/devtools/deployment.ts), with " +
        "the package installed from `npm pack`; the emulator's request log is read around it. " +
        "Floors: 0 for check and diff; 1 for create, read, update and delete (+1 for the SAML " +
        "module's documented GETs: the take-over check on create, the claim check on delete); a " +
        "replacement is one create plus one delete.",
    ],
  };
  for (const plan of plans) {
    for (const name of STEPS) {
      const runs = observed.get(`${plan.label}\u0000${name}`) ?? [];
      const counts = runs.map((r) => r.requests.length);
      const floor = plan.floors[name];
      const figure = summarize(counts);
      const sample = runs[0];
      section.rows.push({
        measure: `${plan.label}: ${name}`,
        figure,
        unit: "requests",
        target: `${floor}`,
        met: figure.max <= floor,
        why: `${figure.max} requests (${sample?.requests.join(", ")}) where ${floor} suffice`,
      });
      section.notes.push(
        `${plan.label}, ${name}: engine calls ${sample?.calls.join(" → ") || "none"}; ` +
          `requests ${sample?.requests.length ? sample.requests.map((r) => `\`${r}\``).join(", ") : "none"}` +
          `${new Set(counts).size === 1 ? "" : ` (counts varied: ${counts.join(", ")})`}.`,
      );
    }
  }
  return section;
}

/** `/edges/https/edghts_…/routes/edghtsrt_…/saml` → `/edges/https/{edge_id}/routes/{route_id}/saml`. */
function normalizePath(path: string): string {
  return path
    .split("?")[0]
    .replace(/sshca_[0-9A-Za-z]+/g, "{id}")
    .replace(/edghtsrt_[0-9A-Za-z]+/g, "{route_id}")
    .replace(/edghts_[0-9A-Za-z]+/g, "{edge_id}");
}
