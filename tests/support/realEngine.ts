/**
 * The real Pulumi CLI for tests/automation: found once (a compatible `pulumi` on PATH, or the build
 * of `npm run pulumi:install`), and {@link describeWithPulumi}, which runs a suite with it.
 *
 * Without the CLI a suite is skipped with one printed reason, except in CI (`CI` set to `true` or
 * `1`), where the real engine is the judge and its absence fails the run.
 */
import * as path from "node:path";
import type { RunResult } from "../../dist/tools/devtools/inlineRunner";
import { findPulumiCli, type PulumiCli } from "../../dist/tools/devtools/pulumiCli";
import { RealStack } from "../../dist/tools/devtools/realStack";
import type { RunningEmulator } from "../../emulator/index";
import { REPO } from "./stack";

const lookup = findPulumiCli();

/** The CLI; only defined inside a {@link describeWithPulumi} suite that runs. */
export const pulumiCli: PulumiCli | undefined = lookup.found ? lookup.cli : undefined;

/** The CLI, for use inside {@link describeWithPulumi} suites (which do not run without it). */
export function cli(): PulumiCli {
  if (pulumiCli === undefined) throw new Error("no Pulumi CLI: the suite should not run");
  return pulumiCli;
}

/** The timeout of each test of a {@link describeWithPulumi} suite: 3 minutes. */
export const REAL_ENGINE_TEST_TIMEOUT_MS = 180_000;

const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

/** `describe` when the CLI is there; otherwise a skip that says why, or in CI a failure. */
export function describeWithPulumi(title: string, suite: () => void): void {
  if (lookup.found) {
    // Each step runs the real CLI, its plugins and the emulator: give a busy 2-core machine room.
    jest.setTimeout(REAL_ENGINE_TEST_TIMEOUT_MS);
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

/** Config values for {@link openStack}: strings, or `{ value, secret }`. */
export type StackConfig = Record<string, string | { value: string; secret?: boolean }>;

/**
 * A stack of the program in `programDir` (relative to the repository) on the real CLI, configured
 * for `emulator` as a user would be: `ngrok:apiBaseUrl`, and `ngrok:apiKey` set with `--secret`.
 */
export async function openStack(
  programDir: string,
  projectName: string,
  emulator: Pick<RunningEmulator, "url" | "apiKey">,
  config: StackConfig = {},
  options: { main?: string; env?: Record<string, string>; useProgramProject?: boolean } = {},
): Promise<RealStack> {
  return RealStack.create({
    cli: cli(),
    programDir: path.resolve(REPO, programDir),
    main: options.main,
    projectName,
    env: options.env,
    useProgramProject: options.useProgramProject,
    config: toConfigMap({
      "ngrok:apiBaseUrl": emulator.url,
      "ngrok:apiKey": { value: emulator.apiKey, secret: true },
      ...config,
    }),
  });
}

/** {@link StackConfig} as the Automation API's ConfigMap. */
export function toConfigMap(
  config: StackConfig,
): Record<string, { value: string; secret?: boolean }> {
  return Object.fromEntries(
    Object.entries(config).map(([key, v]) => [key, typeof v === "string" ? { value: v } : v]),
  );
}

/** The API requests `fn` causes, as `METHOD /path` lines (query strings dropped). */
export async function requestsDuring(
  emulator: Pick<RunningEmulator, "requests">,
  fn: () => Promise<unknown>,
): Promise<string[]> {
  const before = emulator.requests.length;
  await fn();
  return emulator.requests.slice(before).map((r) => `${r.method} ${r.path.split("?")[0]}`);
}

/** Only the requests that change something (not GET). */
export const writes = (requests: string[]) => requests.filter((r) => !r.startsWith("GET "));

/** Fails with the CLI's message when the operation failed; returns the result. */
export function succeeded(result: RunResult): RunResult {
  if (!result.ok) throw new Error(`pulumi failed: ${result.error}`);
  return result;
}
