/**
 * A Pulumi YAML project run as a user runs one: its files in a new folder, Pulumi's YAML language
 * host and the provider plugin (the self-contained executable of {@link pluginExecutableDir}) on
 * `PATH`, a file backend, its own
 * `PULUMI_HOME`, no `NGROK_*` variable, and a stack `dev` configured for `emulator` with the
 * plugin's settings (`ngrok-dynamic:apiBaseUrl`, and `ngrok-dynamic:apiKey` set with `--secret`).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  cachedExecutable,
  hostTarget,
  inspectBinary,
  PLUGIN_PROGRAM,
} from "../../dist/tools/devtools/executables";
import { offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import type { RunningEmulator } from "../../emulator/index";
import { type CliRun, pulumiCommand } from "./pulumiCommand";
import { cli } from "./realEngine";

/** A project made by {@link openYamlProject}. */
export interface YamlProject {
  /** The project's folder. */
  readonly dir: string;
  /**
   * Runs `pulumi <args>` in the project's folder; fails with its output unless it exits 0 (or
   * `allowFailure`).
   */
  pulumi(args: string[], options?: { readonly allowFailure?: boolean }): Promise<CliRun>;
  /** The folder of the plugin's executable (on `PATH`). */
  readonly pluginDir: string;
  /** The environment its commands run with. */
  readonly env: NodeJS.ProcessEnv;
  /** Removes the project's folder, and the plugin's unless the caller gave it. */
  remove(): void;
}

/** How {@link openYamlProject} runs the project. */
export interface YamlProjectOptions {
  /**
   * A folder holding the plugin's executable that the caller made ({@link pluginExecutableDir})
   * and removes, shared by several projects; otherwise the project makes its own.
   */
  readonly pluginDir?: string;
  /** `PATH` is only the plugin's folder, the YAML host's and the CLI's: no `node` is reachable. */
  readonly withoutNode?: boolean;
  /** More environment for its commands (e.g. the plugin's debug log). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Writes `files` (relative path → text, `Pulumi.yaml` among them) into a new project folder and
 * makes its stack `dev`, with `yamlHost` (from `yamlLanguageHost`) on `PATH`.
 */
export async function openYamlProject(
  yamlHost: string,
  emulator: Pick<RunningEmulator, "url" | "apiKey">,
  files: Record<string, string>,
  options: YamlProjectOptions = {},
): Promise<YamlProject> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "yaml-project-"));
  const dir = path.join(work, "project");
  fs.mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const pluginBin = options.pluginDir ?? (await pluginExecutableDir());
  const offline = offlineEnv(cli(), work);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...offline,
    PATH: [pluginBin, yamlHost, options.withoutNode === true ? cli().binDir : offline.PATH].join(
      path.delimiter,
    ),
  };
  for (const key of Object.keys(env)) if (key.startsWith("NGROK_")) delete env[key];
  Object.assign(env, options.env ?? {});
  const pulumi = (args: string[], options: { readonly allowFailure?: boolean } = {}) =>
    pulumiCommand(args, { cwd: dir, env, allowFailure: options.allowFailure });
  await pulumi(["stack", "init", "dev"]);
  await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url]);
  await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey]);
  return {
    dir,
    pulumi,
    pluginDir: pluginBin,
    env,
    remove: () => {
      const owned = options.pluginDir === undefined ? [work, pluginBin] : [work];
      for (const folder of owned) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A new folder holding the plugin's self-contained executable for this machine (linux-amd64:
 * tools/devtools/executables, built once and cached), checked to be a single executable application.
 *
 * @throws Error when no executable is made for this platform, or the file is not one.
 */
export async function pluginExecutableDir(): Promise<string> {
  const target = hostTarget();
  if (target === undefined) throw new Error(`no executable is made for ${process.platform}`);
  const executable = await cachedExecutable(PLUGIN_PROGRAM, target);
  const facts = inspectBinary(fs.readFileSync(executable));
  if (facts.format !== target.format || !facts.seaInjected) {
    throw new Error(
      `${executable} is not a single executable application: ${JSON.stringify(facts)}`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-dynamic-executable-"));
  fs.copyFileSync(executable, path.join(dir, PLUGIN_PROGRAM.name));
  fs.chmodSync(path.join(dir, PLUGIN_PROGRAM.name), 0o755);
  return dir;
}
