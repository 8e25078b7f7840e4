/**
 * An IP policy with 300 rules created, updated and destroyed one request at a time, as ngrok's
 * Terraform provider does (its issue #35: rules one by one run into the limit), against the
 * emulator's rate limit at ngrok's numbers (120 requests per rolling 60 s, `rateLimit: true`):
 * paced at that rate, 0 answers of 429 (issue #50 §5); unpaced, the 121st request is refused, so
 * the test can fail.
 *
 * The window's clock is faked (jest's `performance`, which `emulator/http/rateLimit.ts` reads through the
 * global), so the 902 requests take 451 s of the emulator's time and no wait of the test's: a
 * request is sent every 500 ms of it, the documented rate exactly. Nothing else is faked.
 */
import type { EmulatorApp } from "../../emulator/index";
import { api, body, newApp } from "./helpers";

const PER_MINUTE = 120;
const STEP_MS = 60_000 / PER_MINUTE;
const RULES = 300;

/** Fakes only `performance` (jest's list of what it can fake, but that). */
function fakeClock(): void {
  jest.useFakeTimers({
    doNotFake: [
      "Date",
      "hrtime",
      "nextTick",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
      "requestAnimationFrame",
      "cancelAnimationFrame",
      "requestIdleCallback",
      "cancelIdleCallback",
    ],
  });
}

describe("300 IP policy rules through ngrok's rate limit (120 per rolling 60 s)", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    fakeClock();
    app = newApp({ rateLimit: true });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await app.close();
  });

  test("paced at the documented rate: created, updated and destroyed with 0 answers of 429", async () => {
    const statuses: number[] = [];
    const paced = async (method: string, url: string, payload?: unknown) => {
      jest.advanceTimersByTime(STEP_MS);
      const response = await api(app, method, url, payload);
      statuses.push(response.statusCode);
      return response;
    };
    const policy = body(await paced("POST", "/ip_policies", { description: "300 rules" }));
    const rules: string[] = [];
    for (let i = 0; i < RULES; i++) {
      const cidr = `10.${Math.floor(i / 256)}.${i % 256}.0/24`;
      const created = await paced("POST", "/ip_policy_rules", {
        ip_policy_id: policy.id,
        action: i % 2 === 0 ? "allow" : "deny",
        cidr,
      });
      rules.push(body(created).id);
    }
    expect(app.emulator.snapshot().collections["/ip_policy_rules"]).toHaveLength(RULES);
    for (const id of rules) {
      await paced("PATCH", `/ip_policy_rules/${id}`, { description: "updated" });
    }
    for (const id of rules) await paced("DELETE", `/ip_policy_rules/${id}`);
    await paced("DELETE", `/ip_policies/${policy.id}`);

    expect(statuses).toHaveLength(2 + 3 * RULES);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    expect(app.emulator.snapshot().collections["/ip_policy_rules"]).toEqual([]);
    expect(app.emulator.requests).toHaveLength(2 + 3 * RULES);
  });

  test("unpaced, the 121st request of the minute answers 429 ERR_NGROK_226", async () => {
    const policy = body(await api(app, "POST", "/ip_policies", {}));
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) {
      const response = await api(app, "POST", "/ip_policy_rules", {
        ip_policy_id: policy.id,
        action: "allow",
        cidr: `10.0.${i}.0/24`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, PER_MINUTE - 1).every((status) => status === 201)).toBe(true);
    expect(statuses[PER_MINUTE - 1]).toBe(429);
    jest.advanceTimersByTime(60_000);
    expect((await api(app, "GET", "/ip_policy_rules?limit=1")).statusCode).toBe(200);
  });
});
