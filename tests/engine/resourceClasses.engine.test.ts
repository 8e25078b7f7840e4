/**
 * The resource classes themselves under `pulumi.runtime.setMocks` (compiled, from dist/): what
 * they register for a create, for `get` (a read with the id and no inputs) and with the `import`
 * option (refused at construction). Every output a class declares is an output of the instance,
 * whichever arguments were left out, so that `ca.ellipticCurve.apply(…)` never meets `undefined`.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  CloudEndpoint,
  HttpsEdgeRouteSaml,
  SshCertificateAuthority,
  SshHostCertificate,
  SshUserCertificate,
} from "../../dist/sdk";
import { cloudEndpointProvider, sshUserCertificateProvider } from "../../dist/provider";

interface Registered {
  name: string;
  id?: string;
  inputs: Record<string, unknown>;
}
const registered: Registered[] = [];
/** Every resource constructed here: their registrations must end before Jest tears down. */
const constructed: pulumi.CustomResource[] = [];
const track = <R extends pulumi.CustomResource>(resource: R): R => {
  constructed.push(resource);
  return resource;
};

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.push({ name: args.name, id: args.id, inputs: args.inputs });
        return {
          id: args.id ?? `${args.name}-id`,
          state: { ...args.inputs, __provider: undefined },
        };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
});

const CA_OUTPUTS = [
  "privateKeyType",
  "ellipticCurve",
  "keySize",
  "description",
  "metadata",
  "adoptExistingId",
  "publicKey",
  "keyType",
  "uri",
  "createdAt",
] as const;
const SAML_OUTPUTS = [
  "edgeId",
  "routeId",
  "idpMetadata",
  "enabled",
  "optionsPassthrough",
  "cookiePrefix",
  "inactivityTimeout",
  "maximumDuration",
  "forceAuthn",
  "allowIdpInitiated",
  "authorizedGroups",
  "nameidFormat",
  "adoptExisting",
  "entityId",
  "assertionConsumerServiceUrl",
  "singleLogoutUrl",
  "requestSigningCertificatePem",
  "metadataUrl",
  "idpMetadataUrl",
  "claimToken",
] as const;

const CERTIFICATE_OUTPUTS = [
  "sshCertificateAuthorityId",
  "publicKey",
  "principals",
  "validAfter",
  "validUntil",
  "description",
  "metadata",
  "certificate",
  "keyType",
  "uri",
  "createdAt",
] as const;

afterAll(async () => {
  await new Promise((resolve) => pulumi.all(constructed.map((r) => r.urn)).apply(resolve));
});

