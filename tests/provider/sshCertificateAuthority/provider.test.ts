/**
 * The SshCertificateAuthority provider methods (provider/sshCertificateAuthority/definition.ts),
 * called directly as the dynamic-provider host would, against the emulator on a loopback port.
 * Every lifecycle call is checked to make exactly the one API request it should.
 */
import type { AddressInfo } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import sshpk from "sshpk";
import {
  buildEmulatorApp,
  EmulatorApiError as EmulatorError,
  startEmulator,
  type EmulatorApp,
  type RecordedRequest,
  type RunningEmulator,
} from "../../../emulator/index";
import {
  NgrokApiError,
  NgrokClientError,
  NgrokConfigurationError,
  ResourceInitFailedError,
  SshCertificateAuthorityInUseError,
  sshCertificateAuthorityProvider as provider,
} from "../../../provider";
import { resetStackConfig } from "../../../provider/client/configuration";
import type {
  SshCertificateAuthorityInputs,
  SshCertificateAuthorityOutputs,
} from "../../../provider/sshCertificateAuthority/definition";
import { callApi } from "../../support/emulatorApi";
import { configureProvider } from "../../support/configureProvider";
import * as keys from "../../support/sshKeys";

const PROVIDER = "exports.handler = __provider_text";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ENV_NAMES = ["NGROK_API_KEY", "NGROK_API_BASE_URL"] as const;
const savedEnv: Record<string, string | undefined> = {};

let emulator: RunningEmulator;

beforeAll(async () => {
  for (const name of ENV_NAMES) {
    savedEnv[name] = process.env[name];
    delete process.env[name];
  }
  emulator = await startEmulator({ port: 0 });
});

beforeEach(() => configureProvider(emulator));

afterAll(async () => {
  resetStackConfig();
  for (const name of ENV_NAMES) {
    if (savedEnv[name] !== undefined) process.env[name] = savedEnv[name];
  }
  await emulator?.close();
});

/** Runs `fn` and returns its result with the requests `log` recorded meanwhile. */
async function during<T>(
  log: ReadonlyArray<RecordedRequest>,
  fn: () => Promise<T>,
): Promise<{ result: T; requests: string[] }> {
  const before = log.length;
  const result = await fn();
  return { result, requests: log.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`) };
}

/** Like {@link during} for a call that must reject. */
async function failing(
  log: ReadonlyArray<RecordedRequest>,
  fn: () => Promise<unknown>,
): Promise<{ error: unknown; requests: string[] }> {
  const before = log.length;
  let error: unknown;
  try {
    await fn();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeDefined();
  return { error, requests: log.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`) };
}

/** `check` then `create`, with `__provider` in the inputs as the host hands them over. */
async function checkAndCreate(news: Record<string, unknown>, log = emulator.requests) {
  const checked = await provider.check({}, { ...news, __provider: PROVIDER });
  expect(checked.failures).toEqual([]);
  const inputs = { ...checked.inputs, __provider: PROVIDER } as SshCertificateAuthorityInputs;
  return { inputs, ...(await during(log, () => provider.create(inputs))) };
}

function liveCa(id: string, app: { snapshot: RunningEmulator["snapshot"] } = emulator) {
  return app.snapshot().sshCertificateAuthorities.find((ca) => ca.id === id);
}

/** Sends one request to the emulator "outside Pulumi"; returns the status. */
async function outOfBand(method: string, path: string, body?: unknown): Promise<number> {
  return (await callApi(emulator, method, path, body)).status;
}

const POST = "POST /ssh_certificate_authorities 201";

