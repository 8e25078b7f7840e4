/**
 * A whole release, made as `npm run release` makes it (tools/scripts/release.ts, every artifact), and
 * read back:
 *
 * - the two npm packages, the plugin's and the emulator's archives for Pulumi's five targets
 *   (`<name>-v<version>-<os>-<arch>.tar.gz`), the SDK packages (Node.js, Python sdist and wheel,
 *   .NET), the `pulumi new` templates (`templates/<name>/`), and SHA256SUMS over all of them;
 * - each archive holds its executable at the root (`.exe` on Windows) and the LICENSE. The
 *   executable has its platform's format and machine, the Node.js fuse flipped by the injected
 *   blob, and is within 1.5× the runtime it embeds. A macOS one has no code signature left
 *   (injection breaks the runtime's; an x86-64 Mach-O runs unsigned, natively or under Rosetta
 *   2) and its blob in a `NODE_SEA` segment: nothing here runs macOS binaries;
 * - this machine's emulator executable, unpacked by README.md's lines into a folder of its own
 *   (none of it in the working folder), says its version and, with no Node.js on PATH, starts as
 *   README starts it and answers the API.
 *
 * tests/executables/emulated.test.ts runs the linux-arm64 and windows-amd64 plugin executables;
 * tests/automation/yamlProgramExecutable the linux-amd64 one through the CLI.
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import {
  EMULATOR_PROGRAM,
  EXECUTABLE_TARGETS,
  hostTarget,
  inspectBinary,
  PLUGIN_PROGRAM,
  targetName,
  targetNamed,
} from "../../dist/tools/devtools/executables";
import { runtimeBinary } from "../../dist/tools/devtools/executables/runtimes";
import { archiveName } from "../../dist/tools/scripts/executableArchives";
import { CHECKSUMS, makeRelease } from "../../dist/tools/scripts/release";
import { templateFiles } from "../../dist/tools/scripts/templates";
import { runDocLines } from "../support/consumerProject";
import { codeBlockAfter, commandLines } from "../support/docsBlocks";
import { REPO } from "../support/repo";

const { version } = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
  version: string;
};

let work: string;
let out: string;
let files: string[];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "whole-release-"));
  out = path.join(work, "release");
  files = await makeRelease(out);
}, 1_200_000);
afterAll(() => {
  if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
});

/** Unpacks `archive` of the release into a new folder; returns it. */
function unpack(archive: string): string {
  const dir = fs.mkdtempSync(path.join(work, "unpacked-"));
  execFileSync("tar", ["-xzf", path.join(out, archive), "-C", dir]);
  return dir;
}

test("the release holds the packages, ten executable archives, the SDK packages, the templates and checksums", () => {
  const archives = [PLUGIN_PROGRAM, EMULATOR_PROGRAM].flatMap((program) =>
    EXECUTABLE_TARGETS.map((target) => archiveName(program, target, version)),
  );
  expect(files).toEqual([
    `pulumi-ngrok-dynamic-${version}.tgz`,
    `ngrok-api-emulator-${version}.tgz`,
    ...archives,
    `pulumi-ngrok-dynamic-ngrok-dynamic-${version}.tgz`,
    `pulumi_ngrok_dynamic-${version}.tar.gz`,
    `pulumi_ngrok_dynamic-${version}-py3-none-any.whl`,
    `pulumi-ngrok-dynamic-dotnet-${version}.tar.gz`,
    ...templateFiles(),
    CHECKSUMS,
  ]);
  expect(archives).toContain(`pulumi-resource-ngrok-dynamic-v${version}-darwin-arm64.tar.gz`);
  expect(fs.readdirSync(out).sort()).toEqual(
    [...new Set(files.map((file) => file.split("/")[0]))].sort(),
  );
  const sums = execFileSync("sha256sum", ["-c", CHECKSUMS], { cwd: out, encoding: "utf8" });
  expect(sums.trim().split("\n")).toHaveLength(files.length - 1);
});

