/**
 * What the package claims is what the tests run on (devtools/nodeToolchain.ts): the
 * `@pulumi/pulumi` peer range starts at the version package-lock.json pins (the one every test
 * runs with, and the CLI's), `engines.node` starts at the oldest tested Node.js, README says both,
 * and this very test runs on the Node.js its leg of `npm test` names.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  OLDEST_ENGINE_SUBSET,
  OLDEST_NODE,
  PRIMARY_NODE,
  TESTED_NODES,
} from "../../devtools/nodeToolchain";
import { REPO } from "../support/stack";

interface Manifest {
  engines?: { node?: string };
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const read = (file: string) => fs.readFileSync(path.join(REPO, file), "utf8");
const manifestOf = (file: string) => JSON.parse(read(file)) as Manifest;
const manifest = manifestOf("package.json");

/** `[major, minor, patch]` of `1.2.3`. */
const parts = (version: string) => version.split(".").map((n) => Number.parseInt(n, 10));

/** The version package-lock.json pins for `@pulumi/pulumi`. */
function lockedPulumi(): string {
  const lock = JSON.parse(read("package-lock.json")) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages["node_modules/@pulumi/pulumi"]?.version;
  if (version === undefined) throw new Error("package-lock.json pins no @pulumi/pulumi");
  return version;
}

/** The lower bound of a `>=X[ <Y]` range. */
function lowerBound(range: string | undefined): string {
  const match = /^>=(\d+(?:\.\d+){0,2})(?: <\d+\.0\.0)?$/.exec(range ?? "");
  if (match === null) throw new Error(`${range} is not a >=X range`);
  return match[1];
}

describe("the versions the package claims", () => {
  const tested = lockedPulumi();

  test("the @pulumi/pulumi peer range starts at the tested version and stays in 3.x", () => {
    expect(manifest.peerDependencies?.["@pulumi/pulumi"]).toBe(`>=${tested} <4.0.0`);
    expect(manifest.devDependencies?.["@pulumi/pulumi"]).toBe(`^${tested}`);
  });

  test("the CLI the tests build is the same release", () => {
    expect(read("devtools/go/pulumi-cli/go.mod")).toMatch(
      new RegExp(
        `^require github\\.com/pulumi/pulumi/pkg/v3 v${tested.replace(/\./g, "\\.")}$`,
        "m",
      ),
    );
  });

  test("every example and template asks for the claimed @pulumi/pulumi", () => {
    const programs = [
      ...fs.readdirSync(path.join(REPO, "examples")).map((name) => `examples/${name}`),
      ...fs.readdirSync(path.join(REPO, "templates")).map((name) => `templates/${name}`),
    ].filter((dir) => fs.existsSync(path.join(REPO, dir, "package.json")));
    expect(programs.length).toBeGreaterThan(0);
    for (const dir of programs) {
      const own = manifestOf(`${dir}/package.json`);
      const range = own.dependencies?.["@pulumi/pulumi"] ?? own.devDependencies?.["@pulumi/pulumi"];
      expect({ dir, range }).toEqual({ dir, range: `^${tested}` });
    }
  });

  test("engines.node starts at the oldest tested Node.js, which @pulumi/pulumi accepts too", () => {
    const oldestMajor = parts(OLDEST_NODE.version)[0];
    expect(manifest.engines?.node).toBe(`>=${oldestMajor}`);
    expect(manifestOf("emulator/package.json").engines?.node).toBe(`>=${oldestMajor}`);
    const sdk = JSON.parse(read("node_modules/@pulumi/pulumi/package.json")) as Manifest;
    expect(parts(lowerBound(sdk.engines?.node))[0]).toBeLessThanOrEqual(oldestMajor);
    for (const { version } of TESTED_NODES) {
      expect(parts(version)[0]).toBeGreaterThanOrEqual(oldestMajor);
    }
    expect(parts(PRIMARY_NODE.version)[0]).toBeGreaterThan(oldestMajor);
  });

  test("README states the tested range", () => {
    const readme = read("README.md").replace(/\s+/g, " ");
    const oldestMajor = parts(OLDEST_NODE.version)[0];
    expect(readme).toContain(
      `Node.js ${oldestMajor} or later, \`@pulumi/pulumi\` ${tested} or later (3.x), the Pulumi CLI ${tested} or later.`,
    );
    expect(readme).toContain(
      `Tested on Node.js ${PRIMARY_NODE.version} and ${OLDEST_NODE.version} with \`@pulumi/pulumi\` and the CLI ${tested}.`,
    );
  });

  test("the oldest leg's engine suites exist and are in the engine tier", () => {
    for (const file of OLDEST_ENGINE_SUBSET) {
      expect(fs.existsSync(path.join(REPO, file))).toBe(true);
      expect(file).toMatch(/^tests\/automation\/.+\.automation\.test\.ts$/);
    }
  });
});

test("this test runs on the Node.js its leg of `npm test` names", () => {
  const leg = process.env.PULUMI_NGROK_TEST_NODE;
  if (leg === undefined) {
    process.stderr.write(
      "toolchain: not started by scripts/test.ts; the running Node.js is not checked\n",
    );
    return;
  }
  expect(TESTED_NODES.map((node) => node.version)).toContain(leg);
  expect(process.version).toBe(`v${leg}`);
});