describe("create", () => {
  it.each([
    [{ privateKeyType: "ed25519" }, "ed25519", 256, undefined],
    [{ privateKeyType: "ecdsa" }, "ecdsa", 256, "nistp256"],
    [{ privateKeyType: "ecdsa", ellipticCurve: "p256" }, "ecdsa", 256, "nistp256"],
    [{ privateKeyType: "ecdsa", ellipticCurve: "p384" }, "ecdsa", 384, "nistp384"],
    [{ privateKeyType: "ecdsa", ellipticCurve: "p521" }, "ecdsa", 521, "nistp521"],
    [{ privateKeyType: "rsa", keySize: 2048 }, "rsa", 2048, undefined],
    // The default size, and the slow one: generated once.
    [{ privateKeyType: "rsa" }, "rsa", 4096, undefined],
  ])("creates %j with one POST and returns the key it made", async (news, keyType, bits, curve) => {
    const description = `CA ${JSON.stringify(news)}`;
    const metadata = JSON.stringify({ team: "infra", bits });
    const { inputs, result, requests } = await checkAndCreate({
      ...news,
      description,
      metadata,
    });
    expect(requests).toEqual([POST]);
    const { id, outs } = result;
    expect(id).toMatch(/^sshca_[0-9A-Za-z]{27}$/);
    expect(outs).toEqual({
      privateKeyType: keyType,
      ...(keyType === "ecdsa" ? { ellipticCurve: inputs.ellipticCurve } : {}),
      ...(keyType === "rsa" ? { keySize: bits } : {}),
      description,
      metadata,
      publicKey: expect.any(String),
      keyType,
      uri: `${emulator.url}/ssh_certificate_authorities/${id}`,
      createdAt: expect.stringMatching(RFC3339),
    });
    expect(outs).not.toHaveProperty("__provider");
    expect(Math.abs(Date.parse(outs!.createdAt) - Date.now())).toBeLessThan(60_000);

    const key = sshpk.parseKey(outs!.publicKey, "ssh");
    expect(key.type).toBe(keyType);
    expect(key.size).toBe(bits);
    if (curve !== undefined) expect(key.curve).toBe(curve);
    expect(outs!.publicKey.startsWith(`${key.toString("ssh").split(" ")[0]} `)).toBe(true);

    const live = liveCa(id);
    expect(live).toMatchObject({ public_key: outs!.publicKey, description, metadata });
  });

  it("leaves description and metadata out when not given", async () => {
    const { result, requests } = await checkAndCreate({ privateKeyType: "ed25519" });
    expect(requests).toEqual([POST]);
    expect(result.outs).not.toHaveProperty("description");
    expect(result.outs).not.toHaveProperty("metadata");
    expect(liveCa(result.id)).not.toHaveProperty("description");
  });

  it("carries the API's message when ngrok rejects the parameters", async () => {
    // Bypassing check, as an older state or a buggy caller could.
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ privateKeyType: "rsa", keySize: 1024 }, "ERR_NGROK_1939", /Invalid key size 1024/],
      [{ privateKeyType: "ecdsa", ellipticCurve: "p999" }, "ERR_NGROK_1941", /p999/],
      [{ privateKeyType: "ed25519", keySize: 2048 }, "ERR_NGROK_1940", /Key size/],
    ];
    for (const [inputs, code, message] of cases) {
      const before = emulator.snapshot().sshCertificateAuthorities.length;
      const { error, requests } = await failing(emulator.requests, () =>
        provider.create(inputs as unknown as SshCertificateAuthorityInputs),
      );
      expect(requests).toEqual(["POST /ssh_certificate_authorities 400"]);
      expect(NgrokApiError.isInstance(error)).toBe(true);
      expect(ResourceInitFailedError.isInstance(error)).toBe(false);
      expect((error as NgrokApiError).errorCode).toBe(code);
      expect((error as Error).message).toMatch(
        new RegExp(`^ngrok API 400 ${code}: .*\\(POST /ssh_certificate_authorities, operation op_`),
      );
      expect((error as Error).message).toMatch(message);
      expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(before);
    }
  });

  it("fails with NgrokConfigurationError before any request when no API key is set", async () => {
    resetStackConfig();
    const calls: Array<() => Promise<unknown>> = [
      () => provider.create({ privateKeyType: "ed25519" }),
      () => provider.read("sshca_x"),
      () => provider.update("sshca_x", {} as SshCertificateAuthorityOutputs, {} as never),
      () => provider.delete("sshca_x", {} as SshCertificateAuthorityOutputs),
    ];
    for (const call of calls) {
      const { error, requests } = await failing(emulator.requests, call);
      expect(NgrokConfigurationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain("ngrok:apiKey");
      expect((error as Error).message).toContain("NGROK_API_KEY");
      expect(requests).toEqual([]);
    }
    // The environment variable is enough, read at call time.
    process.env.NGROK_API_KEY = emulator.apiKey;
    process.env.NGROK_API_BASE_URL = emulator.url;
    try {
      const { requests } = await during(emulator.requests, () =>
        provider.create({ privateKeyType: "ed25519" }),
      );
      expect(requests).toEqual([POST]);
    } finally {
      delete process.env.NGROK_API_KEY;
      delete process.env.NGROK_API_BASE_URL;
    }
  });
});

