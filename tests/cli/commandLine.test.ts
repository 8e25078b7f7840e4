/**
 * The `pulumi-ngrok-dynamic` command as a user meets it first, run as npm's `bin` runs it (the
 * built `dist/cli/index.js` in a process of its own): `--help` at either level exits 0 and says
 * what the command is for, when to run it and where the guide is; mistakes exit 2 with the usage;
 * without `pulumi` on PATH, `pending-creates` says what is missing and offers `--file`.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO } from "../support/repo";

const BIN = path.join(REPO, "dist", "cli", "index.js");
const GUIDE =
  "https://github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/blob/main/docs/interruptedDeployments.md";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the command in `dir` with `env` (no NGROK_* variables); its status and output. */
function run(args: string[], env: NodeJS.ProcessEnv = { PATH: process.env.PATH }) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    env,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test.each([["--help"], ["-h"], ["help"]])(
  "pulumi-ngrok-dynamic %s exits 0 with the help",
  (flag) => {
    const { status, stdout, stderr } = run([flag]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toMatch(/^usage: pulumi-ngrok-dynamic <command> \[options\]$/m);
    expect(stdout).toContain(
      "pending-creates   After a pulumi up, destroy or replacement was interrupted",
    );
    expect(stdout).toContain(GUIDE);
  },
);

test.each([
  [["pending-creates", "--help"]],
  [["pending-creates", "-h"]],
  [["help", "pending-creates"]],
  [["pending-creates", "--since", "2026-01-01T00:00:00Z", "--help"]],
])("%j exits 0 with what pending-creates is for and when to run it", (args) => {
  const { status, stdout, stderr } = run(args);
  expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  expect(stdout).toMatch(/^usage: pulumi-ngrok-dynamic pending-creates \[--file/);
  expect(stdout).toContain("Run it after a pulumi up, destroy or replacement was interrupted");
  expect(stdout).toContain("Exit status: 0 every pending create resolved");
  expect(stdout).toContain(GUIDE);
});

test("the guide the help names ships with the package", () => {
  const { stdout } = run(["--help"]);
  const local = /also in this package: (\S+)\)/.exec(stdout)?.[1];
  expect(local).toBe(path.join(REPO, "docs", "interruptedDeployments.md"));
  expect(fs.readFileSync(local!, "utf8")).toMatch(/^# If a deployment is interrupted$/m);
  expect(GUIDE.endsWith(path.relative(REPO, local!))).toBe(true);
});

test.each([
  [[], /^usage: pulumi-ngrok-dynamic <command>/],
  [["pending"], /^pulumi-ngrok-dynamic: unknown command pending\n\nusage:/],
  [["pending-creates", "--file"], /^pulumi-ngrok-dynamic: --file needs a value\nusage:/],
  [["pending-creates", "--bogus"], /^pulumi-ngrok-dynamic: unknown argument --bogus\nusage:/],
  [
    ["pending-creates", "state.json"],
    /^pulumi-ngrok-dynamic: unexpected argument state\.json: every value follows its option\nusage:/,
  ],
  [
    ["pending-creates", "--since", "yesterday"],
    /^pulumi-ngrok-dynamic: --since yesterday: not a time/,
  ],
])("%j exits 2, saying what is wrong, with the usage", (args, message) => {
  const { status, stdout, stderr } = run(args);
  expect(status).toBe(2);
  expect(stdout).toBe("");
  expect(stderr).toMatch(message);
  expect(stderr).not.toMatch(/ERR_PARSE_ARGS|node:internal|\n\s+at /);
});

test("without pulumi on PATH, pending-creates says what is missing and offers --file", () => {
  const empty = fs.mkdtempSync(path.join(dir, "empty-path-"));
  const { status, stderr } = run(["pending-creates"], { PATH: empty });
  expect(status).toBe(2);
  expect(stderr).toContain("there is no `pulumi` on PATH");
  expect(stderr).toContain("pulumi stack export --show-secrets --file export.json");
  expect(stderr).toContain("pulumi-ngrok-dynamic pending-creates --file export.json");
  expect(stderr).not.toContain("ENOENT");
});

test("when pulumi stack export fails, pending-creates passes on what pulumi said", () => {
  const bin = fs.mkdtempSync(path.join(dir, "fake-pulumi-"));
  fs.writeFileSync(
    path.join(bin, "pulumi"),
    "#!/bin/sh\necho 'error: no stack selected; please use `pulumi stack select`' >&2\nexit 255\n",
    { mode: 0o755 },
  );
  const { status, stderr } = run(["pending-creates", "--stack", "prod"], { PATH: bin });
  expect(status).toBe(2);
  expect(stderr).toContain(
    "`pulumi stack export --show-secrets --stack prod` failed: error: no stack selected",
  );
  expect(stderr).toContain("or pass an exported state with --file");
});
