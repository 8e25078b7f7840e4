/**
 * Python for the suites that run the Python SDK (tests/automation/pythonProgram): a Python that
 * makes virtual environments and one that builds the SDK's wheel ({@link describeWithPython}),
 * and {@link cachedVenv}, a virtual environment holding the packages pinned in
 * tests/fixtures/python/requirements.txt (the newest `pulumi` served), requirements-oldest.txt
 * (the oldest the wheel claims) or another requirements file, made once and kept outside the
 * repository. Suites that only need a virtual environment (the emulator's
 * Schemathesis run) use {@link describeWithVenvPython}.
 *
 * Without such a Python a suite is skipped with one printed reason, except in CI (`CI` set to
 * `true` or `1`), where `.ci/run` installs what is missing and its absence fails the run.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { toolCacheRoot } from "../../dist/tools/devtools/pulumiCli";
import { pythonWithBuild } from "../../dist/tools/scripts/sdkPackages";
import { ok, runCommand } from "./goToolchain";
import { REPO } from "./stack";

/**
 * The pinned packages of {@link cachedVenv}: `pulumi` and everything it requires, at the newest
 * `pulumi` PyPI serves here.
 */
export const REQUIREMENTS = path.join(REPO, "tests", "fixtures", "python", "requirements.txt");

/** The same, at the oldest `pulumi` the Python SDK's wheel claims (`PYTHON_PULUMI_FLOOR`). */
export const REQUIREMENTS_OLDEST = path.join(
  REPO,
  "tests",
  "fixtures",
  "python",
  "requirements-oldest.txt",
);

/** The `pulumi` release a requirements file pins (`pulumi==3.272.0` → `3.272.0`). */
export function pinnedPulumiOf(requirements: string): string {
  const pinned = /^pulumi==(\S+)$/m.exec(fs.readFileSync(requirements, "utf8"))?.[1];
  if (pinned === undefined) throw new Error(`${requirements} pins no pulumi==<version>`);
  return pinned;
}

/** A Python that makes virtual environments: its command, real executable and version. */
export interface VenvPython {
  readonly command: string;
  readonly executable: string;
  readonly version: string;
}

/** The Pythons {@link describeWithPython} found, or why there are none. */
type Lookup =
  | { readonly found: true; readonly venv: VenvPython; readonly build: string }
  | { readonly found: false; readonly reason: string };

/**
 * The first of `python3` and `/usr/bin/python3` that is 3.10 or later (as `pulumi` requires) and
 * has `venv` with `ensurepip` (Debian's python3-venv for the system Python).
 */
function lookupVenv(): VenvPython | { readonly reason: string } {
  const probe = "import sys, venv, ensurepip; print(sys.executable); print(sys.version.split()[0])";
  for (const command of ["python3", "/usr/bin/python3"]) {
    const run = spawnSync(command, ["-c", `${probe}; assert sys.version_info >= (3, 10)`], {
      encoding: "utf8",
    });
    if (run.status === 0) {
      const [executable, version] = run.stdout.trim().split("\n");
      return { command, executable: fs.realpathSync(executable), version };
    }
  }
  return {
    reason:
      "no python3 (3.10 or later) with venv and ensurepip among python3 and /usr/bin/python3 " +
      "(Debian: apt-get install python3-venv)",
  };
}

/** {@link lookupVenv}, and the Python that builds the wheel (`pythonWithBuild`: Debian's
 * python3-build, python3-wheel, python3-setuptools). */
function lookup(venv: VenvPython | { readonly reason: string }): Lookup {
  if ("reason" in venv) return { found: false, reason: venv.reason };
  try {
    return { found: true, venv, build: pythonWithBuild() };
  } catch (error) {
    return { found: false, reason: (error as Error).message };
  }
}

const venvOnly = lookupVenv();
const found = lookup(venvOnly);
const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