describe("read, update, delete", () => {
  let id: string;
  let outs: SshCertificateAuthorityOutputs;
  const desired = {
    privateKeyType: "ecdsa",
    ellipticCurve: "p384",
    description: "rollover CA",
    metadata: '{"env":"staging"}',
  } as const;

  beforeEach(async () => {
    const created = await checkAndCreate(desired);
    id = created.result.id;
    outs = created.result.outs!;
  });

  it("reads with one GET: the same outputs, and the live inputs", async () => {
    const { result, requests } = await during(emulator.requests, () => provider.read(id, outs));
    expect(requests).toEqual([`GET /ssh_certificate_authorities/${id} 200`]);
    expect(result.id).toBe(id);
    expect(result.props).toEqual(outs);
    expect(result.inputs).toEqual(desired);
    expect(await provider.diff(id, { ...result.props! }, { ...desired })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
      updates: [],
    });
  });

  it("sees a description changed outside Pulumi, and diff then wants an update", async () => {
    expect(
      await outOfBand("PATCH", `/ssh_certificate_authorities/${id}`, { description: "edited" }),
    ).toBe(200);
    const { result, requests } = await during(emulator.requests, () => provider.read(id, outs));
    expect(requests).toEqual([`GET /ssh_certificate_authorities/${id} 200`]);
    expect(result.props).toEqual({ ...outs, description: "edited" });
    expect(result.inputs).toEqual({ ...desired, description: "edited" });
    const diff = await provider.diff(id, { ...result.props! }, { ...desired });
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toEqual([]);

    // The update that diff asks for restores the description with one PATCH.
    if (result.inputs === undefined) throw new Error("the read found no CA");
    const update = await during(emulator.requests, () =>
      provider.update(id, result.props, { ...desired }),
    );
    expect(update.requests).toEqual([`PATCH /ssh_certificate_authorities/${id} 200`]);
    expect(update.result.outs).toEqual(outs);
    expect(liveCa(id)?.description).toBe(desired.description);
  });

  it("sees metadata cleared outside Pulumi", async () => {
    expect(await outOfBand("PATCH", `/ssh_certificate_authorities/${id}`, { metadata: "" })).toBe(
      200,
    );
    const { result } = await during(emulator.requests, () => provider.read(id, outs));
    expect(result.props).not.toHaveProperty("metadata");
    expect(result.inputs).not.toHaveProperty("metadata");
    expect((await provider.diff(id, { ...result.props! }, { ...desired })).changes).toBe(true);
  });

  it('reads a CA deleted outside Pulumi as gone (id "") after one GET', async () => {
    expect(await outOfBand("DELETE", `/ssh_certificate_authorities/${id}`)).toBe(204);
    const { result, requests } = await during(emulator.requests, () => provider.read(id, outs));
    expect(requests).toEqual([`GET /ssh_certificate_authorities/${id} 404`]);
    expect(result.id).toBe("");
  });

  it("passes other read errors through", async () => {
    const { error, requests } = await failing(emulator.requests, () =>
      provider.read("notanid", outs),
    );
    expect(requests).toEqual(["GET /ssh_certificate_authorities/notanid 400"]);
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect((error as NgrokApiError).statusCode).toBe(400);
  });

  it("updates description and metadata with one PATCH", async () => {
    const news = { ...desired, description: "new description", metadata: "new metadata" };
    const { result, requests } = await during(emulator.requests, () =>
      provider.update(id, outs, news),
    );
    expect(requests).toEqual([`PATCH /ssh_certificate_authorities/${id} 200`]);
    expect(result.outs).toEqual({ ...outs, ...news });
    expect(liveCa(id)).toMatchObject({
      description: "new description",
      metadata: "new metadata",
      public_key: outs.publicKey,
    });
  });

  it.each([
    ["an empty string", { metadata: "" }],
    ["an absent value", { metadata: undefined }],
  ])("clears metadata given as %s", async (_name, change) => {
    const news = { ...desired, ...change };
    const { result, requests } = await during(emulator.requests, () =>
      provider.update(id, outs, news as SshCertificateAuthorityInputs),
    );
    expect(requests).toEqual([`PATCH /ssh_certificate_authorities/${id} 200`]);
    expect(result.outs).not.toHaveProperty("metadata");
    expect(result.outs).toMatchObject({ description: desired.description, ellipticCurve: "p384" });
    expect(liveCa(id)).not.toHaveProperty("metadata");
    expect(liveCa(id)?.description).toBe(desired.description);
  });

  it("deletes with one DELETE; deleting again counts as done", async () => {
    const first = await during(emulator.requests, () => provider.delete(id, outs));
    expect(first.requests).toEqual([`DELETE /ssh_certificate_authorities/${id} 204`]);
    expect(liveCa(id)).toBeUndefined();
    const again = await during(emulator.requests, () => provider.delete(id, outs));
    expect(again.requests).toEqual([`DELETE /ssh_certificate_authorities/${id} 404`]);
  });

  it("update of a CA deleted outside Pulumi fails with the 404", async () => {
    await outOfBand("DELETE", `/ssh_certificate_authorities/${id}`);
    const { error, requests } = await failing(emulator.requests, () =>
      provider.update(id, outs, { ...desired, description: "x" }),
    );
    expect(requests).toEqual([`PATCH /ssh_certificate_authorities/${id} 404`]);
    expect(NgrokApiError.isInstance(error) && error.isNotFound).toBe(true);
  });
});

