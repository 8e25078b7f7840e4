/**
 * What `pending-creates` says when `pulumi stack export` cannot load the checkpoint
 * (cli/pendingCreates/unreadableCheckpoint.ts), on a file backend laid out as the CLI 3.276.0
 * lays it out (`.pulumi/stacks/<project>/<stack>.json`, `.json.attrs`, `.json.bak`,
 * `.pulumi/backups/<project>/<stack>/<stack>.<time>.json`): a torn attributes file, a torn
 * checkpoint, a stack found without `--stack`, the backend found from the login, and a backend it
 * cannot look into. tests/automation/tornCheckpoint.automation.test.ts meets the first through
 * the real CLI.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  backendUrl,
  fileBackendFolder,
  isUnreadableCheckpoint,
  unreadableCheckpointAdvice,
} from "../../cli/pendingCreates/unreadableCheckpoint";

const EOF = "error: failed to load checkpoint: EOF";
const PROGRAM = "pulumi-resource-ngrok-dynamic";

let work: string;
let backend: string;
let project: string;
let stacks: string;
let backups: string;

/** A checkpoint file written at `time`, as the file backend writes one. */
const checkpoint = (time: string) =>
  JSON.stringify({
    version: 3,
    checkpoint: { stack: "organization/infra/dev", latest: { manifest: { time } } },
  });

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "unreadable-checkpoint-"));
  backend = path.join(work, "state");
  project = path.join(work, "project");
  stacks = path.join(backend, ".pulumi", "stacks", "infra");
  backups = path.join(backend, ".pulumi", "backups", "infra", "dev");
  for (const dir of [project, stacks, backups]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: infra\nruntime: yaml\n");
  fs.writeFileSync(path.join(stacks, "dev.json"), checkpoint("2026-12-02T10:00:02Z"));
  fs.writeFileSync(path.join(stacks, "dev.json.attrs"), '{"user.content_type":"text/plain"}');
  fs.writeFileSync(path.join(stacks, "dev.json.bak"), checkpoint("2026-12-02T10:00:01Z"));
  fs.writeFileSync(path.join(backups, "dev.1.json"), checkpoint("2026-12-02T10:00:01Z"));
  fs.writeFileSync(path.join(backups, "dev.2.json"), checkpoint("2026-12-02T10:00:02Z"));
  fs.utimesSync(path.join(backups, "dev.1.json"), new Date(1000), new Date(1000));
  // Another stack of the project, whole: never listed when the command looks for torn ones.
  fs.writeFileSync(path.join(stacks, "prod.json"), checkpoint("2026-12-01T00:00:00Z"));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const advice = (
  stack?: string,
  env: NodeJS.ProcessEnv = { PULUMI_BACKEND_URL: `file://${backend}` },
) => unreadableCheckpointAdvice(EOF, { stack, program: PROGRAM, env, cwd: project });
const commands = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("  $ "))
    .map((line) => line.slice(4));

test("a torn attributes file: named, the checkpoint read with --file, the file removed", () => {
  fs.writeFileSync(path.join(stacks, "dev.json.attrs"), "");
  const text = advice("dev");
  expect(isUnreadableCheckpoint(EOF)).toBe(true);
  expect(text.split("\n").slice(0, 2)).toEqual([
    `\`pulumi stack export --show-secrets\` failed: ${EOF}`,
    "Pulumi cannot read the stack's checkpoint: a CLI killed while it wrote the backend's files " +
      'can tear one (docs/interruptedDeployments.md, "If Pulumi cannot read the checkpoint").',
  ]);
  expect(text).toContain(`The stack infra/dev in the file backend ${backend}:`);
  expect(text).toMatch(
    /^ {2}\.pulumi\/stacks\/infra\/dev\.json\.attrs +torn: empty \(its attributes\)$/m,
  );
  expect(text).toMatch(
    /^ {2}\.pulumi\/backups\/infra\/dev\/dev\.2\.json +reads, written 2026-12-02T10:00:02Z \(the newest backup\)$/m,
  );
  expect(commands(text)).toEqual([
    `${PROGRAM} pending-creates --file ${path.join(stacks, "dev.json")}`,
    `rm ${path.join(stacks, "dev.json.attrs")}`,
  ]);
});

test("a torn checkpoint: the newest that reads (the newest backup) is read and copied over it", () => {
  fs.writeFileSync(path.join(stacks, "dev.json"), '{"version":3,"checkp');
  const text = advice("organization/infra/dev");
  expect(text).toMatch(
    /^ {2}\.pulumi\/stacks\/infra\/dev\.json +torn: not JSON \(the checkpoint\)$/m,
  );
  expect(commands(text)).toEqual([
    `${PROGRAM} pending-creates --file ${path.join(backups, "dev.2.json")}`,
    `cp ${path.join(backups, "dev.2.json")} ${path.join(stacks, "dev.json")}`,
  ]);
});

test("without --stack, the project's stacks with a torn file; the backend from the login", () => {
  fs.writeFileSync(path.join(stacks, "dev.json.attrs"), "{");
  const home = path.join(work, "home");
  fs.mkdirSync(home);
  fs.writeFileSync(
    path.join(home, "credentials.json"),
    JSON.stringify({ current: `file://${backend}` }),
  );
  const env = { PULUMI_HOME: home };
  expect(backendUrl(env, project)).toBe(`file://${backend}`);
  const text = advice(undefined, env);
  expect(text).toContain("The stack infra/dev ");
  expect(text).not.toContain("infra/prod");
  expect(text).toContain("torn: not JSON (its attributes)");
});

test("a backend it cannot look into: the reason, the page and --file", () => {
  const text = advice("dev", { PULUMI_BACKEND_URL: "https://api.pulumi.com" });
  expect(text).toContain("It is not a file backend this command can look into from here");
  expect(text).toContain(`${PROGRAM} pending-creates --file <checkpoint.json>`);
  expect(fileBackendFolder("file://~/state", "/x")).toBe(path.join(os.homedir(), "state"));
  expect(fileBackendFolder("file://./state", "/x")).toBe("/x/state");
  expect(isUnreadableCheckpoint("error: no stack named 'dev' found")).toBe(false);
});
