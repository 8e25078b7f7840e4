/**
 * Runs a Pulumi TypeScript program under `pulumi.runtime.setMocks` and records every resource it
 * registers: type token, name and inputs, including the `__provider` text that Pulumi serialized
 * from the real resource classes. This is the program half of a deployment without the Pulumi
 * CLI; {@link Deployment} replays the engine half against the real dynamic-provider host.
 *
 * The program is loaded as Pulumi's Node.js language host loads it (`cmd/run`): from its own
 * directory, with ts-node registered with the same compiler options, so it resolves
 * `@pulumi/pulumi` and `pulumi-ngrok-dynamic` from its own `node_modules`.
 *
 * Run it in a child process of its own (see {@link runProgram}): the closure serializer inspects
 * live functions, and a program's module state must not leak between runs.
 *
 * CLI: `node runProgram.js <project dir> <result file> <program> <state file>`; the stack config comes as JSON in the
 * env var `PULUMI_CONFIG` (namespaced keys), the project and stack names from
 * `PULUMI_NODEJS_PROJECT` and `PULUMI_NODEJS_STACK`. `PULUMI_NODEJS_TRANSPILE_ONLY=true` skips
 * type checking, as it does for `pulumi up`.
 *
 * @module
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import type { ResourceGoal } from "./deployment";
import { registerTypeScript } from "./typescript";

/** What a program registered. */
export interface ProgramResult {
  /** Custom resources (the stack itself excluded), in order of registration. */
  readonly resources: ResourceGoal[];
  /**
   * The stack outputs (the program's exports), resolved with the resource outputs given in
   * {@link RunProgramOptions.state}: what `pulumi stack output --json` shows after a deployment.
   */
  readonly outputs: Record<string, unknown>;
}

/** The id and outputs the engine holds for a resource, by resource name. */
export type ResourceOutputs = Record<string, { id: string; outputs: Record<string, unknown> }>;

/** Options of {@link runProgram}. */
export interface RunProgramOptions {
  /** The project's directory (holds `Pulumi.yaml`); the program runs with it as working directory. */
  readonly dir: string;
  /** The program, relative to `dir` (`main` in `Pulumi.yaml`). Default `"."`. */
  readonly main?: string;
  readonly project: string;
  readonly stack: string;
  /** Stack config, namespaced keys (`project:key`, `ngrok:apiKey`). */
  readonly config?: Record<string, string>;
  /**
   * What the engine holds after a deployment: the mocks answer each resource with these outputs
   * (as the engine answers a registration), so that the program's exports resolve to real values.
   * Resources not listed are answered with their inputs.
   */
  readonly state?: ResourceOutputs;
  /**
   * Compile the program without type checking, as `pulumi up` does with
   * `PULUMI_NODEJS_TRANSPILE_ONLY=true` (the tests' programs are type-checked by
   * `npm run typecheck`). Default: as the environment says.
   */
  readonly transpileOnly?: boolean;
}

/** Runs the program in a child process and returns what it registered. */
export async function runProgram(options: RunProgramOptions): Promise<ProgramResult> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "program-")), "result.json");
  const state = out.replace(/result\.json$/, "state.json");
  fs.writeFileSync(state, JSON.stringify(options.state ?? {}));
  try {
    await promisify(execFile)(
      process.execPath,
      [__filename, options.dir, out, options.main ?? ".", state],
      {
        cwd: options.dir,
        env: {
          ...process.env,
          PULUMI_CONFIG: JSON.stringify(options.config ?? {}),
          PULUMI_NODEJS_PROJECT: options.project,
          PULUMI_NODEJS_STACK: options.stack,
          ...(options.transpileOnly === undefined
            ? {}
            : { PULUMI_NODEJS_TRANSPILE_ONLY: String(options.transpileOnly) }),
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return JSON.parse(fs.readFileSync(out, "utf8")) as ProgramResult;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`the program in ${options.dir} failed: ${e.stderr?.trim() || e.message}`, {
      cause: error,
    });
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

async function main(dir: string, out: string, program: string, statePath: string): Promise<void> {
  process.chdir(dir);
  const state = JSON.parse(fs.readFileSync(statePath, "utf8")) as ResourceOutputs;
  const fromProgram = (id: string) => require.resolve(id, { paths: [dir] });
  const pulumi = require(fromProgram("@pulumi/pulumi")) as typeof import("@pulumi/pulumi");
  registerTypeScript(fromProgram);

  const resources: ResourceGoal[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        if (args.custom) {
          resources.push({ type: args.type, name: args.name, inputs: args.inputs });
        }
        const known = state[args.name];
        return known
          ? { id: known.id, state: known.outputs }
          : { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    process.env.PULUMI_NODEJS_PROJECT,
    process.env.PULUMI_NODEJS_STACK,
    false,
  );
  const config = JSON.parse(process.env.PULUMI_CONFIG ?? "{}") as Record<string, string>;
  pulumi.runtime.setAllConfig(config);
  const exports = await pulumi.runtime.runInPulumiStack(async () =>
    require(path.resolve(dir, program)),
  );
  const outputs = await new Promise<Record<string, unknown>>((resolve) =>
    pulumi.output(exports ?? {}).apply((values) => resolve(values as Record<string, unknown>)),
  );
  await pulumi.runtime.disconnect();
  fs.writeFileSync(out, JSON.stringify({ resources, outputs } satisfies ProgramResult));
}

if (require.main === module) {
  const [dir, out, program, state] = process.argv.slice(2);
  if (!dir || !out || !program || !state) {
    console.error("usage: node runProgram.js <project dir> <result file> <program> <state file>");
    process.exit(2);
  }
  main(path.resolve(dir), path.resolve(out), program, path.resolve(state)).catch(
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
