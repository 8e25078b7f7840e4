/**
 * Adopting an existing SSH CA (provider/framework/adopt.ts, through the provider's
 * `create`, `read` and `delete`) against the emulator: one GET, at most one PATCH, never a POST;
 * every refusal before any write; `adoptExistingId` checked and never a change; a read without
 * inputs (a `get`) takes the key parameters from the public key.
 */
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import {
  NgrokApiError,
  ResourceInitFailedError,
  resetStackConfig,
  SshCertificateAuthorityAdoptionError,
  sshCertificateAuthorityProvider as provider,
} from "../../../provider";
import { resetAdoptions } from "../../../provider/framework/adopt";
import type {
  SshCertificateAuthorityInputs,
  SshCertificateAuthorityOutputs,
} from "../../../provider/sshCertificateAuthority/definition";
import { callApi } from "../../support/emulatorApi";
import { configureProvider } from "../../support/configureProvider";
import { tracked } from "../../support/requestLog";

const PROVIDER = "exports.handler = __provider_text";
const CA = "/ssh_certificate_authorities";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
beforeEach(async () => {
  resetAdoptions();
  emulator.faults.clear();
  await configureProvider(emulator);
});
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

/** A CA made "in the dashboard": straight through the API. */
async function existingCa(body: Record<string, unknown>) {
  const created = await callApi(emulator, "POST", CA, body);
  expect(created.status).toBe(201);
  return created.body as { id: string; public_key: string; description?: string };
}

/** The engine's Check, which must pass, with `__provider` as the host hands the inputs on. */
async function checked(news: Record<string, unknown>): Promise<SshCertificateAuthorityInputs> {
  const result = await provider.check({}, { ...news, __provider: PROVIDER });
  expect(result.failures).toEqual([]);
  return { ...result.inputs, __provider: PROVIDER } as SshCertificateAuthorityInputs;
}

const live = (id: string) => emulator.snapshot().sshCertificateAuthorities.find((c) => c.id === id);
const allCas = () => JSON.stringify(emulator.snapshot().sshCertificateAuthorities);

describe("check and diff", () => {
  test("adoptExistingId is recorded as given when it is a CA id, and refused otherwise", async () => {
    const ok = await provider.check(
      {},
      { privateKeyType: "ed25519", adoptExistingId: "sshca_2Zabc123" },
    );
    expect(ok.failures).toEqual([]);
    expect(ok.inputs).toEqual({ privateKeyType: "ed25519", adoptExistingId: "sshca_2Zabc123" });
    for (const bad of ["", "edghts_2Z", "sshca_", "sshca_a/b", " sshca_1", 42]) {
      const result = await provider.check({}, { privateKeyType: "ed25519", adoptExistingId: bad });
      expect(result.failures).toEqual([
        {
          property: "adoptExistingId",
          reason:
            typeof bad === "string"
              ? `adoptExistingId must be the id of an existing SSH certificate authority: "sshca_" followed by letters and digits; got ${JSON.stringify(bad)}`
              : "adoptExistingId must be a string, not 42",
        },
      ]);
    }
  });

  test("adoptExistingId is never a change: set, changed or removed after create", async () => {
    const olds = { privateKeyType: "ed25519", description: "d", adoptExistingId: "sshca_1" };
    for (const adoptExistingId of [undefined, "sshca_2", "sshca_1"]) {
      const news = { privateKeyType: "ed25519", description: "d", adoptExistingId };
      expect(await provider.diff("sshca_1", olds, news)).toEqual({
        changes: false,
        replaces: [],
        deleteBeforeReplace: false,
        updates: [],
      });
    }
    const { adoptExistingId: _a, ...created } = olds;
    expect(
      (await provider.diff("sshca_1", created, { ...created, adoptExistingId: "sshca_9" })).changes,
    ).toBe(false);
  });
});

