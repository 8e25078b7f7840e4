/**
 * A public `tcp://` cloud endpoint is served on one of the account's reserved addresses (issue
 * #50: a reserved address with a `tcp://` cloud endpoint on it); on an address the account did
 * not reserve it is refused as a host not reserved (319), as for a domain.
 */
import type { EmulatorApp } from "../../emulator/index";
import { api, body, newApp } from "./helpers";

const POLICY = JSON.stringify({
  on_tcp_connect: [
    { actions: [{ type: "forward-internal", config: { url: "tcp://b.internal:22" } }] },
  ],
});

let app: EmulatorApp;
afterEach(() => app?.close());

test("on a reserved address: created, its host and port answered", async () => {
  app = newApp();
  const reserved = await api(app, "POST", "/reserved_addrs", { region: "eu" });
  expect(reserved.statusCode).toBe(201);
  const addr = String(body(reserved).addr);
  expect(addr).toMatch(/^1\.tcp\.eu\.ngrok\.io:\d+$/);
  const res = await api(app, "POST", "/endpoints", {
    url: `tcp://${addr}`,
    traffic_policy: POLICY,
  });
  expect({ status: res.statusCode, body: body(res) }).toMatchObject({
    status: 201,
    body: { url: `tcp://${addr}`, proto: "tcp", hostport: addr },
  });
});

test("on an address the account did not reserve: 319", async () => {
  app = newApp();
  const res = await api(app, "POST", "/endpoints", {
    url: "tcp://1.tcp.eu.ngrok.io:12345",
    traffic_policy: POLICY,
  });
  expect({ status: res.statusCode, code: body(res).error_code }).toEqual({
    status: 400,
    code: "ERR_NGROK_319",
  });
});
