/**
 * The Traffic Policy typed in Python and Go (issue #49 §3), through the plugin's self-contained
 * executable and the real CLI, against the emulator, with no `node` on `PATH`
 * (`../support/inlinePrograms`): the same cloud endpoint, its policy built from the generated
 * types, in each language (tests/fixtures/typedTrafficPolicy: `TrafficPolicyArgs(on_http_request=
 * […])` with an `openid-connect` action and its config, a map whose keys are the user's, an action
 * given untyped as `TrafficPolicyAction`, a `forward-internal`), run as an Automation API inline
 * program:
 *
 * - `up` creates the domain and the endpoint, and the emulator holds the expected policy as
 *   canonical JSON (ngrok's names, keys sorted), every field under its wire name, each map's keys
 *   as written; then a preview finds no change and writes nothing;
 * - the same program with one config field misspelt (`issuer_url` → `issuer_urll`): in Python the
 *   preview fails, naming the field, and writes nothing; in Go it does not compile, with the
 *   compiler's message naming the field and the type. The Go program passes `go vet`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { canonicalJson } from "../../dist/provider/trafficPolicy";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { describeWithGo, ok, runCommand, runGo } from "../support/goToolchain";
import {
  checkpointOf,
  installWheel,
  printed,
  programEnv,
  type Ran,
  RUN_EXAMPLE_PY,
  writeFiles,
  writeGoHarnessModule,
} from "../support/inlinePrograms";
import { describeWithPython } from "../support/pythonVenv";
import { describeWithPulumi, requestsDuring, writes } from "../support/realEngine";
import { REPO } from "../support/repo";
import { pluginExecutableDir } from "../support/yamlProject";

const FIXTURES = path.join(REPO, "tests", "fixtures", "typedTrafficPolicy");
const PROJECT = "typed-traffic-policy";
/** Each run: a few CLI operations on 2 shared cores. */
const RUN_TIMEOUT_MS = 600_000;

/** The policy both programs build, as ngrok should receive it. */
const EXPECTED_POLICY = {
  on_http_request: [
    {
      name: "sign in",
      expressions: ["!req.url.path.startsWith('/healthz')"],
      actions: [
        {
          type: "openid-connect",
          config: {
            issuer_url: "https://idp.example.com",
            client_id: "app",
            client_secret: "${secrets.get('vault', 'oidc-client-secret')}",
            scopes: ["openid", "email"],
            authz_url_params: { loginHint: "user@example.com" },
          },
        },
      ],
    },
    {
      expressions: ["req.url.path.startsWith('/admin')"],
      actions: [{ type: "deny", config: { status_code: 404 } }],
    },
    {
      actions: [
        {
          type: "add-headers",
          config: { headers: { "X-Forwarded-By": "ngrok", camelCaseName: "kept as written" } },
        },
        { type: "forward-internal", config: { url: "https://app.internal" } },
      ],
    },
  ],
};

/** Wall times in seconds, by what was timed; printed after the suite. */
const times: Record<string, number> = {};
const timed = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    times[what] = Number(((Date.now() - started) / 1000).toFixed(1));
  }
};

/** `text` with `from` replaced by `to`, which it must hold exactly once. */
function misspelt(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`the program holds ${from} ${parts.length - 1} times`);
  return parts.join(to);
}

/**
 * `up`, then a preview expecting no change, with `run` (one command of the program): the change
 * summaries, the requests, and the policy the emulator holds.
 */
async function upThenPreview(
  language: string,
  emulator: RunningEmulator,
  checkpoint: string,
  run: (command: "up" | "preview") => Promise<Ran>,
): Promise<void> {
  let up: Ran | undefined;
  const upRequests = await timed(`${language} up`, () =>
    requestsDuring(emulator, async () => {
      up = await run("up");
    }),
  );
  expect(up!.changeSummary).toEqual({ create: 3 });
  expect(writes(upRequests).sort()).toEqual(["POST /endpoints", "POST /reserved_domains"]);
  const [endpoint, ...others] = emulator.snapshot().cloudEndpoints;
  expect(others).toEqual([]);
  expect(endpoint).toMatchObject({ url: "https://app.example.com" });
  expect(endpoint.traffic_policy).toBe(canonicalJson(EXPECTED_POLICY));
  expect(up!.outputs).toEqual({ publicUrl: "https://app.example.com" });
  expect(fs.existsSync(checkpoint)).toBe(true);

  let preview: Ran | undefined;
  const previewRequests = await timed(`${language} preview`, () =>
    requestsDuring(emulator, async () => {
      preview = await run("preview");
    }),
  );
  expect(preview!.changeSummary).toEqual({ same: 3 });
  expect(writes(previewRequests)).toEqual([]);
}

