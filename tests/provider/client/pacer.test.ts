/**
 * The pacing's queue (provider/client/pacer.ts) on a fake clock: first come, first served, a
 * retry keeping its place, a 429 holding every queued request, the notices of a long wait, what
 * is remembered for the next process; and pacerFor's one pacer per account.
 */
import { Pacer, type PacerClock, pacerFor, type PacerSlot } from "../../../provider/client/pacer";
import type { WindowMemory } from "../../../provider/client/windowMemory";

/** A clock the test moves; timers fire in time order as it moves. */
class FakeClock implements PacerClock {
  private time = 0;
  private timers: Array<{ at: number; callback: () => void; id: number }> = [];
  private ids = 0;

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, ms: number): () => void {
    const id = ++this.ids;
    this.timers.push({ at: this.time + ms, callback, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  /** Moves the clock by `ms`, firing due timers in order, letting promises settle between. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (next === undefined || next.at > end) break;
      this.timers.shift();
      this.time = next.at;
      next.callback();
    }
    this.time = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function setup(limit = { requests: 2, windowMs: 1000 }, memory?: WindowMemory) {
  const clock = new FakeClock();
  const notices: string[] = [];
  const pacer = new Pacer(limit, { clock, notice: (m) => notices.push(m), memory });
  const granted: Array<{ name: string; at: number; slot: PacerSlot }> = [];
  const request = (name: string, ticket = pacer.ticket()) => {
    void pacer.acquire(ticket).then((slot) => granted.push({ name, at: clock.now(), slot }));
    return ticket;
  };
  const slotOf = (name: string) => granted.find((g) => g.name === name)!.slot;
  return { clock, pacer, notices, granted, request, slotOf };
}

test("the first `requests` go at once, the rest first come, first served as slots free", async () => {
  const { clock, granted, request, slotOf } = setup();
  for (const name of ["a", "b", "c", "d", "e"]) request(name);
  await clock.advance(0);
  expect(granted.map((g) => [g.name, g.at])).toEqual([
    ["a", 0],
    ["b", 0],
  ]);
  slotOf("a").release();
  await clock.advance(10);
  slotOf("b").release();
  await clock.advance(2000);
  expect(granted.map((g) => [g.name, g.at])).toEqual([
    ["a", 0],
    ["b", 0],
    ["c", 1000],
    ["d", 1010],
  ]);
  expect(slotOf("c").waitedMs).toBe(1000);
});

test("a retry keeps its ticket and goes before requests that came after it", async () => {
  const { clock, granted, request, slotOf } = setup({ requests: 1, windowMs: 100 });
  const first = request("first");
  await clock.advance(0);
  request("second");
  request("third");
  slotOf("first").release();
  request("first retry", first);
  await clock.advance(100);
  expect(granted.map((g) => g.name)).toEqual(["first", "first retry"]);
});

test("a 429 with Retry-After holds every queued request, not only the one that got it", async () => {
  const { clock, granted, request, slotOf } = setup({ requests: 10, windowMs: 1000 });
  request("a");
  await clock.advance(0);
  slotOf("a").release({ rateLimited: true, retryAfterMs: 3000 });
  request("b");
  request("c");
  await clock.advance(2999);
  expect(granted.map((g) => g.name)).toEqual(["a"]);
  await clock.advance(1);
  expect(granted.map((g) => [g.name, g.at])).toEqual([
    ["a", 0],
    ["b", 3000],
    ["c", 3000],
  ]);
});

test("a long wait is announced after 5 s, every 15 s while it lasts, and when it ends", async () => {
  const { clock, notices, request, slotOf, granted } = setup({ requests: 1, windowMs: 20_000 });
  request("a");
  request("b");
  request("c");
  await clock.advance(0);
  slotOf("a").release();
  await clock.advance(4999);
  expect(notices).toEqual([]);
  await clock.advance(1);
  expect(notices).toEqual([
    "ngrok API: 2 requests waiting for the rate limit of 1 per 20 s (ngrok:maxRequestsPerMinute); the longest has waited 5.0 s; the next goes in 15 s",
  ]);
  await clock.advance(15_000);
  expect(notices).toHaveLength(2);
  expect(notices[1]).toMatch(/^ngrok API: 1 request waiting .* the longest has waited 20 s$/);
  slotOf("b").release();
  await clock.advance(20_000);
  expect(granted.map((g) => g.name)).toEqual(["a", "b", "c"]);
  expect(notices.slice(2)).toEqual([
    "ngrok API: 1 request waiting for the rate limit of 1 per 20 s (ngrok:maxRequestsPerMinute); the longest has waited 35 s; the next goes in 5.0 s",
    "ngrok API: no request waiting for the rate limit any more; 2 requests waited, 40 s at most, 60 s in all",
  ]);
});

test("no notice when nothing waits long", async () => {
  const { clock, notices, request, slotOf } = setup({ requests: 1, windowMs: 3000 });
  request("a");
  request("b");
  await clock.advance(0);
  slotOf("a").release();
  await clock.advance(10_000);
  expect(notices).toEqual([]);
});

test("starts from what the memory recalls, and tells it each answer, idle or not", async () => {
  const saved: Array<{ now: number; answeredAt: readonly number[]; idle: boolean }> = [];
  const memory: WindowMemory = {
    load: (now, windowMs) => (now === 0 && windowMs === 1000 ? [-200, -100] : []),
    save: (now, answeredAt, idle) => saved.push({ now, answeredAt: [...answeredAt], idle }),
  };
  const { clock, granted, request, slotOf } = setup({ requests: 2, windowMs: 1000 }, memory);
  request("a");
  request("b");
  await clock.advance(0);
  expect(granted).toEqual([]);
  await clock.advance(800);
  expect(granted.map((g) => [g.name, g.at])).toEqual([["a", 800]]);
  slotOf("a").release();
  await clock.advance(100);
  expect(granted.map((g) => [g.name, g.at])).toEqual([
    ["a", 800],
    ["b", 900],
  ]);
  slotOf("b").release();
  expect(saved).toEqual([
    { now: 800, answeredAt: [800], idle: false },
    { now: 900, answeredAt: [800, 900], idle: true },
  ]);
});

test("pacerFor: one pacer per API key and base URL, set to the latest rate", () => {
  const account = { apiKey: `k_${process.pid}_${Date.now()}`, baseUrl: "http://127.0.0.1:9" };
  const one = pacerFor(account, { requests: 5, windowMs: 1000 });
  expect(pacerFor({ ...account }, { requests: 5, windowMs: 1000 })).toBe(one);
  expect(pacerFor({ ...account, baseUrl: "http://127.0.0.1:10" }, one.limit)).not.toBe(one);
  expect(pacerFor({ ...account, apiKey: "other" }, one.limit)).not.toBe(one);
  expect(pacerFor(account, { requests: 7, windowMs: 1000 })).toBe(one);
  expect(one.limit).toEqual({ requests: 7, windowMs: 1000 });
});
