/**
 * Every docs example in other languages, run as printed (issue #48 §1): each resource page's
 * example and the languages page's, read from the page's generated blocks byte for byte
 * (tests/support/docsExamples.ts), against the emulator with the real CLI and the plugin's
 * self-contained executable (one copy, tools/devtools/executables), with no `node` on `PATH`:
 *
 * - YAML: the block is the program (`name` and `runtime` put before it): `up`, a preview
 *   expecting no change, `destroy`, with the plain CLI and Pulumi's YAML language host.
 * - Go: every page's block is written as printed into one module and `go vet` checks them all;
 *   then each, its `pulumi.Run(…)` made a variable and nothing else changed, is a package of one
 *   harness (tests/fixtures/docsExamples/harness.go, one `go build`) that runs it as an Automation
 *   API inline program: `up`, a preview expecting no change, `destroy`.
 * - Python: the block is the program of an Automation API inline program
 *   (tests/fixtures/docsExamples/run_example.py runs the file as written), on the release's wheel
 *   (built once, installed into a folder of this suite's on `PYTHONPATH`, beside the shared
 *   virtual environment of tests/support/pythonVenv.ts): `up`, a preview expecting no change,
 *   `destroy`.
 * - C#: compiled where a .NET SDK is on PATH (its failure fails the suite, in CI too); otherwise
 *   skipped saying which sources were tried (PATH, `~/.dotnet`, Debian's package index). In CI the
 *   skip becomes a failure only when one of them offers an SDK that was not installed.
 *
 * docs/dataSources.md's Python and Go blocks (hand-written: lookups, no resource) run the same
 * ways, the Go one a package of the same harness (vetted and built with the others), the Python
 * one on the same wheel: against an emulator seeded with two tunnel sessions, one in the EU
 * region, `up` creates the stack alone, sends only `GET /tunnel_sessions` and
 * exports `agentsOnline` 1. Its YAML block is tests/automation/dataSources.automation.test.ts's.
 *
 * The config and files each example reads are given from its declarations (`programWalk.ts`):
 * a file the page shows (the Traffic Policy) gets exactly the page's text. Each run has an emulator
 * of its own (an HTTPS edge and route seeded for the SAML module). Each step asserts the change
 * summary and the API requests; after `up`, what the emulator holds (an object per resource, with
 * the values the program gives it, references resolved) and the stack outputs; the resources the
 * example protects are protected in the checkpoint, and are unprotected (`pulumi state unprotect
 * --all`, as a user would) before `destroy`, after which the emulator holds none of them.
 * `up` and `destroy` skip the engine's preview (the Automation API's do), the preview being the
 * step of its own. Wall times are printed.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { docsPageOf } from "../../dist/provider/framework/names";
import { DEFINITIONS } from "../../dist/provider/registry";
import { LANGUAGES_PAGE } from "../../dist/tools/scripts/generate/docsExamples";
import { DATA_SOURCES_PAGE } from "../../dist/tools/scripts/generate/docsTables";
import { configs } from "../../dist/tools/scripts/generate/examples/programWalk";
import { dotnetSdkArchive } from "../../dist/tools/scripts/sdkPackages";
import { type RunningEmulator, sampleIdpMetadata, startEmulator } from "../../emulator/index";
import { codeBlockAfter } from "../support/docsBlocks";
import {
  allPageExamples,
  collectionsOf,
  exampleInputs,
  expectedObjects,
  type PageExample,
  type Seeded,
} from "../support/docsExamples";
import { describeWithGo, ok, runCommand, runGo } from "../support/goToolchain";
import { changeSummary, pulumiCommand, yamlLanguageHost } from "../support/pulumiCommand";
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
import { openYamlProject, pluginExecutableDir } from "../support/yamlProject";

const EXAMPLES = allPageExamples();
/** The data sources' page, whose examples are written by hand, and its blocks as printed. */
const DATA_SOURCES = {
  page: DATA_SOURCES_PAGE,
  name: "dataSources",
  project: "docs-dataSources",
  python: codeBlockAfter(DATA_SOURCES_PAGE, "#### Python", "python"),
  go: codeBlockAfter(DATA_SOURCES_PAGE, "#### Go", "go"),
} as const;
const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());
/** Each example's run: four or five CLI operations on 2 shared cores. */
const RUN_TIMEOUT_MS = 600_000;

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