describe.each([PLUGIN_PROGRAM, EMULATOR_PROGRAM])("the $name archives", (program) => {
  test.each(EXECUTABLE_TARGETS.map((t) => [targetName(t), t] as const))(
    "%s: the executable at the root, its platform's format, within 1.5× its runtime",
    (_name, target) => {
      const dir = unpack(archiveName(program, target, version));
      const executable = `${program.name}${target.suffix}`;
      expect(fs.readdirSync(dir).sort()).toEqual(["LICENSE", executable].sort());
      const file = path.join(dir, executable);
      expect(fs.statSync(file).mode & 0o111).not.toBe(0);
      const facts = inspectBinary(fs.readFileSync(file));
      expect(facts.format).toBe(target.format);
      expect(facts.seaInjected).toBe(true);
      if (target.os === "darwin") {
        expect(facts.codeSigned).toBe(false);
        expect(facts.segments).toContain("NODE_SEA");
      }
      const runtime = runtimeBinary(target.runtime);
      // The runtime's own fuse is unflipped: the check tells the two apart.
      expect(inspectBinary(fs.readFileSync(runtime)).seaInjected).toBe(false);
      expect(fs.statSync(file).size / fs.statSync(runtime).size).toBeLessThan(1.5);
    },
  );
});

test("README's lines unpack the emulator's executable into its own folder; it says its version, starts with no Node.js on PATH and answers the API", async () => {
  const target = hostTarget()!;
  // README: `mkdir -p ~/.local/share/…`, `tar -xzf "$RELEASE/…-linux-amd64.tar.gz" -C …`, then
  // the executable from there; this machine's archive, a home of the test's own, a free port.
  const [mkdir, untar, start] = commandLines(
    codeBlockAfter("README.md", "Without a Node.js project", "sh"),
  );
  const printedArchive = archiveName(EMULATOR_PROGRAM, targetNamed("linux-amd64"), version);
  expect(untar).toBe(`tar -xzf "$RELEASE/${printedArchive}" -C ~/.local/share/ngrok-api-emulator`);
  expect(mkdir).toBe("mkdir -p ~/.local/share/ngrok-api-emulator");
  const home = fs.mkdtempSync(path.join(work, "home-"));
  const project = fs.mkdtempSync(path.join(work, "project-"));
  runDocLines([mkdir, untar.replace("linux-amd64", targetName(target))], project, {
    RELEASE: out,
    HOME: home,
  });
  const dir = path.join(home, ".local", "share", "ngrok-api-emulator");
  const executable = `${EMULATOR_PROGRAM.name}${target.suffix}`;
  expect(fs.readdirSync(dir).sort()).toEqual(["LICENSE", executable].sort());
  expect(fs.readdirSync(project)).toEqual([]);
  const [command, ...args] = start.split(/\s+/);
  expect(command.replace(/^~/, home)).toBe(path.join(dir, executable));

  const emulatorVersion = (
    JSON.parse(fs.readFileSync(path.join(REPO, "emulator", "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  const printed = execFileSync(path.join(dir, executable), ["--version"], {
    env: { PATH: dir },
    encoding: "utf8",
  });
  expect(printed).toBe(`${emulatorVersion}\n`);

  expect(args).toEqual(["--port", "8787", "--api-key", "emu_local"]);
  const child = spawn(
    path.join(dir, executable),
    args.map((arg) => (arg === "8787" ? "0" : arg)),
    { cwd: project, env: { PATH: dir }, stdio: ["ignore", "pipe", "pipe"] },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).once("line", (line) => {
        const found = /listening on (http:\/\/\S+)/.exec(line);
        if (found === null) reject(new Error(`unexpected first line: ${line}`));
        else resolve(found[1]);
      });
      child.once("exit", (code) => reject(new Error(`exited ${code} before listening`)));
    });
    const headers = { authorization: "Bearer emu_local", "ngrok-version": "2" };
    const listed = await fetch(`${url}/ssh_certificate_authorities`, { headers });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ ssh_certificate_authorities: [] });
    const refused = await fetch(`${url}/ssh_certificate_authorities`, {
      headers: { ...headers, authorization: "Bearer wrong" },
    });
    expect(refused.status).toBe(401);
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }
});
