/**
 * The API client (provider/client/ngrokClient.ts) against the emulator on a real loopback port:
 * headers and connection reuse, error mapping, response shape validation, retries and paging.
 * Faults are injected with fastify hooks on the emulator app before it listens.
 */
import * as http from "node:http";
import * as net from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  apiErrors,
  buildEmulatorApp,
  EmulatorApiError as EmulatorError,
  type EmulatorApp,
} from "../../../emulator/index";
import {
  NgrokApiError,
  NgrokClient,
  NgrokClientError,
  type NgrokClientOptions,
} from "../../../provider/client";
import { z } from "zod";
import { responseSchema } from "../../../provider/framework/wire";
import { sshCertificateAuthority } from "../../../provider/sshCertificateAuthority";

/** The CAs' collection, an object's path and the schemas of its answers, as the CA's are. */
const COLLECTION_PATH = sshCertificateAuthority.definition.api.path;
const itemPath = (id: string) => `${COLLECTION_PATH}/${encodeURIComponent(id)}`;
const sshCertificateAuthoritySchema = responseSchema(sshCertificateAuthority.definition);
const sshCertificateAuthorityListSchema = z.object({
  ssh_certificate_authorities: z.array(sshCertificateAuthoritySchema),
  uri: z.string(),
  next_page_uri: z.string().nullable().optional(),
});

/** Small delays so that retry tests stay fast; `maxDelayMs` also caps Retry-After. */
const FAST: NgrokClientOptions = { retry: { attempts: 3, startingDelayMs: 10, maxDelayMs: 2000 } };

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  socket: net.Socket;
}

/** An emulator app listening on a loopback port, with the requests its hooks saw. */
interface Server {
  app: EmulatorApp;
  url: string;
  apiKey: string;
  seen: Seen[];
  client(options?: NgrokClientOptions): NgrokClient;
  /** Answered API requests (the emulator's recorder) as `METHOD path`. */
  answered(): string[];
}

const servers: Array<{ close(): Promise<unknown> }> = [];

afterEach(async () => {
  jest.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Builds the emulator, lets `setup` add fault-injection hooks, then listens on port 0. */
async function serve(setup: (app: EmulatorApp) => void = () => undefined): Promise<Server> {
  const app = buildEmulatorApp();
  const seen: Seen[] = [];
  app.addHook("onRequest", async (request: FastifyRequest) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      socket: request.raw.socket,
    });
  });
  setup(app);
  servers.push(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const apiKey = app.emulator.apiKey;
  return {
    app,
    url,
    apiKey,
    seen,
    client: (options = FAST) => new NgrokClient({ apiKey, baseUrl: url }, options),
    answered: () => app.emulator.requests.map((r) => `${r.method} ${r.path}`),
  };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Counts the TCP connections the client's agent opens to `port` (connection attempts). */
function countConnections(port: number): () => number {
  const spy = jest.spyOn(http.Agent.prototype, "createConnection");
  return () =>
    spy.mock.calls.filter(([options]) => (options as { port?: unknown }).port == port).length;
}

/** Awaits a promise that must reject and returns the rejection. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

function createCa(client: NgrokClient, body: Record<string, unknown> = {}) {
  return client.request({
    method: "POST",
    path: COLLECTION_PATH,
    body: { private_key_type: "ed25519", ...body },
    schema: sshCertificateAuthoritySchema,
  });
}

function getCa(client: NgrokClient, id: string) {
  return client.request({
    method: "GET",
    path: itemPath(id),
    schema: sshCertificateAuthoritySchema,
  });
}

/** A syntactically valid CA id that the emulator never issued. */
const UNKNOWN_CA = "sshca_" + "1".repeat(27);

describe("NgrokClient: what goes on the wire", () => {
  it("sends the key, Ngrok-Version 2 and its User-Agent; Content-Type only with a body", async () => {
    const server = await serve();
    const client = server.client();
    const created = await createCa(client, { description: "headers" });
    await getCa(client, created.id);
    await client.request({
      method: "PATCH",
      path: itemPath(created.id),
      body: { description: "patched" },
      schema: sshCertificateAuthoritySchema,
    });
    await client.request({ method: "DELETE", path: itemPath(created.id) });

    expect(server.seen.map((s) => s.method)).toEqual(["POST", "GET", "PATCH", "DELETE"]);
    for (const { headers } of server.seen) {
      expect(headers.authorization).toBe(`Bearer ${server.apiKey}`);
      expect(headers["ngrok-version"]).toBe("2");
      expect(headers["user-agent"]).toMatch(/^pulumi-ngrok-dynamic\/\d+\.\d+\.\d+ node\/\d+/);
    }
    const contentTypes = server.seen.map((s) => s.headers["content-type"]);
    expect(contentTypes).toEqual(["application/json", undefined, "application/json", undefined]);
    expect(server.answered()).toEqual([
      `POST ${COLLECTION_PATH}`,
      `GET ${itemPath(created.id)}`,
      `PATCH ${itemPath(created.id)}`,
      `DELETE ${itemPath(created.id)}`,
    ]);
  });

  it("reuses one kept-alive connection for sequential requests", async () => {
    const server = await serve();
    const client = server.client();
    const created = await createCa(client);
    for (let i = 0; i < 4; i++) {
      await getCa(client, created.id);
    }
    await client.request({ method: "DELETE", path: itemPath(created.id) });
    expect(server.seen).toHaveLength(6);
    expect(new Set(server.seen.map((s) => s.socket)).size).toBe(1);
    expect(server.seen[0].headers.connection).not.toBe("close");
  });
});

describe("NgrokClient: redirects", () => {
  it.each([307, 301, 303])(
    "does not follow a %d: the API key never goes to another port of the same host",
    async (status) => {
      const elsewhere: string[] = [];
      const other = http.createServer((request, response) => {
        elsewhere.push(`${request.method} ${request.url} ${request.headers.authorization}`);
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ ssh_certificate_authorities: [], uri: "x" }));
      });
      await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
      servers.push({
        close: () => new Promise((resolve) => (other.closeAllConnections(), other.close(resolve))),
      });
      const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const server = await serve((app) => {
        app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
          return reply.redirect(`${otherUrl}${request.url}`, status);
        });
      });
      const error = await rejectionOf(
        server.client().request({
          method: "GET",
          path: COLLECTION_PATH,
          schema: sshCertificateAuthorityListSchema,
        }),
      );
      expect(elsewhere).toEqual([]);
      expect(NgrokClientError.isInstance(error)).toBe(true);
      expect((error as NgrokClientError).statusCode).toBe(status);
      expect((error as Error).message).toContain(`GET ${COLLECTION_PATH}`);
      expect((error as Error).message).toContain(`${otherUrl}${COLLECTION_PATH}`);
      expect((error as Error).message).not.toContain(server.apiKey);
      // A redirect is an answer, not a transient failure: not retried.
      expect(server.answered()).toEqual([`GET ${COLLECTION_PATH}`]);
    },
  );
});