describe("create with adoptExistingId", () => {
  test("a CA that matches: one GET, no write; the CA's id and values are recorded", async () => {
    const ca = await existingCa({
      private_key_type: "ed25519",
      description: "made in the dashboard",
      metadata: '{"team":"platform"}',
    });
    const before = allCas();
    const inputs = await checked({
      privateKeyType: "ed25519",
      description: "made in the dashboard",
      metadata: '{"team":"platform"}',
      adoptExistingId: ca.id,
    });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`GET ${CA}/${ca.id} 200`]);
    expect(allCas()).toBe(before);
    expect(value!.id).toBe(ca.id);
    const outs = value!.outs as SshCertificateAuthorityOutputs;
    expect(outs).toEqual({
      privateKeyType: "ed25519",
      description: "made in the dashboard",
      metadata: '{"team":"platform"}',
      adoptExistingId: ca.id,
      publicKey: ca.public_key,
      keyType: "ed25519",
      uri: `${emulator.url}${CA}/${ca.id}`,
      createdAt: live(ca.id)!.created_at,
    });
    // The recorded outputs show no change against the same inputs.
    expect((await provider.diff(ca.id, { ...outs }, { ...inputs })).changes).toBe(false);
  });

  test("description and metadata that differ: one GET and one PATCH; an undeclared one is cleared", async () => {
    const ca = await existingCa({
      private_key_type: "ecdsa",
      elliptic_curve: "p384",
      description: "old words",
      metadata: "old metadata",
    });
    const inputs = await checked({
      privateKeyType: "ecdsa",
      ellipticCurve: "p384",
      description: "managed by Pulumi",
      adoptExistingId: ca.id,
    });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`GET ${CA}/${ca.id} 200`, `PATCH ${CA}/${ca.id} 200`]);
    expect(live(ca.id)).toMatchObject({
      description: "managed by Pulumi",
      public_key: ca.public_key,
    });
    expect(live(ca.id)!.metadata ?? "").toBe("");
    expect(value!.outs).toMatchObject({
      privateKeyType: "ecdsa",
      ellipticCurve: "p384",
      description: "managed by Pulumi",
      publicKey: ca.public_key,
    });
    expect((value!.outs as SshCertificateAuthorityOutputs).metadata).toBeUndefined();
  });

  test("ecdsa without a curve adopts a p256 CA (the default check applies)", async () => {
    const ca = await existingCa({ private_key_type: "ecdsa", elliptic_curve: "p256" });
    const inputs = await checked({ privateKeyType: "ecdsa", adoptExistingId: ca.id });
    expect(inputs.ellipticCurve).toBe("p256");
    const { value, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`GET ${CA}/${ca.id} 200`]);
    expect(value!.id).toBe(ca.id);
  });

  test.each([
    [
      { private_key_type: "ed25519" },
      { privateKeyType: "rsa" },
      'its key is ed25519, the resource declares privateKeyType "rsa" with keySize 4096',
    ],
    [
      { private_key_type: "ecdsa", elliptic_curve: "p256" },
      { privateKeyType: "ecdsa", ellipticCurve: "p384" },
      'its key is ecdsa p256, the resource declares privateKeyType "ecdsa" with ellipticCurve "p384"',
    ],
    [
      { private_key_type: "ecdsa", elliptic_curve: "p521" },
      { privateKeyType: "ecdsa" },
      'its key is ecdsa p521, the resource declares privateKeyType "ecdsa" with ellipticCurve "p256"',
    ],
    [
      { private_key_type: "rsa", key_size: 2048 },
      { privateKeyType: "rsa" },
      'its key is rsa 2048 bits, the resource declares privateKeyType "rsa" with keySize 4096',
    ],
    [
      { private_key_type: "rsa", key_size: 2048 },
      { privateKeyType: "ed25519" },
      'its key is rsa 2048 bits, the resource declares privateKeyType "ed25519"',
    ],
  ])(
    "a CA %j declared as %j: refused after the GET, nothing written",
    async (made, declared, why) => {
      const ca = await existingCa({ ...made, description: "theirs" });
      const before = allCas();
      const inputs = await checked({ ...declared, description: "ours", adoptExistingId: ca.id });
      const { error, calls } = await tracked(emulator, () => provider.create(inputs));
      expect(calls).toEqual([`GET ${CA}/${ca.id} 200`]);
      expect(allCas()).toBe(before);
      expect(SshCertificateAuthorityAdoptionError.isInstance(error)).toBe(true);
      expect(ResourceInitFailedError.isInstance(error)).toBe(false);
      expect(error).toMatchObject({ objectId: ca.id, refusal: "key-mismatch" });
      expect((error as Error).message).toBe(
        `refusing to adopt the SSH certificate authority ${ca.id}: ${why}. A CA's key never ` +
          "changes: declare the key parameters of the CA, or remove adoptExistingId to create a " +
          "new CA (with a new key to distribute); nothing was changed",
      );
    },
  );

  test("a CA that does not exist: refused after one GET (404); no CA is created", async () => {
    const count = emulator.snapshot().sshCertificateAuthorities.length;
    const inputs = await checked({
      privateKeyType: "ed25519",
      adoptExistingId: "sshca_2Zmissing0000",
    });
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`GET ${CA}/sshca_2Zmissing0000 404`]);
    expect(emulator.snapshot().sshCertificateAuthorities).toHaveLength(count);
    expect(error).toMatchObject({ refusal: "not-found" });
    expect((error as Error).message).toMatch(
      /^refusing to adopt the SSH certificate authority sshca_2Zmissing0000: ngrok has no such CA \(GET \/ssh_certificate_authorities\/sshca_2Zmissing0000 answered 404\)\. .*remove adoptExistingId to create a new CA; nothing was changed$/,
    );
  });

  test("the GET is retried like any GET (a 503, then the CA)", async () => {
    const ca = await existingCa({ private_key_type: "ed25519" });
    emulator.faults.add({ method: "GET", path: `${CA}/*`, status: 503, count: 1 });
    const inputs = await checked({ privateKeyType: "ed25519", adoptExistingId: ca.id });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`GET ${CA}/${ca.id} 503`, `GET ${CA}/${ca.id} 200`]);
    expect(value!.id).toBe(ca.id);
  });

  test("a PATCH that fails fails the create, records nothing, and a later create adopts the CA", async () => {
    const ca = await existingCa({ private_key_type: "ed25519", description: "before" });
    emulator.faults.add({ method: "PATCH", status: 400, errorCode: "ERR_NGROK_215", count: 1 });
    const inputs = await checked({
      privateKeyType: "ed25519",
      description: "after",
      adoptExistingId: ca.id,
    });
    const failed = await tracked(emulator, () => provider.create(inputs));
    expect(NgrokApiError.isInstance(failed.error)).toBe(true);
    expect(ResourceInitFailedError.isInstance(failed.error)).toBe(false);
    expect(failed.calls).toEqual([`GET ${CA}/${ca.id} 200`, `PATCH ${CA}/${ca.id} 400`]);
    expect(live(ca.id)!.description).toBe("before");
    const again = await tracked(emulator, () => provider.create(inputs));
    expect(again.error).toBeUndefined();
    expect(again.calls).toEqual([`GET ${CA}/${ca.id} 200`, `PATCH ${CA}/${ca.id} 200`]);
    expect(live(ca.id)!.description).toBe("after");
  });

  test("one CA adopted by two resources of one deployment: the second is refused, without a request", async () => {
    const ca = await existingCa({ private_key_type: "ed25519" });
    const inputs = await checked({ privateKeyType: "ed25519", adoptExistingId: ca.id });
    expect((await tracked(emulator, () => provider.create(inputs))).error).toBeUndefined();
    const second = await tracked(emulator, () => provider.create(inputs));
    expect(second.calls).toEqual([]);
    expect(second.error).toMatchObject({ refusal: "already-adopted", objectId: ca.id });
    expect((second.error as Error).message).toContain(
      "another resource of this deployment adopts it already",
    );
  });

  test("a refused adoption does not hold the id: a corrected resource adopts it", async () => {
    const ca = await existingCa({ private_key_type: "ed25519" });
    const wrong = await checked({ privateKeyType: "rsa", keySize: 2048, adoptExistingId: ca.id });
    expect((await tracked(emulator, () => provider.create(wrong))).error).toMatchObject({
      refusal: "key-mismatch",
    });
    const right = await checked({ privateKeyType: "ed25519", adoptExistingId: ca.id });
    expect((await tracked(emulator, () => provider.create(right))).value?.id).toBe(ca.id);
  });
});