describe("faults", () => {
  type Fault = "delete501" | "stripPublicKey" | "stripId" | "notJson" | undefined;
  let fault: Fault;
  let app: EmulatorApp;
  let url: string;

  beforeAll(async () => {
    app = buildEmulatorApp();
    app.addHook("onRequest", async (request: FastifyRequest) => {
      if (fault === "delete501" && request.method === "DELETE") {
        throw new EmulatorError(501, undefined, "Not Implemented");
      }
    });
    app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
      if (request.method !== "POST" || reply.statusCode !== 201 || typeof payload !== "string") {
        return payload;
      }
      const body = JSON.parse(payload) as Record<string, unknown>;
      switch (fault) {
        case "stripPublicKey":
          delete body.public_key;
          return JSON.stringify(body);
        case "stripId":
          delete body.id;
          delete body.public_key;
          return JSON.stringify(body);
        case "notJson":
          return "Created";
        default:
          return payload;
      }
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  beforeEach(async () => {
    fault = undefined;
    await configureProvider({ url, apiKey: app.emulator.apiKey });
  });

  afterAll(() => app.close());

  const snapshot = () => app.emulator.snapshot();

  it("rejects a delete answered with 501 (not retried: only 500 is, on idempotent methods), after one request", async () => {
    const { result } = await checkAndCreate({ privateKeyType: "ed25519" }, app.emulator.requests);
    fault = "delete501";
    const { error, requests } = await failing(app.emulator.requests, () =>
      provider.delete(result.id, result.outs!),
    );
    expect(requests).toEqual([`DELETE /ssh_certificate_authorities/${result.id} 501`]);
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect((error as NgrokApiError).statusCode).toBe(501);
    expect(liveCa(result.id, { snapshot })).toBeDefined();
  });

  it("records a CA whose create answer is unusable but names its id (ResourceInitFailedError)", async () => {
    fault = "stripPublicKey";
    const inputs = {
      privateKeyType: "ed25519",
      description: "half-created",
      __provider: PROVIDER,
    } as SshCertificateAuthorityInputs;
    const { error, requests } = await failing(app.emulator.requests, () => provider.create(inputs));
    expect(requests).toEqual([POST]);
    expect(ResourceInitFailedError.isInstance(error)).toBe(true);
    const failed = error as ResourceInitFailedError;
    const created = snapshot().sshCertificateAuthorities;
    expect(created.map((ca) => ca.id)).toContain(failed.id);
    expect(failed.id).toMatch(/^sshca_/);
    expect(failed.properties).toEqual({
      privateKeyType: "ed25519",
      description: "half-created",
      __provider: PROVIDER,
    });
    expect(failed.reasons).toEqual([failed.message]);
    expect(failed.message).toMatch(/POST \/ssh_certificate_authorities has an unexpected shape/);
    expect(failed.message).toMatch(/public_key/);
    expect(failed.message).toContain(failed.id);

    // The engine records these properties; refresh and destroy then work from them.
    fault = undefined;
    const refreshed = await during(app.emulator.requests, () =>
      provider.read(failed.id, failed.properties as unknown as SshCertificateAuthorityOutputs),
    );
    expect(refreshed.requests).toEqual([`GET /ssh_certificate_authorities/${failed.id} 200`]);
    expect(refreshed.result.props).toMatchObject({
      privateKeyType: "ed25519",
      description: "half-created",
      publicKey: expect.stringMatching(/^ssh-ed25519 /),
    });
    if (refreshed.result.inputs === undefined) throw new Error("the read found no CA");
    await provider.delete(failed.id, refreshed.result.props);
    expect(liveCa(failed.id, { snapshot })).toBeUndefined();
  });

  it.each([
    ["has no id", "stripId" as const, /unexpected shape: id: .*public_key/],
    ["is not JSON", "notJson" as const, /is not JSON \(HTTP 201, 7 bytes\)/],
  ])("passes the client error through when the create answer %s", async (_name, which, message) => {
    fault = which;
    const { error, requests } = await failing(app.emulator.requests, () =>
      provider.create({ privateKeyType: "ed25519" }),
    );
    expect(requests).toEqual([POST]);
    expect(ResourceInitFailedError.isInstance(error)).toBe(false);
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as NgrokClientError).statusCode).toBe(201);
    expect((error as Error).message).toMatch(message);
  });
});

