/**
 * docs/otherLanguages.md's ordinary Python project (its section "Python: an ordinary project"),
 * as a user makes it: the release's wheel copied and the plugin's archive installed with the
 * page's lines, its `Pulumi.yaml`, `requirements.txt` and `__main__.py` written byte for byte from
 * the page, the virtual environment made and filled with the page's plain
 * `pip install -r requirements.txt` (pip fetches the newest `pulumi` PyPI serves, pip's downloads
 * kept in the shared cache). Then `__main__.py` runs against the emulator through the plugin's
 * self-contained executable and the real CLI, with only the CLI's folder on `PATH` (no `node`):
 * `up`, then a preview with no change.
 *
 * Pulumi's Python language host is not on the Go module proxy, so `pulumi up` in the folder
 * cannot run here: the program runs as an Automation API inline program instead
 * (tests/fixtures/docsExamples/run_example.py, which runs the file as written), in the project's
 * folder and its virtual environment.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  cachedExecutable,
  hostTarget,
  PLUGIN_PROGRAM,
} from "../../dist/tools/devtools/executables";
import { offlineEnv, toolCacheRoot } from "../../dist/tools/devtools/pulumiCli";
import { archiveName } from "../../dist/tools/scripts/executableArchives";
import { pythonSdkPackages } from "../../dist/tools/scripts/sdkPackages";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi } from "../support/emulatorApi";
import { commandLines, markdown } from "../support/docsBlocks";
import { ok, runCommand } from "../support/goToolchain";
import { describeWithPython, venvPython } from "../support/pythonVenv";
import { cli, describeWithPulumi, writes } from "../support/realEngine";
import { REPO } from "../support/repo";

const DOC = "docs/otherLanguages.md";
const SECTION = "## Python: an ordinary project";
const VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string }
).version;
const RUN_EXAMPLE = path.join(REPO, "tests", "fixtures", "docsExamples", "run_example.py");

/** What run_example.py prints. */
interface Printed {
  changeSummary: Record<string, number>;
  outputs?: Record<string, unknown>;
  sdk: string;
}

/**
 * The first block of `language` after `marker` within the section (its first block for
 * `marker` `""`), exactly as printed.
 */
function block(marker: string, language: string): string {
  const text = markdown(DOC);
  const start = text.indexOf(`${SECTION}\n`);
  if (start < 0) throw new Error(`${DOC} no longer has ${JSON.stringify(SECTION)}`);
  const end = text.indexOf("\n## ", start + SECTION.length);
  const section = text.slice(start, end < 0 ? undefined : end);
  const at = section.indexOf(marker);
  if (at < 0) throw new Error(`${DOC}'s ${SECTION} no longer says ${JSON.stringify(marker)}`);
  const match = new RegExp("^```" + language + "\\n([\\s\\S]*?)^```$", "m").exec(section.slice(at));
  if (match === null) throw new Error(`${SECTION}: no ${language} block after ${marker}`);
  return match[1];
}

