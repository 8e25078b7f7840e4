/**
 * devtools' Deployment (the stand-in for the engine in the fast engine-path tests) makes the calls
 * the real engine makes. One program whose dynamic provider records every call
 * (tests/programs/recording) goes through the same operations twice: through the real Pulumi CLI
 * and through Deployment driving Pulumi's dynamic-provider host. Each operation's recordings
 * (method, resource, olds, news, properties) must be the same; refresh reads run in parallel in
 * the engine, so its recordings are compared as sets.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Deployment } from "../../dist/tools/devtools/deployment";
import { type ProviderHost, startProviderHost } from "../../dist/tools/devtools/providerHost";
import { RealStack } from "../../dist/tools/devtools/realStack";
import { runProgram } from "../../dist/tools/devtools/runProgram";
import { cli, describeWithPulumi } from "../support/realEngine";
import { REPO } from "../support/repo";

const PROGRAM = path.join(REPO, "tests/programs/recording");
const PROJECT = "recording";

interface Declared {
  name: string;
  key: string;
  value: string;
  dependsOn?: string;
  deleteBeforeReplace?: boolean;
}

interface Operation {
  readonly label: string;
  readonly op: "preview" | "up" | "refresh" | "destroy";
  /** The program's resources from this operation on. */
  readonly resources?: Declared[];
}

const a = (key: string, value: string, more: Partial<Declared> = {}): Declared => ({
  name: "a",
  key,
  value,
  ...more,
});
const b: Declared = { name: "b", key: "k1", value: "v1", dependsOn: "a" };

const operations: Operation[] = [
  { label: "preview of a new stack", op: "preview", resources: [a("k1", "v1"), b] },
  { label: "up creates", op: "up" },
  { label: "up with no change", op: "up" },
  { label: "preview of an update", op: "preview", resources: [a("k1", "v2"), b] },
  { label: "up updates", op: "up" },
  { label: "preview of a replacement", op: "preview", resources: [a("k2", "v2"), b] },
  { label: "up replaces, create before delete", op: "up" },
  {
    label: "up replaces, delete before replace",
    op: "up",
    resources: [a("k3", "v2", { deleteBeforeReplace: true }), b],
  },
  { label: "refresh", op: "refresh" },
  { label: "up without b deletes it", op: "up", resources: [a("k3", "v2")] },
  { label: "up with b again creates it", op: "up", resources: [a("k3", "v2"), b] },
  { label: "destroy", op: "destroy" },
];

const readLines = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "");

describeWithPulumi("devtools' Deployment makes the real engine's calls", () => {
  const engine: string[][] = [];
  const devtools: string[][] = [];
  let work: string;
  let host: ProviderHost | undefined;
  let stack: RealStack | undefined;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "call-sequence-"));
    const engineFile = path.join(work, "engine.jsonl");
    const devtoolsFile = path.join(work, "devtools.jsonl");
    stack = await RealStack.create({
      cli: cli(),
      programDir: PROGRAM,
      projectName: PROJECT,
      env: { RECORDING_FILE: engineFile },
    });
    host = await startProviderHost({
      cwd: PROGRAM,
      project: PROJECT,
      env: { RECORDING_FILE: devtoolsFile },
    });
    await host.configure({});
    const deployment = new Deployment(host, stack.name, PROJECT);

    let resources: Declared[] = [];
    for (const operation of operations) {
      resources = operation.resources ?? resources;
      const config = { [`${PROJECT}:resources`]: JSON.stringify(resources) };

      fs.writeFileSync(engineFile, "");
      await stack.setConfig({ resources: { value: config[`${PROJECT}:resources`] } });
      const result = await stack.run(operation.op);
      if (!result.ok) throw new Error(`${operation.label}: ${result.error}`);
      engine.push(readLines(engineFile));

      fs.writeFileSync(devtoolsFile, "");
      if (operation.op === "refresh") {
        await deployment.refresh();
      } else if (operation.op === "destroy") {
        await deployment.destroy();
      } else {
        const program = await runProgram({
          dir: PROGRAM,
          project: PROJECT,
          stack: stack.name,
          config,
        });
        await deployment[operation.op](program.resources);
      }
      devtools.push(readLines(devtoolsFile));
    }
  }, 600000);

  afterAll(async () => {
    await host?.close();
    await stack?.remove();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test.each(operations.map((operation, index) => ({ ...operation, index })))(
    "$label: the same calls with the same arguments",
    ({ op, index }) => {
      expect(engine[index].length).toBeGreaterThan(op === "preview" ? 1 : 0);
      if (op === "refresh") {
        expect([...devtools[index]].sort()).toEqual([...engine[index]].sort());
      } else {
        expect(devtools[index]).toEqual(engine[index]);
      }
    },
  );
});