describe("delete of a CA that still has certificates (ERR_NGROK_1964)", () => {
  /** Signs `count` certificates of `kind` with `caId` through the API; returns their ids. */
  async function sign(
    app: Pick<RunningEmulator, "url" | "apiKey">,
    kind: "host" | "user",
    caId: string,
    count: number,
  ) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const signed = await callApi(app, "POST", `/ssh_${kind}_certificates`, {
        ssh_certificate_authority_id: caId,
        public_key: keys.ED25519,
        principals: [`p${i}`],
      });
      expect(signed.status).toBe(201);
      ids.push(signed.body.id as string);
    }
    return ids;
  }

  it.each([400, 409] as const)(
    "names every certificate it signed, through every page, and no other CA's (ngrok answering %d)",
    async (status) => {
      const app = await startEmulator({ port: 0, sshCaInUseStatus: status });
      try {
        await configureProvider(app);
        const { result } = await checkAndCreate({ privateKeyType: "ed25519" }, app.requests);
        const other = await checkAndCreate({ privateKeyType: "ed25519" }, app.requests);
        // 101 host certificates: the list has two pages of at most 100.
        const hosts = await sign(app, "host", result.id, 101);
        const users = await sign(app, "user", result.id, 2);
        await sign(app, "host", other.result.id, 1);
        await sign(app, "user", other.result.id, 1);

        const { error, requests } = await failing(app.requests, () =>
          provider.delete(result.id, result.outs!),
        );
        expect(SshCertificateAuthorityInUseError.isInstance(error)).toBe(true);
        const inUse = error as SshCertificateAuthorityInUseError;
        expect(inUse.certificateAuthorityId).toBe(result.id);
        expect([...inUse.certificateIds].sort()).toEqual([...hosts, ...users].sort());
        expect(inUse.refusal.statusCode).toBe(status);
        expect(inUse.refusal.errorCode).toBe("ERR_NGROK_1964");
        expect(inUse.message).toMatch(
          new RegExp(
            `^the SSH certificate authority ${result.id} still has certificates it signed: ((shcrt|sucrt)_\\w+, ){102}(shcrt|sucrt)_\\w+; ` +
              "delete them first \\(or remove them from the program: Pulumi deletes a certificate before the CA whose id it uses\\), then delete the CA " +
              `\\(ngrok API ${status} ERR_NGROK_1964: .* \\(DELETE /ssh_certificate_authorities/${result.id}, operation op_\\w+\\)\\)$`,
          ),
        );
        expect(requests).toEqual([
          `DELETE /ssh_certificate_authorities/${result.id} ${status}`,
          "GET /ssh_host_certificates?limit=100 200",
          expect.stringMatching(/^GET \/ssh_host_certificates\?.*before_id=shcrt_\w+.* 200$/),
          "GET /ssh_user_certificates?limit=100 200",
        ]);
        expect(liveCa(result.id, app)).toBeDefined();

        // Once they are gone, the delete goes through.
        for (const id of hosts) await callApi(app, "DELETE", `/ssh_host_certificates/${id}`);
        for (const id of users) await callApi(app, "DELETE", `/ssh_user_certificates/${id}`);
        const retried = await during(app.requests, () => provider.delete(result.id, result.outs!));
        expect(retried.requests).toEqual([`DELETE /ssh_certificate_authorities/${result.id} 204`]);
      } finally {
        await app.close();
      }
    },
    60_000,
  );

  it("when the certificates cannot be listed, it still says why the CA stays, and how to find them", async () => {
    const { result } = await checkAndCreate({ privateKeyType: "ed25519" });
    await sign(emulator, "user", result.id, 1);
    emulator.faults.add({ method: "GET", path: "/ssh_host_certificates", status: 501, count: 1 });
    const { error, requests } = await failing(emulator.requests, () =>
      provider.delete(result.id, result.outs!),
    );
    expect(requests).toEqual([
      `DELETE /ssh_certificate_authorities/${result.id} 400`,
      "GET /ssh_host_certificates?limit=100 501",
    ]);
    expect(SshCertificateAuthorityInUseError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^the SSH certificate authority ${result.id} still has certificates it signed \\(listing them failed: ngrok API 501: Not Implemented \\(GET /ssh_host_certificates\\?limit=100, operation op_\\w+\\)\\); ` +
          "find them with `ngrok api ssh-host-certificates list` and `ngrok api ssh-user-certificates list`",
      ),
    );
  });

  it("other delete errors pass through unchanged", async () => {
    const { result } = await checkAndCreate({ privateKeyType: "ed25519" });
    emulator.faults.add({ method: "DELETE", status: 501, count: 1 });
    const { error } = await failing(emulator.requests, () =>
      provider.delete(result.id, result.outs!),
    );
    expect(SshCertificateAuthorityInUseError.isInstance(error)).toBe(false);
    expect(NgrokApiError.isInstance(error) && error.statusCode === 501).toBe(true);
  });
});
