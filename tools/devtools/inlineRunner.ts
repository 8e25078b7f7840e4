/**
 * One Pulumi operation (`preview`, `up`, `refresh`, `refresh --preview-only` or `destroy`) on a program folder, run by the
 * real Pulumi CLI as an Automation API inline program, in a process of its own.
 *
 * The Automation API serves the program itself (no Node.js language host is needed, and none can
 * be had from the Go module proxy). The program is the folder's `index.ts` (or `main`), loaded as
 * Pulumi's language host loads it (ts-node, see {@link registerTypeScript}) in a fresh process
 * each time, so every operation runs the program anew, as `pulumi up` does. The working
 * directory is the program's folder, and so is the project's `main`: the engine starts the
 * dynamic-provider plugin there, and it resolves `__provider`'s `require`s from there.
 *
 * CLI: `node inlineRunner.js <request.json>`; writes the {@link RunResult} to
 * `<request.json>.result.json` and streams the CLI's output to stdout. {@link RealStack} is the
 * caller.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import { registerTypeScript } from "./typescript";

/** What {@link RealStack} asks the runner to do. */
export interface RunRequest {
  /** `preview-refresh` is `pulumi refresh --preview-only`: what a refresh would change, changing nothing. */
  readonly op: "preview" | "up" | "refresh" | "preview-refresh" | "destroy";
  /** The folder of the `pulumi` binary (and the plugins beside it). */
  readonly binDir: string;
  /** The workspace folder (`Pulumi.yaml`, `Pulumi.<stack>.yaml`). */
  readonly workDir: string;
  readonly projectName: string;
  readonly stackName: string;
  /** The program's folder (absolute): working directory and `main` of the project. */
  readonly programDir: string;
  /** The program module, relative to `programDir`; default `"."`. */
  readonly main?: string;
  /** Environment of the workspace (the CLI and the plugins it starts). */
  readonly env: Record<string, string>;
  /** `--parallel`. */
  readonly parallel?: number;
  /** `up --refresh` / `preview --refresh`. */
  readonly refresh?: boolean;
  /** `--expect-no-changes`. */
  readonly expectNoChanges?: boolean;
  /** `preview --diff`. */
  readonly diff?: boolean;
  /** `--replace <urn>`: URNs to replace even when their diff asks for no replacement. */
  readonly replace?: string[];
}

/** One engine event about a resource: what step it took. */
export interface StepEvent {
  /** `resourcePreEvent` (the step starts) or `resOutputsEvent` (it is done). */
  readonly event: "pre" | "outputs" | "failed";
  /** The engine's step op: `create`, `same`, `update`, `replace`, `create-replacement`, `delete-replaced`, `delete`, `refresh`, `read`, ... */
  readonly op: string;
  readonly urn: string;
  readonly type: string;
  /** Properties the diff names (`update`, `replace`). */
  readonly diffs?: string[];
  /** Milliseconds since the operation started. */
  readonly at: number;
}

/** What the runner reports. */
export interface RunResult {
  readonly ok: boolean;
  /** The CLI's error (with its stderr) when `ok` is false. */
  readonly error?: string;
  /** `up`/`refresh`/`destroy`: the update's result and resource changes. */
  readonly summary?: { result: string; resourceChanges?: Record<string, number> };
  /** `preview`, `preview-refresh`: planned steps by op. */
  readonly changeSummary?: Record<string, number>;
  /** The CLI's standard output. */
  readonly stdout: string;
  /** Resource steps, from the engine's event stream, in order. */
  readonly steps: StepEvent[];
  /** The engine's diagnostics (warnings, errors, info), with their severity. */
  readonly diagnostics: { severity: string; message: string; urn?: string }[];
  /** Wall time of the operation, milliseconds (workspace setup excluded). */
  readonly durationMs: number;
}

