/**
 * The plugin's own command line, for a user rather than the engine (issue #33 §1): `--help` says
 * what the executable is and names its commands, `pending-creates` and `edges-to-endpoints`, which
 * the plugin runs itself so that a user without Node.js has them; both exit 0 without starting a
 * server. The engine's own flags before its address are read as Go providers read them, and
 * `--version` answers (issue #38 §1, §13).
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseCommandLine } from "../../plugin/commandLine";
import { REPO } from "../support/repo";

const plugin = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(REPO, "dist/plugin/index.js"), ...args], {
    encoding: "utf8",
    timeout: 30_000,
  });

describe("pulumi-resource-ngrok-dynamic's command line", () => {
  test("--help says what it is and names its commands", () => {
    const help = plugin("--help");
    expect(help).toMatch(/^pulumi-resource-ngrok-dynamic: the Pulumi provider plugin/);
    expect(help).toContain("pulumi-resource-ngrok-dynamic pending-creates");
    expect(help).toContain("pulumi-resource-ngrok-dynamic edges-to-endpoints");
  });

  test.each(["pending-creates", "edges-to-endpoints"])(
    "%s --help prints the command's usage under the plugin's name",
    (command) => {
      expect(plugin(command, "--help")).toMatch(
        new RegExp(`^usage: pulumi-resource-ngrok-dynamic ${command}( |$)`, "m"),
      );
    },
  );
});

describe("the plugin's command line, read as Go providers read theirs", () => {
  test.each([
    [["127.0.0.1:1"], { engine: "127.0.0.1:1", verbosity: 0, logToStderr: false }],
    [
      ["--logtostderr", "-v=9", "127.0.0.1:1"],
      { engine: "127.0.0.1:1", verbosity: 9, logToStderr: true },
    ],
    [["--tracing", "http://t", "127.0.0.1:1"], { engine: "127.0.0.1:1" }],
    [["-tracing=http://t", "-v", "3", "127.0.0.1:1"], { engine: "127.0.0.1:1", verbosity: 3 }],
    [["--", "127.0.0.1:1"], { engine: "127.0.0.1:1" }],
    [[], { engine: undefined }],
    [[""], { engine: undefined }],
  ])("%j serves the engine", (args, expected) => {
    expect(parseCommandLine(args)).toEqual(expect.objectContaining({ kind: "serve", ...expected }));
  });

  test.each([["--version"], ["-version"], ["-v"], ["version"], ["--logtostderr", "version"]])(
    "%s asks for the version",
    (...args: string[]) => expect(parseCommandLine(args)).toEqual({ kind: "version" }),
  );

  test("an unknown flag, a flag without its value and two addresses are refused", () => {
    expect(parseCommandLine(["--bogus", "127.0.0.1:1"])).toEqual({
      kind: "error",
      message: "flag provided but not defined: --bogus",
    });
    expect(parseCommandLine(["--tracing"])).toEqual({
      kind: "error",
      message: "flag needs an argument: --tracing",
    });
    expect(parseCommandLine(["a:1", "b:2"])).toMatchObject({ kind: "error" });
  });

  test.each(["pending-creates", "edges-to-endpoints"])(
    "%s after the flags is the user's command",
    (command) => {
      expect(parseCommandLine([command, "--language", "yaml"])).toEqual({
        kind: "command",
        argv: [command, "--language", "yaml"],
      });
    },
  );

  test.each([["--version"], ["-v"], ["version"]])(
    "pulumi-resource-ngrok-dynamic %s prints the package's version and exits 0",
    (flag) => {
      const version = (
        JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string }
      ).version;
      expect(plugin(flag)).toBe(`${version}\n`);
    },
  );

  test("an unknown flag exits 2 with the reason and the usage, as Go's flag package does", () => {
    const result = spawnSync(process.execPath, [path.join(REPO, "dist/plugin/index.js"), "--x"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/flag provided but not defined: --x/);
    expect(result.stdout).toBe("");
  });
});
