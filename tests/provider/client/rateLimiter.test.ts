/**
 * The pacing's accounting (provider/client/rateLimiter.ts), pure, on a clock the test moves: a
 * table of scripted sequences (take, answer, 429, time passing) with the delay expected after
 * each, then a property: whatever the latencies, a client sending whenever the window says 0 is
 * never refused by the emulator's own rolling-window limiter (emulator/http/rateLimit.ts) driven on
 * the same clock, and the first `requests` requests of an empty window go at once.
 */
import * as fc from "fast-check";
import { RollingWindowLimiter } from "../../../emulator/http/rateLimit";
import { DEFAULT_RATE_LIMIT, RollingWindow } from "../../../provider/client/rateLimiter";

const LIMIT = { requests: 3, windowMs: 1000 };

type Step =
  | { take: number }
  | { settle: number }
  | { at: number; rateLimited: number | undefined }
  | { at: number; delay: number | undefined };

/** Runs `steps` on a fresh window of {@link LIMIT} (seeded with `answeredAt`). */
function run(steps: Step[], answeredAt: number[] = []): void {
  const window = new RollingWindow(LIMIT, answeredAt);
  steps.forEach((step, index) => {
    if ("take" in step) {
      expect([index, window.delay(step.take)]).toEqual([index, 0]);
      window.take();
    } else if ("settle" in step) {
      window.settle(step.settle);
    } else if ("rateLimited" in step) {
      window.rateLimited(step.at, step.rateLimited);
    } else {
      expect([index, window.delay(step.at)]).toEqual([index, step.delay]);
    }
  });
}

const CASES: Record<string, { steps: Step[]; answeredAt?: number[] }> = {
  "an empty window lets `requests` requests go at once, then waits for an answer": {
    steps: [{ take: 0 }, { take: 0 }, { take: 0 }, { at: 0, delay: undefined }],
  },
  "a slot counts its window from the answer, not from the sending": {
    steps: [
      { take: 0 },
      { take: 0 },
      { take: 0 },
      { settle: 200 },
      { at: 200, delay: 1000 },
      { at: 1199, delay: 1 },
      { at: 1200, delay: 0 },
    ],
  },
  "slots free one by one, oldest answer first": {
    steps: [
      { take: 0 },
      { settle: 10 },
      { take: 20 },
      { settle: 30 },
      { take: 40 },
      { settle: 50 },
      { at: 60, delay: 950 },
      { at: 1010, delay: 0 },
      { take: 1010 },
      { at: 1010, delay: 20 },
    ],
  },
  "a 429 with Retry-After holds every request until it passes, even with slots free": {
    steps: [
      { take: 0 },
      { settle: 5 },
      { at: 5, rateLimited: 2000 },
      { at: 5, delay: 2000 },
      { at: 1500, delay: 505 },
      { at: 2005, delay: 0 },
    ],
  },
  "a later, shorter Retry-After does not shorten the pause": {
    steps: [
      { at: 0, rateLimited: 2000 },
      { at: 100, rateLimited: 500 },
      { at: 100, delay: 1900 },
    ],
  },
  "a 429 without Retry-After: the free slots are taken by others, leaving evenly over a window": {
    steps: [
      { take: 0 },
      { settle: 0 },
      { at: 0, rateLimited: undefined },
      // 2 slots were free: assumed to leave at 500 and 1000; ours leaves at 1000.
      { at: 0, delay: 500 },
      { at: 500, delay: 0 },
      { take: 500 },
      { at: 500, delay: 500 },
    ],
  },
  "answers of an earlier process hold their slots for a window from when they came": {
    answeredAt: [-900, -100, -50],
    steps: [{ at: 0, delay: 100 }, { at: 100, delay: 0 }, { take: 100 }, { at: 100, delay: 800 }],
  },
};

test.each(Object.entries(CASES))("%s", (_name, { steps, answeredAt }) => {
  run(steps, answeredAt);
});

test("a lower rate set while slots are taken waits until enough of them leave", () => {
  const window = new RollingWindow(LIMIT);
  for (let i = 0; i < 3; i++) {
    window.take();
    window.settle(i * 100);
  }
  window.setLimit({ requests: 1, windowMs: 1000 });
  expect(window.delay(0)).toBe(1200);
  expect(window.limit).toEqual({ requests: 1, windowMs: 1000 });
});

test("answeredInWindow lists this client's own answers still in the window, not others'", () => {
  const window = new RollingWindow(LIMIT, [-500]);
  window.take();
  window.settle(100);
  expect(window.answeredInWindow(200)).toEqual([100]);
  expect(window.delay(200)).toBe(0);
  expect(window.answeredInWindow(1100)).toEqual([]);
  expect(window.inFlightCount).toBe(0);
});

test("the default is ngrok's 120 requests per 60 s", () => {
  expect(DEFAULT_RATE_LIMIT).toEqual({ requests: 120, windowMs: 60000 });
});

/**
 * Simulates `count` requests queued at time 0 and sent whenever the window allows, each reaching
 * the server `sendLatency[i]` ms after it is sent and answered `answerLatency[i]` ms after that.
 * Returns how many the server refused and when the last one was sent.
 */
function simulate(
  limit: { requests: number; windowMs: number },
  count: number,
  latencies: Array<[number, number]>,
): { refused: number; lastSentAt: number; firstBurst: number } {
  let now = 0;
  const server = new RollingWindowLimiter(limit, () => now);
  const window = new RollingWindow(limit);
  const events: Array<{ at: number; kind: "arrive" | "answer" }> = [];
  let sent = 0;
  let refused = 0;
  let lastSentAt = 0;
  let firstBurst = 0;
  while (sent < count || events.length > 0) {
    while (sent < count && window.delay(now) === 0) {
      window.take();
      const [toServer, back] = latencies[sent % latencies.length];
      events.push(
        { at: now + toServer, kind: "arrive" },
        { at: now + toServer + back, kind: "answer" },
      );
      if (now === 0) firstBurst += 1;
      lastSentAt = now;
      sent += 1;
    }
    events.sort((a, b) => a.at - b.at || (a.kind === "arrive" ? -1 : 1));
    const delay = sent < count ? window.delay(now) : undefined;
    const next = events[0];
    if (next !== undefined && (delay === undefined || next.at <= now + delay)) {
      events.shift();
      now = next.at;
      if (next.kind === "arrive") {
        if (server.take("key") !== undefined) refused += 1;
      } else {
        window.settle(now);
      }
    } else if (delay !== undefined) {
      now += delay;
    }
  }
  return { refused, lastSentAt, firstBurst };
}

test("whatever the latencies, the emulator's own limiter never refuses a paced request", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 100, max: 5000 }),
      fc.integer({ min: 1, max: 80 }),
      fc.array(fc.tuple(fc.nat(300), fc.nat(300)), { minLength: 1, maxLength: 20 }),
      (requests, windowMs, count, latencies) => {
        const limit = { requests, windowMs };
        const { refused, firstBurst } = simulate(limit, count, latencies);
        expect(refused).toBe(0);
        expect(firstBurst).toBe(Math.min(requests, count));
      },
    ),
  );
});

test("300 requests at 120 per 60 s with no latency: 120 at once, the rest one window apart", () => {
  const { refused, lastSentAt, firstBurst } = simulate(DEFAULT_RATE_LIMIT, 300, [[0, 0]]);
  expect(refused).toBe(0);
  expect(firstBurst).toBe(120);
  expect(lastSentAt).toBe(120_000);
});