describe("NgrokClient: API errors", () => {
  it("maps a 404 to NgrokApiError with status, code, operation id and a readable message", async () => {
    const server = await serve();
    const error = await rejectionOf(getCa(server.client(), UNKNOWN_CA));
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(NgrokApiError);
    const apiError = error as NgrokApiError;
    expect(apiError.statusCode).toBe(404);
    expect(apiError.isNotFound).toBe(true);
    expect(apiError.errorCode).toBe("ERR_NGROK_1949");
    expect(apiError.operationId).toMatch(/^op_[0-9A-Za-z]{27}$/);
    expect(apiError.endpoint).toEqual({ method: "GET", path: itemPath(UNKNOWN_CA) });
    expect(apiError.msg).toBe(`The SSH CA ${UNKNOWN_CA} does not exist.`);
    expect(apiError.message).toBe(
      `ngrok API 404 ERR_NGROK_1949: The SSH CA ${UNKNOWN_CA} does not exist. ` +
        `(GET ${itemPath(UNKNOWN_CA)}, operation ${apiError.operationId})`,
    );
    // 4xx is not retried.
    expect(server.answered()).toEqual([`GET ${itemPath(UNKNOWN_CA)}`]);
  });

  it("never puts an API key in a 401 error, although the API quotes the credential", async () => {
    const server = await serve();
    const wrongKey = "wrong_key_0123456789abcdefghijklmn";
    const client = new NgrokClient({ apiKey: wrongKey, baseUrl: server.url }, FAST);
    const error = (await rejectionOf(getCa(client, UNKNOWN_CA))) as NgrokApiError;
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(401);
    expect(error.errorCode).toBe("ERR_NGROK_202");
    for (const text of [error.message, error.msg, String(error.stack), JSON.stringify(error)]) {
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain(server.apiKey);
    }
    expect(error.msg).toContain("Your credential: '<redacted>'");
    expect(error.message).toMatch(
      /^ngrok API 401 ERR_NGROK_202: .*\(GET \/ssh_certificate_authorities\/sshca_1+, operation op_/,
    );
  });

  it("carries the API's validation error (ERR_NGROK_1939) for a bad key size", async () => {
    const server = await serve();
    const error = await rejectionOf(
      createCa(server.client(), { private_key_type: "rsa", key_size: 1024 }),
    );
    expect(NgrokApiError.isInstance(error)).toBe(true);
    const apiError = error as NgrokApiError;
    expect(apiError.statusCode).toBe(400);
    expect(apiError.isNotFound).toBe(false);
    expect(apiError.errorCode).toBe("ERR_NGROK_1939");
    expect(apiError.message).toMatch(
      /^ngrok API 400 ERR_NGROK_1939: Invalid key size 1024\..* \(POST \/ssh_certificate_authorities, operation op_[0-9A-Za-z]{27}\)$/,
    );
    expect(server.app.emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  });

  it("takes the operation id from the header when an error body is not JSON", async () => {
    const server = await serve((app) => {
      app.addHook("onSend", async (_request: FastifyRequest, reply: FastifyReply, payload) => {
        if (reply.statusCode === 404) {
          reply.header("content-type", "text/plain");
          return "not found, not JSON";
        }
        return payload;
      });
    });
    const error = (await rejectionOf(getCa(server.client(), UNKNOWN_CA))) as NgrokApiError;
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(404);
    expect(error.errorCode).toBeUndefined();
    expect(error.operationId).toMatch(/^op_[0-9A-Za-z]{27}$/);
    expect(error.message).toBe(
      `ngrok API 404: Not Found (GET ${itemPath(UNKNOWN_CA)}, operation ${error.operationId})`,
    );
  });

  it("recognises its errors by brand, not by look", async () => {
    const server = await serve();
    const real = await rejectionOf(getCa(server.client(), UNKNOWN_CA));
    expect(NgrokApiError.isInstance(real)).toBe(true);
    expect(NgrokClientError.isInstance(real)).toBe(false);
    const lookalike = Object.assign(new Error("ngrok API 404 ERR_NGROK_1949: nope"), {
      name: "NgrokApiError",
      statusCode: 404,
      errorCode: "ERR_NGROK_1949",
      isNotFound: true,
    });
    for (const other of [new Error("plain"), lookalike, { __ngrokApiError: "yes" }, null, "x"]) {
      expect(NgrokApiError.isInstance(other)).toBe(false);
    }
    // A copy of the error from another copy of the package keeps the brand.
    expect(NgrokApiError.isInstance({ ...(real as object) })).toBe(true);
  });
});

describe("NgrokClient: response shapes", () => {
  it("rejects a 2xx body of the wrong shape, naming endpoint and field", async () => {
    const server = await serve((app) => {
      app.addHook("onSend", async (request: FastifyRequest, _reply: FastifyReply, payload) => {
        if (request.method === "GET" && typeof payload === "string") {
          const { public_key: _dropped, ...rest } = JSON.parse(payload) as Record<string, unknown>;
          return JSON.stringify({ ...rest, key_type: 7 });
        }
        return payload;
      });
    });
    const client = server.client();
    const created = await createCa(client);
    const error = await rejectionOf(getCa(client, created.id));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect(NgrokApiError.isInstance(error)).toBe(false);
    const clientError = error as NgrokClientError;
    expect(clientError.statusCode).toBe(200);
    expect(clientError.endpoint).toEqual({ method: "GET", path: itemPath(created.id) });
    expect(clientError.message).toContain(
      `ngrok API response from GET ${itemPath(created.id)} has an unexpected shape`,
    );
    expect(clientError.message).toMatch(/public_key: /);
    expect(clientError.message).toMatch(/key_type: /);
    expect(clientError.responseBody).toMatchObject({ id: created.id, key_type: 7 });
    // Not retried: a shape problem does not go away.
    expect(server.answered().filter((r) => r.startsWith("GET"))).toHaveLength(1);
  });

  it("rejects a 2xx body that is not JSON", async () => {
    const server = await serve((app) => {
      app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
        if (request.method === "GET") {
          reply.header("content-type", "text/html");
          return "<html>maintenance</html>";
        }
        return payload;
      });
    });
    const created = await createCa(server.client());
    const shapeError = await rejectionOf(getCa(server.client(), created.id));
    expect(NgrokClientError.isInstance(shapeError)).toBe(true);
    expect((shapeError as NgrokClientError).statusCode).toBe(200);
    expect((shapeError as Error).message).toBe(
      `ngrok API response from GET ${itemPath(created.id)} is not JSON (HTTP 200, 24 bytes)`,
    );
  });
});

