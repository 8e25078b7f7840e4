/**
 * The SshHostCertificate provider methods (provider/sshHostCertificate/definition.ts), called
 * directly as the dynamic-provider host would, against the emulator on a loopback port. Every
 * lifecycle call is checked to make exactly the one API request it should, and every certificate
 * is read back with sshpk: signed by the CA's key, for the key and principals asked, over the
 * validity the outputs report.
 */
import type { AddressInfo } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  buildEmulatorApp,
  startEmulator,
  type EmulatorApp,
  type RecordedRequest,
  type RunningEmulator,
} from "../../../emulator/index";
import {
  NgrokApiError,
  NgrokClientError,
  ResourceInitFailedError,
  resetStackConfig,
  sshHostCertificateProvider as provider,
} from "../../../provider";
import type {
  SshHostCertificateInputs,
  SshHostCertificateOutputs,
} from "../../../provider/sshHostCertificate/definition";
import { callApi } from "../../support/emulatorApi";
import { configureProvider } from "../../support/configureProvider";
import { createCa, decodeCertificate } from "../../support/sshCertificates";
import * as keys from "../../support/sshKeys";

const PROVIDER = "exports.handler = __provider_text";
const PATH = "/ssh_host_certificates";
const SECOND_PRECISION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const YEAR_MS = 365 * 24 * 3600 * 1000;

let emulator: RunningEmulator;
let ca: { id: string; publicKey: string };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ca = await createCa(emulator, { private_key_type: "ecdsa", elliptic_curve: "p384" });
});

beforeEach(() => configureProvider(emulator));

afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

/** Runs `fn`; returns its result (or error) and the requests `log` recorded meanwhile. */
async function during<T>(log: ReadonlyArray<RecordedRequest>, fn: () => Promise<T>) {
  const before = log.length;
  let result: T | undefined;
  let error: unknown;
  try {
    result = await fn();
  } catch (caught) {
    error = caught;
  }
  return {
    result: result as T,
    error,
    requests: log.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`),
  };
}

/** `check` then `create`, with `__provider` in the inputs as the host hands them over. */
async function checkAndCreate(news: Record<string, unknown>, log = emulator.requests) {
  const checked = await provider.check(
    {},
    { __provider: PROVIDER, sshCertificateAuthorityId: ca.id, ...news },
  );
  expect(checked.failures).toEqual([]);
  const inputs = { ...checked.inputs, __provider: PROVIDER } as SshHostCertificateInputs;
  const created = await during(log, () => provider.create(inputs));
  expect(created.error).toBeUndefined();
  return { inputs, ...created };
}

const live = (id: string) => emulator.snapshot().sshHostCertificates.find((c) => c.id === id);

describe("create", () => {
  it.each([
    ["ed25519", keys.ED25519],
    ["ecdsa", keys.ECDSA_P256],
    ["ecdsa", keys.ECDSA_P521],
    ["rsa", keys.RSA_2048],
  ])(
    "signs a %s key with one POST; the outputs and the certificate agree",
    async (keyType, key) => {
      const principals = ["web1.example.com", "10.0.0.5"];
      const { result, requests } = await checkAndCreate({
        publicKey: `${key}\n`,
        principals,
        description: "web1",
        metadata: '{"rack":4}',
      });
      expect(requests).toEqual([`POST ${PATH} 201`]);
      const { id, outs } = result;
      expect(id).toMatch(/^shcrt_[0-9A-Za-z]{27}$/);
      expect(outs).toEqual({
        sshCertificateAuthorityId: ca.id,
        publicKey: key,
        principals,
        validAfter: expect.stringMatching(SECOND_PRECISION),
        validUntil: expect.stringMatching(SECOND_PRECISION),
        description: "web1",
        metadata: '{"rack":4}',
        certificate: expect.stringMatching(new RegExp(`-cert-v01@openssh\\.com AAAA[^ ]+ ${id}$`)),
        keyType,
        uri: `${emulator.url}${PATH}/${id}`,
        createdAt: expect.stringMatching(SECOND_PRECISION),
      });
      // ngrok's defaults: valid from the creation, for a year.
      expect(outs!.validAfter).toBe(outs!.createdAt);
      expect(Date.parse(outs!.validUntil) - Date.parse(outs!.validAfter)).toBeGreaterThanOrEqual(
        YEAR_MS,
      );
      expect(decodeCertificate(outs!.certificate, ca.publicKey)).toEqual({
        type: "host",
        keyId: id,
        principals,
        validAfter: outs!.validAfter,
        validUntil: outs!.validUntil,
        criticalOptions: {},
        extensions: {},
        signedByCa: true,
        subjectKey: key.split(" ").slice(0, 2).join(" "),
      });
      expect(live(id)).toMatchObject({ certificate: outs!.certificate, public_key: key });
    },
  );

  it("keeps a declared validity: an offset comes back as the same instant in UTC", async () => {
    const { result } = await checkAndCreate({
      publicKey: keys.ED25519,
      validAfter: "2026-01-01T00:00:00-05:00",
      validUntil: "2036-01-01T00:00:00.750Z",
    });
    expect(result.outs).toMatchObject({
      validAfter: "2026-01-01T05:00:00Z",
      validUntil: "2036-01-01T00:00:00Z",
      principals: [],
    });
    // Compared as instants: the program's own values are no change.
    const diff = await provider.diff(result.id, result.outs!, {
      sshCertificateAuthorityId: ca.id,
      publicKey: keys.ED25519,
      validAfter: "2026-01-01T00:00:00-05:00",
      validUntil: "2036-01-01T00:00:00.750Z",
    });
    expect(diff.changes).toBe(false);
    // A declared validity is in the inputs read hands back; no principals is ngrok's default.
    expect((await provider.read(result.id, result.outs!)).inputs).toEqual({
      sshCertificateAuthorityId: ca.id,
      publicKey: keys.ED25519,
      validAfter: "2026-01-01T05:00:00Z",
      validUntil: "2036-01-01T00:00:00Z",
    });
    expect(decodeCertificate(result.outs!.certificate, ca.publicKey)).toMatchObject({
      validAfter: "2026-01-01T05:00:00Z",
      validUntil: "2036-01-01T00:00:00Z",
      principals: [],
    });
  });

  it("an unknown CA: one POST answered 404 with ngrok's code, a message that says so, nothing created", async () => {
    const missing = "sshca_2ZpXGdAbcDef0123456789abc";
    const before = emulator.snapshot().sshHostCertificates.length;
    const { error, requests } = await during(emulator.requests, () =>
      provider.create({ sshCertificateAuthorityId: missing, publicKey: keys.ED25519 }),
    );
    expect(requests).toEqual([`POST ${PATH} 404`]);
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect((error as NgrokApiError).statusCode).toBe(404);
    expect((error as NgrokApiError).errorCode).toMatch(/^ERR_NGROK_19(49|51)$/);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^ngrok API 404 ERR_NGROK_19(49|51): the SSH certificate authority ${missing} \\(sshCertificateAuthorityId\\) does not exist in this ngrok account, so no host certificate was created: check the id, or declare the CA in the program and pass its id output, so that Pulumi creates it first \\(ngrok said: .+\\) \\(POST ${PATH}, operation op_\\w+\\)$`,
      ),
    );
    expect(emulator.snapshot().sshHostCertificates).toHaveLength(before);
  });

  it("carries the API's message when ngrok refuses what check would have refused", async () => {
    // Bypassing check, as an older state or a buggy caller could.
    for (const [publicKey, message] of [
      [keys.DSA_1024, /dsa|DSA|ssh-dss/],
      ["not a key", /.+/],
    ] as const) {
      const { error, requests } = await during(emulator.requests, () =>
        provider.create({ sshCertificateAuthorityId: ca.id, publicKey }),
      );
      expect(requests).toEqual([`POST ${PATH} 400`]);
      expect(NgrokApiError.isInstance(error)).toBe(true);
      expect((error as NgrokApiError).errorCode).toMatch(/^ERR_NGROK_\d+$/);
      expect((error as Error).message).toMatch(message);
      expect(ResourceInitFailedError.isInstance(error)).toBe(false);
    }
  });
});