/** One example in one language, ready to run in its folder. */
interface Runner {
  /** `up`, `preview` (expecting no change) or `destroy`, in the example's folder. */
  run(command: "up" | "preview" | "destroy"): Promise<Ran>;
  /** The folder its project is in, and the environment of its CLI commands. */
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  /** The file backend's checkpoint of the stack `dev`. */
  readonly checkpoint: string;
}

/** A new emulator with an HTTPS edge and route, and what the examples' config is given. */
async function seededEmulator(): Promise<{ emulator: RunningEmulator; seeded: Seeded }> {
  const emulator = await startEmulator({ port: 0 });
  const edgeId = emulator.createHttpsEdge({ description: "docs example" }).id;
  const routeId = emulator.createHttpsEdgeRoute(edgeId, {
    match_type: "path_prefix",
    match: "/",
  }).id;
  return { emulator, seeded: { edgeId, routeId, idpMetadata: await sampleIdpMetadata() } };
}

/** The project an example runs as: `docs-<page>`. */
const projectOf = (example: PageExample) => `docs-${example.name}`;

/**
 * `up`, a preview expecting no change, and `destroy` of `example` with `runner`, each asserted
 * against the emulator (see the module comment).
 */
async function exercise(
  language: string,
  example: PageExample,
  runner: Runner,
  emulator: RunningEmulator,
  config: Record<string, string>,
): Promise<void> {
  const { program } = example;
  const count = program.resources.length + 1; // and the stack
  const step = async (command: "up" | "preview" | "destroy") => {
    let ran: Ran | undefined;
    const requests = await timed(`${language} ${example.name} ${command}`, () =>
      requestsDuring(emulator, async () => {
        ran = await runner.run(command);
      }),
    );
    return { ran: ran!, writes: writes(requests) };
  };

  const up = await step("up");
  expect({ page: example.page, changes: up.ran.changeSummary }).toEqual({
    page: example.page,
    changes: { create: count },
  });
  expect(up.writes.filter((w) => !/^(POST|PUT) /.test(w))).toEqual([]);
  expect(up.writes).toHaveLength(program.resources.length);
  const snapshot = emulator.snapshot();
  // An object per resource, with the values the program gives it (expectedObjects throws).
  const { outputs } = expectedObjects(program, snapshot, config);
  const held = Object.values(collectionsOf(snapshot)).reduce((n, list) => n + list.length, 0);
  expect(held).toBe(program.resources.length);
  expect(up.ran.outputs).toEqual(outputs);
  for (const value of Object.values(outputs)) expect(value).toEqual(expect.anything());

  const checkpoint = JSON.parse(fs.readFileSync(runner.checkpoint, "utf8")) as {
    checkpoint: { latest: { resources: { urn: string; protect?: boolean }[] } };
  };
  const protectedNames = checkpoint.checkpoint.latest.resources
    .filter((r) => r.protect === true)
    .map((r) => r.urn.split("::").pop());
  const declared = program.resources.filter((r) => r.protect === true).map((r) => r.name);
  expect(protectedNames.sort()).toEqual(declared.sort());

  const preview = await step("preview");
  expect(preview.ran.changeSummary).toEqual({ same: count });
  expect(preview.writes).toEqual([]);

  if (declared.length > 0) {
    await timed(`${language} ${example.name} unprotect`, () =>
      pulumiCommand(["state", "unprotect", "--all", "--yes", "--stack", "dev"], {
        cwd: runner.dir,
        env: runner.env,
      }),
    );
  }
  const destroy = await step("destroy");
  expect(destroy.ran.changeSummary).toEqual({ delete: count });
  expect(destroy.writes.filter((w) => !w.startsWith("DELETE "))).toEqual([]);
  expect(destroy.writes).toHaveLength(program.resources.length);
  const left = collectionsOf(emulator.snapshot());
  expect(Object.values(left).flat()).toEqual([]);
}

