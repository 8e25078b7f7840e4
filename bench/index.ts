/**
 * `npm run bench`: what the provider costs, measured side by side in one run, against the
 * emulator on loopback and through Pulumi's own dynamic-provider host driven as the engine
 * drives it (devtools/):
 *
 * 1. API requests per engine step, for each resource (requestCounts.ts);
 * 2. the size of the serialized provider in state, from the package installed with `npm pack`
 *    at two paths (providerSize.ts);
 * 3. plugin cold start against a trivial dynamic provider (coldStart.ts);
 * 4. provider overhead: 200 SSH CA lifecycles through the host against bare node-fetch
 *    (overhead.ts);
 * 5. emulator responsiveness while rsa-4096 keys are generated (emulatorLatency.ts);
 * 6. the real engine: `pulumi up`, `preview`, `refresh` and `destroy` of 1, 10 and 50 SSH CAs
 *    through the real Pulumi CLI, against the same stacks of a trivial dynamic resource
 *    (realEngine.ts; needs the CLI: `npm run pulumi:install`).
 *
 * Progress goes to stderr; the report (report.ts) goes to stdout and to BENCHMARKS.md.
 * `node dist/bench/index.js --quick` runs one round of each, to check the harness; it does not
 * write BENCHMARKS.md.
 *
 * @module
 */
import * as path from "node:path";
import { measureColdStart } from "./coldStart";
import { measureEmulatorLatency } from "./emulatorLatency";
import { installPackage, REPO } from "./installedPackage";
import { measureOverhead } from "./overhead";
import { elapsedSeconds, progress } from "./progress";
import { measureProviderSize } from "./providerSize";
import { measureRealEngine } from "./realEngine";
import { describeMachine, formatMarkdown, renderReport, type Section, writeReport } from "./report";
import { measureRequestCounts } from "./requestCounts";

const REPORT_FILE = path.join(REPO, "BENCHMARKS.md");

async function main(quick: boolean): Promise<void> {
  const rounds = quick
    ? { requests: 1, coldStart: 1, overhead: 1, latency: 1, realEngine: 1 }
    : { requests: 3, coldStart: 6, overhead: 5, latency: 3, realEngine: 3 };
  progress("packing the package and installing it in two consumer directories");
  const installation = await installPackage();
  const sections: Section[] = [];
  try {
    const [consumer] = installation.consumers;
    progress(`installed ${path.basename(installation.tarball)} under ${installation.root}`);
    sections.push(await measureRequestCounts(consumer, rounds.requests));
    sections.push(measureProviderSize(installation.consumers));
    progress("serialized provider sizes compared");
    sections.push(await measureColdStart(consumer, rounds.coldStart));
    sections.push(await measureOverhead(consumer, rounds.overhead));
    sections.push(await measureEmulatorLatency(rounds.latency));
    sections.push(await measureRealEngine(consumer, rounds.realEngine));
  } finally {
    installation.remove();
  }
  const report = await formatMarkdown(
    renderReport(sections, describeMachine(), elapsedSeconds()),
    REPORT_FILE,
  );
  process.stdout.write(report);
  if (quick) {
    progress("quick run: BENCHMARKS.md left as it was");
  } else {
    writeReport(REPORT_FILE, report);
    progress(`wrote ${path.relative(process.cwd(), REPORT_FILE) || REPORT_FILE}`);
  }
}

main(process.argv.includes("--quick")).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