describe("read, update, delete", () => {
  let id: string;
  let outs: SshHostCertificateOutputs;
  const desired = {
    publicKey: keys.ECDSA_P384,
    principals: ["db1.internal"],
    description: "db1",
    metadata: '{"v":1}',
  };

  beforeEach(async () => {
    const created = await checkAndCreate(desired);
    id = created.result.id;
    outs = created.result.outs!;
  });

  it("reads with one GET: the same outputs, and inputs that diff finds unchanged", async () => {
    const { result, requests } = await during(emulator.requests, () => provider.read(id, outs));
    expect(requests).toEqual([`GET ${PATH}/${id} 200`]);
    expect(result).toEqual({
      id,
      props: outs,
      // The shortest inputs that reproduce it: ngrok's validity, which the program left out, is
      // left out here too (a refresh then shows only what really changed).
      inputs: {
        sshCertificateAuthorityId: ca.id,
        publicKey: desired.publicKey,
        principals: desired.principals,
        description: "db1",
        metadata: '{"v":1}',
      },
    });
    const news = { sshCertificateAuthorityId: ca.id, ...desired };
    expect((await provider.diff(id, result.props!, news)).changes).toBe(false);
  });

  it("sees a description changed outside Pulumi; the update diff asks for is one PATCH", async () => {
    const edited = await callApi(emulator, "PATCH", `${PATH}/${id}`, { description: "edited" });
    expect(edited.status).toBe(200);
    const { result } = await during(emulator.requests, () => provider.read(id, outs));
    expect(result.props).toEqual({ ...outs, description: "edited" });
    const news = { sshCertificateAuthorityId: ca.id, ...desired };
    expect(await provider.diff(id, result.props!, news)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      updates: ["description"],
    });
    if (result.inputs === undefined) throw new Error("the read found no certificate");
    const update = await during(emulator.requests, () => provider.update(id, result.props, news));
    expect(update.requests).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(update.result.outs).toEqual(outs);
    expect(live(id)?.description).toBe("db1");
  });

  it("updates description and metadata with one PATCH, and clears them; the certificate stays", async () => {
    const news = {
      sshCertificateAuthorityId: ca.id,
      ...desired,
      description: "db1 (eu)",
      metadata: undefined,
    };
    const { result, requests } = await during(emulator.requests, () =>
      provider.update(id, outs, news),
    );
    expect(requests).toEqual([`PATCH ${PATH}/${id} 200`]);
    const { metadata: _dropped, ...kept } = outs;
    expect(result.outs).toEqual({ ...kept, description: "db1 (eu)" });
    expect(live(id)).not.toHaveProperty("metadata");
    expect(live(id)?.certificate).toBe(outs.certificate);
  });

  it('reads a certificate deleted outside Pulumi as gone (id "") after one GET', async () => {
    expect((await callApi(emulator, "DELETE", `${PATH}/${id}`)).status).toBe(204);
    const { result, requests } = await during(emulator.requests, () => provider.read(id, outs));
    expect(requests).toEqual([`GET ${PATH}/${id} 404`]);
    expect(result.id).toBe("");
  });

  it("update of a certificate deleted outside Pulumi fails with the 404", async () => {
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
    const { error, requests } = await during(emulator.requests, () =>
      provider.update(id, outs, { sshCertificateAuthorityId: ca.id, ...desired, description: "x" }),
    );
    expect(requests).toEqual([`PATCH ${PATH}/${id} 404`]);
    expect(NgrokApiError.isInstance(error) && error.isNotFound).toBe(true);
  });

  it("deletes with one DELETE; deleting again counts as done", async () => {
    const first = await during(emulator.requests, () => provider.delete(id, outs));
    expect(first.requests).toEqual([`DELETE ${PATH}/${id} 204`]);
    expect(live(id)).toBeUndefined();
    const again = await during(emulator.requests, () => provider.delete(id, outs));
    expect(again.error).toBeUndefined();
    expect(again.requests).toEqual([`DELETE ${PATH}/${id} 404`]);
  });
});

