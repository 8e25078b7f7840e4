/**
 * Creating an SSH CA exactly once (provider/framework/implementation.ts): a POST whose
 * outcome is unknown is never sent again; the CA it may have created is looked for, recorded
 * when it is certainly this request's, and named in the error when it is not.
 * Faults are fastify hooks on the emulator app before it listens.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyRequest } from "fastify";
import {
  NgrokClientError,
  resetStackConfig,
  sshCertificateAuthorityProvider as provider,
} from "../../../provider";
import { callApi } from "../../support/emulatorApi";
import { configureProvider } from "../../support/configureProvider";
import { closeServed, dropPosts, rejectionOf, serve, TIMEOUT } from "../../support/faultyEmulator";

const CHECKED = {
  privateKeyType: "ed25519" as const,
  description: "exactly once",
  __provider: "serialized provider text",
};

afterEach(closeServed);
afterAll(() => resetStackConfig());

/** {@link serve}, with the ids of the CAs the emulator holds. */
async function serveCas(setup: Parameters<typeof serve>[0]) {
  const server = await serve(setup);
  const ids = () => server.app.emulator.snapshot().sshCertificateAuthorities.map((ca) => ca.id);
  return { ...server, ids };
}

test("a POST dropped after the CA was created: the CA is found and recorded, not created again", async () => {
  const server = await serveCas(dropPosts("after"));
  const { id, outs } = await provider.create(CHECKED);
  expect(server.ids()).toEqual([id]);
  expect(outs).toMatchObject({ description: "exactly once", keyType: "ed25519" });
  expect(server.posts()).toBe(1);
  expect(server.calls()).toEqual(["GET /ssh_certificate_authorities"]);
});

test("an identical CA this process created before is never taken for the lost one", async () => {
  // The first create is dropped (and recovered), the second succeeds, the third is dropped: when
  // the third looks, three identical CAs exist and two are already owned by this process.
  const server = await serveCas(dropPosts("after", [1, 3]));
  const first = await provider.create(CHECKED);
  const second = await provider.create(CHECKED);
  const third = await provider.create(CHECKED);
  expect(new Set([first.id, second.id, third.id]).size).toBe(3);
  expect(server.ids()).toEqual([first.id, second.id, third.id]);
  expect(server.posts()).toBe(3);
});

test("a CA with the same inputs made by someone else earlier is not adopted", async () => {
  const server = await serveCas(dropPosts("before", [2]));
  const theirs = await callApi(server, "POST", "/ssh_certificate_authorities", {
    private_key_type: "ed25519",
    description: "exactly once",
  });
  expect(theirs.status).toBe(201);
  // Theirs is older than this request by more than the timestamps' precision.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const error = await rejectionOf(provider.create(CHECKED));
  expect(NgrokClientError.isInstance(error)).toBe(true);
  expect(error.message).toMatch(
    /^creating the SSH certificate authority failed after the request was sent \(could not reach the ngrok API at http:\/\/127\.0\.0\.1:\d+ \(POST \/ssh_certificate_authorities\): .*socket hang up.*\); ngrok may have created it\. No matching CA \(description "exactly once", key type ed25519, created since .*\) was found, so most likely none was created; nothing was recorded in state\. To check, list the CAs \(GET \/ssh_certificate_authorities, or `ngrok api ssh-certificate-authorities list`\) and look for description "exactly once", key type ed25519, created since .*; delete a stray one \(`ngrok api ssh-certificate-authorities delete <id>`\) before running `pulumi up` again\.$/,
  );
  expect(server.ids()).toEqual([theirs.body.id]);
});

test("two identical creates both lost at once: neither guesses, each error names the matching CAs it saw", async () => {
  const server = await serveCas(dropPosts("after", [1, 2]));
  const [a, b] = await Promise.allSettled([provider.create(CHECKED), provider.create(CHECKED)]);
  const ids = server.ids();
  expect(ids).toHaveLength(2);
  for (const result of [a, b]) {
    if (result.status === "fulfilled") {
      // Only possible when the other one had not been created yet when this one listed.
      expect(ids).toContain(result.value.id);
    } else {
      // Both CAs, or only the first when this one listed before the other's POST had created its
      // CA (the other create was still in flight, so a single candidate is not taken either).
      const named = /(\d) matching CAs exist \(([^)]*)\)/.exec(String(result.reason));
      expect(named).not.toBeNull();
      const namedIds = named![2].split(", ");
      expect(namedIds).toHaveLength(Number(named![1]));
      for (const id of namedIds) expect(ids).toContain(id);
    }
  }
  // Whatever happened, no CA was handed to both resources.
  const adopted = [a, b].flatMap((r) => (r.status === "fulfilled" ? [r.value.id] : []));
  expect(new Set(adopted).size).toBe(adopted.length);
});

test("a POST answered after the request timeout: the CA it made is found and recorded", async () => {
  const server = await serveCas((app) => {
    app.addHook("onSend", async (request: FastifyRequest) => {
      if (request.method === "POST") await new Promise((resolve) => setTimeout(resolve, 1500));
    });
  });
  const { id } = await provider.create(CHECKED);
  expect(server.ids()).toEqual([id]);
  expect(server.posts()).toBe(1);
});

test("a POST the API is still working on when it times out: the CA is found when it appears", async () => {
  // A gateway that lets the API finish a request although the client gave up on it (fastify
  // itself drops the handler of an aborted request): POSTs reach the emulator 1.5 s late.
  const server = await serveCas(() => undefined);
  const gateway = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      if (request.method === "POST") await new Promise((resolve) => setTimeout(resolve, 1500));
      const upstream = await fetch(server.url + request.url, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      if (!response.destroyed) {
        response.writeHead(upstream.status, Object.fromEntries(upstream.headers));
        response.end(body);
      }
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  try {
    const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    await configureProvider({ url: gatewayUrl, apiKey: server.apiKey }, TIMEOUT);
    const started = Date.now();
    const { id } = await provider.create(CHECKED);
    // Timed out at 1 s, nothing there at the first look, found at the second (about 2 s).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(server.ids()).toEqual([id]);
    expect(server.posts()).toBe(1);
  } finally {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  }
});

test("a create the API refused (4xx) is not looked for: nothing was created", async () => {
  const server = await serveCas(() => undefined);
  const error = await rejectionOf(
    provider.create({ ...CHECKED, description: "x".repeat(300) } as never),
  );
  expect(error.message).toMatch(/^ngrok API 400/);
  expect(server.calls()).toEqual(["POST /ssh_certificate_authorities"]);
});