describe("delete and replace of an adopted CA", () => {
  test("the adopter's delete in a later deployment deletes the CA (retainOnDelete keeps it: the engine sends no delete)", async () => {
    const ca = await existingCa({ private_key_type: "ed25519" });
    const inputs = await checked({ privateKeyType: "ed25519", adoptExistingId: ca.id });
    const { value } = await tracked(emulator, () => provider.create(inputs));
    resetAdoptions(); // a new deployment is a new dynamic-provider host process
    const { calls } = await tracked(emulator, () =>
      provider.delete(ca.id, value!.outs as SshCertificateAuthorityOutputs),
    );
    expect(calls).toEqual([`DELETE ${CA}/${ca.id} 204`]);
    expect(live(ca.id)).toBeUndefined();
  });

  test("pulumi up --replace (create before delete): the new resource adopts the CA again and the old one's delete leaves it", async () => {
    const ca = await existingCa({ private_key_type: "ed25519", description: "kept" });
    const inputs = await checked({
      privateKeyType: "ed25519",
      description: "kept",
      adoptExistingId: ca.id,
    });
    const old = await tracked(emulator, () => provider.create(inputs));
    resetAdoptions(); // the replacement runs in a later deployment
    const replacement = await tracked(emulator, () => provider.create(inputs));
    expect(replacement.calls).toEqual([`GET ${CA}/${ca.id} 200`]);
    const removed = await tracked(emulator, () =>
      provider.delete(ca.id, old.value!.outs as SshCertificateAuthorityOutputs),
    );
    expect(removed.calls).toEqual([]);
    expect(live(ca.id)).toMatchObject({ description: "kept", public_key: ca.public_key });
  });

  test("a CA another resource created, moved to a new resource with adoptExistingId: the old one's delete leaves it", async () => {
    const oldInputs = await checked({ privateKeyType: "ed25519", description: "moved" });
    const created = await tracked(emulator, () => provider.create(oldInputs));
    const id = created.value!.id;
    resetAdoptions();
    const adopter = await tracked(emulator, () =>
      provider.create({ ...oldInputs, adoptExistingId: id } as SshCertificateAuthorityInputs),
    );
    expect(adopter.calls).toEqual([`GET ${CA}/${id} 200`]);
    const removed = await tracked(emulator, () =>
      provider.delete(id, created.value!.outs as SshCertificateAuthorityOutputs),
    );
    expect(removed.calls).toEqual([]);
    expect(live(id)).toBeDefined();
  });
});

