/**
 * The package as users install it, as in tests/engine/installedPackage.test.ts: `npm pack`,
 * unpacked into the `node_modules` of two consumer directories at different paths under `.tmp/`
 * (inside the repository, so the package's dependencies resolve from its `node_modules`, as
 * they would from a user's project). In each, the benchmark's program (consumerProgram.ts) runs
 * under Pulumi's mocks and yields the inputs and `__provider` of every resource; the providers
 * the programs declare besides the package's (beforeProvider.ts, referenceProviders.ts) are
 * copied beside it.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { ResourceGoal } from "../devtools/deployment";
import { runProgram } from "../devtools/runProgram";
import { sampleIdpMetadata } from "../../emulator/index";
import { declaredOf, type PlanResult, requestPlans } from "./requestPlans";
import { REPO } from "./repo";

export { REPO };
/** The consumer's Pulumi project name. */
export const PROJECT = "bench-consumer";
export const STACK = "bench";

/** Placeholders for the SAML module's route; each emulator's real ids replace them. */
const EDGE_PLACEHOLDER = "edghts_placeholder";
const ROUTE_PLACEHOLDER = "edghtsrt_placeholder";

/** The resources of the consumer program, by role. */
export interface ConsumerGoals {
  readonly sshCertificateAuthority: ResourceGoal;
  readonly httpsEdgeRouteSaml: ResourceGoal;
  readonly trivial: ResourceGoal;
  readonly bare: ResourceGoal;
  /** The SSH CA through the thin provider of commit 7e37a46 (seven serialized methods). */
  readonly before: ResourceGoal;
}

/** One consumer directory with the installed package, and what its program registered. */
export interface Consumer {
  readonly dir: string;
  readonly goals: ConsumerGoals;
  /** Each resource's request plan (requestPlans.ts), its goals below by declared name. */
  readonly plans: readonly PlanResult[];
  readonly requestGoals: ReadonlyMap<string, ResourceGoal>;
}

/** Both consumers, and the temporary folder that holds them. */
export interface Installation {
  readonly root: string;
  readonly tarball: string;
  readonly consumers: readonly [Consumer, Consumer];
  /** Removes everything under {@link Installation.root}. */
  remove(): void;
}

/** Packs the package, installs it in two consumer directories and runs the program in each. */
export async function installPackage(): Promise<Installation> {
  const root = path.join(REPO, ".tmp", `bench-${process.pid}`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    const [pack] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", root], {
        cwd: REPO,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      }),
    ) as { filename: string }[];
    const tarball = path.join(root, pack.filename);
    const idpMetadataPath = path.join(root, "idp-metadata.xml");
    const idpMetadata = await sampleIdpMetadata({ entityId: "https://idp.bench.example" });
    fs.writeFileSync(idpMetadataPath, idpMetadata);
    const plans = requestPlans(idpMetadata);
    const requestResourcesPath = path.join(root, "request-resources.json");
    fs.writeFileSync(requestResourcesPath, JSON.stringify(declaredOf(plans)));
    const dirs = [
      path.join(root, "consumer-a"),
      path.join(root, "install path b", "nested", "consumer-b"),
    ] as const;
    for (const dir of dirs) {
      install(tarball, dir);
    }
    const [a, b] = await Promise.all(
      dirs.map((dir) => consumer(dir, idpMetadataPath, requestResourcesPath, plans)),
    );
    return { root, tarball, consumers: [a, b], remove };
  } catch (error) {
    remove();
    throw error;
  }
}

function install(tarball: string, dir: string): void {
  const installed = path.join(dir, "node_modules", "pulumi-ngrok-dynamic");
  fs.mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  // The provider plugin's executable, linked as `npm install` links a package's bins.
  const bin = path.join(dir, "node_modules", ".bin");
  fs.mkdirSync(bin, { recursive: true });
  const plugin = path.join(installed, "dist", "plugin", "index.js");
  fs.chmodSync(plugin, 0o755);
  fs.symlinkSync(path.relative(bin, plugin), path.join(bin, "pulumi-resource-ngrok-dynamic"));
  // A package of its own: otherwise Node would resolve "pulumi-ngrok-dynamic" to the repository
  // by self-reference (the nearest package.json would be the repository's).
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: PROJECT, private: true, main: "index.js" }),
  );
  fs.copyFileSync(path.join(__dirname, "consumerProgram.js"), path.join(dir, "index.js"));
  // The providers the programs (index.js, and engine.js of the real-engine benchmarks) declare.
  for (const module of ["beforeProvider.js", "referenceProviders.js"]) {
    fs.copyFileSync(path.join(__dirname, module), path.join(dir, module));
  }
}

async function consumer(
  dir: string,
  idpMetadataPath: string,
  requestResourcesPath: string,
  plans: readonly PlanResult[],
): Promise<Consumer> {
  const { resources } = await runProgram({
    dir,
    project: PROJECT,
    stack: STACK,
    config: {
      [`${PROJECT}:edgeId`]: EDGE_PLACEHOLDER,
      [`${PROJECT}:routeId`]: ROUTE_PLACEHOLDER,
      [`${PROJECT}:idpMetadataPath`]: idpMetadataPath,
      [`${PROJECT}:requestResources`]: requestResourcesPath,
    },
  });
  const byName = (name: string): ResourceGoal => {
    const goal = resources.find((r) => r.name === name);
    if (goal === undefined) {
      throw new Error(`the consumer program in ${dir} registered no resource "${name}"`);
    }
    return goal;
  };
  return {
    dir,
    goals: {
      sshCertificateAuthority: byName("ca"),
      httpsEdgeRouteSaml: byName("sso"),
      trivial: byName("trivial"),
      bare: byName("bare"),
      before: byName("caBefore"),
    },
    plans,
    requestGoals: new Map(declaredOf(plans).map(({ name }) => [name, byName(name)] as const)),
  };
}

/**
 * The goal with another name and changed inputs: what the same program registers with other
 * stack config (it passes config to the resource unchanged), without running it again.
 */
export function variant(
  goal: ResourceGoal,
  name: string,
  inputs: Record<string, unknown> = {},
): ResourceGoal {
  return { type: goal.type, name, inputs: { ...goal.inputs, ...inputs } };
}
