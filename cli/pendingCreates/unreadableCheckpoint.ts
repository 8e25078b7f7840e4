/**
 * What `pending-creates` says when `pulumi stack export` fails with "failed to load checkpoint"
 * (issue #48 §4: a YAML `up` killed while the file backend wrote the stack's files): that Pulumi
 * cannot read the stack's checkpoint, which of the stack's files in the file backend read and
 * which are torn, the command that reads the newest checkpoint that reads (`--file`: this command
 * reads a checkpoint file as it reads an export), and the repair that lets Pulumi read the stack
 * again (docs/interruptedDeployments.md, "If Pulumi cannot read the checkpoint").
 *
 * The file backend keeps, per stack (`<root>/.pulumi/stacks/<project>/<stack>.json`, or
 * `.pulumi/stacks/<stack>.json` for a backend made before projects), the checkpoint, its previous
 * version `<stack>.json.bak`, an attributes file beside each (`….attrs`) and, under
 * `.pulumi/backups/<project>/<stack>/`, a copy of each checkpoint written (gzipped, `.json.gz`,
 * with `PULUMI_SELF_MANAGED_STATE_GZIP`). Measured with the CLI 3.276.0: a torn `.attrs` makes
 * every command fail with "failed to load checkpoint: EOF", `pulumi stack import` included (it
 * loads the checkpoint first), and removing it repairs the stack; a torn checkpoint is repaired by
 * copying a whole one over it, while `pulumi stack import --file` refuses a checkpoint file ("could
 * not deserialize deployment": it takes an export's `{"version", "deployment"}`), so the repair
 * printed is `rm` and `cp`, not an import.
 *
 * The backend is `PULUMI_BACKEND_URL`, else the project's `backend.url` (Pulumi.yaml), else the
 * login in `$PULUMI_HOME/credentials.json` (`~/.pulumi`); only a `file://` one has files to name.
 * Nothing here writes or prints a file's content.
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { parse } from "yaml";
import { isRecord } from "../../provider/client/brand";
import { shellQuote } from "./report";

/** Whether `pulumi stack export`'s error says the stack's checkpoint could not be read. */
export const isUnreadableCheckpoint = (said: string): boolean =>
  /failed to load checkpoint/.test(said);

/** One file of a stack in the file backend, and whether it reads. */
export interface StackFile {
  readonly file: string;
  /** `undefined` when it reads; else why not (`empty`, `not JSON`). */
  readonly torn: string | undefined;
  /** A checkpoint's write time (`manifest.time`), when it reads and has one. */
  readonly written?: string;
  /** What it is: `the checkpoint`, `its attributes`, `the newest backup`… */
  readonly role: string;
}

/** The folder of a `file://` backend URL (`file://~` is the home folder), else `undefined`. */
export function fileBackendFolder(url: string | undefined, cwd: string): string | undefined {
  if (url === undefined || !url.startsWith("file://")) return undefined;
  const folder = url.slice("file://".length).replace(/\?.*$/, "");
  if (folder === "~" || folder.startsWith("~/")) return path.join(os.homedir(), folder.slice(1));
  return path.resolve(cwd, folder);
}

