/**
 * Helpers for running a Pulumi project for real through the Automation API
 * (`@pulumi/pulumi/automation`), which needs the Pulumi CLI on PATH.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type ConfigMap, LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";

/** The `pulumi` executable on `PATH`, or `undefined` when the CLI is not installed. */
export function findPulumiCli(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, process.platform === "win32" ? "pulumi.exe" : "pulumi");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** Options of {@link openFileBackendStack}. */
export interface FileBackendStackOptions {
  /** The project directory (holds `Pulumi.yaml`). */
  readonly workDir: string;
  readonly stackName: string;
  /** A directory for the state: the stack uses the file backend `file://<stateDir>`. */
  readonly stateDir: string;
  /** Stack config; mark credentials `secret: true`. */
  readonly config: ConfigMap;
}

/**
 * Creates (or selects) a stack of the project in `workDir` on a local file backend, with
 * `PULUMI_CONFIG_PASSPHRASE` set for its secrets, and sets its config.
 */
export async function openFileBackendStack(options: FileBackendStackOptions): Promise<Stack> {
  fs.mkdirSync(options.stateDir, { recursive: true });
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: options.stackName, workDir: options.workDir },
    {
      envVars: {
        PULUMI_BACKEND_URL: `file://${options.stateDir}`,
        PULUMI_CONFIG_PASSPHRASE: "pulumi-ngrok-dynamic local test passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
      },
    },
  );
  await stack.setAllConfig(options.config);
  return stack;
}
