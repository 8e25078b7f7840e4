/**
 * What one provider process leaves to the next about an account's rate-limit window.
 *
 * Pulumi starts a new dynamic-provider process for each operation, so a `pulumi refresh` run
 * right after a `pulumi up` would start with an empty window and send a burst of requests into
 * the window the `up` filled (the 429s of the burst are the ones pacing cannot avoid otherwise).
 * Each process therefore records when its requests were answered during the last window, and a
 * new process starts its {@link RollingWindow} with them (`./pacer`).
 *
 * - Where: one file per account in a folder of the operating system's temporary directory that
 *   only the current user can read (`<tmp>/pulumi-ngrok-dynamic-<uid>/<account id>.json`, mode
 *   0700/0600). The account id ({@link accountId}) is a SHA-256 digest of the base URL and the
 *   API key: the key itself is never written.
 * - What: for each process id, the times (milliseconds since the epoch) at which its requests
 *   were answered within the last window. Nothing else.
 * - When: at most every 250 ms while requests are answered, and at once when the process has no
 *   request left in flight or waiting. Files untouched for an hour are removed.
 * - Best effort: any failure (no such folder, a folder of another user, a full disk, a file that
 *   does not parse) leaves the memory out, silently; pacing works without it, with a burst
 *   at the start of each process.
 *
 * @module
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { propertyOf } from "./brand";
import { load } from "../lazy";

/** The memory of one account, on the caller's monotonic clock (milliseconds). */
export interface WindowMemory {
  /** When requests of other processes were answered within the `windowMs` before `now`. */
  load(now: number, windowMs: number): number[];
  /**
   * Records when this process's requests were answered within the window (`answeredAt`);
   * written within 250 ms, or at once when `idle` (nothing in flight or waiting).
   */
  save(now: number, answeredAt: readonly number[], idle: boolean): void;
}

/** How much earlier than recorded another process's answers are assumed to be (clock skew). */
const SKEW_MS = 100;
/** Writes are at most this often while requests are answered, in milliseconds. */
const WRITE_EVERY_MS = 250;
/** Files and entries older than this are removed, in milliseconds. */
const KEEP_MS = 3_600_000;
const FILE_NAME = /^[0-9a-f]{32}\.json$/;

/**
 * The id of an account: the first 32 hex digits of SHA-256 of its base URL and API key, which
 * names its file without revealing the key.
 */
export function accountId(account: { apiKey: string; baseUrl: string }): string {
  // Loaded with the first request: `check` and `diff` load this module and make none.
  const { createHash } = load.crypto();
  return createHash("sha256")
    .update(`${account.baseUrl}\n${account.apiKey}`)
    .digest("hex")
    .slice(0, 32);
}

/** The folder of the memory files: `<tmp>/pulumi-ngrok-dynamic-<uid>`. */
export function defaultMemoryDir(): string {
  return path.join(os.tmpdir(), `pulumi-ngrok-dynamic-${process.getuid?.() ?? "user"}`);
}

/**
 * The memory of account `id` in `dir` (default {@link defaultMemoryDir}); `origin` converts the
 * caller's clock to the epoch (default `performance.timeOrigin`, for `performance.now()`). A
 * memory that remembers nothing when `dir` cannot be used safely.
 */
export function windowMemoryFor(
  id: string,
  dir: string = defaultMemoryDir(),
  origin: number = performance.timeOrigin,
): WindowMemory {
  return usableDir(dir) ? new FileWindowMemory(path.join(dir, `${id}.json`), origin) : FORGETFUL;
}

const FORGETFUL: WindowMemory = { load: () => [], save: () => undefined };

/** Creates `dir` for this user only, and checks it is a real folder that only this user can use. */
function usableDir(dir: string): boolean {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (propertyOf(error, "code") !== "EEXIST") return false;
  }
  try {
    const stat = fs.lstatSync(dir);
    const uid = process.getuid?.();
    return (
      stat.isDirectory() && (uid === undefined || (stat.uid === uid && (stat.mode & 0o077) === 0))
    );
  } catch {
    return false;
  }
}

type Contents = { v: 1; processes: Record<string, number[]> };

class FileWindowMemory implements WindowMemory {
  private lastWrite = Number.NEGATIVE_INFINITY;
  private pending: { answeredAt: readonly number[] } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly origin: number,
  ) {}

  public load(now: number, windowMs: number): number[] {
    removeStaleFiles(path.dirname(this.file), this.origin + now);
    const since = this.origin + now - windowMs;
    const times: number[] = [];
    for (const [pid, answered] of Object.entries(this.read().processes)) {
      if (pid === String(process.pid)) continue;
      for (const at of answered) {
        if (at > since) times.push(at - this.origin + SKEW_MS);
      }
    }
    return times;
  }

  public save(now: number, answeredAt: readonly number[], idle: boolean): void {
    this.pending = { answeredAt };
    if (idle || now - this.lastWrite >= WRITE_EVERY_MS) {
      this.write(now);
    } else if (this.timer === undefined) {
      this.timer = setTimeout(
        () => this.write(performance.now() + performance.timeOrigin - this.origin),
        WRITE_EVERY_MS,
      );
      this.timer.unref();
    }
  }

  private write(now: number): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const pending = this.pending;
    if (pending === undefined) return;
    this.pending = undefined;
    this.lastWrite = now;
    const wallNow = this.origin + now;
    const contents = this.read();
    for (const [pid, answered] of Object.entries(contents.processes)) {
      if (!answered.some((at) => at > wallNow - KEEP_MS)) delete contents.processes[pid];
    }
    contents.processes[String(process.pid)] = pending.answeredAt.map((at) =>
      Math.round(this.origin + at),
    );
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temporary, JSON.stringify(contents), { mode: 0o600 });
      fs.renameSync(temporary, this.file);
    } catch {
      try {
        fs.rmSync(temporary, { force: true });
      } catch {
        // best effort
      }
    }
  }

  private read(): Contents {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(this.file, "utf8"));
      const processes = propertyOf(parsed, "processes");
      const contents: Contents = { v: 1, processes: {} };
      if (typeof processes === "object" && processes !== null) {
        for (const [pid, answered] of Object.entries(processes)) {
          if (Array.isArray(answered)) {
            contents.processes[pid] = answered.filter(
              (at: unknown): at is number => typeof at === "number" && Number.isFinite(at),
            );
          }
        }
      }
      return contents;
    } catch {
      return { v: 1, processes: {} };
    }
  }
}

/** Removes the memory files of `dir` that nobody wrote for an hour. */
function removeStaleFiles(dir: string, wallNow: number): void {
  try {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (
        (FILE_NAME.test(name) || name.endsWith(".tmp")) &&
        fs.statSync(file).mtimeMs < wallNow - KEEP_MS
      ) {
        fs.rmSync(file, { force: true });
      }
    }
  } catch {
    // best effort
  }
}
