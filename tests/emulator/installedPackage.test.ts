/**
 * `ngrok-api-emulator` as users install it: `npm pack` of `emulator/`, installed into an empty
 * project outside the repository (its dependencies from the registry, as for a user), then its
 * `npx` command and its module API.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { installPackedEmulator, packInto } from "../support/consumerProject";
import { REPO } from "../support/repo";

let project: string;
let packedFiles: string[];

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "emulator-user-"));
  fs.writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "user", private: true }),
  );
  packedFiles = packInto(project, path.join(REPO, "emulator")).files;
  installPackedEmulator(project);
}, 180000);

afterAll(() => {
  if (project !== undefined) fs.rmSync(project, { recursive: true, force: true });
});

test("the tarball holds the compiled emulator, ngrok's OpenAPI document, its README and LICENSE, and nothing else", () => {
  expect(packedFiles).toEqual(
    expect.arrayContaining([
      "package.json",
      "README.md",
      "LICENSE",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/cli.js",
      // ngrok's document the emulator derives its requests and answers from, with its provenance.
      "openapi/ngrok.yaml",
      "openapi/ngrok.json",
      "openapi/LICENSE",
      "openapi/README.md",
    ]),
  );
  expect(
    packedFiles.filter((f) => !/^(dist\/|openapi\/|package\.json$|README\.md$|LICENSE$)/.test(f)),
  ).toEqual([]);
  expect(packedFiles.filter((f) => f.endsWith(".map") || /(?<!\.d)\.ts$/.test(f))).toEqual([]);
});

test("`npx ngrok-api-emulator --help` works from the project that installed it", () => {
  const run = spawnSync("npx", ["ngrok-api-emulator", "--help"], {
    cwd: project,
    encoding: "utf8",
  });
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("ngrok-api-emulator");
  expect(run.stdout).toContain("--port");
});

test("`npx ngrok-api-emulator --version` prints the installed package's version", () => {
  const run = spawnSync("npx", ["ngrok-api-emulator", "--version"], {
    cwd: project,
    encoding: "utf8",
  });
  const installed = JSON.parse(
    fs.readFileSync(path.join(project, "node_modules/ngrok-api-emulator/package.json"), "utf8"),
  ) as { version: string };
  expect({ status: run.status, stdout: run.stdout }).toEqual({
    status: 0,
    stdout: `${installed.version}\n`,
  });
});

test("the module starts an emulator that answers ngrok's API", () => {
  const script = `
    const { startEmulator } = require("ngrok-api-emulator");
    (async () => {
      const emulator = await startEmulator({ port: 0, apiKey: "k" });
      const response = await fetch(emulator.url + "/ssh_certificate_authorities", {
        method: "POST",
        headers: { authorization: "Bearer k", "ngrok-version": "2", "content-type": "application/json" },
        body: JSON.stringify({ private_key_type: "ed25519" }),
      });
      const body = await response.json();
      await emulator.close();
      console.log(response.status, body.id.slice(0, 6), body.public_key.split(" ")[0]);
    })();`;
  const printed = execFileSync(process.execPath, ["-e", script], {
    cwd: project,
    encoding: "utf8",
  });
  expect(printed.trim()).toBe("201 sshca_ ssh-ed25519");
  // Resolved from the user's project, not from this repository.
  const resolved = execFileSync(process.execPath, ["-p", 'require.resolve("ngrok-api-emulator")'], {
    cwd: project,
    encoding: "utf8",
  }).trim();
  expect(resolved).toBe(
    path.join(fs.realpathSync(project), "node_modules/ngrok-api-emulator/dist/index.js"),
  );
});
