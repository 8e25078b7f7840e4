/**
 * The `__provider` that `pulumi-ngrok-dynamic import-file` writes is the one each class writes: a
 * resource of every class constructed under `pulumi.runtime.setMocks` registers `__provider`,
 * which must be the text of `serializedProvider` for that class, byte for byte (a different text
 * would be a change of `__provider` at the next `up`). It holds no path of this machine.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { IMPORTABLE_KINDS } from "../../cli/importFile/kinds";
import { serializedProvider } from "../../cli/importFile/serializedProvider";
import {
  CloudEndpoint,
  HttpsEdgeRouteSaml,
  ReservedDomain,
  SshCertificateAuthority,
  SshCredential,
  SshHostCertificate,
  SshUserCertificate,
} from "../../sdk";
import * as keys from "../support/sshKeys";

const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.set(args.type, args.inputs as Record<string, unknown>);
        return { id: `${args.name}-id`, state: { ...args.inputs, __provider: undefined } };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
});

test("each class's registered __provider is the text import-file writes for it", async () => {
  const resources: pulumi.CustomResource[] = [
    new SshCertificateAuthority("ca", { privateKeyType: "ed25519" }),
    new SshHostCertificate("host", {
      sshCertificateAuthorityId: "sshca_2Zexisting0000",
      publicKey: keys.ED25519,
      principals: ["web1"],
    }),
    new SshUserCertificate("user", {
      sshCertificateAuthorityId: "sshca_2Zexisting0000",
      publicKey: keys.ED25519,
      principals: ["alice"],
    }),
    new SshCredential("credential", { publicKey: keys.ED25519 }),
    HttpsEdgeRouteSaml.get("saml", "edghts_2Zexisting0000/edghtsrt_2Zexisting0000"),
    new ReservedDomain("domain", { domain: "app.example.com" }),
    new CloudEndpoint("endpoint", {
      url: "https://app.example.com",
      trafficPolicy: { onHttpRequest: [] },
    }),
  ];
  const settled = (value: pulumi.Output<string>) =>
    new Promise((resolve) => value.apply((v) => resolve(v)));
  await Promise.all(resources.map((resource) => settled(resource.id)));
  expect([...registered.keys()].sort()).toEqual(IMPORTABLE_KINDS.map((kind) => kind.type).sort());
  for (const kind of IMPORTABLE_KINDS) {
    const text = await serializedProvider(kind);
    expect([kind.name, text]).toEqual([kind.name, registered.get(kind.type)!.__provider]);
    expect(text).not.toContain(path.resolve(__dirname, "../.."));
  }
});
