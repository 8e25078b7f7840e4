/**
 * One stack for engine-path tests: the emulator, Pulumi's dynamic-provider host started in the
 * program's directory and configured with the emulator's URL and key through stack config, and a
 * {@link Deployment} that replays the engine's calls.
 */
import * as path from "node:path";
import {
  Deployment,
  type ResourceGoal,
  type ResourceState,
} from "../../dist/tools/devtools/deployment";
import { type ProviderHost, startProviderHost } from "../../dist/tools/devtools/providerHost";
import { runProgram } from "../../dist/tools/devtools/runProgram";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator/index";

import { REPO } from "./repo";

export { REPO };

export interface TestStack {
  readonly emulator: RunningEmulator;
  readonly host: ProviderHost;
  readonly deployment: Deployment;
  readonly project: string;
  readonly stack: string;
  /** Runs the program with this stack config (un-namespaced keys get the project's namespace). */
  goals(config?: Record<string, string>): Promise<ResourceGoal[]>;
  /** The program's stack outputs, resolved with the deployment's current state. */
  stackOutputs(config?: Record<string, string>): Promise<Record<string, unknown>>;
  /** The one resource in the state (the test fails if there are more or none). */
  only(): ResourceState;
  /** The API requests `fn` causes, as `METHOD /path` lines. */
  requestsDuring(fn: () => Promise<unknown>): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Starts the emulator and the host for the project in `programDir` (relative to the repository;
 * `main` is the program within it, as in Pulumi.yaml). The program runs as `pulumi up` runs it with
 * `PULUMI_NODEJS_TRANSPILE_ONLY=true`: `npm run typecheck` type-checks every program here.
 * The API key reaches the provider only through Configure (`ngrok:apiKey`), as with
 * `pulumi config set ngrok:apiKey --secret`; the host's environment has no NGROK_* variables.
 */
export async function startTestStack(
  programDir: string,
  project: string,
  options: {
    main?: string;
    /** Emulator options (the port is always 0). */
    emulator?: EmulatorOptions;
    /** Extra environment of the host process. */
    hostEnv?: Record<string, string>;
    /** The `ngrok:apiKey` the host is configured with. Default: the emulator's key. */
    apiKey?: string;
  } = {},
): Promise<TestStack> {
  const dir = path.resolve(REPO, programDir);
  const stack = "test";
  const emulator = await startEmulator({ ...options.emulator, port: 0 });
  const host = await startProviderHost({ cwd: dir, project, env: options.hostEnv });
  await host.configure({
    "ngrok:apiKey": options.apiKey ?? emulator.apiKey,
    "ngrok:apiBaseUrl": emulator.url,
  });
  const deployment = new Deployment(host, stack, project);
  const namespaced = (config: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(config).map(([k, v]) => [k.includes(":") ? k : `${project}:${k}`, v]),
    );
  return {
    emulator,
    host,
    deployment,
    project,
    stack,
    async goals(config = {}) {
      const result = await runProgram({
        dir,
        main: options.main,
        project,
        stack,
        config: namespaced(config),
        transpileOnly: true,
      });
      return result.resources;
    },
    async stackOutputs(config = {}) {
      const state = deployment.outputsByName();
      const result = await runProgram({
        dir,
        main: options.main,
        project,
        stack,
        config: namespaced(config),
        state,
        transpileOnly: true,
      });
      return result.outputs;
    },
    only() {
      const states = [...deployment.resources.values()];
      expect(states).toHaveLength(1);
      return states[0];
    },
    async requestsDuring(fn) {
      const before = emulator.requests.length;
      await fn();
      return emulator.requests.slice(before).map((r) => `${r.method} ${r.path.split("?")[0]}`);
    },
    async close() {
      await host.close();
      await emulator.close();
    },
  };
}
