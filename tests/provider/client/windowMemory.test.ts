/**
 * What a provider process leaves to the next about an account's window
 * (provider/client/windowMemory.ts), in a temporary folder: the account id hides the key, the
 * file holds only answer times per process, another process's times come back on this process's
 * clock, writes are throttled unless idle, and an unsafe or unusable folder remembers nothing.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { accountId, windowMemoryFor } from "../../../provider/client/windowMemory";

const ORIGIN = 1_700_000_000_000;
let dir: string;

beforeEach(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "window-memory-")), "memory");
});

afterEach(() => {
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

function contents(id: string): { processes: Record<string, number[]> } {
  return JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), "utf8")) as {
    processes: Record<string, number[]>;
  };
}

test("the account id is a digest of the base URL and the key, 32 hex digits, never the key", () => {
  const account = { apiKey: "emu_secretkey", baseUrl: "http://127.0.0.1:8787" };
  const id = accountId(account);
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(id).not.toContain("secretkey");
  expect(accountId({ ...account })).toBe(id);
  expect(accountId({ ...account, apiKey: "other" })).not.toBe(id);
  expect(accountId({ ...account, baseUrl: "http://127.0.0.1:8788" })).not.toBe(id);
});

test("an idle save writes this process's answer times at once, on the epoch clock", () => {
  const memory = windowMemoryFor("a".repeat(32), dir, ORIGIN);
  memory.save(5000, [4000, 4500], true);
  expect(contents("a".repeat(32))).toEqual({
    v: 1,
    processes: { [String(process.pid)]: [ORIGIN + 4000, ORIGIN + 4500] },
  });
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  expect(fs.statSync(path.join(dir, `${"a".repeat(32)}.json`)).mode & 0o777).toBe(0o600);
});

test("saves while requests are in flight are throttled to one per 250 ms, the latest kept", async () => {
  const id = "b".repeat(32);
  const memory = windowMemoryFor(id, dir, performance.timeOrigin);
  const now = performance.now();
  memory.save(now, [now - 10], false);
  memory.save(now + 1, [now - 10, now], false);
  expect(contents(id).processes[String(process.pid)]).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(contents(id).processes[String(process.pid)]).toHaveLength(2);
});

test("load returns other processes' answers within the window, on this clock, 100 ms later", () => {
  const id = "c".repeat(32);
  fs.mkdirSync(dir, { mode: 0o700 });
  const processes = {
    "1": [ORIGIN + 1000, ORIGIN + 9000],
    [String(process.pid)]: [ORIGIN + 9500],
    "2": [ORIGIN + 9900],
  };
  fs.writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ v: 1, processes }));
  const memory = windowMemoryFor(id, dir, ORIGIN);
  expect(memory.load(10_000, 5000).sort((a, b) => a - b)).toEqual([9100, 10_000]);
});

test("a save keeps the other processes' recent entries and drops those older than an hour", () => {
  const id = "d".repeat(32);
  fs.mkdirSync(dir, { mode: 0o700 });
  const wallNow = ORIGIN + 10_000_000;
  const processes = { "1": [wallNow - 4_000_000], "2": [wallNow - 1000] };
  fs.writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ v: 1, processes }));
  windowMemoryFor(id, dir, ORIGIN).save(10_000_000, [9_999_990], true);
  expect(contents(id).processes).toEqual({
    "2": [wallNow - 1000],
    [String(process.pid)]: [wallNow - 10],
  });
});

test("a file that does not parse is ignored, then replaced", () => {
  const id = "e".repeat(32);
  fs.mkdirSync(dir, { mode: 0o700 });
  fs.writeFileSync(path.join(dir, `${id}.json`), "{not json");
  const memory = windowMemoryFor(id, dir, ORIGIN);
  expect(memory.load(1000, 60000)).toEqual([]);
  memory.save(1000, [900], true);
  expect(contents(id).processes[String(process.pid)]).toEqual([ORIGIN + 900]);
});

test("files nobody wrote for an hour are removed when a memory is loaded", () => {
  fs.mkdirSync(dir, { mode: 0o700 });
  const stale = path.join(dir, `${"f".repeat(32)}.json`);
  const fresh = path.join(dir, `${"0".repeat(32)}.json`);
  const other = path.join(dir, "unrelated.txt");
  for (const file of [stale, fresh, other]) fs.writeFileSync(file, "{}");
  const hourAgo = new Date(Date.now() - 3_700_000);
  fs.utimesSync(stale, hourAgo, hourAgo);
  fs.utimesSync(other, hourAgo, hourAgo);
  windowMemoryFor("1".repeat(32), dir).load(performance.now(), 60000);
  expect([fs.existsSync(stale), fs.existsSync(fresh), fs.existsSync(other)]).toEqual([
    false,
    true,
    true,
  ]);
});

const posix = process.getuid !== undefined;

(posix ? test : test.skip)(
  "a folder others can read, or a file in its place, remembers nothing",
  () => {
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chmodSync(dir, 0o755);
    const open = windowMemoryFor("2".repeat(32), dir, ORIGIN);
    open.save(1000, [900], true);
    expect(fs.readdirSync(dir)).toEqual([]);
    const notDir = path.join(path.dirname(dir), "file");
    fs.writeFileSync(notDir, "");
    const broken = windowMemoryFor("3".repeat(32), notDir, ORIGIN);
    expect(broken.load(1000, 60000)).toEqual([]);
    expect(() => broken.save(1000, [900], true)).not.toThrow();
  },
);