describe("NgrokClient: retries", () => {
  /** Answers 429 (with the given Retry-After values) to the first requests, then passes. */
  function rateLimitFirst(retryAfter: Array<number | undefined>) {
    let count = 0;
    return (app: EmulatorApp) => {
      app.addHook("onRequest", async () => {
        if (count < retryAfter.length) {
          const seconds = retryAfter[count++];
          throw apiErrors.rateLimited(120, "60s", seconds);
        }
      });
    };
  }

  it("retries 429 honouring Retry-After, then succeeds", async () => {
    const server = await serve(rateLimitFirst([0, 1]));
    const started = Date.now();
    const created = await createCa(server.client(), { description: "after the rate limit" });
    const elapsed = Date.now() - started;
    expect(created.description).toBe("after the rate limit");
    expect(server.app.emulator.requests.map((r) => r.status)).toEqual([429, 429, 201]);
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(server.app.emulator.snapshot().sshCertificateAuthorities).toHaveLength(1);
  });

  it("honours a Retry-After given as an HTTP-date", async () => {
    let count = 0;
    const server = await serve((app) => {
      app.addHook("onRequest", async () => {
        if (count++ === 0) {
          const date = new Date(Date.now() + 2000).toUTCString();
          throw new EmulatorError(429, "ERR_NGROK_226", "rate limited", {
            headers: { "Retry-After": date },
          });
        }
      });
    });
    const started = Date.now();
    await createCa(server.client());
    // The date has whole seconds: between 1 and 2 s from when it was made.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.app.emulator.requests.map((r) => r.status)).toEqual([429, 201]);
  });

  it("retries 429 without Retry-After using its own back-off", async () => {
    const server = await serve(rateLimitFirst([undefined, undefined]));
    await createCa(server.client());
    expect(server.app.emulator.requests.map((r) => r.status)).toEqual([429, 429, 201]);
  });

  it("caps Retry-After at maxDelayMs", async () => {
    const server = await serve(rateLimitFirst([3600]));
    const started = Date.now();
    await getCa(
      server.client({ retry: { attempts: 2, startingDelayMs: 10, maxDelayMs: 100 } }),
      UNKNOWN_CA,
    ).catch(() => undefined);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.app.emulator.requests.map((r) => r.status)).toEqual([429, 404]);
  });

  it("gives up after `attempts` with the 429 error, without waiting after the last one", async () => {
    const server = await serve(rateLimitFirst(Array(10).fill(1)));
    const started = Date.now();
    const error = await rejectionOf(
      getCa(
        server.client({ retry: { attempts: 2, startingDelayMs: 10, maxDelayMs: 2000 } }),
        UNKNOWN_CA,
      ),
    );
    const elapsed = Date.now() - started;
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect((error as NgrokApiError).statusCode).toBe(429);
    expect((error as NgrokApiError).errorCode).toBe("ERR_NGROK_226");
    expect((error as Error).message).toMatch(
      /^ngrok API 429 ERR_NGROK_226: Your account is rate limited/,
    );
    expect(server.app.emulator.requests.map((r) => r.status)).toEqual([429, 429]);
    // One Retry-After wait between the two attempts, none after the last.
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(1900);
  });

  it("retries 429 on every method, up to `attempts`", async () => {
    const server = await serve(rateLimitFirst(Array(10).fill(0)));
    const error = await rejectionOf(createCa(server.client()));
    expect((error as NgrokApiError).statusCode).toBe(429);
    expect(server.answered()).toEqual(Array(3).fill(`POST ${COLLECTION_PATH}`));
  });

  /** Answers 503 to the first `n` requests. */
  function unavailableFirst(n: number, status = 503) {
    let count = 0;
    return (app: EmulatorApp) => {
      app.addHook("onRequest", async () => {
        if (count++ < n) throw new EmulatorError(status, undefined, "Service Unavailable");
      });
    };
  }

  it.each([500, 502, 503, 504])("retries %d on GET", async (status) => {
    const server = await serve(unavailableFirst(1, status));
    const error = await rejectionOf(getCa(server.client(), UNKNOWN_CA));
    expect((error as NgrokApiError).statusCode).toBe(404);
    expect(server.app.emulator.requests.map((r) => r.status)).toEqual([status, 404]);
  });

  it("retries 503 on DELETE and PATCH (idempotent)", async () => {
    let failNext = false;
    const server = await serve((app) => {
      app.addHook("onRequest", async (request: FastifyRequest) => {
        if (request.method !== "POST" && failNext) {
          failNext = false;
          throw new EmulatorError(503, undefined, "Service Unavailable");
        }
      });
    });
    const client = server.client();
    const created = await createCa(client);
    failNext = true;
    await client.request({
      method: "PATCH",
      path: itemPath(created.id),
      body: { metadata: "m" },
      schema: sshCertificateAuthoritySchema,
    });
    failNext = true;
    await client.request({ method: "DELETE", path: itemPath(created.id) });
    expect(server.app.emulator.requests.map((r) => `${r.method} ${r.status}`)).toEqual([
      "POST 201",
      "PATCH 503",
      "PATCH 200",
      "DELETE 503",
      "DELETE 204",
    ]);
  });

  it("does not retry 503 on POST: it could create twice", async () => {
    const server = await serve(unavailableFirst(5));
    const error = await rejectionOf(createCa(server.client()));
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect((error as NgrokApiError).statusCode).toBe(503);
    expect((error as Error).message).toBe(
      `ngrok API 503: Service Unavailable (POST ${COLLECTION_PATH}, operation ${(error as NgrokApiError).operationId})`,
    );
    expect(server.answered()).toEqual([`POST ${COLLECTION_PATH}`]);
  });

  it("does not retry a 500 on POST, which may have created the CA", async () => {
    const server = await serve(unavailableFirst(5, 500));
    await rejectionOf(createCa(server.client()));
    expect(server.answered()).toHaveLength(1);
  });

  it("does not retry a 501", async () => {
    const server = await serve(unavailableFirst(5, 501));
    await rejectionOf(getCa(server.client(), UNKNOWN_CA));
    expect(server.answered()).toHaveLength(1);
  });

  it("retries a GET to a closed port, then fails naming the base URL and not the key", async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const apiKey = "secret_key_that_must_not_leak_123";
    const connections = countConnections(port);
    const client = new NgrokClient({ apiKey, baseUrl }, FAST);
    const error = await rejectionOf(getCa(client, UNKNOWN_CA));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect(NgrokApiError.isInstance(error)).toBe(false);
    const clientError = error as NgrokClientError;
    expect(clientError.statusCode).toBeUndefined();
    expect(clientError.endpoint).toEqual({ method: "GET", path: itemPath(UNKNOWN_CA) });
    expect(clientError.message).toContain(`could not reach the ngrok API at ${baseUrl}`);
    expect(clientError.message).toContain(`GET ${itemPath(UNKNOWN_CA)}`);
    expect(clientError.message).toMatch(/ECONNREFUSED/);
    expect(clientError.message).not.toContain(apiKey);
    expect(clientError.message).toMatch(
      /; nothing listens there \(is the emulator running\? ngrok:apiBaseUrl or NGROK_API_BASE_URL say where the API is\); gave up after 3 attempts over \d+\.\d s \(ngrok:retryMaxAttempts, ngrok:retryDeadlineSeconds and ngrok:requestTimeoutSeconds, or NGROK_RETRY_MAX_ATTEMPTS, NGROK_RETRY_DEADLINE_SECONDS and NGROK_REQUEST_TIMEOUT_SECONDS, shorten this\)$/,
    );
    expect(connections()).toBe(3);
  });

  it("stops retrying a loopback address that refuses connections after 5 s, whatever the attempts", async () => {
    const port = await closedPort();
    const connections = countConnections(port);
    const client = new NgrokClient(
      { apiKey: "k", baseUrl: `http://127.0.0.1:${port}` },
      { retry: { attempts: 100, startingDelayMs: 500, maxDelayMs: 1000 } },
    );
    const started = Date.now();
    const error = await rejectionOf(getCa(client, UNKNOWN_CA));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(7000);
    expect(connections()).toBeGreaterThanOrEqual(2);
    expect(connections()).toBeLessThan(100);
    expect((error as Error).message).toMatch(
      new RegExp(`gave up after ${connections()} attempts over [0-5]\\.\\d s`),
    );
  });

  it("a remote address that cannot be reached: the message says how many attempts over how long", async () => {
    // A name that cannot resolve (RFC 6761's .invalid): nothing is sent, every attempt is made.
    const client = new NgrokClient({ apiKey: "k", baseUrl: "http://ngrok-api.invalid" }, FAST);
    const error = await rejectionOf(getCa(client, UNKNOWN_CA));
    expect(NgrokClientError.isInstance(error) && error.requestOutcome).toBe("not-sent");
    expect((error as Error).message).toMatch(
      /could not reach the ngrok API at http:\/\/ngrok-api\.invalid/,
    );
    expect((error as Error).message).not.toContain("nothing listens there");
    expect((error as Error).message).toMatch(
      /; gave up after 3 attempts over \d+\.\d s \(ngrok:retryMaxAttempts/,
    );
  });

  it("retries a POST to a closed port: nothing was sent, so nothing can be created twice", async () => {
    const port = await closedPort();
    const connections = countConnections(port);
    const client = new NgrokClient({ apiKey: "k", baseUrl: `http://127.0.0.1:${port}` }, FAST);
    const error = await rejectionOf(createCa(client));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as NgrokClientError).requestOutcome).toBe("not-sent");
    expect((error as NgrokClientError).transportCode).toBe("ECONNREFUSED");
    expect(NgrokClientError.outcomeUnknown(error)).toBe(false);
    expect((error as Error).message).toContain(`POST ${COLLECTION_PATH}`);
    expect(connections()).toBe(3);
  });

  it("retries a POST refused once, then creates exactly one CA", async () => {
    // The port is closed at first; the emulator starts listening on it after the first refusal.
    const port = await closedPort();
    const app = buildEmulatorApp();
    servers.push(app);
    const lines: string[] = [];
    const client = new NgrokClient(
      { apiKey: app.emulator.apiKey, baseUrl: `http://127.0.0.1:${port}` },
      { retry: { attempts: 5, startingDelayMs: 300, maxDelayMs: 300 }, log: (l) => lines.push(l) },
    );
    const created = createCa(client, { description: "refused first" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.listen({ host: "127.0.0.1", port });
    expect((await created).description).toBe("refused first");
    expect(app.emulator.snapshot().sshCertificateAuthorities).toHaveLength(1);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatch(
      /^ngrok API: retrying POST \/ssh_certificate_authorities \(attempt 2 of 5\) after a connection failure before sending \(.*ECONNREFUSED.*\); waiting up to 300 ms$/,
    );
  });

  it("does not resend a POST whose connection was reset after sending: the CA may exist", async () => {
    let posts = 0;
    const server = await serve((app) => {
      app.addHook("onRequest", async (request: FastifyRequest) => {
        if (request.method === "POST") {
          posts++;
          request.raw.socket.destroy();
        }
      });
    });
    const error = await rejectionOf(createCa(server.client()));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as NgrokClientError).requestOutcome).toBe("unknown");
    expect((error as NgrokClientError).transportCode).toBe("ECONNRESET");
    expect(NgrokClientError.outcomeUnknown(error)).toBe(true);
    expect(posts).toBe(1);
  });

  it("logs each retry with its reason and wait, never the API key", async () => {
    const apiKey = "secret_key_that_must_not_leak_456";
    const app = buildEmulatorApp({ apiKey });
    let count = 0;
    app.addHook("onRequest", async () => {
      if (count++ < 2) throw apiErrors.rateLimited(120, "60s", 1);
    });
    servers.push(app);
    await app.listen({ host: "127.0.0.1", port: 0 });
    const lines: string[] = [];
    const client = new NgrokClient(
      { apiKey, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` },
      { ...FAST, log: (line) => lines.push(line) },
    );
    await createCa(client);
    expect(lines.slice(0, 2)).toEqual([
      "ngrok API: retrying POST /ssh_certificate_authorities (attempt 2 of 3) after HTTP 429 ERR_NGROK_226; waiting Retry-After 1000 ms then up to 10 ms",
      "ngrok API: retrying POST /ssh_certificate_authorities (attempt 3 of 3) after HTTP 429 ERR_NGROK_226; waiting Retry-After 1000 ms then up to 20 ms",
    ]);
    // Then the total wait on the rate limit (two Retry-After and their back-offs).
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(
      /^ngrok API: POST \/ssh_certificate_authorities waited 2\.\d s on the rate limit$/,
    );
    expect(lines.join("\n")).not.toContain(apiKey);
  });

  it("stops retrying when the next wait would pass the deadline", async () => {
    const server = await serve(rateLimitFirst(Array(10).fill(2)));
    const lines: string[] = [];
    const started = Date.now();
    const error = await rejectionOf(
      getCa(
        server.client({
          retry: { attempts: 10, startingDelayMs: 10, maxDelayMs: 5000, deadlineMs: 3000 },
          log: (line) => lines.push(line),
        }),
        UNKNOWN_CA,
      ),
    );
    const elapsed = Date.now() - started;
    expect((error as NgrokApiError).statusCode).toBe(429);
    // 2 s Retry-After fits once in 3 s; the second would end after the deadline.
    expect(server.app.emulator.requests.map((r) => r.status)).toEqual([429, 429]);
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    expect(elapsed).toBeLessThan(3000);
    expect(lines.at(-2)).toBe(
      `ngrok API: not retrying GET ${itemPath(UNKNOWN_CA)} after HTTP 429 ERR_NGROK_226: the retry deadline of 3000 ms would pass`,
    );
    // The time waited on the rate limit is logged, and told in the error.
    expect(lines.at(-1)).toMatch(
      /^ngrok API: GET \/ssh_certificate_authorities\/sshca_\w+ waited 2\.\d s on the rate limit$/,
    );
    expect((error as Error).message).toMatch(/; waited 2\.\d s on the rate limit$/);
  });

  it("retries a GET whose connection is reset, and succeeds when the API answers", async () => {
    const server = await serve();
    let resets = 0;
    const sockets = new Set<net.Socket>();
    // A proxy that drops the first connection and forwards the rest to the emulator.
    const proxy = net.createServer((socket) => {
      sockets.add(socket);
      if (resets++ === 0) {
        socket.destroy();
        return;
      }
      const upstream = net.connect((server.app.server.address() as AddressInfo).port, "127.0.0.1");
      socket.pipe(upstream).pipe(socket);
      socket.on("error", () => upstream.destroy());
      upstream.on("error", () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    servers.push({
      close: () =>
        new Promise((resolve) => {
          proxy.close(resolve);
          for (const socket of sockets) socket.destroy();
        }),
    });
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const list = await new NgrokClient({ apiKey: server.apiKey, baseUrl: proxyUrl }, FAST).request({
      method: "GET",
      path: COLLECTION_PATH,
      schema: sshCertificateAuthorityListSchema,
    });
    expect(list.ssh_certificate_authorities).toEqual([]);
    expect(resets).toBe(2);
    expect(server.answered()).toEqual([`GET ${COLLECTION_PATH}`]);
  });
});

describe("NgrokClient: paging", () => {
  async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
    const out: T[] = [];
    for await (const item of items) out.push(item);
    return out;
  }

  it("follows next_page_uri through every page, newest first", async () => {
    const server = await serve();
    const client = server.client();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createCa(client, { description: `ca ${i}` })).id);
    }
    const listed = await collect(
      client.list(
        `${COLLECTION_PATH}?limit=2`,
        "ssh_certificate_authorities",
        sshCertificateAuthorityListSchema,
      ),
    );
    expect(listed.map((ca) => ca.id)).toEqual([...ids].reverse());
    expect(listed.map((ca) => ca.description)).toEqual(["ca 4", "ca 3", "ca 2", "ca 1", "ca 0"]);
    const gets = server.answered().filter((r) => r.startsWith("GET "));
    expect(gets).toEqual([
      `GET ${COLLECTION_PATH}?limit=2`,
      `GET ${COLLECTION_PATH}?limit=2&before_id=${ids[3]}`,
      `GET ${COLLECTION_PATH}?limit=2&before_id=${ids[1]}`,
    ]);
  });

  it("lists an empty collection with one request", async () => {
    const server = await serve();
    const listed = await collect(
      server
        .client()
        .list(COLLECTION_PATH, "ssh_certificate_authorities", sshCertificateAuthorityListSchema),
    );
    expect(listed).toEqual([]);
    expect(server.answered()).toEqual([`GET ${COLLECTION_PATH}`]);
  });

  it.each([
    ["another port", (other: string) => other],
    ["another scheme", (_other: string, own: string) => own.replace("http:", "https:")],
    ["another host", () => "http://localhost.evil.example"],
  ])("refuses a next_page_uri on %s and sends nothing there", async (_name, target) => {
    const otherRequests: string[] = [];
    const other = http.createServer((request, response) => {
      otherRequests.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      response.end("{}");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    servers.push({
      close: () => new Promise((resolve) => (other.closeAllConnections(), other.close(resolve))),
    });
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

    let ownUrl = "";
    const server = await serve((app) => {
      app.addHook("onSend", async (request: FastifyRequest, _reply: FastifyReply, payload) => {
        if (request.method === "GET" && typeof payload === "string") {
          const page = JSON.parse(payload) as { next_page_uri: string | null };
          if (page.next_page_uri !== null) {
            page.next_page_uri = page.next_page_uri.replace(ownUrl, target(otherUrl, ownUrl));
          }
          return JSON.stringify(page);
        }
        return payload;
      });
    });
    ownUrl = server.url;
    const client = server.client();
    for (let i = 0; i < 3; i++) await createCa(client);

    const seen: string[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const ca of client.list(
          `${COLLECTION_PATH}?limit=2`,
          "ssh_certificate_authorities",
          sshCertificateAuthorityListSchema,
        )) {
          seen.push(ca.id);
        }
      })(),
    );
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /next_page_uri .* outside http:\/\/127\.0\.0\.1:\d+; refusing to follow it/,
    );
    expect((error as Error).message).not.toContain(server.apiKey);
    expect(seen).toHaveLength(2);
    expect(otherRequests).toEqual([]);
    expect(server.answered().filter((r) => r.startsWith("GET "))).toHaveLength(1);
  });

  it("follows a next_page_uri under a base URL with a path prefix", async () => {
    // A reverse proxy mounting the API under /ngrok: the emulator sees paths without the prefix.
    const server = await serve((app) => {
      app.addHook("onSend", async (request: FastifyRequest, _reply: FastifyReply, payload) => {
        if (request.method === "GET" && typeof payload === "string") {
          const page = JSON.parse(payload) as { next_page_uri: string | null };
          if (page.next_page_uri !== null) {
            page.next_page_uri = page.next_page_uri.replace(
              `${COLLECTION_PATH}?`,
              `/ngrok${COLLECTION_PATH}?`,
            );
          }
          return JSON.stringify(page);
        }
        return payload;
      });
    });
    const prefixed = http.createServer((request, response) => {
      const upstream = http.request(
        `${server.url}${(request.url ?? "").replace(/^\/ngrok/, "")}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => prefixed.listen(0, "127.0.0.1", resolve));
    servers.push({
      close: () =>
        new Promise((resolve) => (prefixed.closeAllConnections(), prefixed.close(resolve))),
    });
    const base = `http://127.0.0.1:${(prefixed.address() as AddressInfo).port}/ngrok`;
    const direct = server.client();
    for (let i = 0; i < 3; i++) await createCa(direct);
    const client = new NgrokClient({ apiKey: server.apiKey, baseUrl: base }, FAST);
    const listed = await collect(
      client.list(
        `${COLLECTION_PATH}?limit=2`,
        "ssh_certificate_authorities",
        sshCertificateAuthorityListSchema,
      ),
    );
    expect(listed).toHaveLength(3);
    expect(server.answered().filter((r) => r.startsWith("GET "))).toHaveLength(2);
  });
});

