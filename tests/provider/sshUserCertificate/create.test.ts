/**
 * Creating an SSH user certificate exactly once: what the recovery compares for user certificates
 * (critical options and extensions, where declared), and two identical lost creates. The shared
 * paths (timeouts, someone else's older certificate, 404) are covered in
 * sshHostCertificate.create.test.ts.
 */
import { resetStackConfig, sshUserCertificateProvider as provider } from "../../../provider";
import { callApi } from "../../support/emulatorApi";
import { closeServed, dropPosts, rejectionOf, serve } from "../../support/faultyEmulator";
import { createCa } from "../../support/sshCertificates";
import * as keys from "../../support/sshKeys";

const PATH = "/ssh_user_certificates";

afterEach(closeServed);
afterAll(() => resetStackConfig());

async function serveWithCa(setup: Parameters<typeof serve>[0]) {
  const server = await serve(setup);
  const ca = await createCa(server);
  const ids = () => server.app.emulator.snapshot().sshUserCertificates.map((c) => c.id);
  const checked = {
    sshCertificateAuthorityId: ca.id,
    publicKey: keys.ECDSA_P256,
    principals: ["deploy"],
    criticalOptions: { "force-command": "/usr/bin/deploy" },
    __provider: "serialized provider text",
  };
  return { ...server, ca, ids, checked };
}

test("a POST dropped after signing: the certificate with the declared options is found, ngrok's default extensions and all", async () => {
  const server = await serveWithCa(dropPosts("after", [1], PATH));
  const { id, outs } = await provider.create(server.checked);
  expect(server.ids()).toEqual([id]);
  expect(outs).toMatchObject({
    criticalOptions: { "force-command": "/usr/bin/deploy" },
    extensions: { "permit-pty": "", "permit-user-rc": "" },
  });
  expect(server.posts()).toBe(2); // the CA's, and this one
});

test("a certificate for the same key and principals but other critical options is not taken for the lost one", async () => {
  const server = await serveWithCa(dropPosts("after", [2], PATH)); // the 1st POST is theirs
  const other = await callApi(server, "POST", PATH, {
    ssh_certificate_authority_id: server.ca.id,
    public_key: keys.ECDSA_P256,
    principals: ["deploy"],
    critical_options: { "force-command": "/bin/sh" },
  });
  expect(other.status).toBe(201);
  const { id } = await provider.create(server.checked);
  expect(server.ids()).toEqual([other.body.id, id]);
});

test("two identical creates both lost at once: neither guesses, and no certificate goes to both", async () => {
  const server = await serveWithCa(dropPosts("after", [1, 2], PATH));
  const [a, b] = await Promise.allSettled([
    provider.create(server.checked),
    provider.create(server.checked),
  ]);
  const ids = server.ids();
  expect(ids).toHaveLength(2);
  for (const result of [a, b]) {
    if (result.status === "fulfilled") {
      expect(ids).toContain(result.value.id);
    } else {
      const named = /(\d) matching user certificates exist \(([^)]*)\)/.exec(String(result.reason));
      expect(named).not.toBeNull();
      for (const id of named![2].split(", ")) expect(ids).toContain(id);
      expect(String(result.reason)).toContain("`ngrok api ssh-user-certificates list`");
    }
  }
  const adopted = [a, b].flatMap((r) => (r.status === "fulfilled" ? [r.value.id] : []));
  expect(new Set(adopted).size).toBe(adopted.length);
});

test("a POST dropped before the handler ran: nothing is found, and the error says so for user certificates", async () => {
  const server = await serveWithCa(dropPosts("before", [1], PATH));
  const error = await rejectionOf(provider.create(server.checked));
  expect(error.message).toMatch(
    /^creating the SSH user certificate failed after the request was sent .*No matching user certificate \(CA sshca_\w+, key SHA256:[A-Za-z0-9+/]{43}, description "", created since .*\) was found/,
  );
  expect(server.ids()).toEqual([]);
});
