/**
 * The real Pulumi CLI for tests/automation: found once (a compatible `pulumi` on PATH, or the build
 * of `npm run pulumi:install`), and {@link describeWithPulumi}, which runs a suite with it.
 *
 * Without the CLI a suite is skipped with one printed reason, except in CI (`CI` set to `true` or
 * `1`), where the real engine is the judge and its absence fails the run.
 */
import { findPulumiCli, type PulumiCli } from "../../dist/devtools/pulumiCli";

const lookup = findPulumiCli();

/** The CLI; only defined inside a {@link describeWithPulumi} suite that runs. */
export const pulumiCli: PulumiCli | undefined = lookup.found ? lookup.cli : undefined;

/** The CLI, for use inside {@link describeWithPulumi} suites (which do not run without it). */
export function cli(): PulumiCli {
  if (pulumiCli === undefined) throw new Error("no Pulumi CLI: the suite should not run");
  return pulumiCli;
}

const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

/** `describe` when the CLI is there; otherwise a skip that says why, or in CI a failure. */
export function describeWithPulumi(title: string, suite: () => void): void {
  if (lookup.found) {
    describe(title, suite);
    return;
  }
  if (inCi) {
    describe(title, () => {
      test("the real Pulumi CLI is available (required in CI)", () => {
        throw new Error(`CI runs the real engine, and it is missing: ${lookup.reason}`);
      });
    });
    return;
  }
  // Straight to stderr: Jest does not print the console output of a suite whose tests all skip.
  process.stderr.write(`skipped "${title}": ${lookup.reason}\n`);
  describe.skip(`${title} (skipped: no Pulumi CLI; run npm run pulumi:install)`, suite);
}
