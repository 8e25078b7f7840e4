/**
 * Every test suite is in exactly one tier (jest.config.js), and every suite that starts the real
 * Pulumi CLI or OpenSSH is in the engine tier: so that `npm run test:fast` never waits on them.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../support/repo";

const listed = new Map<"fast" | "engine", string[]>();

/** The suites Jest lists in `project` (one `jest --listTests` per project for the file). */
function tier(project: "fast" | "engine"): string[] {
  const known = listed.get(project);
  if (known !== undefined) return known;
  const run = spawnSync(
    process.execPath,
    [
      path.join(REPO, "node_modules/jest/bin/jest.js"),
      "--listTests",
      `--selectProjects=${project}`,
    ],
    { cwd: REPO, encoding: "utf8" },
  );
  const suites = run.stdout
    .split("\n")
    .filter((line) => line.endsWith(".test.ts"))
    .map((file) => path.relative(REPO, file))
    .sort();
  listed.set(project, suites);
  return suites;
}

const suites = execFileSync("git", ["ls-files", "tests"], { cwd: REPO, encoding: "utf8" })
  .split("\n")
  .filter((file) => file.endsWith(".test.ts") && fs.existsSync(path.join(REPO, file)))
  .sort();

test("every suite is in exactly one tier", () => {
  const fast = tier("fast");
  const engine = tier("engine");
  expect(fast.filter((file) => engine.includes(file))).toEqual([]);
  expect([...fast, ...engine].sort()).toEqual(suites);
  expect(engine.length).toBeGreaterThan(10);
});

test("a suite that starts the real CLI or OpenSSH is in the engine tier", () => {
  const engine = tier("engine");
  const real = suites.filter((file) =>
    /describeWithPulumi\(|describeWithOpenSsh\(|findPulumiCli\(/.test(
      fs.readFileSync(path.join(REPO, file), "utf8"),
    ),
  );
  expect(real.length).toBeGreaterThan(10);
  expect(real.filter((file) => !engine.includes(file))).toEqual([]);
});