describeWithPulumi(
  "The ordinary Python project of docs/otherLanguages.md, through the real CLI",
  () => {
    describeWithPython("its files and install lines as printed, on the release's wheel", () => {
      const times: Record<string, number> = {};
      let work: string;
      let project: string;
      let emulator: RunningEmulator;
      let env: NodeJS.ProcessEnv;
      const since = (started: number) => Number(((Date.now() - started) / 1000).toFixed(1));

      const setup = () => commandLines(block("", "sh").replace(/\\\n\s*/g, ""));
      const deploy = () => commandLines(block("Then make the virtual environment", "sh"));

      beforeAll(async () => {
        const target = hostTarget();
        if (target === undefined) throw new Error(`no executable is made for ${process.platform}`);
        work = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-python-project-"));
        const release = path.join(work, "release");
        fs.mkdirSync(release);
        let started = Date.now();
        const built = await pythonSdkPackages().make(release);
        if (!built.some((file) => file.endsWith(".whl"))) throw new Error(`no wheel: ${built}`);
        const executable = await cachedExecutable(PLUGIN_PROGRAM, target);
        ok(
          await runCommand(
            "tar",
            [
              ...[
                "-I",
                "gzip -1",
                "-cf",
                path.join(release, archiveName(PLUGIN_PROGRAM, target, VERSION)),
              ],
              ...["-C", path.dirname(executable), path.basename(executable)],
            ],
            work,
          ),
          "tar",
        );
        times.release = since(started);
        emulator = await startEmulator({ port: 0 });
        const python = venvPython();
        const inherited = Object.fromEntries(
          Object.entries(process.env).filter(
            ([key]) => !key.startsWith("NGROK_") && !key.startsWith("PULUMI_"),
          ),
        );
        fs.mkdirSync(path.join(work, "tmp"));
        // The system's folder of tools also holds `node`: `cp`, which the page's lines run, alone.
        const tools = path.join(work, "tools");
        fs.mkdirSync(tools);
        fs.symlinkSync("/bin/cp", path.join(tools, "cp"));
        env = {
          ...inherited,
          ...offlineEnv(cli(), work),
          // The CLI's folder, the Python that makes virtual environments and `cp`: no node.
          PATH: [cli().binDir, path.dirname(python.executable), tools].join(path.delimiter),
          TMPDIR: path.join(work, "tmp"),
          RELEASE: release,
          PIP_CACHE_DIR: path.join(toolCacheRoot("python", undefined, process.env), "pip"),
          PIP_DISABLE_PIP_VERSION_CHECK: "1",
          NGROK_API_KEY: emulator.apiKey,
          NGROK_API_BASE_URL: emulator.url,
        };
        // The page's first lines: the folder, the wheel beside the files, the plugin.
        project = path.join(work, "ngrok-python");
        const [mkdir, ...rest] = setup();
        expect(mkdir).toBe("mkdir ngrok-python && cd ngrok-python");
        fs.mkdirSync(project);
        started = Date.now();
        for (const line of rest) ok(await runCommand("/bin/sh", ["-c", line], project, env), line);
        times.copyAndPluginInstall = since(started);
        fs.writeFileSync(path.join(project, "Pulumi.yaml"), block("`Pulumi.yaml`:", "yaml"));
        fs.writeFileSync(
          path.join(project, "requirements.txt"),
          block("`requirements.txt`", "text"),
        );
        fs.writeFileSync(path.join(project, "__main__.py"), block("`__main__.py`:", "python"));
        // The page's virtual environment and plain pip install, as printed.
        started = Date.now();
        for (const line of deploy().slice(0, 2)) {
          ok(await runCommand("/bin/sh", ["-c", line], project, env), line);
        }
        times.venvAndPipInstall = since(started);
      }, 900_000);

      afterAll(async () => {
        process.stderr.write(`python project: wall times in s ${JSON.stringify(times)}\n`);
        await emulator?.close();
        if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
      });

      /** `__main__.py` through run_example.py in the project's environment; what it printed. */
      async function run(
        command: "up" | "preview",
      ): Promise<{ printed: Printed; requests: string[] }> {
        const before = emulator.requests.length;
        const started = Date.now();
        const ran = await runCommand(
          path.join(project, "venv", "bin", "python"),
          [RUN_EXAMPLE, "__main__.py", "ngrok-python", command],
          project,
          env,
        );
        times[command] = since(started);
        if (ran.code !== 0) throw new Error(`${command} failed:\n${ran.stderr}`);
        const requests = emulator.requests
          .slice(before)
          .map((r) => `${r.method} ${r.path.split("?")[0].replace(/\/(rd|ep)_\w+/, "/{$1}")}`);
        return { printed: JSON.parse(ran.stdout) as Printed, requests };
      }

      test("the page's lines are those run here", () => {
        expect(setup()).toEqual([
          "mkdir ngrok-python && cd ngrok-python",
          `cp "$RELEASE/pulumi_ngrok_dynamic-${VERSION}-py3-none-any.whl" .`,
          `pulumi plugin install resource ngrok-dynamic ${VERSION} ` +
            `--file "$RELEASE/${archiveName(PLUGIN_PROGRAM, hostTarget()!, VERSION)}"`,
        ]);
        expect(deploy()).toEqual([
          "python3 -m venv venv",
          "venv/bin/python -m pip install -r requirements.txt",
          "pulumi stack init dev",
          "pulumi config set --secret ngrok-dynamic:apiKey",
          "pulumi up",
        ]);
        expect(fs.existsSync(path.join(cli().binDir, "node"))).toBe(false);
      });

      test("pip installed the wheel and pulumi from the plain requirements, with nothing unmet", async () => {
        const venvPython = path.join(project, "venv", "bin", "python");
        const list = await runCommand(
          venvPython,
          ["-m", "pip", "list", "--format=json"],
          project,
          env,
        );
        const installed = Object.fromEntries(
          (JSON.parse(list.stdout) as { name: string; version: string }[]).map((p) => [
            p.name.toLowerCase(),
            p.version,
          ]),
        );
        expect(installed["pulumi-ngrok-dynamic"]).toBe(VERSION);
        expect(installed.pulumi).toMatch(/^3\.\d+\.\d+$/);
        const check = await runCommand(venvPython, ["-m", "pip", "check"], project, env);
        expect(check.stdout.trim()).toBe("No broken requirements found.");
      });

      test("up: the reserved domain, then the endpoint on it, its client secret a vault reference", async () => {
        const { printed, requests } = await run("up");
        expect(printed.sdk.startsWith(path.join(project, "venv"))).toBe(true);
        expect(printed.changeSummary).toEqual({ create: 3 });
        expect(writes(requests)).toEqual(["POST /reserved_domains", "POST /endpoints"]);
        expect(printed.outputs).toEqual({ publicUrl: "https://app.example.com" });
        const listed = await callApi(emulator, "GET", "/endpoints");
        const endpoints = listed.body.endpoints as { url: string; traffic_policy: string }[];
        expect(endpoints.map((e) => e.url)).toEqual(["https://app.example.com"]);
        const policy = JSON.parse(endpoints[0].traffic_policy) as {
          on_http_request: { actions: { type: string; config: Record<string, string> }[] }[];
        };
        expect(policy.on_http_request[0].actions.map((a) => a.type)).toEqual([
          "openid-connect",
          "forward-internal",
        ]);
        expect(policy.on_http_request[0].actions[0].config.client_secret).toBe(
          "${secrets.get('oidc', 'client_secret')}",
        );
      });

      test("preview afterwards: no change, no write", async () => {
        const { printed, requests } = await run("preview");
        expect(printed.changeSummary).toEqual({ same: 3 });
        expect(writes(requests)).toEqual([]);
      });
    });
  },
);