describe("read without inputs (SshCertificateAuthority.get)", () => {
  test.each([
    [
      { private_key_type: "ecdsa", elliptic_curve: "p521" },
      { privateKeyType: "ecdsa", ellipticCurve: "p521" },
    ],
    [
      { private_key_type: "rsa", key_size: 2048 },
      { privateKeyType: "rsa", keySize: 2048 },
    ],
    [{ private_key_type: "ed25519" }, { privateKeyType: "ed25519" }],
  ])("a CA made with %j reads as %j, with one GET", async (made, parameters) => {
    const ca = await existingCa({ ...made, description: "read only" });
    const { value, calls } = await tracked(emulator, () =>
      provider.read(ca.id, { __provider: PROVIDER } as never),
    );
    expect(calls).toEqual([`GET ${CA}/${ca.id} 200`]);
    expect(value).toEqual({
      id: ca.id,
      props: {
        ...parameters,
        description: "read only",
        publicKey: ca.public_key,
        keyType: made.private_key_type,
        uri: `${emulator.url}${CA}/${ca.id}`,
        createdAt: live(ca.id)!.created_at,
      },
      inputs: { ...parameters, description: "read only" },
    });
  });

  test("a read with state keeps the state's key parameters (a refresh is unchanged)", async () => {
    const ca = await existingCa({ private_key_type: "ed25519" });
    const state = {
      privateKeyType: "ed25519",
      publicKey: ca.public_key,
    } as SshCertificateAuthorityOutputs;
    const { value } = await tracked(emulator, () => provider.read(ca.id, state));
    expect(value!.props).toMatchObject({ privateKeyType: "ed25519" });
    expect(value!.props!.ellipticCurve).toBeUndefined();
  });
});
