/**
 * docs/otherLanguages.md's Python program (its section "Python: a program run by the Automation
 * API"), run as printed through the real engine: the script `ngrok_stack.py` written byte for
 * byte from the page, on the release's Python SDK wheel (built as `npm run release` builds it,
 * tools/scripts/sdkPackages.ts) and the plugin's linux-amd64 executable (tools/devtools/executables, cached
 * per build: the one yamlProgramExecutable runs), with the real CLI, against the emulator.
 * Pulumi's Python Automation API runs the program inside the Python process and hands the CLI
 * `--client`, so no Python language host is needed (none can be had here), and `PATH` holds only
 * the CLI's folder: no `node`.
 *
 * Twice: on the newest `pulumi` PyPI serves here (tests/fixtures/python/requirements.txt) and on
 * the oldest the wheel claims (requirements-oldest.txt, `PYTHON_PULUMI_FLOOR` in
 * tools/scripts/pulumiFloors.ts). Each leg's `.venv` is a link to a virtual environment made once
 * per requirements file (tests/support/pythonVenv.ts) holding that `pulumi`; the SDK is
 * uninstalled from it and the page's install line runs as printed, a plain `pip install` of the
 * wheel, which must keep the leg's `pulumi` and leave nothing unmet (`pip check`).
 *
 * The page's plugin line and its commands run as printed (`sh -c`): `up` (the CA, the user
 * certificate and the SAML module on a seeded edge route), `up` with `DASHBOARD_CA_ID` naming a
 * CA made with the API outside Pulumi (imported with the `import_` option: read, not written),
 * then `preview`: no change. Each asserts the JSON the script prints, the API requests it cost
 * and what the emulator holds. The wall time of each step is printed.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  cachedExecutable,
  hostTarget,
  PLUGIN_PROGRAM,
} from "../../dist/tools/devtools/executables";
import { backendDir, offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { archiveName } from "../../dist/tools/scripts/executableArchives";
import {
  PYTHON_PULUMI_FLOOR,
  pythonPulumiRequirement,
} from "../../dist/tools/scripts/pulumiFloors";
import { pythonSdkPackages } from "../../dist/tools/scripts/sdkPackages";
import { type RunningEmulator, sampleIdpMetadata, startEmulator } from "../../emulator/index";
import { codeBlockAfter, commandLines } from "../support/docsBlocks";
import { callApi } from "../support/emulatorApi";
import { type Finished, ok, runCommand } from "../support/goToolchain";
import {
  cachedVenv,
  describeWithPython,
  pinnedPulumiOf,
  REQUIREMENTS,
  REQUIREMENTS_OLDEST,
  type Venv,
  venvPython,
} from "../support/pythonVenv";
import { cli, describeWithPulumi, writes } from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const DOC = "docs/otherLanguages.md";
const SECTION = "## Python: a program run by the Automation API";
const VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string }
).version;

/** The two legs: the requirements file of each one's virtual environment. */
const LEGS = [
  { leg: "the newest pulumi PyPI serves here", requirements: REQUIREMENTS },
  { leg: "the oldest pulumi the wheel claims", requirements: REQUIREMENTS_OLDEST },
];

/** The release folder's wheel, built once for both legs (Pulumi's generator, `python -m build`). */
let wheelBuilt: Promise<{ dir: string; wheel: string; seconds: number }> | undefined;
function builtWheel(): Promise<{ dir: string; wheel: string; seconds: number }> {
  wheelBuilt ??= (async () => {
    const started = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-python-wheel-"));
    const built = await pythonSdkPackages().make(dir);
    return { dir, wheel: built.find((file) => file.endsWith(".whl"))!, seconds: since(started) };
  })();
  return wheelBuilt;
}
afterAll(async () => {
  const built = await wheelBuilt?.catch(() => undefined);
  if (built !== undefined) fs.rmSync(built.dir, { recursive: true, force: true });
});

/** What the script prints: the change counts, and the outputs after `up`. */
interface Printed {
  changes: Record<string, number>;
  outputs?: Record<string, unknown>;
}

/** A request without its ids: `POST /ssh_certificate_authorities`, `GET …/{sshca}`. */
const normalize = (request: string) =>
  request.replace(/\b(sshca|sucrt|edghts|edghtsrt)_[0-9A-Za-z]+/g, "{$1}");