describeWithPulumi(
  "The Traffic Policy typed in Python and Go, through the plugin executable",
  () => {
    let pluginDir: string;
    let work: string;

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "typed-traffic-policy-"));
      pluginDir = await timed("plugin executable", () => pluginExecutableDir());
    }, 900_000);

    afterAll(() => {
      process.stderr.write(`typed traffic policy: wall times in s ${JSON.stringify(times)}\n`);
      for (const dir of [pluginDir, work]) {
        if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    describeWithPython(
      "Python: TrafficPolicyArgs(on_http_request=[…]) of the wheel's classes",
      () => {
        let site: string;
        let python: string;
        let emulator: RunningEmulator;
        let dir: string;
        let env: NodeJS.ProcessEnv;
        const program = fs.readFileSync(path.join(FIXTURES, "program.py"), "utf8");

        beforeAll(async () => {
          ({ site, python } = await installWheel(path.join(work, "python"), timed));
          emulator = await startEmulator({ port: 0 });
          const runWork = path.join(work, "python", "run");
          dir = path.join(runWork, "project");
          writeFiles(dir, {
            "program.py": program,
            "misspelt.py": misspelt(program, "issuer_url=", "issuer_urll="),
          });
          env = { ...programEnv(runWork, pluginDir, emulator), PYTHONPATH: site };
        }, 900_000);

        afterAll(async () => {
          await emulator?.close();
        });

        /** `run_example.py <file> <project> <command>`, as it finished. */
        const runPython = (file: string, command: "up" | "preview") =>
          runCommand(python, [RUN_EXAMPLE_PY, file, PROJECT, command], dir, env);

        test(
          "up creates the endpoint with the policy as ngrok's canonical JSON; a preview changes nothing",
          async () => {
            await upThenPreview(
              "python",
              emulator,
              checkpointOf(path.join(work, "python", "run"), PROJECT),
              async (command) => {
                const ran = printed(
                  `program.py ${command}`,
                  await runPython("program.py", command),
                );
                // The wheel built above, not one another suite installed in the environment.
                expect((ran as Ran & { sdk?: string }).sdk?.startsWith(`${site}${path.sep}`)).toBe(
                  true,
                );
                return ran;
              },
            );
          },
          RUN_TIMEOUT_MS,
        );

        test(
          "a misspelt config field fails the preview, naming the field, and writes nothing",
          async () => {
            let run: Awaited<ReturnType<typeof runPython>> | undefined;
            const requests = await timed("python misspelt preview", () =>
              requestsDuring(emulator, async () => {
                run = await runPython("misspelt.py", "preview");
              }),
            );
            expect(run!.code).not.toBe(0);
            const said = `${run!.stdout}\n${run!.stderr}`;
            expect(said).toContain(
              "OpenidConnectActionConfigArgs.__init__() got an unexpected keyword argument 'issuer_urll'",
            );
            expect(writes(requests)).toEqual([]);
          },
          RUN_TIMEOUT_MS,
        );
      },
    );

    describeWithGo("Go: the generated structs, go vet clean", () => {
      let emulator: RunningEmulator;
      let harness: string;
      const program = fs.readFileSync(path.join(FIXTURES, "program.go"), "utf8");

      beforeAll(async () => {
        const module = path.join(work, "go", "module");
        writeGoHarnessModule(module, { typedPolicy: program });
        const vet = ok(await runGo(["vet", "./..."], module), "go vet ./...");
        times["go vet"] = Number(vet.seconds.toFixed(1));
        harness = path.join(work, "go", "harness");
        const build = ok(await runGo(["build", "-o", harness, "."], module), "go build");
        times["go build"] = Number(build.seconds.toFixed(1));
        emulator = await startEmulator({ port: 0 });
      }, 900_000);

      afterAll(async () => {
        await emulator?.close();
      });

      test(
        "up creates the endpoint with the policy as ngrok's canonical JSON; a preview changes nothing",
        async () => {
          const runWork = path.join(work, "go", "run");
          const dir = path.join(runWork, "project");
          fs.mkdirSync(dir, { recursive: true });
          const env = programEnv(runWork, pluginDir, emulator);
          await upThenPreview("go", emulator, checkpointOf(runWork, PROJECT), async (command) => {
            const args = ["-example", "typedPolicy", "-project", PROJECT, "-command", command];
            return printed(
              `the Go harness's ${command}`,
              await runCommand(harness, args, dir, env),
            );
          });
        },
        RUN_TIMEOUT_MS,
      );

      test(
        "a misspelt config field does not compile: the compiler names the field and the type",
        async () => {
          const module = path.join(work, "go", "misspelt");
          writeGoHarnessModule(module, {
            typedPolicy: misspelt(program, "IssuerUrl:", "IssuerUrll:"),
          });
          const build = await timed("go misspelt build", () =>
            runGo(["build", "-o", os.devNull, "."], module),
          );
          expect(build.code).not.toBe(0);
          expect(build.stderr).toMatch(
            /programs\/typedPolicy\/program\.go:\d+:\d+: unknown field IssuerUrll in struct literal of type ngrokdynamic\.OpenidConnectActionConfigArgs/,
          );
        },
        RUN_TIMEOUT_MS,
      );
    });
  },
);
