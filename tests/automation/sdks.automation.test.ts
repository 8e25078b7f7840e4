/**
 * The SDKs that `npm run sdks` generates from `schema.json` (tools/scripts/sdks.ts, tools/devtools/go/sdkgen/):
 *
 * - every Go module on Pulumi (the CLI's, the generator, go-sdk-check, the Go example) requires
 *   the tested release, `@pulumi/pulumi`'s version in package-lock.json, and the Go SDK the oldest
 *   release it is tested on (tools/scripts/pulumiFloors.ts);
 * - the committed Go SDK (`sdks/go`) is what `schema.json` gives (`npm run sdks -- --check`);
 * - the Python SDK, generated into a temporary folder, byte-compiles (`python3 -m compileall`).
 *
 * That the Go SDK compiles and passes `go vet` in a program written against it
 * (`tools/devtools/go/go-sdk-check/`) is checked by goProgram.automation.test.ts, right after it builds the Go
 * example: both compile the same Pulumi Go SDK, which two suites running at once would compile
 * twice.
 *
 * In the engine tier: the first run compiles Pulumi's code generators (seconds when the CLI's build
 * filled Go's build cache, minutes of CPU on 2 cores without it), which the fast tier must not
 * wait on.
 * Nothing here starts the Pulumi CLI.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pinnedPulumiVersion } from "../../dist/tools/devtools/pulumiCli";
import { GO_PULUMI_SDK_FLOOR } from "../../dist/tools/scripts/pulumiFloors";
import { describeWithGo, ok, runCommand } from "../support/goToolchain";
import { REPO } from "../support/repo";

/** `node dist/tools/scripts/sdks.js <args>`: what `npm run sdks -- <args>` runs after its build. */
const sdks = (args: string[]) =>
  runCommand(
    process.execPath,
    [path.join(REPO, "dist", "tools", "scripts", "sdks.js"), ...args],
    REPO,
  );

const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

describeWithGo("The generated SDKs", () => {
  // A cold build of the generator takes minutes on 2 cores.
  jest.setTimeout(900_000);
  const timings: string[] = [];
  afterAll(() => process.stderr.write(`sdks: ${timings.join(", ")}\n`));

  test("every Go module on Pulumi builds on the tested release, the CLI's; the Go SDK requires its floor", () => {
    const tested = `v${pinnedPulumiVersion(REPO)}`;
    const pins = (file: string, module: string) => {
      const goMod = fs.readFileSync(path.join(REPO, file), "utf8");
      const escaped = module.replace(/[./]/g, "\\$&");
      return {
        require: new RegExp(`^\\s*(?:require )?${escaped} (\\S+)`, "m").exec(goMod)?.[1],
        replace: new RegExp(`^replace ${escaped} => ${escaped} (\\S+)$`, "m").exec(goMod)?.[1],
      };
    };
    const pkg = "github.com/pulumi/pulumi/pkg/v3";
    const sdk = "github.com/pulumi/pulumi/sdk/v3";
    expect({
      cli: pins("tools/devtools/go/pulumi-cli/go.mod", pkg),
      sdkgen: pins("tools/devtools/go/sdkgen/go.mod", pkg),
      goSdkCheck: pins("tools/devtools/go/go-sdk-check/go.mod", sdk),
      example: pins("examples/go-automation/go.mod", sdk),
      sdk: pins("sdks/go/go.mod", sdk).require,
    }).toEqual({
      cli: { require: tested, replace: tested },
      sdkgen: { require: tested, replace: tested },
      goSdkCheck: { require: tested, replace: tested },
      example: { require: tested, replace: tested },
      // The Go SDK requires the oldest release it is tested on (goProgram builds it there too).
      sdk: `v${GO_PULUMI_SDK_FLOOR}`,
    });
  });

  test("the committed Go SDK (sdks/go) is what schema.json gives", async () => {
    const check = await sdks(["--check"]);
    timings.push(`--check ${check.seconds.toFixed(1)} s`);
    expect(check.stdout + check.stderr).not.toMatch(/stale: |missing: |extra: /);
    ok(check, "npm run sdks -- --check");
  });

  test("the Python SDK byte-compiles", async () => {
    const python = await runCommand("python3", ["--version"], REPO).catch(() => undefined);
    if (python?.code !== 0) {
      if (inCi) throw new Error("CI byte-compiles the Python SDK, and python3 does not run");
      process.stderr.write("skipped the Python SDK's byte-compile: no python3 on PATH\n");
      return;
    }
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-sdks-"));
    try {
      ok(await sdks(["--out", out, "--languages", "python"]), "npm run sdks -- --languages python");
      const compiled = ok(
        await runCommand("python3", ["-m", "compileall", "-q", path.join(out, "python")], REPO),
        "python3 -m compileall",
      );
      expect(compiled.stdout).toBe("");
      expect(fs.existsSync(path.join(out, "python", "pulumi_ngrok_dynamic", "__init__.py"))).toBe(
        true,
      );
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
