/**
 * SshHostCertificate and SshUserCertificate through the real Pulumi CLI (Automation API, inline
 * program tests/programs/sshCertificates: a CA and a host and a user certificate that take its
 * id), against the emulator: preview, up, a no-op up, an in-place update, replacements (new
 * principals; a validUntil given with an offset, which is then no change), drift and deletion
 * behind Pulumi's back, destroy in dependency order, and a CA whose delete is blocked by a
 * certificate outside the stack. Each step asserts the engine's summary, the API requests it cost
 * and the emulator's contents.
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
import { decodeCertificate } from "../support/sshCertificates";
import * as keys from "../support/sshKeys";

const PROGRAM = "tests/programs/sshCertificates";
const PROJECT = "automation-ssh-certificates";
const CA = "/ssh_certificate_authorities";
const HOST = "/ssh_host_certificates";
const USER = "/ssh_user_certificates";
const CONFIG = {
  hostKey: keys.ECDSA_P256,
  hostPrincipals: JSON.stringify(["web1.example.com", "10.0.0.5"]),
  hostDescription: "web1 v1",
  userKey: keys.ED25519,
};

describeWithPulumi("SSH host and user certificates through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  const snapshot = () => emulator.snapshot();
  const hosts = () => snapshot().sshHostCertificates;
  const users = () => snapshot().sshUserCertificates;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(PROGRAM, PROJECT, emulator, CONFIG);
  }, 120000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  test("preview of a new stack plans the three creates and sends no API request", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.preview()).changeSummary).toEqual({ create: 4 });
    });
    expect(requests).toEqual([]);
  });

  test("preview with a DSA key fails naming publicKey, its type and size; no API request", async () => {
    await stack.setConfig({ hostKey: { value: keys.DSA_1024 } });
    const requests = await requestsDuring(emulator, async () => {
      const result = await stack.preview();
      expect(result.ok).toBe(false);
      expect(result.error).toContain("publicKey is a DSA key (ssh-dss, 1024 bits)");
    });
    expect(requests).toEqual([]);
    await stack.setConfig({ hostKey: { value: CONFIG.hostKey } });
  });

  test("up creates the CA first, then one POST per certificate; the certificates are the CA's", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 4 });
    });
    expect(requests[0]).toBe(`POST ${CA}`);
    expect(requests.slice(1).sort()).toEqual([`POST ${HOST}`, `POST ${USER}`]);
    const outputs = await stack.outputs();
    const [ca] = snapshot().sshCertificateAuthorities;
    expect(outputs.caId).toBe(ca.id);
    const host = outputs.hostCertificate as Record<string, string>;
    const user = outputs.userCertificate as Record<string, unknown>;
    expect(hosts()).toEqual([
      expect.objectContaining({ id: host.id, certificate: host.certificate }),
    ]);
    expect(decodeCertificate(host.certificate, ca.public_key)).toMatchObject({
      type: "host",
      principals: ["web1.example.com", "10.0.0.5"],
      signedByCa: true,
    });
    expect(decodeCertificate(user.certificate as string, ca.public_key)).toMatchObject({
      type: "user",
      principals: ["deploy"],
      signedByCa: true,
    });
    // ngrok's defaults, which the program leaves out.
    expect(user.extensions).toEqual({ "permit-pty": "", "permit-user-rc": "" });
    expect(user.criticalOptions).toEqual({});
  });

  test("up again with no change: every resource the same, no write request", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 4 });
    });
    expect(writes(requests)).toEqual([]);
  });

  test("a description change updates the host certificate in place with one PATCH", async () => {
    const [before] = hosts();
    await stack.setConfig({ hostDescription: { value: "web1 v2" } });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 3, update: 1 });
    });
    expect(requests).toEqual([`PATCH ${HOST}/${before.id}`]);
    expect(hosts()).toEqual([{ ...before, description: "web1 v2" }]);
  });

  test("new principals replace the host certificate: the new one is signed before the old one is deleted", async () => {
    const [before] = hosts();
    await stack.setConfig({ hostPrincipals: { value: JSON.stringify(["web1.example.com"]) } });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 3, replace: 1 });
    });
    expect(requests).toEqual([`POST ${HOST}`, `DELETE ${HOST}/${before.id}`]);
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]).toMatchObject({ principals: ["web1.example.com"], description: "web1 v2" });
  });

  test("a validUntil with an offset replaces once; ngrok's Z form of it is then no change", async () => {
    await stack.setConfig({ hostValidUntil: { value: "2031-01-01T00:00:00-05:00" } });
    expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 3, replace: 1 });
    expect(hosts()[0].valid_until).toBe("2031-01-01T05:00:00Z");
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 4 });
    });
    expect(writes(requests)).toEqual([]);
  });

  test("drift: a description changed outside Pulumi shows on refresh; up sets it back", async () => {
    const [live] = hosts();
    await callApi(emulator, "PATCH", `${HOST}/${live.id}`, { description: "edited by hand" });
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: 3, update: 1 });
    expect(refresh.stdout).toMatch(/\[diff: ~description\]/);
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 3, update: 1 });
    });
    expect(requests).toEqual([`PATCH ${HOST}/${live.id}`]);
    expect(hosts()[0].description).toBe("web1 v2");
  });

  test("a user certificate deleted outside Pulumi leaves the state on refresh; up signs it again", async () => {
    const [live] = users();
    await callApi(emulator, "DELETE", `${USER}/${live.id}`);
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: 3, delete: 1 });
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: 3, create: 1 });
    });
    expect(requests).toEqual([`POST ${USER}`]);
    expect(users()).toHaveLength(1);
  });

  test("destroy deletes the certificates before the CA: no ERR_NGROK_1964, the emulator is empty", async () => {
    const [host] = hosts();
    const [user] = users();
    const [ca] = snapshot().sshCertificateAuthorities;
    const before = emulator.requests.length;
    expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 4 });
    const requests = emulator.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(requests.slice(0, 2).sort()).toEqual(
      [`DELETE ${HOST}/${host.id} 204`, `DELETE ${USER}/${user.id} 204`].sort(),
    );
    expect(requests.slice(2)).toEqual([`DELETE ${CA}/${ca.id} 204`]);
    expect(snapshot().sshCertificateAuthorities).toEqual([]);
    expect(hosts()).toEqual([]);
    expect(users()).toEqual([]);
  });
});

describeWithPulumi(
  "A CA whose delete a certificate outside the stack blocks, through the real CLI",
  () => {
    let emulator: RunningEmulator;
    let stack: RealStack;

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      stack = await openStack(PROGRAM, `${PROJECT}-blocked`, emulator, CONFIG);
    }, 120000);

    afterAll(async () => {
      await stack?.remove();
      await emulator?.close();
    });

    test("destroy fails naming the certificate; once it is deleted, destroy completes", async () => {
      succeeded(await stack.up());
      const [ca] = emulator.snapshot().sshCertificateAuthorities;
      const outside = await callApi(emulator, "POST", HOST, {
        ssh_certificate_authority_id: ca.id,
        public_key: keys.RSA_2048,
        principals: ["made-by-hand.example.com"],
      });
      expect(outside.status).toBe(201);

      const failed = await stack.destroy();
      expect(failed.ok).toBe(false);
      expect(failed.error).toContain(
        `the SSH certificate authority ${ca.id} still has certificates it signed: ${outside.body.id}; delete them first (or remove them from the program`,
      );
      expect(failed.error).toMatch(/ERR_NGROK_1964/);
      // The stack's own certificates went first; the CA and the outside certificate stay.
      expect(emulator.snapshot().sshHostCertificates.map((c) => c.id)).toEqual([outside.body.id]);
      expect(emulator.snapshot().sshUserCertificates).toEqual([]);
      expect(emulator.snapshot().sshCertificateAuthorities.map((c) => c.id)).toEqual([ca.id]);

      await callApi(emulator, "DELETE", `${HOST}/${outside.body.id}`);
      expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 2 });
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    });
  },
);
