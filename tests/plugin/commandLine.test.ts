/**
 * The plugin's own command line, for a user rather than the engine (issue #33 §1): `--help` says
 * what the executable is and names `pending-creates`, which the plugin runs itself so that a user
 * without Node.js has the recovery command; both exit 0 without starting a server.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { REPO } from "../support/stack";

const plugin = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(REPO, "dist/plugin/index.js"), ...args], {
    encoding: "utf8",
    timeout: 30_000,
  });

describe("pulumi-resource-ngrok-dynamic's command line", () => {
  test("--help says what it is and names pending-creates", () => {
    const help = plugin("--help");
    expect(help).toMatch(/^pulumi-resource-ngrok-dynamic: the Pulumi provider plugin/);
    expect(help).toContain("pulumi-resource-ngrok-dynamic pending-creates");
  });

  test("pending-creates --help prints the command's usage under the plugin's name", () => {
    expect(plugin("pending-creates", "--help")).toMatch(
      /^usage: pulumi-resource-ngrok-dynamic pending-creates /,
    );
  });
});
