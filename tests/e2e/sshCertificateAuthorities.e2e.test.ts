/**
 * examples/ssh-certificate-authorities end to end without the Pulumi CLI (see samlRoute.e2e.test.ts
 * for the method): six CAs, one of each key type and size, and the TrustedUserCAKeys export.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ResourceGoal } from "../../dist/tools/devtools/deployment";
import { callApi } from "../support/emulatorApi";
import { startTestStack, type TestStack } from "../support/stack";

process.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";

let stack: TestStack;
let goals: ResourceGoal[];
const CA = "/ssh_certificate_authorities";

beforeAll(async () => {
  stack = await startTestStack(
    "examples/ssh-certificate-authorities",
    "ngrok-ssh-certificate-authorities",
  );
  goals = await stack.goals();
}, 120000);
afterAll(async () => {
  await stack?.close();
});

const cas = () => stack.emulator.snapshot().sshCertificateAuthorities;

test("first deploy: six CAs with one POST each", async () => {
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests).toEqual(Array(6).fill(`POST ${CA}`));
  expect(cas().map((ca) => ca.description)).toEqual(
    ["ed25519", "ecdsa-p256", "ecdsa-p384", "ecdsa-p521", "rsa-2048", "rsa-4096"].map(
      (name) => `test user CA (${name}), owned by platform`,
    ),
  );
}, 120000);

test("the trustedUserCaKeys export is a TrustedUserCAKeys file ssh-keygen reads, key by key", async () => {
  const outputs = await stack.stackOutputs();
  const file = outputs.trustedUserCaKeys as string;
  const lines = file.trimEnd().split("\n");
  expect(lines).toHaveLength(6);
  expect(lines.map((line) => line.split(" ")[2]).sort()).toEqual(
    cas()
      .map((ca) => ca.id)
      .sort(),
  );
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "trusted-"));
  try {
    const target = path.join(tmp, "trusted_user_ca_keys");
    fs.writeFileSync(target, file);
    // ssh-keygen -l reads every key of an authorized_keys-style file: type and size per line.
    const listed = execFileSync("ssh-keygen", ["-l", "-f", target], { encoding: "utf8" })
      .trim()
      .split("\n");
    expect(listed.map((l) => l.replace(/ SHA256:\S+ /, " ").replace(/ sshca_\S+/, ""))).toEqual([
      "256 (ED25519)",
      "256 (ECDSA)",
      "384 (ECDSA)",
      "521 (ECDSA)",
      "2048 (RSA)",
      "4096 (RSA)",
    ]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  expect(Object.keys(outputs.publicKeys as object)).toEqual([
    "ed25519",
    "ecdsa-p256",
    "ecdsa-p384",
    "ecdsa-p521",
    "rsa-2048",
    "rsa-4096",
  ]);
});

test("re-deploy with no change: zero requests", async () => {
  const again = await stack.goals();
  const requests = await stack.requestsDuring(async () => {
    expect((await stack.deployment.up(again)).map((s) => s.op)).toEqual(Array(6).fill("same"));
  });
  expect(requests).toEqual([]);
});

test("a config change (owner) updates all six in place, one PATCH each, same keys", async () => {
  const keys = cas().map((ca) => ca.public_key);
  goals = await stack.goals({ owner: "security" });
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests).toHaveLength(6);
  expect(requests.every((r) => r.startsWith(`PATCH ${CA}/sshca_`))).toBe(true);
  expect(cas().map((ca) => ca.public_key)).toEqual(keys);
  expect(
    cas().every(
      (ca) =>
        ca.description?.endsWith("owned by security") &&
        ca.metadata?.includes('"owner":"security"'),
    ),
  ).toBe(true);
});

test("refresh after out-of-band changes: drift recorded, a deleted CA dropped; up restores both", async () => {
  const [first, second] = cas();
  await callApi(stack.emulator, "PATCH", `${CA}/${first.id}`, { metadata: "" });
  await callApi(stack.emulator, "DELETE", `${CA}/${second.id}`);
  const steps = await stack.deployment.refresh();
  expect(steps.map((s) => s.op).sort()).toEqual(
    [...Array(4).fill("same"), "update", "read-gone"].sort(),
  );
  const requests = await stack.requestsDuring(() => stack.deployment.up(goals));
  expect(requests.sort()).toEqual([`PATCH ${CA}/${first.id}`, `POST ${CA}`].sort());
  expect(cas()).toHaveLength(6);
  expect(cas().find((ca) => ca.id === first.id)?.metadata).toContain('"owner":"security"');
});

test("destroy: six DELETEs, the emulator is empty", async () => {
  const requests = await stack.requestsDuring(() => stack.deployment.destroy());
  expect(requests).toHaveLength(6);
  expect(cas()).toEqual([]);
});
