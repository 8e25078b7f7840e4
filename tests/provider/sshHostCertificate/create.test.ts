/**
 * Creating an SSH host certificate exactly once (provider/framework/implementation.ts, through the
 * shared provider/common/createOnce.ts): a POST whose outcome is unknown is never sent again; the
 * certificate it may have created is looked for, recorded when it is certainly this request's,
 * and named in the error when it is not. Faults are fastify hooks on the emulator app.
 */
import type { FastifyRequest } from "fastify";
import {
  NgrokApiError,
  NgrokClientError,
  resetStackConfig,
  sshHostCertificateProvider as provider,
} from "../../../provider";
import { callApi } from "../../support/emulatorApi";
import { closeServed, dropPosts, rejectionOf, serve } from "../../support/faultyEmulator";
import { createCa } from "../../support/sshCertificates";
import * as keys from "../../support/sshKeys";

const PATH = "/ssh_host_certificates";

afterEach(closeServed);
afterAll(() => resetStackConfig());

/** {@link serve} with a CA, and the ids of the host certificates the emulator holds. */
async function serveWithCa(setup: Parameters<typeof serve>[0]) {
  const server = await serve(setup);
  const ca = await createCa(server);
  const ids = () => server.app.emulator.snapshot().sshHostCertificates.map((c) => c.id);
  const checked = {
    sshCertificateAuthorityId: ca.id,
    publicKey: keys.ED25519,
    principals: ["web1.example.com"],
    description: "exactly once",
    __provider: "serialized provider text",
  };
  return { ...server, ca, ids, checked };
}

test("a POST dropped after the certificate was signed: it is found and recorded, not signed again", async () => {
  const server = await serveWithCa(dropPosts("after", [1], PATH));
  const { id, outs } = await provider.create(server.checked);
  expect(server.ids()).toEqual([id]);
  expect(outs).toMatchObject({ principals: ["web1.example.com"], description: "exactly once" });
  expect(outs!.certificate).toMatch(new RegExp(` ${id}$`));
  expect(server.calls()).toEqual(["POST /ssh_certificate_authorities", `GET ${PATH}`]);
});

test("a certificate for the same key but other principals, signed at the same time, is not taken for the lost one", async () => {
  const server = await serveWithCa(dropPosts("after", [2], PATH)); // the 1st POST is theirs
  const other = await callApi(server, "POST", PATH, {
    ssh_certificate_authority_id: server.ca.id,
    public_key: keys.ED25519,
    principals: ["web2.example.com"],
    description: "exactly once",
  });
  expect(other.status).toBe(201);
  const { id } = await provider.create(server.checked);
  expect(id).not.toBe(other.body.id);
  expect(server.ids()).toEqual([other.body.id, id]);
});

test("the same key with another comment is the same key: its certificate is found", async () => {
  const server = await serveWithCa(dropPosts("after", [1], PATH));
  const { id, outs } = await provider.create({
    ...server.checked,
    publicKey: keys.ED25519.replace("test@example", "web1"),
  });
  expect(server.ids()).toEqual([id]);
  expect(outs!.publicKey).toBe(keys.ED25519.replace("test@example", "web1"));
});

test("an identical certificate signed by someone else earlier is not adopted: the error says how to look", async () => {
  const server = await serveWithCa(dropPosts("before", [2], PATH)); // the 1st POST is theirs
  const theirs = await callApi(server, "POST", PATH, {
    ssh_certificate_authority_id: server.ca.id,
    public_key: keys.ED25519,
    principals: ["web1.example.com"],
    description: "exactly once",
  });
  expect(theirs.status).toBe(201);
  // Theirs is older than this request by more than the timestamps' precision.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const error = await rejectionOf(provider.create(server.checked));
  expect(NgrokClientError.isInstance(error)).toBe(true);
  expect(error.message).toMatch(
    new RegExp(
      `^creating the SSH host certificate failed after the request was sent \\(could not reach the ngrok API at .*\\(POST ${PATH}\\): .*\\); ngrok may have created it\\. ` +
        `No matching host certificate \\(CA ${server.ca.id}, key SHA256:[A-Za-z0-9+/]{43}, description "exactly once", created since .*\\) was found, so most likely none was created; nothing was recorded in state\\. ` +
        `To check, list the host certificates \\(GET ${PATH}, or \`ngrok api ssh-host-certificates list\`\\) and look for CA ${server.ca.id}, .*; ` +
        "delete a stray one \\(`ngrok api ssh-host-certificates delete <id>`\\) before running `pulumi up` again\\.$",
    ),
  );
  expect(server.ids()).toEqual([theirs.body.id]);
});

test("the key's fingerprint in the error is the one ssh-keygen -l prints", async () => {
  const server = await serveWithCa(dropPosts("before", [1], PATH));
  const error = await rejectionOf(provider.create(server.checked));
  // ssh-keygen -l -f of the ED25519 fixture.
  expect(error.message).toContain("key SHA256:iiyyw8HE12aB38SBSiCgxzWrzOQTPVuXJFj8oj2pXjU");
});

test("a POST answered after the request timeout: the certificate it made is found and recorded", async () => {
  const server = await serveWithCa((app) => {
    app.addHook("onSend", async (request: FastifyRequest) => {
      if (request.method === "POST" && request.url === PATH) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
    });
  });
  const { id } = await provider.create(server.checked);
  expect(server.ids()).toEqual([id]);
  expect(server.posts()).toBe(2); // the CA's, and this one
});

test("a create refused with 404 (unknown CA) is not looked for: nothing was created", async () => {
  const server = await serveWithCa(() => undefined);
  const error = await rejectionOf(
    provider.create({
      ...server.checked,
      sshCertificateAuthorityId: "sshca_2ZpXGdAbcDef0123456789abc",
    }),
  );
  expect(NgrokApiError.isInstance(error) && error.isNotFound).toBe(true);
  expect(server.calls()).toEqual(["POST /ssh_certificate_authorities", `POST ${PATH}`]);
  expect(server.ids()).toEqual([]);
});