describe("an answer that cannot be used", () => {
  type Fault = "stripCertificate" | "stripId" | undefined;
  let fault: Fault;
  let app: EmulatorApp;
  let appCa: { id: string; publicKey: string };

  beforeAll(async () => {
    app = buildEmulatorApp();
    app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
      if (request.method !== "POST" || reply.statusCode !== 201 || typeof payload !== "string") {
        return payload;
      }
      const body = JSON.parse(payload) as Record<string, unknown>;
      if (fault === "stripCertificate" && request.url.startsWith(PATH)) delete body.certificate;
      if (fault === "stripId" && request.url.startsWith(PATH)) delete body.id;
      return JSON.stringify(body);
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    appCa = await createCa({ url, apiKey: app.emulator.apiKey });
  });

  beforeEach(async () => {
    fault = undefined;
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await configureProvider({ url, apiKey: app.emulator.apiKey });
  });

  afterAll(() => app.close());

  it("records a certificate whose create answer has no certificate but names its id (ResourceInitFailedError)", async () => {
    fault = "stripCertificate";
    const inputs = {
      sshCertificateAuthorityId: appCa.id,
      publicKey: keys.ED25519,
      __provider: PROVIDER,
    } as SshHostCertificateInputs;
    const { error, requests } = await during(app.emulator.requests, () => provider.create(inputs));
    expect(requests).toEqual([`POST ${PATH} 201`]);
    expect(ResourceInitFailedError.isInstance(error)).toBe(true);
    const failed = error as ResourceInitFailedError;
    expect(failed.id).toMatch(/^shcrt_/);
    expect(app.emulator.snapshot().sshHostCertificates.map((c) => c.id)).toEqual([failed.id]);
    expect(failed.properties).toEqual(inputs);
    expect(failed.message).toMatch(
      new RegExp(
        `POST ${PATH} has an unexpected shape: certificate: .*; the SSH host certificate ${failed.id} was created and is recorded in state$`,
      ),
    );

    // The engine records these properties; refresh and destroy then work from them.
    fault = undefined;
    const refreshed = await provider.read(failed.id, failed.properties as never);
    expect(refreshed.props?.certificate).toMatch(/^ssh-ed25519-cert-v01@openssh\.com /);
    if (refreshed.inputs === undefined) throw new Error("the read found no certificate");
    await provider.delete(failed.id, refreshed.props);
    expect(app.emulator.snapshot().sshHostCertificates).toEqual([]);
  });

  it("passes the client error through when the create answer has no id", async () => {
    fault = "stripId";
    const { error } = await during(app.emulator.requests, () =>
      provider.create({ sshCertificateAuthorityId: appCa.id, publicKey: keys.ED25519 }),
    );
    expect(ResourceInitFailedError.isInstance(error)).toBe(false);
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/unexpected shape: id: /);
  });
});
