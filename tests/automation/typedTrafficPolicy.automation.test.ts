/**
 * The Traffic Policy typed in Python and Go (issue #49 §3): the two programs of
 * docs/otherLanguages.md's "The Traffic Policy, typed", as printed, through the plugin's
 * self-contained executable and the real CLI, against the emulator, with no `node` on `PATH`
 * (`../support/inlinePrograms`). Each declares a reserved domain and a cloud endpoint whose policy
 * is built from the generated types (`TrafficPolicyArgs(on_http_request=[…])` with an
 * `openid-connect` action and its config, a header map keyed by the user, an action given untyped
 * as `TrafficPolicyAction`, a `forward-internal`), and runs as an Automation API inline program:
 *
 * - `up` creates the domain and the endpoint, and the emulator holds the expected policy as
 *   canonical JSON (ngrok's names, keys sorted), every field under its wire name, each map's keys
 *   as written; then a preview finds no change and writes nothing;
 * - the same program with one config field misspelt (`issuer_url` → `issuer_urll`): in Python the
 *   preview fails, naming the field, and writes nothing; in Go it does not compile, the compiler's
 *   message naming the field and the type. The Go program passes `go vet`; without the `Type` Go's
 *   generator does not fill in, it compiles and the preview fails, naming the action's `type`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { canonicalJson } from "../../dist/provider/trafficPolicy";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { codeBlockAfter } from "../support/docsBlocks";
import { describeWithGo, ok, runCommand, runGo } from "../support/goToolchain";
import {
  checkpointOf,
  harnessPackage,
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
import { pluginExecutableDir } from "../support/yamlProject";

const DOC = "docs/otherLanguages.md";
const PYTHON_PROGRAM = codeBlockAfter(DOC, "The same endpoint in Python", "python");
const GO_PROGRAM = codeBlockAfter(DOC, "And in Go, of the SDK's structs", "go");
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

        beforeAll(async () => {
          ({ site, python } = await installWheel(path.join(work, "python"), timed));
          emulator = await startEmulator({ port: 0 });
          const runWork = path.join(work, "python", "run");
          dir = path.join(runWork, "project");
          writeFiles(dir, {
            "program.py": PYTHON_PROGRAM,
            "misspelt.py": misspelt(PYTHON_PROGRAM, "issuer_url=", "issuer_urll="),
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
            const checkpoint = checkpointOf(path.join(work, "python", "run"), PROJECT);
            await upThenPreview("python", emulator, checkpoint, async (command) => {
              const ran = printed(`program.py ${command}`, await runPython("program.py", command));
              // The wheel built above, not one another suite installed in the environment.
              expect((ran as Ran & { sdk?: string }).sdk?.startsWith(`${site}${path.sep}`)).toBe(
                true,
              );
              return ran;
            });
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
            expect(`${run!.stdout}\n${run!.stderr}`).toContain(
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
      const program = harnessPackage(GO_PROGRAM, "typedpolicy", DOC);

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

      /** The harness `binary`'s `command` of the program, in the project's folder, as it finished. */
      const runHarness = (binary: string, command: "up" | "preview") => {
        const runWork = path.join(work, "go", "run");
        const dir = path.join(runWork, "project");
        fs.mkdirSync(dir, { recursive: true });
        const args = ["-example", "typedPolicy", "-project", PROJECT, "-command", command];
        return runCommand(binary, args, dir, programEnv(runWork, pluginDir, emulator));
      };

      test(
        "up creates the endpoint with the policy as ngrok's canonical JSON; a preview changes nothing",
        async () => {
          const checkpoint = checkpointOf(path.join(work, "go", "run"), PROJECT);
          await upThenPreview("go", emulator, checkpoint, async (command) =>
            printed(`the Go harness's ${command}`, await runHarness(harness, command)),
          );
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

      test(
        "an action's Type left out compiles, and the preview fails naming it, writing nothing",
        async () => {
          const module = path.join(work, "go", "without-type");
          const line = 'Type: pulumi.String("openid-connect"),';
          const lines = program.split("\n").filter((l) => l.trim() !== line);
          expect(lines.length).toBe(program.split("\n").length - 1);
          writeGoHarnessModule(module, { typedPolicy: lines.join("\n") });
          const binary = path.join(work, "go", "harness-without-type");
          ok(await runGo(["build", "-o", binary, "."], module), "go build");
          let run: Awaited<ReturnType<typeof runHarness>> | undefined;
          const requests = await timed("go preview without Type", () =>
            requestsDuring(emulator, async () => {
              run = await runHarness(binary, "preview");
            }),
          );
          expect(run!.code).not.toBe(0);
          expect(`${run!.stdout}\n${run!.stderr}`).toContain(
            "trafficPolicy.onHttpRequest[0].actions[0].type is required",
          );
          expect(writes(requests)).toEqual([]);
        },
        RUN_TIMEOUT_MS,
      );
    });
  },
);
