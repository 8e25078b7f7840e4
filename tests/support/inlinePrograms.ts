/**
 * Go and Python programs run as Pulumi Automation API inline programs through the plugin's
 * self-contained executable, against the emulator, with no `node` on `PATH`: what the docs
 * examples' suite (tests/automation/docsExamples.automation.test.ts) and the typed Traffic Policy's
 * (tests/automation/typedTrafficPolicy.automation.test.ts) share.
 *
 * - Go: a module of the harness (tests/fixtures/docsExamples/harness.go) and its programs, each a
 *   package with `var Program pulumi.RunFunc` ({@link writeGoHarnessModule}; a printed program
 *   made one by {@link harnessPackage}), run by the harness binary, one command per run.
 * - Python: the release's wheel installed into a folder of the suite's own ({@link installWheel}),
 *   beside the shared virtual environment of `./pythonVenv`; each program file run as written by
 *   tests/fixtures/docsExamples/run_example.py.
 *
 * Both print one line of JSON, read by {@link printed}.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { backendDir, offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { pythonSdkPackages } from "../../dist/tools/scripts/sdkPackages";
import type { RunningEmulator } from "../../emulator/index";
import { ok, runCommand } from "./goToolchain";
import { cachedVenv, venvPython } from "./pythonVenv";
import { cli } from "./realEngine";
import { REPO } from "./repo";

/** The harness of the Go programs and the runner of the Python ones. */
export const FIXTURES = path.join(REPO, "tests", "fixtures", "docsExamples");
export const RUN_EXAMPLE_PY = path.join(FIXTURES, "run_example.py");

/** What a program's run gives for one command. */
export interface Ran {
  readonly changeSummary: Record<string, number>;
  readonly outputs?: Record<string, unknown>;
}

/** Makes `dir` and writes `files` (relative path → text) under it. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/**
 * The environment of a Go or Python run: this process's without `NGROK_*` and `PULUMI_*`, the
 * offline CLI settings of `work`, `PATH` only the plugin's folder and the CLI's, and the
 * emulator's URL and key for the plugin.
 */
export function programEnv(
  work: string,
  pluginDir: string,
  emulator: RunningEmulator,
): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith("NGROK_") && !k.startsWith("PULUMI_"),
    ),
  );
  fs.mkdirSync(path.join(work, "tmp"), { recursive: true });
  return {
    ...inherited,
    ...offlineEnv(cli(), work),
    PATH: [pluginDir, cli().binDir].join(path.delimiter),
    TMPDIR: path.join(work, "tmp"),
    NGROK_API_KEY: emulator.apiKey,
    NGROK_API_BASE_URL: emulator.url,
  };
}

/** The checkpoint file of `project`'s stack `dev` in the file backend of `work`. */
export const checkpointOf = (work: string, project: string) =>
  path.join(backendDir(work), ".pulumi", "stacks", project, "dev.json");

/** The JSON object a harness printed last on stdout, or an error with what it printed. */
export function printed(
  what: string,
  run: { code: number | null; stdout: string; stderr: string },
): Ran {
  const last = run.stdout.trim().split("\n").pop() ?? "";
  let report: Ran & { error?: string };
  try {
    report = JSON.parse(last) as Ran & { error?: string };
  } catch {
    throw new Error(`${what} printed no report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  if (run.code !== 0 || report.error !== undefined) {
    throw new Error(`${what} failed (exit ${run.code}): ${report.error}\n${run.stderr}`);
  }
  return report;
}

/**
 * The Go module `module` of the harness and `programs` (name → a package's source, declaring
 * `var Program pulumi.RunFunc`): examples/go-automation's go.mod and go.sum (the versions written
 * once, the SDK `sdks/go` of this working copy), the harness, `programs/<name>/program.go` and
 * `programs.go`, which lists them; `extra` files besides.
 */
export function writeGoHarnessModule(
  module: string,
  programs: Readonly<Record<string, string>>,
  extra: Readonly<Record<string, string>> = {},
): void {
  const goAutomation = path.join(REPO, "examples", "go-automation");
  const goMod = fs
    .readFileSync(path.join(goAutomation, "go.mod"), "utf8")
    .replace(/^module .*$/m, "module docsexamples")
    .replace("=> ../../sdks/go", `=> ${path.join(REPO, "sdks", "go")}`);
  const files: Record<string, string> = {
    "go.mod": goMod,
    "go.sum": fs.readFileSync(path.join(goAutomation, "go.sum"), "utf8"),
    "main.go": fs.readFileSync(path.join(FIXTURES, "harness.go"), "utf8"),
    ...extra,
  };
  const imports: string[] = [];
  const entries: string[] = [];
  for (const [name, source] of Object.entries(programs)) {
    const pkg = name.toLowerCase();
    files[`programs/${name}/program.go`] = source;
    imports.push(`\t${pkg} "docsexamples/programs/${name}"`);
    entries.push(`\t${JSON.stringify(name)}: ${pkg}.Program,`);
  }
  files["programs.go"] = [
    "package main",
    "",
    "import (",
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    "",
    ...imports,
    ")",
    "",
    "var programs = map[string]pulumi.RunFunc{",
    ...entries,
    "}",
    "",
  ].join("\n");
  writeFiles(module, files);
}

/**
 * A Go program (`package main` of one `pulumi.Run(…)`, as the docs print them) as a package `pkg`
 * of the harness: the package clause `pkg`, and `func main() { pulumi.Run(<function>) }` made
 * `var Program pulumi.RunFunc = <function>`; every other line as printed.
 *
 * @throws Error naming `what` when the program is not of that form.
 */
export function harnessPackage(code: string, pkg: string, what: string): string {
  const head = "\nfunc main() {\n\tpulumi.Run(func(ctx *pulumi.Context) error {\n";
  const tail = "\n\t})\n}\n";
  // The package clause is a line of its own: the first, or after the program's comment.
  const clause = /^package main$/m;
  if (!clause.test(code) || code.split(head).length !== 2 || !code.endsWith(tail)) {
    throw new Error(`${what}: the Go program is not a package main of one pulumi.Run`);
  }
  return code
    .replace(clause, `package ${pkg}`)
    .replace(head, "\nvar Program pulumi.RunFunc = func(ctx *pulumi.Context) error {\n")
    .slice(0, -tail.length)
    .concat("\n}\n");
}

/**
 * The release's wheel, built into `work/release` and installed into `work/site-packages` (a folder
 * of the suite's own, not the shared environment, which other suites install into), and the
 * shared virtual environment's `python` to run with it on `PYTHONPATH`.
 */
export async function installWheel(
  work: string,
  timed: <T>(what: string, fn: () => Promise<T>) => Promise<T> = (_, fn) => fn(),
): Promise<{ site: string; python: string }> {
  const site = path.join(work, "site-packages");
  const release = path.join(work, "release");
  fs.mkdirSync(release, { recursive: true });
  const built = await timed("python wheel", () =>
    Promise.resolve(pythonSdkPackages().make(release)),
  );
  const wheel = built.find((file) => file.endsWith(".whl"));
  if (wheel === undefined) throw new Error(`no wheel among ${built.join(", ")}`);
  const python = (await timed("python venv", () => cachedVenv(venvPython()))).python;
  ok(
    await runCommand(
      python,
      [
        ...["-m", "pip", "install", "--disable-pip-version-check", "--no-input"],
        ...["--no-index", "--no-deps", "--target", site, path.join(release, wheel)],
      ],
      work,
    ),
    "pip install --target <wheel>",
  );
  return { site, python };
}
