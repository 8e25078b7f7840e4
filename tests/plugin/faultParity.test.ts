/**
 * The same faults through the plugin as through the classes (issue #33 §2). The step × fault
 * matrix's cases that differ by path (tests/provider/faults/): a 429 with and without
 * `Retry-After`, a 500, a connection reset and an answer slower than the request timeout, at
 * create, update and delete, for SshCertificateAuthority and SshHostCertificate. Each case runs
 * through the classes' provider objects and through the plugin over gRPC (one plugin process for
 * the suite, configured again for each case), each against its own fresh emulator, at the same
 * time; both must give the same outcome (the matrix's expected failure, or success), the same
 * requests (method and path, in order; their statuses are shown, not compared: see
 * `PathResult.statuses`) and leave the same objects. Both paths of every case
 * are printed as one markdown table after the suite (the table of docs/operatingStacks.md, "Faults:
 * classes and plugin").
 *
 * Timing (2 cores): a case takes what its slower path takes, about 2 s at most (the slow answer:
 * 1.6 s, which the 1 s attempt timeout gives up on 0.6 s earlier, then 0.2 s to let it end; a
 * `Retry-After: 1` and a back-off of at most 1 s; a back-off of at most 1 s before the retry of a
 * PATCH or DELETE). 30 cases, 40-50 s of them (the table's heading says how long), and the
 * plugin's start: Jest's time for the suite was 41-55 s over ten runs on 2 cores shared with
 * other work, under the fast tier's 60 s; a test's own limit is jest.config.js's 60 s (a case
 * needs at most about 4 s, the first one loading the provider's modules).
 */
import * as path from "node:path";
import { PLUGIN_EXECUTABLE, pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { type ProviderHost, startProviderHost } from "../../dist/tools/devtools/providerHost";
import { resetStackConfig } from "../../provider";
import { FAILS } from "../provider/faults/faultCases";
import {
  CLASSES,
  FAULTS,
  parityTable,
  pluginPath,
  RESOURCES,
  runCase,
  STEPS,
  type ParityRow,
} from "../support/faultParity";
import { REPO } from "../support/repo";

let plugin: ProviderHost;
const rows: ParityRow[] = [];
const started = Date.now();

beforeAll(async () => {
  plugin = await startProviderHost({
    cwd: REPO,
    project: "faults",
    executable: path.join(pluginBinDir(), PLUGIN_EXECUTABLE),
  });
});
afterAll(async () => {
  await plugin?.close();
  resetStackConfig();
  console.log(
    `Faults: classes and plugin (${((Date.now() - started) / 1000).toFixed(1)} s)\n\n` +
      parityTable(rows),
  );
});

const CASES = STEPS.flatMap((step) => Object.keys(FAULTS).map((fault) => [step, fault] as const));

describe.each(RESOURCES)("$name: the same fault through the classes and the plugin", (resource) => {
  test.each(CASES)("%s under %s", async (step, fault) => {
    const [classes, viaPlugin] = await Promise.all([
      runCase(CLASSES, resource, step, fault),
      runCase(pluginPath(plugin), resource, step, fault),
    ]);
    rows.push({ resource: resource.name, step, fault, classes, plugin: viaPlugin });

    // The fault was met on both paths.
    expect([classes.run.hits, viaPlugin.run.hits]).toEqual([1, 1]);
    // The classes' outcome is the matrix's (a 429 without Retry-After is retried like one with).
    const failure = FAILS.get(`${resource.name} ${step} / ${fault}`);
    if (failure === undefined) expect(classes.run.outcome).toBe("ok");
    else expect(classes.message).toMatch(failure);
    // And the plugin's is the same: outcome, requests, objects left.
    expect(viaPlugin.run).toEqual(classes.run);
  });
});
