/**
 * The oldest leg of `npm test` runs only the fast suites that can load `@pulumi/pulumi`
 * (tools/scripts/testOldestSubset.ts): these check the rule on real suites of each kind, so that a
 * suite that loads the SDK, or starts a process that may, is never left to the primary leg alone.
 */
import { externalImports, runsOnOldestLeg } from "../../tools/scripts/testOldestSubset";
import { REPO } from "../support/repo";

const SUITES = {
  // Imports the SDK through the providers.
  "tests/provider/faults/sshUserCertificate.test.ts": true,
  // Checks the leg's own versions (imports @pulumi/pulumi/version).
  "tests/repository/toolchain.test.ts": true,
  // Starts the command-line tool, which loads the SDK.
  "tests/cli/commandLine.test.ts": true,
  // Compiles snippets against the SDK's declarations.
  "tests/types/sshCertificateAuthorityArgs.test.ts": true,
  // Starts the emulator's own processes only; the emulator depends on no Pulumi package.
  "tests/emulator/server.test.ts": false,
  // Runs git over the repository's files, parses them with the compiler.
  "tests/repository/sourceLimits.test.ts": false,
  "tests/repository/importCycles.test.ts": false,
  // Pure, in-process.
  "tests/emulator/ids.test.ts": false,
  // In-process, but its formats' rules load packages through provider/lazy, which can load the SDK.
  "tests/provider/framework/define.test.ts": true,
};

test("a suite runs on the oldest leg when it can load @pulumi/pulumi", () => {
  const reached = externalImports(REPO, Object.keys(SUITES));
  const runs = Object.fromEntries(
    Object.keys(SUITES).map((suite) => {
      const externals = reached.get(suite);
      if (externals === undefined) throw new Error(`no import graph for ${suite}`);
      return [suite, runsOnOldestLeg(suite, externals)];
    }),
  );
  expect(runs).toEqual(SUITES);
});

test("the rule: the SDK imported, or a process started or code compiled outside the emulator's and repository's checks", () => {
  expect(runsOnOldestLeg("tests/emulator/x.test.ts", new Set(["@pulumi/pulumi/automation"]))).toBe(
    true,
  );
  expect(runsOnOldestLeg("tests/plugin/x.test.ts", new Set(["node:child_process"]))).toBe(true);
  expect(runsOnOldestLeg("tests/plugin/x.test.ts", new Set(["worker_threads"]))).toBe(true);
  expect(runsOnOldestLeg("tests/types/x.test.ts", new Set(["typescript"]))).toBe(true);
  expect(runsOnOldestLeg("tests/repository/x.test.ts", new Set(["child_process"]))).toBe(false);
  expect(runsOnOldestLeg("tests/plugin/x.test.ts", new Set(["node:fs", "yaml"]))).toBe(false);
});