/** Seconds since `started`, one decimal. */
const since = (started: number) => Number(((Date.now() - started) / 1000).toFixed(1));

describeWithPulumi("The Python program of docs/otherLanguages.md, through the real CLI", () => {
  for (const { leg, requirements } of LEGS)
    describeWithPython(`on the wheel, ${leg}, and the plugin's executable`, () => {
      const pinned = pinnedPulumiOf(requirements);
      const times: Record<string, number> = {};
      let work: string;
      let project: string;
      let python: string;
      let venv: Venv;
      let wheel: string;
      let pipInstall: Finished;
      let emulator: RunningEmulator;
      let env: NodeJS.ProcessEnv;
      let edgeId: string;
      let routeId: string;

      beforeAll(async () => {
        const target = hostTarget();
        if (target === undefined) throw new Error(`no executable is made for ${process.platform}`);
        work = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-python-program-"));
        const release = path.join(work, "release");
        fs.mkdirSync(release);
        // The release's wheel (Pulumi's Python generator, then `python -m build`).
        const built = await builtWheel();
        wheel = built.wheel;
        fs.copyFileSync(path.join(built.dir, wheel), path.join(release, wheel));
        times.wheel = built.seconds;
        let started = Date.now();
        venv = await cachedVenv(venvPython(), process.env, requirements);
        python = venv.python;
        times[venv.made ? "venvMade" : "venvCached"] = since(started);
        // The page's `.venv`, beside `release/`: the cached environment, without the SDK a run
        // before this one installed, so that the page's plain `pip install` installs this wheel.
        fs.symlinkSync(venv.dir, path.join(work, ".venv"), "dir");
        ok(
          await runCommand(
            python,
            ["-m", "pip", "uninstall", "--yes", "pulumi-ngrok-dynamic"],
            work,
          ),
          "pip uninstall pulumi-ngrok-dynamic",
        );
        // The plugin's archive as the release names it, holding the executable at its root
        // (gzip's fastest level: 130 MB, 2.6 s of CPU against 6.8 s at its default).
        started = Date.now();
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
        times.executable = since(started);

        emulator = await startEmulator({ port: 0 });
        edgeId = emulator.createHttpsEdge({ description: "python example" }).id;
        routeId = emulator.createHttpsEdgeRoute(edgeId, {
          match_type: "path_prefix",
          match: "/",
        }).id;
        project = path.join(work, "project");
        fs.mkdirSync(path.join(project, "keys", "deploy"), { recursive: true });
        fs.writeFileSync(
          path.join(project, "keys", "deploy", "id_ed25519.pub"),
          `${keys.ED25519}\n`,
        );
        fs.writeFileSync(path.join(project, "okta-metadata.xml"), await sampleIdpMetadata());
        fs.writeFileSync(
          path.join(project, "ngrok_stack.py"),
          codeBlockAfter(DOC, SECTION, "python"),
        );
        // The page's `.venv`: the cached environment, the wheel installed into it above.
        fs.symlinkSync(venv.dir, path.join(project, ".venv"), "dir");

        const inherited = Object.fromEntries(
          Object.entries(process.env).filter(
            ([key]) => !key.startsWith("NGROK_") && !key.startsWith("PULUMI_"),
          ),
        );
        fs.mkdirSync(path.join(work, "tmp"));
        env = {
          ...inherited,
          ...offlineEnv(cli(), work),
          // Only the CLI's folder: no node (the script names its Python, `.venv/bin/python`).
          PATH: cli().binDir,
          // The Automation API's workspace folders, removed with the rest.
          TMPDIR: path.join(work, "tmp"),
          NGROK_API_KEY: emulator.apiKey,
          NGROK_API_BASE_URL: emulator.url,
          EDGE_ID: edgeId,
          ROUTE_ID: routeId,
        };
        // The page's wheel and plugin install lines, run as printed in the folder that holds
        // `release/`; pip with the machine's environment (its index), the CLI with the test's.
        const installs = commandLines(codeBlockAfter(DOC, SECTION, "sh").replace(/\\\n\s*/g, ""));
        // `.venv/bin/pip` as `.venv/bin/python -m pip`, the same pip with the same arguments:
        // the cached environment was made in a staging folder, which its scripts' `#!` name.
        const pip = installs[1].replace(/^\.venv\/bin\/pip /, ".venv/bin/python -m pip ");
        expect(pip).not.toBe(installs[1]);
        started = Date.now();
        pipInstall = ok(await runCommand("/bin/sh", ["-c", pip], work), pip);
        times.wheelInstall = since(started);
        started = Date.now();
        ok(await runCommand("/bin/sh", ["-c", installs[2]], work, env), installs[2]);
        times.pluginInstall = since(started);
      }, 900_000);

      afterAll(async () => {
        process.stderr.write(`python program: wall times in s ${JSON.stringify(times)}\n`);
        await emulator?.close();
        if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
      });

      /** Runs a command line of the page's run block as printed; what it printed, its requests. */
      async function step(line: string): Promise<{ printed: Printed; requests: string[] }> {
        const before = emulator.requests.length;
        const started = Date.now();
        const run = await runCommand("/bin/sh", ["-c", line], project, env);
        times[line.replace(/^DASHBOARD_CA_ID=\S+ /, "DASHBOARD_CA_ID=… ")] = since(started);
        if (run.code !== 0) throw new Error(`${line} failed:\n${run.stderr}`);
        const requests = emulator.requests
          .slice(before)
          .map((r) => normalize(`${r.method} ${r.path.split("?")[0]}`));
        return { printed: JSON.parse(run.stdout) as Printed, requests };
      }

      /** The page's run block, with the CA made outside Pulumi's id put in for `sshca_…`. */
      const runLines = (caId = "sshca_…") =>
        commandLines(codeBlockAfter(DOC, "Run it with your API key", "sh")).map((line) =>
          line.replace("DASHBOARD_CA_ID=sshca_…", `DASHBOARD_CA_ID=${caId}`),
        );

      test("the page's lines are the ones run here: the wheel, the plugin's archive, the commands", () => {
        const installs = commandLines(codeBlockAfter(DOC, SECTION, "sh").replace(/\\\n\s*/g, ""));
        expect(installs).toEqual([
          "python3 -m venv .venv",
          `.venv/bin/pip install ./release/${wheel}`,
          `pulumi plugin install resource ngrok-dynamic ${VERSION} ` +
            `--file release/${archiveName(PLUGIN_PROGRAM, hostTarget()!, VERSION)}`,
        ]);
        expect(wheel).toBe(`pulumi_ngrok_dynamic-${VERSION}-py3-none-any.whl`);
        expect(runLines()).toEqual([
          "export NGROK_API_KEY=<your API key> EDGE_ID=edghts_… ROUTE_ID=edghtsrt_…",
          ".venv/bin/python ngrok_stack.py up",
          "DASHBOARD_CA_ID=sshca_… .venv/bin/python ngrok_stack.py up",
          "DASHBOARD_CA_ID=sshca_… .venv/bin/python ngrok_stack.py preview",
        ]);
        // No node on the PATH the script, the CLI and the plugin run with.
        expect(env.PATH).toBe(cli().binDir);
        expect(fs.existsSync(path.join(cli().binDir, "node"))).toBe(false);
      });

      test("the page's plain pip install kept the leg's pulumi, the wheel's floor is the one claimed, nothing is unmet", async () => {
        const show = await runCommand(python, ["-m", "pip", "list", "--format=json"], work);
        const installed = Object.fromEntries(
          (JSON.parse(show.stdout) as { name: string; version: string }[]).map((p) => [
            p.name.toLowerCase(),
            p.version,
          ]),
        );
        expect(installed).toMatchObject({ "pulumi-ngrok-dynamic": VERSION, pulumi: pinned });
        // pip found every requirement of the wheel met by the environment: it fetched nothing.
        expect(pipInstall.stdout).toContain(
          `Successfully installed pulumi-ngrok-dynamic-${VERSION}`,
        );
        expect(pipInstall.stdout).not.toMatch(/^(Collecting|Downloading) (?!\.\/release)/m);
        const check = await runCommand(python, ["-m", "pip", "check"], work);
        expect(check.stdout.trim()).toBe("No broken requirements found.");
        expect(check.code).toBe(0);
        // The wheel's metadata requires the floor, which the oldest leg's environment pins.
        const metadata = await runCommand(
          python,
          [
            "-c",
            "import importlib.metadata as m, json; print(json.dumps(m.requires('pulumi-ngrok-dynamic')))",
          ],
          work,
        );
        // `pulumi (<4.0.0,>=3.269.0)`, as setuptools writes it, or `pulumi>=3.269.0,<4.0.0`.
        const specifiers = (text: string) =>
          text
            .replace(/[\s()]/g, "")
            .replace(/^pulumi/, "")
            .split(",")
            .sort();
        const required = (JSON.parse(metadata.stdout) as string[]).filter((r) =>
          /^pulumi[\s(<>=]/.test(r),
        );
        expect(required.map(specifiers)).toEqual([specifiers(pythonPulumiRequirement())]);
        expect(pinnedPulumiOf(REQUIREMENTS_OLDEST)).toBe(PYTHON_PULUMI_FLOOR);
      });

      test("up: the user CA, the certificate it signs and the route's SAML module", async () => {
        const { printed, requests } = await step(runLines()[1]);
        expect(printed.changes).toEqual({ create: 4 });
        expect(writes(requests).sort()).toEqual([
          "POST /ssh_certificate_authorities",
          "POST /ssh_user_certificates",
          "PUT /edges/https/{edghts}/routes/{edghtsrt}/saml",
        ]);
        const snapshot = emulator.snapshot();
        const [ca] = snapshot.sshCertificateAuthorities;
        const [user] = snapshot.sshUserCertificates;
        const [saml] = snapshot.samlModules;
        expect(ca).toMatchObject({ description: "Deploy user CA" });
        expect(user).toMatchObject({
          ssh_certificate_authority_id: ca.id,
          principals: ["deploy"],
          extensions: { "permit-pty": "" },
        });
        expect(saml).toMatchObject({ edgeId, routeId, authorized_groups: ["engineering"] });
        expect(printed.outputs).toEqual({
          trustedUserCaKey: ca.public_key,
          deployCertificate: user.certificate,
          samlMetadataUrl: saml.metadata_url,
        });
        expect(printed.outputs?.deployCertificate).toMatch(/^ssh-ed25519-cert-v01@openssh\.com /);
        // The API key is in the state encrypted with the passphrase, never plain.
        const state = backendDir(work);
        const texts = (fs.readdirSync(state, { recursive: true, encoding: "utf8" }) as string[])
          .map((file) => path.join(state, file))
          .filter((file) => fs.statSync(file).isFile())
          .map((file) => fs.readFileSync(file, "utf8"));
        expect(texts.some((text) => text.includes("ngrok-dynamic:apiKey"))).toBe(true);
        expect(texts.filter((text) => text.includes(emulator.apiKey))).toEqual([]);
      });

      test("up with DASHBOARD_CA_ID imports the CA made outside Pulumi: read, not written", async () => {
        const made = await callApi(emulator, "POST", "/ssh_certificate_authorities", {
          private_key_type: "ed25519",
          description: "made in the dashboard",
        });
        expect(made.status).toBe(201);
        const caId = made.body.id as string;
        const { printed, requests } = await step(runLines(caId)[2]);
        expect(printed.changes).toEqual({ import: 1, same: 4 });
        expect(writes(requests)).toEqual([]);
        expect(requests).toContain("GET /ssh_certificate_authorities/{sshca}");
        expect(emulator.snapshot().sshCertificateAuthorities.map((c) => c.id)).toContain(caId);
        expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(2);
        // The state holds it under the program's declaration, protected.
        const checkpoint = JSON.parse(
          fs.readFileSync(
            path.join(backendDir(work), ".pulumi", "stacks", "ngrok-ssh-python", "dev.json"),
            "utf8",
          ),
        ) as {
          checkpoint: { latest: { resources: { urn: string; id?: string; protect?: boolean }[] } };
        };
        const imported = checkpoint.checkpoint.latest.resources.find((r) =>
          r.urn.endsWith("::dashboard-ca"),
        );
        expect(imported).toMatchObject({ id: caId, protect: true });
      });

      test("preview afterwards: no change, no write", async () => {
        const caId = emulator
          .snapshot()
          .sshCertificateAuthorities.find((c) => c.description === "made in the dashboard")!.id;
        const { printed, requests } = await step(runLines(caId)[3]);
        expect(printed.changes).toEqual({ same: 5 });
        expect(writes(requests)).toEqual([]);
      });
    });
});
