/**
 * docs/testing.md followed as a user would: a release folder made by `npm run release`'s packing
 * step, a TypeScript Pulumi project (what `pulumi new typescript` leaves), the page's install
 * lines run as printed with `RELEASE` set, the printed test file written as `ngrok.test.ts`, and
 * the page's run command, with the Pulumi CLI on PATH. The printed test runs the real CLI against
 * the emulator (up, a preview with nothing to do, destroy) and must pass, all three of its tests.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { INSTALL_SCRIPTS } from "../../dist/tools/scripts/release";
import { makeRelease, newTypeScriptProject, runDocLines } from "../support/consumerProject";
import { codeBlockAfter, commandLines } from "../support/docsBlocks";
import { cli, describeWithPulumi } from "../support/realEngine";

const DOC = "docs/testing.md";

describeWithPulumi(
  "docs/testing.md's offline test, installed from a release and run as printed",
  () => {
    let tmp: string;
    let project: string;
    let installOutput: string;

    beforeAll(() => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "offline-test-doc-"));
      const release = makeRelease(path.join(tmp, "release"));
      project = path.join(tmp, "my-infra");
      fs.mkdirSync(project);
      newTypeScriptProject(project, "my-infra");
      installOutput = runDocLines(
        commandLines(codeBlockAfter(DOC, "## What it needs", "sh")),
        project,
        {
          RELEASE: release,
        },
      );
      fs.writeFileSync(
        path.join(project, "ngrok.test.ts"),
        codeBlockAfter(DOC, "byte for byte (tests/repository/offlineTestDoc.test.ts)", "ts"),
      );
    }, 300_000);

    afterAll(() => {
      if (tmp !== undefined) fs.rmSync(tmp, { recursive: true, force: true });
    });

    test("both packages install from the release with no install-time script", () => {
      expect(installOutput).not.toMatch(
        /install-scripts.*(pulumi-ngrok-dynamic|ngrok-api-emulator)/,
      );
      for (const name of ["pulumi-ngrok-dynamic", "ngrok-api-emulator"]) {
        const manifest = JSON.parse(
          fs.readFileSync(path.join(project, "node_modules", name, "package.json"), "utf8"),
        ) as { scripts?: Record<string, string> };
        expect(
          Object.keys(manifest.scripts ?? {}).filter((s) => INSTALL_SCRIPTS.includes(s)),
        ).toEqual([]);
      }
    });

    test("the printed test passes: up, a preview with nothing to do, destroy", () => {
      const [run] = commandLines(codeBlockAfter(DOC, "Run it:", "sh"));
      // The user's shell: the CLI on PATH, no NGROK_* variable (the test sets the stack config).
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith("NGROK_")),
      );
      const result = spawnSync("sh", ["-c", run], {
        cwd: project,
        env: { ...env, PATH: [cli().binDir, process.env.PATH].join(path.delimiter) },
        encoding: "utf8",
        timeout: 170_000,
      });
      const output = `${result.stdout}${result.stderr}`;
      expect({ status: result.status, output }).toEqual({ status: 0, output: expect.any(String) });
      // Node's test runner reports in TAP off a terminal up to Node.js 22 (`# pass 3`,
      // `ok 1 - …`), and in its spec format from Node.js 24 (`ℹ pass 3`, `✔ …`).
      expect(output).toMatch(/^(?:#|ℹ) pass 3$/m);
      expect(output).toMatch(/^(?:#|ℹ) fail 0$/m);
      expect(output).toMatch(/^(?:ok 1 -|✔) pulumi up creates the CA and the SAML module/m);
    });
  },
);