/** Waits until the mocks have seen the registration of `name`. */
async function registration(name: string): Promise<Registered> {
  for (let i = 0; i < 200; i++) {
    const found = registered.find((r) => r.name === name);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${name} was never registered`);
}

test("a CA created with the fewest arguments: every declared output is an output", async () => {
  const ca = track(new SshCertificateAuthority("minimal", { privateKeyType: "ed25519" }));
  for (const name of CA_OUTPUTS) {
    expect([name, pulumi.Output.isInstance(ca[name])]).toEqual([name, true]);
  }
  const { id, inputs } = await registration("minimal");
  expect(id).toBe(""); // what the mocks see of a create
  expect({ ...inputs, __provider: undefined }).toEqual({ privateKeyType: "ed25519" });
});

test("SshCertificateAuthority.get registers a read of the id, with no input but __provider", async () => {
  const ca = track(SshCertificateAuthority.get("read-ca", "sshca_2Zexisting0000"));
  for (const name of CA_OUTPUTS) {
    expect([name, pulumi.Output.isInstance(ca[name])]).toEqual([name, true]);
  }
  const { id, inputs } = await registration("read-ca");
  expect(id).toBe("sshca_2Zexisting0000");
  expect(Object.keys(inputs)).toEqual(["__provider"]);
});

test("HttpsEdgeRouteSaml with the fewest arguments, and HttpsEdgeRouteSaml.get: every declared output is an output", async () => {
  const created = track(
    new HttpsEdgeRouteSaml("minimal-sso", {
      edgeId: "edghts_1",
      routeId: "edghtsrt_1",
      idpMetadata: "<EntityDescriptor/>",
    }),
  );
  const read = track(HttpsEdgeRouteSaml.get("read-sso", "edghts_9/edghtsrt_9"));
  for (const resource of [created, read]) {
    for (const name of SAML_OUTPUTS) {
      expect([name, pulumi.Output.isInstance(resource[name])]).toEqual([name, true]);
    }
  }
  const { id, inputs } = await registration("read-sso");
  expect(id).toBe("edghts_9/edghtsrt_9");
  // No claim and no route hold: a read declares nothing about the route.
  expect(Object.keys(inputs)).toEqual(["__provider"]);
  // The same route declared by a resource and read by a get is not a conflict.
  expect(() =>
    track(
      new HttpsEdgeRouteSaml("another-sso", {
        edgeId: "edghts_9",
        routeId: "edghtsrt_9",
        idpMetadata: "<EntityDescriptor/>",
      }),
    ),
  ).not.toThrow();
});

test("the import option throws at construction, before anything is registered, naming the way to adopt and get", () => {
  const before = registered.length;
  expect(
    () =>
      new SshCertificateAuthority("imported", { privateKeyType: "ed25519" }, { import: "sshca_1" }),
  ).toThrow(
    'SshCertificateAuthority "imported": the import resource option is not supported, since ' +
      "Pulumi cannot import dynamic resources (pulumi/pulumi#3550). To manage the existing SSH " +
      'certificate authority sshca_1 with this resource, remove import and set the argument adoptExistingId: "sshca_1" ' +
      '(see "Import and adopt" in the resource\'s documentation); to read it without managing ' +
      'it, use SshCertificateAuthority.get("imported", "sshca_1").',
  );
  expect(
    () =>
      new HttpsEdgeRouteSaml(
        "imported-sso",
        { edgeId: "edghts_3", routeId: "edghtsrt_3", idpMetadata: "<EntityDescriptor/>" },
        { import: "edghts_3/edghtsrt_3" },
      ),
  ).toThrow(
    /^HttpsEdgeRouteSaml "imported-sso": the import resource option is not supported.*To manage the existing SAML module edghts_3\/edghtsrt_3 with this resource, remove import and set the argument adoptExisting: true \(with its edgeId and routeId\).*use HttpsEdgeRouteSaml\.get\("imported-sso", "edghts_3\/edghtsrt_3"\)\.$/,
  );
  expect(() => SshCertificateAuthority.get("get-import", "sshca_1", { import: "sshca_1" })).toThrow(
    /import resource option is not supported/,
  );
  expect(registered.length).toBe(before);
});

test("SshHostCertificate.get and SshUserCertificate.get register reads of the id, with no input but __provider; every output is an output", async () => {
  const host = track(SshHostCertificate.get("read-host", "shcrt_2Zexisting0000"));
  const user = track(SshUserCertificate.get("read-user", "sucrt_2Zexisting0000"));
  for (const resource of [host, user]) {
    for (const name of CERTIFICATE_OUTPUTS) {
      expect([name, pulumi.Output.isInstance(resource[name])]).toEqual([name, true]);
    }
  }
  for (const name of ["criticalOptions", "extensions"] as const) {
    expect([name, pulumi.Output.isInstance(user[name])]).toEqual([name, true]);
  }
  for (const [name, expected] of [
    ["read-host", "shcrt_2Zexisting0000"],
    ["read-user", "sucrt_2Zexisting0000"],
  ]) {
    const { id, inputs } = await registration(name);
    expect(id).toBe(expected);
    expect(Object.keys(inputs)).toEqual(["__provider"]);
  }
});

test("the import option on a certificate throws at construction, before anything is registered, naming get (a certificate is not adopted)", () => {
  const before = registered.length;
  const args = { sshCertificateAuthorityId: "sshca_1", publicKey: "ssh-ed25519 AAAA" };
  expect(() => new SshHostCertificate("imported-host", args, { import: "shcrt_1" })).toThrow(
    'SshHostCertificate "imported-host": the import resource option is not supported, since ' +
      "Pulumi cannot import dynamic resources (pulumi/pulumi#3550). An existing SSH host " +
      "certificate cannot be adopted: remove import, and this resource signs a new one (delete " +
      'shcrt_1 when it is no longer wanted; see "Import and adopt" in the resource\'s ' +
      "documentation); to read it without managing it, use " +
      'SshHostCertificate.get("imported-host", "shcrt_1").',
  );
  expect(() => new SshUserCertificate("imported-user", args, { import: "sucrt_1" })).toThrow(
    /^SshUserCertificate "imported-user": the import resource option is not supported.*An existing SSH user certificate cannot be adopted.*use SshUserCertificate\.get\("imported-user", "sucrt_1"\)\.$/,
  );
  expect(() => SshUserCertificate.get("get-import", "sucrt_1", { import: "sucrt_1" })).toThrow(
    /import resource option is not supported/,
  );
  expect(registered.length).toBe(before);
});

test("an ngrok: stack config key that is no setting is refused at construction, naming the setting meant (issue #38 §2)", () => {
  try {
    pulumi.runtime.setAllConfig({
      "ngrok:apikey": "TOPSECRET-key",
      "ngrok:apiBaseUrl": "http://127.0.0.1:1",
      "project:other": "x",
    });
    const before = registered.length;
    expect(() => new SshCertificateAuthority("mistyped", { privateKeyType: "ed25519" })).toThrow(
      /^the stack config is refused: ngrok:apikey is not a setting of pulumi-ngrok-dynamic; did you mean ngrok:apiKey\? Its settings are ngrok:apiKey, ngrok:apiBaseUrl, .*\(pulumi config rm ngrok:apikey\)$/,
    );
    let message = "";
    try {
      new HttpsEdgeRouteSaml("mistyped", {
        edgeId: "edghts_1",
        routeId: "edghtsrt_1",
        idpMetadata: "<x/>",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/did you mean ngrok:apiKey/);
    expect(message).not.toMatch(/TOPSECRET/);
    expect(registered.length).toBe(before);
    // The settings themselves, and another namespace's keys, pass.
    pulumi.runtime.setAllConfig({ "ngrok:apiKey": "k", "project:other": "x" });
    track(new SshCertificateAuthority("spelled-right", { privateKeyType: "ed25519" }));
  } finally {
    pulumi.runtime.setAllConfig({});
  }
});

test("a secret argument is named to check, which never quotes its value nor keeps the name list (issue #38 §3)", async () => {
  track(
    new SshUserCertificate("secret-ca-id", {
      sshCertificateAuthorityId: pulumi.secret("TOPSECRET-not-an-id"),
      publicKey: "ssh-ed25519 AAAA",
      principals: [pulumi.output("deploy")],
    }),
  );
  const { inputs } = await registration("secret-ca-id");
  expect(inputs.__secretInputs).toEqual(["sshCertificateAuthorityId"]);
  // What the dynamic-provider host hands check: the plain values (the engine strips the secret
  // envelope for a provider that does not accept secrets), and the hidden name list.
  const { __provider: _provider, ...wrapped } = inputs;
  const news = Object.fromEntries(
    Object.entries(wrapped).map(([k, v]) => [k, pulumi.runtime.unwrapRpcSecret(v)]),
  );
  expect(news.sshCertificateAuthorityId).toBe("TOPSECRET-not-an-id");
  const result = await sshUserCertificateProvider.check({}, news);
  const reasons = (result.failures ?? []).map((f) => f.reason).join("\n");
  expect(reasons).toMatch(/sshCertificateAuthorityId must be .*; got \[secret\]/);
  expect(reasons).not.toMatch(/TOPSECRET/);
  expect(result.inputs).not.toHaveProperty("__secretInputs");
  // Without an output among the arguments, nothing is added to the inputs.
  track(new SshCertificateAuthority("plain-args", { privateKeyType: "ed25519" }));
  expect((await registration("plain-args")).inputs).not.toHaveProperty("__secretInputs");
});

/** `value` with every secret envelope removed, deeply: what the dynamic-provider host receives. */
function unwrapSecrets(value: unknown): unknown {
  const plain: unknown = pulumi.runtime.unwrapRpcSecret(value);
  if (Array.isArray(plain)) return plain.map(unwrapSecrets);
  if (typeof plain !== "object" || plain === null) return plain;
  return Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, unwrapSecrets(v)]));
}

test("a secret inside a document argument is named by its path, and check hides that value only (issue #48 §2)", async () => {
  const policy = (clientSecret: pulumi.Input<string>) => ({
    onHttpRequest: [
      {
        name: "sign in",
        actions: [
          {
            type: "openid-connect",
            config: { issuerUrl: "http://idp.example.com", clientId: "app", clientSecret },
          },
          { type: "forward-internal", config: { url: "https://app.internal" } },
        ],
      },
    ],
  });
  track(
    new CloudEndpoint("secret-leaf", {
      url: "https://app.example.com",
      trafficPolicy: policy(pulumi.secret("TOPSECRET-client")),
    }),
  );
  const { inputs } = await registration("secret-leaf");
  expect(inputs.__secretInputs).toEqual([
    "trafficPolicy.onHttpRequest[0].actions[0].config.clientSecret",
  ]);
  // (Where the envelope stands, the mocks do not tell: they receive an object holding a secret as
  // secret as a whole. tests/automation/secretsInTrafficPolicy reads it from the real checkpoint.)
  const { __provider: _provider, ...wrapped } = inputs;
  const news = Object.fromEntries(Object.entries(wrapped).map(([k, v]) => [k, unwrapSecrets(v)]));
  const result = await cloudEndpointProvider.check({}, news);
  expect((result.failures ?? []).map((f) => f.reason)).toEqual([
    "trafficPolicy.onHttpRequest[0].actions[0].config.issuerUrl (openid-connect action) must be " +
      'an absolute https:// URL: its scheme is http; got "http://idp.example.com"',
  ]);
  expect(result.inputs).not.toHaveProperty("__secretInputs");

  // The whole policy made in an apply over the secret: the property is named whole.
  track(
    new CloudEndpoint("secret-whole", {
      url: "https://app.example.com",
      trafficPolicy: pulumi.secret("TOPSECRET-client").apply(policy),
    }),
  );
  expect((await registration("secret-whole")).inputs.__secretInputs).toEqual(["trafficPolicy"]);
});