describe("NgrokClient: bounded waits", () => {
  it("stops a list whose next_page_uri points back at a page already read", async () => {
    const server = await serve((app) => {
      app.addHook("onSend", async (request: FastifyRequest, _reply: FastifyReply, payload) => {
        if (request.method === "GET" && typeof payload === "string") {
          const page = JSON.parse(payload) as { next_page_uri: string | null };
          page.next_page_uri = `${request.protocol}://${request.headers.host}${request.url}`;
          return JSON.stringify(page);
        }
        return payload;
      });
    });
    const client = server.client();
    await createCa(client);
    const error = await rejectionOf(
      (async () => {
        for await (const _ of client.list(
          COLLECTION_PATH,
          "ssh_certificate_authorities",
          sshCertificateAuthorityListSchema,
        )) {
          // read every page
        }
      })(),
    );
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/a page already read; stopping instead of looping/);
    expect(server.answered().filter((r) => r.startsWith("GET "))).toEqual([
      `GET ${COLLECTION_PATH}`,
    ]);
  });

  it("gives up on an attempt that hangs, and retries it when the method is idempotent", async () => {
    let hung = 0;
    const server = await serve((app) => {
      app.addHook("onRequest", async (request: FastifyRequest) => {
        if (request.method === "GET" && hung++ === 0) {
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
      });
    });
    const client = server.client({ ...FAST, timeoutMs: 300 });
    const created = await createCa(client);
    const started = Date.now();
    expect((await getCa(client, created.id)).id).toBe(created.id);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(hung).toBe(2);
  });

  it("reports a POST that hangs as a timeout of unknown outcome, without sending it again", async () => {
    let posts = 0;
    const server = await serve((app) => {
      app.addHook("onRequest", async (request: FastifyRequest) => {
        if (request.method === "POST") {
          posts++;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      });
    });
    const error = await rejectionOf(createCa(server.client({ ...FAST, timeoutMs: 200 })));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /could not reach the ngrok API at .*: network timeout/,
    );
    expect((error as NgrokClientError).transportCode).toBe("ETIMEDOUT");
    expect((error as NgrokClientError).requestOutcome).toBe("unknown");
    expect(posts).toBe(1);
  });
});
