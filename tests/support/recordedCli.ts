/**
 * The CLI of a YAML project in an engine suite, recorded: every run's output is kept (for the
 * suites' checks that no secret is printed) and an operation reports its change summary and the
 * API requests the emulator saw during it.
 */
import type { RunningEmulator } from "../../emulator/index";
import { type CliRun, changeSummary } from "./pulumiCommand";
import { requestsDuring } from "./realEngine";
import type { YamlProject } from "./yamlProject";

/** `project()` and `emulator()` are read at each call (a suite opens them in `beforeAll`). */
export function recordedCli(project: () => YamlProject, emulator: () => RunningEmulator) {
  /** Everything the CLI printed, stdout and stderr of each run in order. */
  const printed: string[] = [];
  /** Runs `pulumi <args>` in the project. */
  const pulumi = async (args: string[]): Promise<CliRun> => {
    const run = await project().pulumi(args);
    printed.push(run.stdout, run.stderr);
    return run;
  };
  /** Runs `pulumi <args> --json`: its change summary, and the API requests it made. */
  const operation = async (args: string[]) => {
    let run: CliRun | undefined;
    const requests = await requestsDuring(emulator(), async () => {
      run = await pulumi([...args, "--json"]);
    });
    return { summary: changeSummary(run!.stdout), requests, run: run! };
  };
  return { printed, pulumi, operation };
}