/** The Python of {@link cachedVenv}; only defined inside a {@link describeWithPython} suite. */
export function venvPython(): VenvPython {
  if (!found.found) throw new Error(`no Python: the suite should not run (${found.reason})`);
  return found.venv;
}

/** `describe` when both Pythons are there; otherwise a skip that says why, or in CI a failure. */
export function describeWithPython(title: string, suite: () => void): void {
  describeIf(found.found ? undefined : found.reason, "venv and build", title, suite);
}

/**
 * `describe` when a Python that makes virtual environments is there ({@link venvOnlyPython} in the
 * suite); otherwise a skip that says why, or in CI a failure.
 */
export function describeWithVenvPython(title: string, suite: () => void): void {
  describeIf("reason" in venvOnly ? venvOnly.reason : undefined, "venv", title, suite);
}

/** The Python of {@link describeWithVenvPython} suites. */
export function venvOnlyPython(): VenvPython {
  if ("reason" in venvOnly)
    throw new Error(`no Python: the suite should not run (${venvOnly.reason})`);
  return venvOnly;
}

function describeIf(missing: string | undefined, what: string, title: string, suite: () => void) {
  if (missing === undefined) {
    describe(title, suite);
    return;
  }
  if (inCi) {
    describe(title, () => {
      test(`Python with ${what} is available (required in CI)`, () => {
        throw new Error(`CI runs this suite, and Python is missing: ${missing}`);
      });
    });
    return;
  }
  process.stderr.write(`skipped "${title}": ${missing}\n`);
  describe.skip(`${title} (skipped: no Python)`, suite);
}

/** A virtual environment: its folder, its `python`, and whether this call made it. */
export interface Venv {
  readonly dir: string;
  readonly python: string;
  readonly made: boolean;
}

/**
 * The virtual environment of `requirements` (default {@link REQUIREMENTS}) made with `python`, in
 * `${XDG_CACHE_HOME:-~/.cache}/pulumi-ngrok-dynamic/python/venv-<key>` (`PULUMI_NGROK_PYTHON_CACHE`
 * moves the folder), the key a hash of the requirements and of the Python's executable and
 * version. Made when missing: `python -m venv`, then `pip install --only-binary=:all: -r` (pip's
 * downloads kept in `…/python/pip`), in a staging folder renamed into place when complete, so an
 * interrupted run leaves nothing half made. The environment is only ever run as
 * `<dir>/bin/python -m pip` or `<dir>/bin/python`, which the rename does not break.
 *
 * @throws Error with pip's output when the environment cannot be made (e.g. PyPI unreachable).
 */
export async function cachedVenv(
  python: VenvPython,
  env = process.env,
  requirements = REQUIREMENTS,
): Promise<Venv> {
  const root = toolCacheRoot("python", env.PULUMI_NGROK_PYTHON_CACHE, env);
  const key = createHash("sha256")
    .update(fs.readFileSync(requirements))
    .update(`\0${python.executable}\0${python.version}`)
    .digest("hex")
    .slice(0, 16);
  const dir = path.join(root, `venv-${key}`);
  const result = (made: boolean): Venv => ({ dir, python: path.join(dir, "bin", "python"), made });
  if (fs.existsSync(path.join(dir, "bin", "python"))) return result(false);
  fs.mkdirSync(root, { recursive: true });
  const staging = fs.mkdtempSync(`${dir}.partial-`);
  try {
    ok(await runCommand(python.command, ["-m", "venv", staging], root), "python -m venv");
    ok(
      await runCommand(
        path.join(staging, "bin", "python"),
        [
          ...["-m", "pip", "install", "--disable-pip-version-check", "--no-input"],
          ...["--only-binary=:all:", "--cache-dir", path.join(root, "pip"), "-r", requirements],
        ],
        root,
      ),
      `pip install -r ${path.relative(REPO, requirements)}`,
    );
    try {
      fs.renameSync(staging, dir);
    } catch (error) {
      // Another run made the same environment first: use that one.
      if (!fs.existsSync(path.join(dir, "bin", "python"))) throw error;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return result(true);
}
