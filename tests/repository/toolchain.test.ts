/**
 * What the package claims is what the tests run on (tools/devtools/nodeToolchain.ts): the
 * `@pulumi/pulumi` peer range starts at the oldest leg's release (installed as an npm alias and
 * swapped in for that leg), the primary leg runs the version package-lock.json pins (and the
 * CLI's), `engines.node` starts at the oldest tested Node.js, README says all of it, and this
 * very test runs on the Node.js and the `@pulumi/pulumi` its leg of `npm test` names: in Jest, in
 * a program's folder and in the dynamic-provider host.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  OLDEST_ENGINE_SUBSET,
  OLDEST_NODE,
  OLDEST_PULUMI,
  OLDEST_PULUMI_ALIAS,
  PRIMARY_NODE,
  TESTED_NODES,
} from "../../tools/devtools/nodeToolchain";
import { version as loadedVersion } from "@pulumi/pulumi/version";
import { startProviderHost } from "../../dist/tools/devtools/providerHost";
import { oldestPluginCliVersion } from "../../dist/tools/devtools/pulumiCli";
import {
  GO_PULUMI_SDK_FLOOR,
  PYTHON_PULUMI_FLOOR,
  pythonPulumiRequirement,
} from "../../dist/tools/scripts/pulumiFloors";
import { pinnedPulumiOf, REQUIREMENTS, REQUIREMENTS_OLDEST } from "../support/pythonVenv";
import { REPO } from "../support/repo";

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

  test("the @pulumi/pulumi peer range starts at the oldest leg's release and stays in 3.x", () => {
    expect(manifest.peerDependencies?.["@pulumi/pulumi"]).toBe(`>=${OLDEST_PULUMI} <4.0.0`);
    expect(manifest.devDependencies?.["@pulumi/pulumi"]).toBe(`^${tested}`);
    expect(manifest.devDependencies?.[OLDEST_PULUMI_ALIAS]).toBe(
      `npm:@pulumi/pulumi@${OLDEST_PULUMI}`,
    );
    expect(parts(OLDEST_PULUMI)[0]).toBe(3);
    expect(parts(OLDEST_PULUMI)[1]).toBeLessThan(parts(tested)[1]);
  });

  test("the CLI the tests build is the same release", () => {
    expect(read("tools/devtools/go/pulumi-cli/go.mod")).toMatch(
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
      `Node.js ${oldestMajor} or later, \`@pulumi/pulumi\` ${OLDEST_PULUMI} or later (3.x), the Pulumi CLI ${tested} or later.`,
    );
    expect(readme).toContain(
      `Tested on Node.js ${PRIMARY_NODE.version} with \`@pulumi/pulumi\` ${tested} and on ${OLDEST_NODE.version} with \`@pulumi/pulumi\` ${OLDEST_PULUMI}, both with the CLI ${tested}.`,
    );
  });

  test("README and docs/otherLanguages.md claim the SDKs' floors, which the tests install", () => {
    const newestPython = pinnedPulumiOf(REQUIREMENTS);
    const readme = read("README.md").replace(/\s+/g, " ");
    expect(readme).toContain(
      `the Python wheel requires \`pulumi\` ${PYTHON_PULUMI_FLOOR} or later (3.x; tested on ` +
        `${PYTHON_PULUMI_FLOOR} and ${newestPython}), the Go module ` +
        `\`github.com/pulumi/pulumi/sdk/v3\` v${GO_PULUMI_SDK_FLOOR} or later (tested on ` +
        `v${GO_PULUMI_SDK_FLOOR} and v${tested}).`,
    );
    const otherLanguages = read("docs/otherLanguages.md").replace(/\s+/g, " ");
    for (const claim of [
      `the wheel requires \`${pythonPulumiRequirement()}\``,
      `on \`pulumi\` ${PYTHON_PULUMI_FLOOR} and ${newestPython}`,
      `\`github.com/pulumi/pulumi/sdk/v3\` v${GO_PULUMI_SDK_FLOOR} (so Go`,
      `on \`sdk/v3\` v${GO_PULUMI_SDK_FLOOR} and v${tested}`,
    ]) {
      expect(otherLanguages).toContain(claim);
    }
    expect(pinnedPulumiOf(REQUIREMENTS_OLDEST)).toBe(PYTHON_PULUMI_FLOOR);
    expect(read("sdks/go/go.mod")).toMatch(
      new RegExp(
        `^require github\\.com/pulumi/pulumi/sdk/v3 v${GO_PULUMI_SDK_FLOOR.replace(/\./g, "\\.")}$`,
        "m",
      ),
    );
  });

  test("README and docs/otherLanguages.md claim the oldest CLI the plugin is tested with", () => {
    const oldest = oldestPluginCliVersion(REPO);
    const readme = read("README.md").replace(/\s+/g, " ");
    expect(readme).toContain(
      `The provider plugin: the Pulumi CLI ${oldest} or later (tested with ${oldest} and ${tested}), no Node.js.`,
    );
    const otherLanguages = read("docs/otherLanguages.md").replace(/\s+/g, " ");
    expect(otherLanguages).toContain(
      `- The Pulumi CLI ${oldest} or later: tested with ${tested} throughout, and with ${oldest} `,
    );
    expect(read("tools/devtools/go/pulumi-cli-oldest/go.mod")).toMatch(
      new RegExp(
        `^replace github\\.com/pulumi/pulumi/sdk/v3 => github\\.com/pulumi/pulumi/sdk/v3 v${oldest.replace(/\./g, "\\.")}$`,
        "m",
      ),
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
      "toolchain: not started by tools/scripts/test.ts; the running Node.js is not checked\n",
    );
    return;
  }
  expect(TESTED_NODES.map((node) => node.version)).toContain(leg);
  expect(process.version).toBe(`v${leg}`);
});

test("this test runs on the @pulumi/pulumi its leg names: in Jest, a program's folder and the dynamic-provider host", async () => {
  const leg = process.env.PULUMI_NGROK_TEST_PULUMI;
  if (leg === undefined) {
    process.stderr.write(
      "toolchain: not started by tools/scripts/test.ts; the loaded @pulumi/pulumi is not checked\n",
    );
    return;
  }
  expect([lockedPulumi(), OLDEST_PULUMI]).toContain(leg);
  // What this process loads (the classes and the providers under Jest).
  expect(loadedVersion).toBe(leg);
  // What a program of tests/programs loads, resolved from its own folder.
  const program = path.join(REPO, "tests", "programs", "sshCertificateAuthority");
  const loaded = execFileSync(
    process.execPath,
    [
      "-p",
      'require(require.resolve("@pulumi/pulumi/version", { paths: [process.cwd()] })).version',
    ],
    { cwd: program, encoding: "utf8" },
  ).trim();
  expect(loaded).toBe(leg);
  // The dynamic-provider host started there, as the engine starts it: GetPluginInfo answers the
  // version of the @pulumi/pulumi it runs.
  const host = await startProviderHost({ cwd: program, project: "toolchain" });
  try {
    expect(await host.getPluginInfo()).toBe(leg);
  } finally {
    await host.close();
  }
});
