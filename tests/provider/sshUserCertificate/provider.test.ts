/**
 * The SshUserCertificate provider methods (provider/sshUserCertificate/definition.ts), called as the
 * dynamic-provider host would, against the emulator: what differs from a host certificate (ngrok's
 * default extensions and 24-hour validity, critical options and extensions in the signed
 * certificate, the user path and ids), each call counted. The shared paths (read, update, delete,
 * unusable answers) are covered in ../sshHostCertificate/provider.test.ts.
 */
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import {
  NgrokApiError,
  resetStackConfig,
  sshUserCertificateProvider as provider,
} from "../../../provider";
import type { SshUserCertificateInputs } from "../../../provider/sshUserCertificate/definition";
import { configureProvider } from "../../support/configureProvider";
import { createCa, decodeCertificate } from "../../support/sshCertificates";
import * as keys from "../../support/sshKeys";

const PROVIDER = "exports.handler = __provider_text";
const PATH = "/ssh_user_certificates";
const DAY_MS = 24 * 3600 * 1000;

let emulator: RunningEmulator;
let ca: { id: string; publicKey: string };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ca = await createCa(emulator);
  await configureProvider(emulator);
});

afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

/** `check`, then `create` counting its requests. */
async function checkAndCreate(news: Record<string, unknown>) {
  const checked = await provider.check(
    {},
    { __provider: PROVIDER, sshCertificateAuthorityId: ca.id, ...news },
  );
  expect(checked.failures).toEqual([]);
  const inputs = { ...checked.inputs, __provider: PROVIDER } as SshUserCertificateInputs;
  const before = emulator.requests.length;
  const created = await provider.create(inputs);
  const requests = emulator.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
  return { inputs, created, requests };
}

test("left out, ngrok's defaults: permit-pty and permit-user-rc, no critical option, 24 hours; no diff after", async () => {
  const { inputs, created, requests } = await checkAndCreate({
    publicKey: keys.ED25519,
    principals: ["deploy"],
  });
  expect(requests).toEqual([`POST ${PATH} 201`]);
  const { id, outs } = created;
  expect(id).toMatch(/^sucrt_[0-9A-Za-z]{27}$/);
  expect(outs).toMatchObject({
    principals: ["deploy"],
    criticalOptions: {},
    extensions: { "permit-pty": "", "permit-user-rc": "" },
    keyType: "ed25519",
    uri: `${emulator.url}${PATH}/${id}`,
  });
  expect(Date.parse(outs!.validUntil) - Date.parse(outs!.validAfter)).toBe(DAY_MS);
  expect(decodeCertificate(outs!.certificate, ca.publicKey)).toEqual({
    type: "user",
    keyId: id,
    principals: ["deploy"],
    validAfter: outs!.validAfter,
    validUntil: outs!.validUntil,
    criticalOptions: {},
    extensions: { "permit-pty": "", "permit-user-rc": "" },
    signedByCa: true,
    subjectKey: keys.ED25519.split(" ").slice(0, 2).join(" "),
  });
  // The program still leaves them out: no perpetual diff, before or after a refresh.
  expect((await provider.diff(id, outs!, inputs)).changes).toBe(false);
  const read = await provider.read(id, outs!);
  expect(read.props).toEqual(outs);
  // What ngrok filled is left out of the inputs read hands back, as the program left it out.
  expect(read.inputs).toEqual({
    sshCertificateAuthorityId: ca.id,
    publicKey: keys.ED25519,
    principals: ["deploy"],
  });
  expect((await provider.diff(id, read.props!, inputs)).changes).toBe(false);
});

test("declared options and extensions are signed into the certificate exactly as given", async () => {
  const criticalOptions = {
    "force-command": "/usr/bin/backup --run",
    "source-address": "10.0.0.0/8",
  };
  const extensions = { "permit-port-forwarding": "", "login@example.com": "backup" };
  const { inputs, created, requests } = await checkAndCreate({
    publicKey: keys.RSA_2048,
    principals: ["backup", "root"],
    validUntil: "2030-06-01T12:00:00+02:00",
    criticalOptions,
    extensions,
  });
  expect(requests).toEqual([`POST ${PATH} 201`]);
  expect(created.outs).toMatchObject({
    criticalOptions,
    extensions,
    validUntil: "2030-06-01T10:00:00Z",
    keyType: "rsa",
  });
  // Exactly these maps (toMatchObject would let extra entries through).
  expect([created.outs!.criticalOptions, created.outs!.extensions]).toEqual([
    criticalOptions,
    extensions,
  ]);
  const decoded = decodeCertificate(created.outs!.certificate, ca.publicKey);
  expect(decoded).toMatchObject({
    principals: ["backup", "root"],
    validUntil: "2030-06-01T10:00:00Z",
    signedByCa: true,
  });
  expect([decoded.criticalOptions, decoded.extensions]).toEqual([criticalOptions, extensions]);
  expect((await provider.diff(created.id, created.outs!, inputs)).changes).toBe(false);
  expect(
    await provider.diff(created.id, created.outs!, { ...inputs, extensions: { "permit-pty": "" } }),
  ).toEqual({ changes: true, replaces: ["extensions"], deleteBeforeReplace: false, updates: [] });
});

test("read, update and delete go to /ssh_user_certificates, one request each", async () => {
  const { created } = await checkAndCreate({ publicKey: keys.ECDSA_P256, description: "v1" });
  const { id, outs } = created;
  const calls = async (fn: () => Promise<unknown>) => {
    const before = emulator.requests.length;
    await fn();
    return emulator.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.status}`);
  };
  expect(await calls(() => provider.read(id, outs!))).toEqual([`GET ${PATH}/${id} 200`]);
  const news = { sshCertificateAuthorityId: ca.id, publicKey: keys.ECDSA_P256, description: "v2" };
  expect(await calls(() => provider.update(id, outs!, news))).toEqual([`PATCH ${PATH}/${id} 200`]);
  expect(emulator.snapshot().sshUserCertificates.find((c) => c.id === id)?.description).toBe("v2");
  expect(await calls(() => provider.delete(id, outs!))).toEqual([`DELETE ${PATH}/${id} 204`]);
  expect(await calls(() => provider.read(id, outs!))).toEqual([`GET ${PATH}/${id} 404`]);
});

test("an unknown CA fails with ngrok's not-found code and says which CA", async () => {
  const missing = "sshca_2ZpXGdAbcDef0123456789abc";
  const error = await provider
    .create({ sshCertificateAuthorityId: missing, publicKey: keys.ED25519 })
    .catch((e: unknown) => e);
  expect(NgrokApiError.isInstance(error)).toBe(true);
  expect((error as NgrokApiError).errorCode).toMatch(/^ERR_NGROK_19(49|51)$/);
  expect((error as Error).message).toContain(
    `the SSH certificate authority ${missing} (sshCertificateAuthorityId) does not exist in this ngrok account, so no user certificate was created`,
  );
});