/** The project's Pulumi.yaml (or .yml) in `cwd`, read; `undefined` when there is none. */
function projectFile(cwd: string): Record<string, unknown> | undefined {
  for (const name of ["Pulumi.yaml", "Pulumi.yml"]) {
    const file = path.join(cwd, name);
    if (!fs.existsSync(file)) continue;
    try {
      const parsed: unknown = parse(fs.readFileSync(file, "utf8"));
      return isRecord(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The backend URL the CLI uses in `cwd` (see the module comment), when it can be told. */
export function backendUrl(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  if ((env.PULUMI_BACKEND_URL ?? "") !== "") return env.PULUMI_BACKEND_URL;
  const backend = projectFile(cwd)?.backend;
  if (isRecord(backend) && typeof backend.url === "string") return backend.url;
  const home = env.PULUMI_HOME || path.join(os.homedir(), ".pulumi");
  try {
    const credentials: unknown = JSON.parse(
      fs.readFileSync(path.join(home, "credentials.json"), "utf8"),
    );
    return isRecord(credentials) && typeof credentials.current === "string"
      ? credentials.current
      : undefined;
  } catch {
    return undefined;
  }
}

/** Why `file`'s content does not read as JSON (gunzipped for `.gz`), or `undefined`. */
function whyTorn(file: string): { torn: string | undefined; written?: string } {
  let text: string;
  try {
    const bytes = fs.readFileSync(file);
    text = (file.endsWith(".gz") ? zlib.gunzipSync(bytes) : bytes).toString("utf8");
  } catch (error) {
    return { torn: `unreadable (${error instanceof Error ? error.message : String(error)})` };
  }
  if (text.trim() === "") return { torn: "empty" };
  try {
    const parsed: unknown = JSON.parse(text);
    const checkpoint = isRecord(parsed) ? parsed.checkpoint : undefined;
    const latest = isRecord(checkpoint) ? checkpoint.latest : undefined;
    const manifest = isRecord(latest) ? latest.manifest : undefined;
    const time = isRecord(manifest) ? manifest.time : undefined;
    return { torn: undefined, written: typeof time === "string" ? time : undefined };
  } catch {
    return { torn: "not JSON" };
  }
}

/**
 * The files of the stack `stack` of `project` in the file backend at `root`: the checkpoint, its
 * `.bak`, their attributes, and the newest backup; those that exist, in that order.
 */
export function stackFiles(root: string, project: string, stack: string): StackFile[] {
  const stacks = path.join(root, ".pulumi", "stacks");
  const byProject = fs.existsSync(path.join(stacks, project));
  const base = path.join(byProject ? path.join(stacks, project) : stacks, stack);
  const checkpoint = [`${base}.json`, `${base}.json.gz`].find((file) => fs.existsSync(file));
  const files: StackFile[] = [];
  const add = (file: string, role: string) => {
    if (fs.existsSync(file)) files.push({ file, role, ...whyTorn(file) });
  };
  if (checkpoint !== undefined) {
    add(checkpoint, "the checkpoint");
    add(`${checkpoint}.attrs`, "its attributes");
    add(`${checkpoint}.bak`, "the checkpoint before it");
    add(`${checkpoint}.bak.attrs`, "its attributes");
  }
  const backups = path.join(
    root,
    ".pulumi",
    "backups",
    ...(byProject ? [project, stack] : [stack]),
  );
  const newest = fs.existsSync(backups)
    ? fs
        .readdirSync(backups)
        .filter((name) => /\.json(\.gz)?$/.test(name))
        .map((name) => path.join(backups, name))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]
    : undefined;
  if (newest !== undefined) add(newest, "the newest backup");
  return files;
}

/** The names of the stacks of `project` in the file backend at `root`. */
function stacksOf(root: string, project: string): string[] {
  const stacks = path.join(root, ".pulumi", "stacks");
  const folder = fs.existsSync(path.join(stacks, project)) ? path.join(stacks, project) : stacks;
  if (!fs.existsSync(folder)) return [];
  return [
    ...new Set(
      fs
        .readdirSync(folder)
        .map((name) => /^(.+?)\.json(\.gz)?$/.exec(name)?.[1])
        .filter((name): name is string => name !== undefined),
    ),
  ].sort();
}

/** Where to look, and what the command was run with. */
export interface UnreadableCheckpointContext {
  /** `--stack`, as given (`dev`, `org/project/dev`). */
  readonly stack: string | undefined;
  /** The command's name, for the `--file` line. */
  readonly program: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

/**
 * The message for `pulumi stack export`'s failure `said` when it could not read the checkpoint
 * (see the module comment): the stack's files, the `--file` command and the repair; without a
 * file backend to look into, the reason and the page.
 */
export function unreadableCheckpointAdvice(
  said: string,
  { stack, program, env = process.env, cwd = process.cwd() }: UnreadableCheckpointContext,
): string {
  const lines = [
    `\`pulumi stack export --show-secrets\` failed: ${said}`,
    "Pulumi cannot read the stack's checkpoint: a CLI killed while it wrote the backend's files " +
      'can tear one (docs/interruptedDeployments.md, "If Pulumi cannot read the checkpoint").',
  ];
  const root = fileBackendFolder(backendUrl(env, cwd), cwd);
  const parts = stack?.split("/") ?? [];
  const project =
    (parts.length > 1 ? parts.at(-2) : undefined) ??
    (typeof projectFile(cwd)?.name === "string" ? String(projectFile(cwd)?.name) : undefined);
  if (root === undefined || project === undefined) {
    lines.push(
      "It is not a file backend this command can look into from here (PULUMI_BACKEND_URL, " +
        "Pulumi.yaml's backend, or pulumi login). Where the stack's files are, find the " +
        `checkpoint that reads and pass it: ${program} pending-creates --file <checkpoint.json>.`,
    );
    return lines.join("\n");
  }
  const names = stack === undefined ? stacksOf(root, project) : [parts.at(-1) ?? stack];
  const stacks = names
    .map((name) => ({ name, files: stackFiles(root, project, name) }))
    .filter(({ files }) => stack !== undefined || files.some((file) => file.torn !== undefined));
  if (stacks.length === 0) {
    lines.push(
      `No file of ${stack === undefined ? "the project's stacks" : `the stack ${stack}`} in the ` +
        `file backend ${root} is torn: run the command with --stack, or pass a checkpoint that ` +
        `reads with --file.`,
    );
    return lines.join("\n");
  }
  for (const { name, files } of stacks) {
    lines.push("", `The stack ${project}/${name} in the file backend ${root}:`);
    const width = Math.max(...files.map(({ file }) => path.relative(root, file).length));
    for (const { file, torn, written, role } of files) {
      const state =
        torn === undefined
          ? `reads${written === undefined ? "" : `, written ${written}`}`
          : `torn: ${torn}`;
      lines.push(`  ${path.relative(root, file).padEnd(width)}  ${state} (${role})`);
    }
    const readable = files
      .filter((file) => file.torn === undefined && file.written !== undefined)
      .sort((a, b) => (b.written ?? "").localeCompare(a.written ?? ""));
    const checkpoint = files.find((file) => file.role === "the checkpoint");
    const torn = files.filter((file) => file.torn !== undefined);
    if (readable.length > 0) {
      lines.push(
        "This command reads the newest checkpoint that reads:",
        `  $ ${program} pending-creates --file ${shellQuote(readable[0].file)}`,
      );
    }
    const repair = torn.map((file) =>
      file.file.endsWith(".attrs")
        ? `rm ${shellQuote(file.file)}`
        : readable.length > 0 && file === checkpoint
          ? `cp ${shellQuote(readable[0].file)} ${shellQuote(file.file)}`
          : `# ${file.file} is torn and nothing whole can replace it`,
    );
    if (repair.length > 0) {
      lines.push(
        "Then let Pulumi read the stack again (a missing .attrs is read as its default), and run " +
          "pulumi cancel before the commands printed:",
        ...repair.map((command) => `  $ ${command}`),
      );
    }
  }
  return lines.join("\n");
}