/**
 * The data sources page's program, by `up` (one run of it): seeds two tunnel sessions, one in the
 * EU region, then asserts the change summary (the stack alone), the outputs and the requests.
 */
async function exerciseDataSources(
  language: string,
  emulator: RunningEmulator,
  up: () => Promise<Ran>,
): Promise<void> {
  emulator.seed("/tunnel_sessions", { region: "eu", transport: "ngrok/v2" });
  emulator.seed("/tunnel_sessions", { region: "us", transport: "ssh" });
  let ran: Ran | undefined;
  const requests = await timed(`${language} ${DATA_SOURCES.name} up`, () =>
    requestsDuring(emulator, async () => {
      ran = await up();
    }),
  );
  expect(ran!.changeSummary).toEqual({ create: 1 });
  expect(ran!.outputs).toEqual({ agentsOnline: 1 });
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((r) => r !== "GET /tunnel_sessions")).toEqual([]);
}

describeWithPulumi("Every docs example in other languages, through the real CLI", () => {
  let pluginDir: string;

  beforeAll(async () => {
    pluginDir = await timed("plugin executable", () => pluginExecutableDir());
  }, 900_000);

  afterAll(() => {
    process.stderr.write(`docs examples: wall times in s ${JSON.stringify(times)}\n`);
    if (pluginDir !== undefined) fs.rmSync(pluginDir, { recursive: true, force: true });
  });

  test("the pages: each resource's and the languages page, each in YAML, Python, Go and C#", () => {
    expect(EXAMPLES.map((e) => e.page)).toEqual([
      ...DEFINITIONS.map((d) => docsPageOf(d)),
      LANGUAGES_PAGE,
    ]);
    for (const { page, code } of EXAMPLES) {
      expect({ page, yaml: code.yaml.includes("\nresources:\n") }).toEqual({ page, yaml: true });
      expect({ page, go: code.go.includes("\npackage main\n") }).toEqual({ page, go: true });
      expect({ page, python: code.python.includes("import pulumi_ngrok_dynamic") }).toEqual({
        page,
        python: true,
      });
      expect({ page, csharp: code.csharp.includes("Deployment.RunAsync") }).toEqual({
        page,
        csharp: true,
      });
    }
    const policy = EXAMPLES.find((e) => e.name === "cloudEndpoint")!;
    // The policy the page shows is the one the definition gives, which the runs write.
    expect(policy.shown).toEqual(policy.program.files);
    expect(policy.shown["policy.yaml"]).toContain("${secrets.get('vault', ");
  });

  describe("YAML: up, a preview with no change, destroy, with the plugin's executable", () => {
    const yamlHost = yamlLanguageHost({
      suite: "the docs examples' YAML suite",
      test: "the docs examples in YAML",
    });
    if (yamlHost === undefined) return;

    for (const example of EXAMPLES) {
      test(
        example.page,
        async () => {
          const { emulator, seeded } = await seededEmulator();
          const { files, config } = exampleInputs(example, seeded);
          const project = await openYamlProject(
            yamlHost,
            emulator,
            {
              "Pulumi.yaml": `name: ${projectOf(example)}\nruntime: yaml\n${example.code.yaml}`,
              ...files,
            },
            { pluginDir, withoutNode: true },
          );
          try {
            const dirs = (project.env.PATH ?? "").split(path.delimiter);
            expect(dirs.filter((dir) => fs.existsSync(path.join(dir, "node")))).toEqual([]);
            // A config the program declares secret is refused unless it is set encrypted.
            const secret = new Set(
              configs(example.program).flatMap((c) => (c.secret ? [c.name] : [])),
            );
            for (const [name, value] of Object.entries(config)) {
              const flag = secret.has(name) ? ["--secret"] : [];
              await project.pulumi(["config", "set", ...flag, name, value]);
            }
            const backend = (project.env.PULUMI_BACKEND_URL ?? "").replace(/^file:\/\//, "");
            await exercise(
              "yaml",
              example,
              {
                dir: project.dir,
                env: project.env,
                checkpoint: path.join(backend, ".pulumi", "stacks", projectOf(example), "dev.json"),
                async run(command) {
                  const args = {
                    up: ["up", "--yes", "--skip-preview"],
                    preview: ["preview", "--expect-no-changes"],
                    destroy: ["destroy", "--yes", "--skip-preview"],
                  }[command];
                  const run = await project.pulumi([...args, "--json"]);
                  if (command !== "up") return { changeSummary: changeSummary(run.stdout) };
                  const out = await project.pulumi(["stack", "output", "--json", "--show-secrets"]);
                  return {
                    changeSummary: changeSummary(run.stdout),
                    outputs: JSON.parse(out.stdout) as Record<string, unknown>,
                  };
                },
              },
              emulator,
              config,
            );
          } finally {
            await emulator.close();
            project.remove();
          }
        },
        RUN_TIMEOUT_MS,
      );
    }
  });

  describeWithGo("Go: go vet, then an Automation API inline program each", () => {
    let work: string;
    let harness: string;

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-examples-go-"));
      harness = path.join(work, "harness");
      const module = path.join(work, "module");
      // Every page's Go block as printed (`examples/<page>/main.go`, for `go vet`), and the same
      // as a package of the harness; the data sources page's too.
      const pages = [...EXAMPLES.map((e) => ({ ...e, go: e.code.go })), DATA_SOURCES];
      writeGoHarnessModule(
        module,
        Object.fromEntries(
          pages.map((e) => [e.name, harnessPackage(e.go, e.name.toLowerCase(), e.page)]),
        ),
        Object.fromEntries(pages.map((e) => [`examples/${e.name}/main.go`, e.go])),
      );
      const vet = ok(await runGo(["vet", "./..."], module), "go vet ./...");
      times["go vet"] = Number(vet.seconds.toFixed(1));
      const build = ok(await runGo(["build", "-o", harness, "."], module), "go build");
      times["go build"] = Number(build.seconds.toFixed(1));
    }, 900_000);

    afterAll(() => {
      if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
    });

    for (const example of EXAMPLES) {
      test(
        example.page,
        async () => {
          const { emulator, seeded } = await seededEmulator();
          const { files, config } = exampleInputs(example, seeded);
          const runWork = path.join(work, "runs", example.name);
          const dir = path.join(runWork, "project");
          writeFiles(dir, files);
          const env = programEnv(runWork, pluginDir, emulator);
          try {
            await exercise(
              "go",
              example,
              {
                dir,
                env,
                checkpoint: checkpointOf(runWork, projectOf(example)),
                async run(command) {
                  const args = ["-example", example.name, "-project", projectOf(example)];
                  const more = ["-command", command, "-config", JSON.stringify(config)];
                  return printed(
                    `the Go harness's ${command} of ${example.page}`,
                    await runCommand(harness, [...args, ...more], dir, env),
                  );
                },
              },
              emulator,
              config,
            );
          } finally {
            await emulator.close();
          }
        },
        RUN_TIMEOUT_MS,
      );
    }

    test(
      DATA_SOURCES.page,
      async () => {
        const emulator = await startEmulator({ port: 0 });
        const runWork = path.join(work, "runs", DATA_SOURCES.name);
        const dir = path.join(runWork, "project");
        fs.mkdirSync(dir, { recursive: true });
        const env = programEnv(runWork, pluginDir, emulator);
        try {
          await exerciseDataSources("go", emulator, async () => {
            const args = ["-example", DATA_SOURCES.name, "-project", DATA_SOURCES.project];
            return printed(
              `the Go harness's up of ${DATA_SOURCES.page}`,
              await runCommand(harness, [...args, "-command", "up"], dir, env),
            );
          });
        } finally {
          await emulator.close();
        }
      },
      RUN_TIMEOUT_MS,
    );
  });

  describeWithPython("Python: an Automation API inline program each, on the wheel", () => {
    let work: string;
    let site: string;
    let python: string;

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-examples-python-"));
      ({ site, python } = await installWheel(work, timed));
    }, 900_000);

    afterAll(() => {
      if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
    });

    for (const example of EXAMPLES) {
      test(
        example.page,
        async () => {
          const { emulator, seeded } = await seededEmulator();
          const { files, config } = exampleInputs(example, seeded);
          const runWork = path.join(work, "runs", example.name);
          const dir = path.join(runWork, "project");
          writeFiles(dir, { ...files, "example.py": example.code.python });
          const env = { ...programEnv(runWork, pluginDir, emulator), PYTHONPATH: site };
          try {
            await exercise(
              "python",
              example,
              {
                dir,
                env,
                checkpoint: checkpointOf(runWork, projectOf(example)),
                async run(command) {
                  const args = [RUN_EXAMPLE_PY, "example.py", projectOf(example), command];
                  const ran = printed(
                    `run_example.py ${command} of ${example.page}`,
                    await runCommand(python, [...args, JSON.stringify(config)], dir, env),
                  ) as Ran & { sdk?: string };
                  // The wheel built above, not one another suite installed in the environment.
                  expect(ran.sdk?.startsWith(`${site}${path.sep}`)).toBe(true);
                  return ran;
                },
              },
              emulator,
              config,
            );
          } finally {
            await emulator.close();
          }
        },
        RUN_TIMEOUT_MS,
      );
    }

    test(
      DATA_SOURCES.page,
      async () => {
        const emulator = await startEmulator({ port: 0 });
        const runWork = path.join(work, "runs", DATA_SOURCES.name);
        const dir = path.join(runWork, "project");
        writeFiles(dir, { "example.py": DATA_SOURCES.python });
        const env = { ...programEnv(runWork, pluginDir, emulator), PYTHONPATH: site };
        try {
          await exerciseDataSources("python", emulator, async () => {
            const args = [RUN_EXAMPLE_PY, "example.py", DATA_SOURCES.project, "up"];
            const ran = printed(
              `run_example.py up of ${DATA_SOURCES.page}`,
              await runCommand(python, args, dir, env),
            ) as Ran & { sdk?: string };
            expect(ran.sdk?.startsWith(`${site}${path.sep}`)).toBe(true);
            return ran;
          });
        } finally {
          await emulator.close();
        }
      },
      RUN_TIMEOUT_MS,
    );
  });

  describeWithDotnet("C#: each example compiles on the generated .NET SDK", (dotnet) => {
    let work: string;
    let sdkProject: string;

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "docs-examples-csharp-"));
      const release = path.join(work, "release");
      fs.mkdirSync(release);
      const [archive] = await dotnetSdkArchive().make(release);
      ok(await runCommand("tar", ["-xzf", path.join(release, archive), "-C", work], work), "tar");
      const folder = path.join(work, archive.replace(/\.tar\.gz$/, ""));
      sdkProject = path.join(
        folder,
        fs.readdirSync(folder).find((f) => f.endsWith(".csproj"))!,
      );
    }, 900_000);

    afterAll(() => {
      if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
    });

    for (const example of EXAMPLES) {
      test(
        example.page,
        async () => {
          const dir = path.join(work, "examples", example.name);
          writeFiles(dir, {
            "Program.cs": example.code.csharp,
            [`${example.name}.csproj`]: [
              '<Project Sdk="Microsoft.NET.Sdk">',
              "  <PropertyGroup>",
              "    <OutputType>Exe</OutputType>",
              `    <TargetFramework>net${dotnet.major}.0</TargetFramework>`,
              "    <Nullable>enable</Nullable>",
              "    <ImplicitUsings>enable</ImplicitUsings>",
              "  </PropertyGroup>",
              "  <ItemGroup>",
              `    <ProjectReference Include="${sdkProject}" />`,
              "  </ItemGroup>",
              "</Project>",
              "",
            ].join("\n"),
          });
          await timed(`csharp ${example.name} build`, async () =>
            ok(
              await runCommand(dotnet.command, ["build", "-nologo", dir], dir),
              `dotnet build of ${example.page}`,
            ),
          );
        },
        RUN_TIMEOUT_MS,
      );
    }
  });
});

