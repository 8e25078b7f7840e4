/**
 * SshCredential through the real Pulumi CLI (Automation API, program tests/programs/sshCredential),
 * against the emulator, on one stack: preview, up, a no-op up (with only the key's comment
 * changed, and the lookup function on), an in-place update, both replacements (a new key: created
 * first; a new owner with the same key: deleted first, since ngrok holds a key once), drift found
 * by refresh and set back, destroy. Each step asserts the engine's summary, the API requests it
 * cost and the emulator's contents.
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { callApi } from "../support/emulatorApi";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  succeeded,
  writes,
} from "../support/realEngine";
import * as keys from "../support/sshKeys";

const PROGRAM = "tests/programs/sshCredential";
const PROJECT = "automation-ssh-credential";
const PATH = "/ssh_credentials";
const BOT = "bot_2ZpXv0Z3d8lHqJzvW1mPZf0b3Qx";

describeWithPulumi("SshCredential through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  const credentials = () => emulator.snapshot().sshCredentials;
  const outputs = async () => (await stack.outputs()).credential as Record<string, unknown>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(PROGRAM, PROJECT, emulator, {
      publicKey: keys.ED25519,
      acl: '["bind:a.example.com"]',
      description: "device v1",
    });
  }, 120000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  test("preview of a new stack plans the create and sends no API request", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.preview()).changeSummary).toEqual({ create: 2 });
    });
    expect(requests).toEqual([]);
  });

  test("up creates the credential with one POST; the outputs are ngrok's", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 2 });
    });
    expect(requests).toEqual([`POST ${PATH}`]);
    const [live] = credentials();
    expect(credentials()).toEqual([
      {
        id: expect.stringMatching(/^sshcr_/),
        uri: `${emulator.url}${PATH}/${live.id}`,
        created_at: expect.any(String),
        description: "device v1",
        public_key: keys.ED25519,
        acl: ["bind:a.example.com"],
        owner_id: expect.stringMatching(/^usr_/),
      },
    ]);
    expect(await outputs()).toMatchObject({
      id: live.id,
      publicKey: keys.ED25519,
      acl: ["bind:a.example.com"],
      description: "device v1",
      ownerId: live.owner_id,
      uri: live.uri,
      createdAt: live.created_at,
    });
  });

  test("up with only the key's comment changed is no change and no write; getSshCredentialOutput reads it", async () => {
    const [live] = credentials();
    await stack.setConfig({
      publicKey: { value: keys.ED25519.replace("test@example", "renamed@example") },
      lookUp: { value: "true" },
    });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 2 });
    });
    expect(writes(requests)).toEqual([]);
    expect(requests).toContain(`GET ${PATH}/${live.id}`);
    expect((await stack.outputs()).looked).toEqual({
      id: live.id,
      publicKey: keys.ED25519,
      acl: ["bind:a.example.com"],
      description: "device v1",
      ownerId: live.owner_id,
      uri: live.uri,
      createdAt: live.created_at,
    });
    await stack.removeConfig(["lookUp"]);
  });

  test("acl and description change in place with one PATCH: same id, same key", async () => {
    const [before] = credentials();
    await stack.setConfig({
      acl: { value: '["bind:a.example.com","bind:env=prod"]' },
      description: { value: "device v2" },
    });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 1, update: 1 });
    });
    expect(requests).toEqual([`PATCH ${PATH}/${before.id}`]);
    expect(credentials()).toEqual([
      { ...before, description: "device v2", acl: ["bind:a.example.com", "bind:env=prod"] },
    ]);
  });

  test("a new key replaces the credential: the new one is created before the old one is deleted", async () => {
    const [before] = credentials();
    await stack.setConfig({ publicKey: { value: keys.ECDSA_P256 } });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({
        same: 1,
        replace: 1,
      });
    });
    expect(requests).toEqual([`POST ${PATH}`, `DELETE ${PATH}/${before.id}`]);
    const [after] = credentials();
    expect(credentials()).toHaveLength(1);
    expect(after).toMatchObject({ public_key: keys.ECDSA_P256, description: "device v2" });
    expect((await outputs()).id).toBe(after.id);
  });

  test("a new owner with the same key replaces it deleting first (ngrok holds a key once)", async () => {
    const [before] = credentials();
    await stack.setConfig({ ownerId: { value: BOT } });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({
        same: 1,
        replace: 1,
      });
    });
    expect(requests).toEqual([`DELETE ${PATH}/${before.id}`, `POST ${PATH}`]);
    const [after] = credentials();
    expect(credentials()).toHaveLength(1);
    expect(after).toMatchObject({ public_key: keys.ECDSA_P256, owner_id: BOT });
    expect(await outputs()).toMatchObject({ id: after.id, ownerId: BOT });
  });

  test("drift: ACL rules removed outside Pulumi show on refresh, and up sets them back", async () => {
    const [live] = credentials();
    await callApi(emulator, "PATCH", `${PATH}/${live.id}`, { acl: [] });
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: 1, update: 1 });
    expect(refresh.stdout).toMatch(/\[diff: ~acl\]/);
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 1, update: 1 });
    });
    expect(requests).toEqual([`PATCH ${PATH}/${live.id}`]);
    expect(credentials()[0].acl).toEqual(["bind:a.example.com", "bind:env=prod"]);
  });

  test("destroy deletes the credential: the emulator is empty", async () => {
    const [live] = credentials();
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 2 });
    });
    expect(requests).toEqual([`DELETE ${PATH}/${live.id}`]);
    expect(credentials()).toEqual([]);
  });
});
