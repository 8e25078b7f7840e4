/**
 * The client stops an operation's requests when its `AbortSignal` fires (issue #33 §5;
 * provider/client/abort.ts, set as the provider plugin sets it with `setSignalSource`), against a
 * fake API on a loopback port that counts every request it receives:
 * - a 429-forever API (`Retry-After: 30`): the request rejects within 0.5 s of the abort instead
 *   of retrying, and no further request reaches the server;
 * - the back-off of a 503 is cut short alike; a pacing wait too (the queue is left, no slot
 *   taken), in the client and in the pacer on a fake clock;
 * - an attempt in flight is aborted, and the error says the request may still have completed;
 *   a create's recovery (provider/common/createOnce.ts) then sends nothing either, and says how to
 *   find what it may have made; an answer whose headers had arrived is still read (a create ngrok
 *   answered is not lost);
 * - an already aborted signal sends nothing; no signal changes nothing.
 *
 * Timing margins: "promptly" is under 500 ms from the abort, where every wait cut short would
 * otherwise last 15 to 30 s (Retry-After 30 s, back-off up to 20 s, a pacing window of 60 s, a
 * held answer of 10 s); "no further request" is the count staying flat for 1.5 s after the abort,
 * where the client, left alone, would send its next attempt within the first second (a 0..1 s
 * back-off after a 503), so a leak would show at least once.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { setSignalSource } from "../../../provider/client/abort";
import { NgrokClient, NgrokClientError, type NgrokClientOptions } from "../../../provider/client";
import { Pacer, type PacerClock } from "../../../provider/client/pacer";
import { createOnce } from "../../../provider/common/createOnce";

const ITEM = z.object({ id: z.string() });
const PROMPT_MS = 500;
const FLAT_MS = 1500;

/** How the fake API answers one request (one that writes nothing holds it until the server closes). */
type Answer = (request: http.IncomingMessage, response: http.ServerResponse) => void;

interface FakeApi {
  readonly count: () => number;
  client(options: NgrokClientOptions): NgrokClient;
}

const servers: http.Server[] = [];
let keys = 0;