async function run(request: RunRequest): Promise<RunResult> {
  process.chdir(request.programDir);
  const fromProgram = (id: string) => require.resolve(id, { paths: [request.programDir] });
  // The program's own @pulumi/pulumi serves the inline program, as the language host would.
  const auto = require(fromProgram("@pulumi/pulumi/automation")) as typeof automation;
  // PulumiCommand runs `<root>/bin/pulumi`; a CLI in a folder of another name is found on PATH.
  const pulumiCommand = await auto.PulumiCommand.get(
    path.basename(request.binDir) === "bin" ? { root: path.dirname(request.binDir) } : {},
  );
  let programLoaded = false;
  const program = async () => {
    if (!programLoaded) {
      registerTypeScript(fromProgram);
      programLoaded = true;
    }
    return require(path.resolve(request.programDir, request.main ?? ".")) as Record<
      string,
      unknown
    >;
  };
  const stack = await auto.LocalWorkspace.createOrSelectStack(
    { stackName: request.stackName, projectName: request.projectName, program },
    {
      workDir: request.workDir,
      envVars: request.env,
      pulumiCommand,
      // A program folder with its own Pulumi.yaml is the project as it stands; otherwise the
      // workspace folder holds a project whose main is the program's folder.
      projectSettings:
        request.workDir === request.programDir
          ? undefined
          : { name: request.projectName, runtime: "nodejs", main: request.programDir },
    },
  );

  const started = Date.now();
  const steps: StepEvent[] = [];
  const diagnostics: RunResult["diagnostics"] = [];
  let stdout = "";
  const onOutput = (out: string) => {
    stdout += out;
    process.stdout.write(out);
  };
  const onEvent = (event: automation.EngineEvent) => {
    const at = Date.now() - started;
    const pre = event.resourcePreEvent?.metadata;
    const outs = event.resOutputsEvent?.metadata;
    const failed = event.resOpFailedEvent?.metadata;
    for (const [kind, meta] of [
      ["pre", pre],
      ["outputs", outs],
      ["failed", failed],
    ] as const) {
      if (meta !== undefined && !meta.type.startsWith("pulumi:")) {
        steps.push({
          event: kind,
          op: meta.op,
          urn: meta.urn,
          type: meta.type,
          diffs: meta.diffs,
          at,
        });
      }
    }
    const diag = event.diagnosticEvent;
    if (diag !== undefined) {
      diagnostics.push({ severity: diag.severity, message: diag.message, urn: diag.urn });
    }
  };
  const common = { onOutput, onEvent, parallel: request.parallel };
  // After up, refresh and destroy, the Automation API reads the update's summary with
  // `pulumi stack history`, by default with --show-secrets: one more CLI process that derives the
  // passphrase's key (1,000,000 PBKDF2 rounds, about 0.5 s of CPU here) to decrypt config that
  // summaryOf drops anyway. Without it the summary is read masked, at no such cost.
  const masked = { ...common, showSecrets: false };
  try {
    switch (request.op) {
      case "preview": {
        const r = await stack.preview({
          ...common,
          refresh: request.refresh,
          expectNoChanges: request.expectNoChanges,
          diff: request.diff,
          replace: request.replace,
        });
        return done({ changeSummary: r.changeSummary as Record<string, number> });
      }
      case "up": {
        const r = await stack.up({
          ...masked,
          refresh: request.refresh,
          expectNoChanges: request.expectNoChanges,
          replace: request.replace,
        });
        return done({ summary: summaryOf(r.summary) });
      }
      case "refresh": {
        const r = await stack.refresh({ ...masked, expectNoChanges: request.expectNoChanges });
        return done({ summary: summaryOf(r.summary) });
      }
      case "preview-refresh": {
        const r = await stack.previewRefresh({
          ...common,
          expectNoChanges: request.expectNoChanges,
        });
        return done({ changeSummary: r.changeSummary as Record<string, number> });
      }
      case "destroy": {
        const r = await stack.destroy({ ...masked });
        return done({ summary: summaryOf(r.summary) });
      }
    }
  } catch (error) {
    return {
      ok: false,
      error: (error as Error).message,
      stdout,
      steps,
      diagnostics,
      durationMs: Date.now() - started,
    };
  }

  function done(fields: Partial<RunResult>): RunResult {
    return { ok: true, stdout, steps, diagnostics, durationMs: Date.now() - started, ...fields };
  }
}

/** The result and the changes only: the summary also holds the stack config (its secrets masked). */
function summaryOf(summary: automation.UpdateSummary): RunResult["summary"] {
  return { result: summary.result, resourceChanges: summary.resourceChanges };
}

if (require.main === module) {
  const requestPath = process.argv[2];
  if (requestPath === undefined) {
    console.error("usage: node inlineRunner.js <request.json>");
    process.exit(2);
  }
  const request = JSON.parse(fs.readFileSync(requestPath, "utf8")) as RunRequest;
  run(request).then(
    (result) => {
      fs.writeFileSync(`${requestPath}.result.json`, JSON.stringify(result));
      // The inline program's gRPC server and the @pulumi/pulumi runtime keep handles open.
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
