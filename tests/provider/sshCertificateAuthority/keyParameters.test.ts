/**
 * Key parameters read from a CA's public key (provider/sshCertificateAuthority/keyParameters.ts),
 * for keys the emulator generated as ngrok would, of every type, curve and size.
 */
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import {
  describeKey,
  keyMismatch,
  keyParametersOf,
  keyParametersOfCa,
  publicKeyFacts,
} from "../../../provider/sshCertificateAuthority/keyParameters";
import { callApi } from "../../support/emulatorApi";

let emulator: RunningEmulator;
const keys: Record<string, string> = {};

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const bodies = {
    ed25519: { private_key_type: "ed25519" },
    p256: { private_key_type: "ecdsa", elliptic_curve: "p256" },
    p384: { private_key_type: "ecdsa", elliptic_curve: "p384" },
    p521: { private_key_type: "ecdsa", elliptic_curve: "p521" },
    rsa2048: { private_key_type: "rsa", key_size: 2048 },
    rsa4096: { private_key_type: "rsa", key_size: 4096 },
  };
  for (const [name, body] of Object.entries(bodies)) {
    const created = await callApi(emulator, "POST", "/ssh_certificate_authorities", body);
    expect(created.status).toBe(201);
    keys[name] = created.body.public_key as string;
  }
}, 60000);

afterAll(async () => {
  await emulator?.close();
});

test.each([
  ["ed25519", { type: "ed25519", bits: 256 }, { privateKeyType: "ed25519" }, "ed25519"],
  [
    "p256",
    { type: "ecdsa", curve: "p256", bits: 256 },
    { privateKeyType: "ecdsa", ellipticCurve: "p256" },
    "ecdsa p256",
  ],
  [
    "p384",
    { type: "ecdsa", curve: "p384", bits: 384 },
    { privateKeyType: "ecdsa", ellipticCurve: "p384" },
    "ecdsa p384",
  ],
  [
    "p521",
    { type: "ecdsa", curve: "p521", bits: 521 },
    { privateKeyType: "ecdsa", ellipticCurve: "p521" },
    "ecdsa p521",
  ],
  [
    "rsa2048",
    { type: "rsa", bits: 2048 },
    { privateKeyType: "rsa", keySize: 2048 },
    "rsa 2048 bits",
  ],
  [
    "rsa4096",
    { type: "rsa", bits: 4096 },
    { privateKeyType: "rsa", keySize: 4096 },
    "rsa 4096 bits",
  ],
])("the %s key: its facts, its key parameters, its name", (name, facts, parameters, described) => {
  expect(publicKeyFacts(keys[name])).toEqual(facts);
  expect(keyParametersOf(publicKeyFacts(keys[name]))).toEqual(parameters);
  expect(describeKey(publicKeyFacts(keys[name]))).toBe(described);
  expect(keyMismatch(parameters as never, publicKeyFacts(keys[name]))).toBeUndefined();
});

test("the defaults check applies are applied: ecdsa alone is p256, rsa alone is 4096 bits", () => {
  expect(keyMismatch({ privateKeyType: "ecdsa" }, publicKeyFacts(keys.p256))).toBeUndefined();
  expect(keyMismatch({ privateKeyType: "ecdsa" }, publicKeyFacts(keys.p384))).toBe(
    'its key is ecdsa p384, the resource declares privateKeyType "ecdsa" with ellipticCurve "p256"',
  );
  expect(keyMismatch({ privateKeyType: "rsa" }, publicKeyFacts(keys.rsa4096))).toBeUndefined();
  expect(keyMismatch({ privateKeyType: "rsa" }, publicKeyFacts(keys.rsa2048))).toBe(
    'its key is rsa 2048 bits, the resource declares privateKeyType "rsa" with keySize 4096',
  );
});

test.each([
  [
    { privateKeyType: "rsa", keySize: 4096 },
    "ed25519",
    'its key is ed25519, the resource declares privateKeyType "rsa" with keySize 4096',
  ],
  [
    { privateKeyType: "ed25519" },
    "p521",
    'its key is ecdsa p521, the resource declares privateKeyType "ed25519"',
  ],
  [
    { privateKeyType: "ecdsa", ellipticCurve: "p521" },
    "rsa2048",
    'its key is rsa 2048 bits, the resource declares privateKeyType "ecdsa" with ellipticCurve "p521"',
  ],
  [
    { privateKeyType: "rsa", keySize: 2048 },
    "rsa4096",
    'its key is rsa 4096 bits, the resource declares privateKeyType "rsa" with keySize 2048',
  ],
] as const)("declared %j against the %s key: the difference, named", (declared, key, message) => {
  expect(keyMismatch(declared, publicKeyFacts(keys[key]))).toBe(message);
});

test("keys ngrok does not make, and text that is no key", () => {
  expect(keyParametersOf({ type: "dsa", bits: 1024 })).toBeUndefined();
  expect(keyParametersOf({ type: "rsa", bits: 3072 })).toBeUndefined();
  expect(keyParametersOf({ type: "ecdsa", curve: "p192", bits: 192 })).toBeUndefined();
  expect(() => publicKeyFacts("not a key")).toThrow();
  // A CA read without inputs falls back to ngrok's key_type, or to nothing.
  expect(keyParametersOfCa({ publicKey: "not a key", keyType: "ed25519" })).toEqual({
    privateKeyType: "ed25519",
  });
  expect(keyParametersOfCa({ publicKey: "not a key", keyType: "dsa" })).toEqual({});
  expect(keyParametersOfCa({ publicKey: keys.p384, keyType: "ecdsa" })).toEqual({
    privateKeyType: "ecdsa",
    ellipticCurve: "p384",
  });
});