afterEach(async () => {
  jest.restoreAllMocks();
  setSignalSource(undefined);
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function fakeApi(answer: Answer): Promise<FakeApi> {
  let count = 0;
  const server = http.createServer((request, response) => {
    count++;
    request.resume();
    answer(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A key of its own per client: a pacer (and its window memory) of its own.
  const apiKey = `abort-test-${process.pid}-${++keys}-${Date.now()}`;
  return {
    count: () => count,
    client: (options) => new NgrokClient({ apiKey, baseUrl: url }, options),
  };
}

function json(response: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  response
    .writeHead(status, { "Content-Type": "application/json", ...headers })
    .end(JSON.stringify(body));
}

const tooMany: Answer = (_, response) =>
  json(
    response,
    429,
    { error_code: "ERR_NGROK_226", status_code: 429, msg: "slow down" },
    {
      "Retry-After": "30",
    },
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (polling every 10 ms), at most 5 s. */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await sleep(10);
  }
}

/** A signal source as the plugin's: one controller, for every request started from now. */
function operation(): AbortController {
  const controller = new AbortController();
  setSignalSource(() => controller.signal);
  return controller;
}

/** Aborts `controller` with a reason like the plugin's; resolves with how `pending` failed, and when. */
async function abortAndSettle(controller: AbortController, pending: Promise<unknown>) {
  const settled = pending.then(
    () => {
      throw new Error("the request succeeded");
    },
    (error: unknown) => ({ error, at: Date.now() }),
  );
  const abortedAt = Date.now();
  controller.abort(new Error("the operation was cancelled (the engine sent Cancel)"));
  const { error, at } = await settled;
  return { error, ms: at - abortedAt };
}

const RETRYING: NgrokClientOptions = {
  retry: { attempts: 100, startingDelayMs: 1000, maxDelayMs: 30_000, deadlineMs: 600_000 },
};

test("a request answered 429 forever stops within 0.5 s of the abort, and sends nothing more", async () => {
  const api = await fakeApi(tooMany);
  const controller = operation();
  const pending = api.client(RETRYING).request({ method: "POST", path: "/x", schema: ITEM });
  await until(() => api.count() === 1); // in its Retry-After wait of 30 s
  await sleep(100);
  const { error, ms } = await abortAndSettle(controller, pending);
  expect(ms).toBeLessThan(PROMPT_MS);
  expect(NgrokClientError.isInstance(error) && error.requestOutcome).toBe("not-sent");
  expect((error as Error).message).toMatch(
    /^the operation was cancelled \(the engine sent Cancel\): POST \/x was not sent \(again\); nothing more is sent to ngrok/,
  );
  expect((error as Error).message).not.toContain("abort-test-"); // no API key
  await sleep(FLAT_MS);
  expect(api.count()).toBe(1);
});

test("the back-off after a 503 is cut short, and no further attempt is sent", async () => {
  // The back-off is drawn from 0..20 s (full jitter): a draw under the 100 ms this test waits
  // (plus a loaded machine's delays) would send the second attempt before the abort, so the draw
  // is fixed at the middle, 10 s.
  jest.spyOn(Math, "random").mockReturnValue(0.5);
  const api = await fakeApi((_, response) => json(response, 503, { msg: "unavailable" }));
  const controller = operation();
  const client = api.client({ retry: { ...RETRYING.retry, startingDelayMs: 20_000 } });
  const pending = client.request({ method: "GET", path: "/y", schema: ITEM });
  await until(() => api.count() === 1); // its back-off is up to 20 s
  await sleep(100);
  const { error, ms } = await abortAndSettle(controller, pending);
  expect(ms).toBeLessThan(PROMPT_MS);
  // The 503 left it unknown whether the API acted: the error says so.
  expect((error as Error).message).toMatch(/may still have completed \(run `pulumi refresh`/);
  await sleep(FLAT_MS);
  expect(api.count()).toBe(1);
});

test("a request waiting for the pacing leaves the queue within 0.5 s of the abort", async () => {
  const api = await fakeApi((_, response) => json(response, 200, { id: "x" }));
  const client = api.client({ ...RETRYING, rateLimit: { requests: 1, windowMs: 60_000 } });
  await client.request({ method: "GET", path: "/first", schema: ITEM }); // fills the window
  const controller = operation();
  const pending = client.request({ method: "POST", path: "/queued", schema: ITEM });
  await sleep(300); // queued for up to 60 s
  const { error, ms } = await abortAndSettle(controller, pending);
  expect(ms).toBeLessThan(PROMPT_MS);
  expect((error as Error).message).toMatch(/POST \/queued was not sent \(again\)/);
  await sleep(FLAT_MS);
  expect(api.count()).toBe(1);
});

test("an attempt in flight is aborted; the error says the request may still have completed", async () => {
  const api = await fakeApi(() => undefined); // never answers
  const controller = operation();
  const pending = api.client(RETRYING).request({ method: "POST", path: "/z", schema: ITEM });
  await until(() => api.count() === 1);
  const { error, ms } = await abortAndSettle(controller, pending);
  expect(ms).toBeLessThan(PROMPT_MS);
  expect(NgrokClientError.isInstance(error) && error.requestOutcome).toBe("unknown");
  expect((error as Error).message).toMatch(
    /^the operation was cancelled \(the engine sent Cancel\): stopped waiting for the answer to POST \/z, which was sent: the request may still have completed \(run `pulumi refresh` to see\)/,
  );
  await sleep(FLAT_MS);
  expect(api.count()).toBe(1);
});

test("a create cut short in flight looks for nothing: its recovery's error, no further request", async () => {
  const api = await fakeApi(() => undefined); // never answers
  const controller = operation();
  const CREATED = z.object({ id: z.string(), created_at: z.string() });
  const created = createOnce(api.client(RETRYING), {
    path: "/things",
    itemSchema: CREATED,
    list: (client, onHeaders) =>
      client.list("/things", "things", z.object({ things: z.array(CREATED) }), onHeaders),
    body: { description: "d" },
    matches: () => true,
    names: { noun: "thing", short: "thing", plural: "things", cli: "things" },
    identifyCreate: 'description "d"',
  });
  await until(() => api.count() === 1);
  const { error, ms } = await abortAndSettle(controller, created);
  expect(ms).toBeLessThan(PROMPT_MS);
  const message = (error as Error).message;
  expect(message).toMatch(
    /^creating the thing failed after the request was sent \(the operation was cancelled/,
  );
  expect(message).toMatch(
    /which was sent: the request may still have completed \(run `pulumi refresh` to see\)/,
  );
  expect(message).toMatch(
    /ngrok may have created it\. Looking for it failed too \(.*GET \/things was not sent/,
  );
  expect(message).toMatch(/delete a stray one/);
  await sleep(FLAT_MS);
  expect(api.count()).toBe(1); // the POST only: no list was sent
});

test("an answer whose headers arrived before the abort is read: the created object is returned", async () => {
  const api = await fakeApi((_, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.write('{"id":');
    setTimeout(() => response.end('"created"}'), 400);
  });
  const controller = operation();
  const pending = api.client(RETRYING).request({ method: "POST", path: "/made", schema: ITEM });
  await until(() => api.count() === 1);
  await sleep(150); // the headers have arrived, the body has not
  controller.abort(new Error("cancelled"));
  await expect(pending).resolves.toEqual({ id: "created" });
});

test("an aborted signal sends nothing; without a signal the request runs as before", async () => {
  const api = await fakeApi((_, response) => json(response, 200, { id: "ok" }));
  const controller = operation();
  controller.abort(new Error("timed out"));
  const client = api.client(RETRYING);
  await expect(client.request({ method: "GET", path: "/a", schema: ITEM })).rejects.toThrow(
    /^timed out: GET \/a was not sent \(again\)/,
  );
  expect(api.count()).toBe(0);
  setSignalSource(() => undefined);
  await expect(client.request({ method: "GET", path: "/a", schema: ITEM })).resolves.toEqual({
    id: "ok",
  });
  expect(api.count()).toBe(1);
});

test("the pacer: an aborted wait leaves the queue and takes no slot", async () => {
  let time = 0;
  const timers: Array<{ at: number; fire: () => void }> = [];
  const clock: PacerClock = {
    now: () => time,
    setTimer(fire, ms) {
      const timer = { at: time + ms, fire };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  };
  const pacer = new Pacer({ requests: 1, windowMs: 1000 }, { clock, notice: () => undefined });
  const first = await pacer.acquire(pacer.ticket());
  const controller = new AbortController();
  const aborted = pacer.acquire(pacer.ticket(), controller.signal);
  const later = pacer.acquire(pacer.ticket());
  controller.abort(new Error("cancelled"));
  await expect(aborted).rejects.toThrow("cancelled");
  first.release();
  time = 1000;
  for (const timer of timers.splice(0)) timer.fire();
  // The one slot of the next window goes to the request behind the aborted one.
  await expect(later).resolves.toMatchObject({ waitedMs: 1000 });
  await expect(pacer.acquire(pacer.ticket(), controller.signal)).rejects.toThrow("cancelled");
});