/** A .NET SDK found on this machine: the command and its major version. */
interface Dotnet {
  readonly command: string;
  readonly major: number;
}

/**
 * The .NET SDK: `dotnet` on PATH, then `~/.dotnet/dotnet` (where Microsoft's install script puts
 * it); else why there is none, naming every source tried, and whether one of them offers an SDK
 * that is not installed (Debian's package index, as `apt-cache` holds it).
 */
function findDotnet(): { found: Dotnet } | { reason: string; installable: boolean } {
  for (const command of ["dotnet", path.join(os.homedir(), ".dotnet", "dotnet")]) {
    const run = spawnSync(command, ["--list-sdks"], { encoding: "utf8", timeout: 60_000 });
    const major = /^(\d+)\./m.exec(run.stdout ?? "")?.[1];
    if (run.status === 0 && major !== undefined) {
      return { found: { command, major: Number(major) } };
    }
  }
  const aptCache = (...args: string[]) =>
    spawnSync("apt-cache", args, { encoding: "utf8", timeout: 60_000 });
  const apt = aptCache("search", "--names-only", "^dotnet");
  const indexed = aptCache("pkgnames").stdout?.trim() ?? "";
  const offered =
    apt.status === 0 ? apt.stdout.split("\n").filter((line) => /^dotnet\S*-sdk/.test(line)) : [];
  const debian =
    apt.status !== 0
      ? "Debian's package index could not be read (apt-cache did not run)"
      : indexed === ""
        ? "Debian's package index is empty (apt-get update was never run)"
        : offered.length > 0
          ? `Debian's packages offer ${offered.map((l) => l.split(" ")[0]).join(", ")}, not installed`
          : "Debian's packages hold no .NET SDK (apt-cache search --names-only ^dotnet)";
  return {
    reason:
      `no .NET SDK: no dotnet on PATH or in ~/.dotnet; ${debian}; NuGet, which holds Pulumi's ` +
      ".NET SDK, is reached only through a dotnet, so it was not tried",
    installable: offered.length > 0,
  };
}

/**
 * `describe` with the .NET SDK when there is one. Without one, a skip that says why; in CI a
 * failure when a source offers an SDK that was not installed, a skip otherwise (nothing here could
 * install one).
 */
function describeWithDotnet(title: string, suite: (dotnet: Dotnet) => void): void {
  const lookup = findDotnet();
  if ("found" in lookup) {
    describe(title, () => suite(lookup.found));
    return;
  }
  if (inCi && lookup.installable) {
    describe(title, () => {
      test(".NET SDK is installed (required in CI where it can be)", () => {
        throw new Error(lookup.reason);
      });
    });
    return;
  }
  process.stderr.write(`skipped "${title}": ${lookup.reason}\n`);
  describe(title, () => {
    test.skip(`the docs examples in C# (skipped: ${lookup.reason})`, () => undefined);
  });
}
