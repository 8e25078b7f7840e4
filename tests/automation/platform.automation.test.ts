/**
 * One stack with an object of each kind a cloud endpoint's Traffic Policy leans on (issue #50,
 * "Done when"), through the real Pulumi CLI against the emulator: a vault and its secret read by a
 * cloud endpoint's `openid-connect`, an IP policy with a rule used by its `restrict-ips`, a
 * reserved domain served by a TLS certificate, a certificate authority, a reserved address with a
 * `tcp://` cloud endpoint on it, and an API key whose token is a secret output.
 *
 * - as a YAML program, through the provider plugin's self-contained executable and Pulumi's YAML
 *   language host (`../support/yamlProject`): a preview with no request, `up`, a preview with no
 *   change, a refresh with no change, `destroy`;
 * - as a TypeScript program of the Node.js classes (`tests/programs/platform`): the same steps.
 *
 * On both paths the client secret, the private key and the API key's token never appear in clear
 * in the state nor in anything the CLI printed. Certificates are made at run time
 * (`../support/x509Certificates`).
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { callApi } from "../support/emulatorApi";
import { yamlLanguageHost } from "../support/pulumiCommand";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import { type MadeCertificates, makeCertificates } from "../support/x509Certificates";
import { recordedCli } from "../support/recordedCli";
import { openYamlProject, type YamlProject } from "../support/yamlProject";

const PROJECT = "ngrok-platform";
const CLIENT_SECRET = "oidc-platform-s3cret";
/** The stack and its 11 objects. */
const RESOURCES = 12;

const PROGRAM = `name: ${PROJECT}
runtime: yaml
config:
  oidcClientSecret:
    type: string
    secret: true
resources:
  sign-in:
    type: ngrok-dynamic:index:Vault
    properties:
      name: sign_in
  oidc-client-secret:
    type: ngrok-dynamic:index:VaultSecret
    properties:
      vaultId: \${sign-in.id}
      name: oidc_client_secret
      value: \${oidcClientSecret}
  office:
    type: ngrok-dynamic:index:IpPolicy
    properties:
      description: Office network
  office-allow:
    type: ngrok-dynamic:index:IpPolicyRule
    properties:
      ipPolicyId: \${office.id}
      cidr: 203.0.113.0/24
      action: allow
  app-cert:
    type: ngrok-dynamic:index:TlsCertificate
    properties:
      certificatePem:
        fn::readFile: ./app.crt
      privateKeyPem:
        fn::readFile: ./app.key
  client-ca:
    type: ngrok-dynamic:index:CertificateAuthority
    properties:
      caPem:
        fn::readFile: ./ca.pem
  app-domain:
    type: ngrok-dynamic:index:ReservedDomain
    properties:
      domain: app.example.com
      certificateId: \${app-cert.id}
  app:
    type: ngrok-dynamic:index:CloudEndpoint
    properties:
      url: https://\${app-domain.domain}
      trafficPolicy:
        on_http_request:
          - actions:
              - type: restrict-ips
                config:
                  ip_policies:
                    - \${office.id}
          - actions:
              - type: openid-connect
                config:
                  issuer_url: https://accounts.google.com
                  client_id: app
                  client_secret: $\${secrets.get('sign_in', 'oidc_client_secret')}
          - actions:
              - type: forward-internal
                config:
                  url: https://app.internal
    options:
      dependsOn:
        - \${oidc-client-secret}
        - \${office-allow}
  ssh-addr:
    type: ngrok-dynamic:index:ReservedAddr
    properties:
      region: eu
      description: SSH bastion
  ssh:
    type: ngrok-dynamic:index:CloudEndpoint
    properties:
      url: tcp://\${ssh-addr.addr}
      trafficPolicy:
        on_tcp_connect:
          - actions:
              - type: forward-internal
                config:
                  url: tcp://bastion.internal:22
  deploy-key:
    type: ngrok-dynamic:index:ApiKey
    properties:
      description: Deploys
outputs:
  appUrl: \${app.url}
  sshUrl: \${ssh.url}
  deployKeyToken: \${deploy-key.token}
`;

/** The collections the stack writes to, each once. */
const COLLECTIONS = [
  "/vaults",
  "/vault_secrets",
  "/ip_policies",
  "/ip_policy_rules",
  "/tls_certificates",
  "/certificate_authorities",
  "/reserved_domains",
  "/endpoints",
  "/reserved_addrs",
  "/endpoints",
  "/api_keys",
];

/** The line of a PEM private key that no output may hold (its first line of base64). */
const keyLine = (pem: string) => pem.split("\n")[1];

describeWithPulumi(
  "Every kind of object in one YAML program, through the plugin executable",
  () => {
    const yamlHost = yamlLanguageHost({
      suite: "the platform suite",
      test: "one stack of each kind",
    });
    if (yamlHost === undefined) return;

    let emulator: RunningEmulator;
    let project: YamlProject;
    let made: MadeCertificates;
    /** The CLI, recorded: what it printed, and each operation's summary and requests. */
    const { printed, pulumi, operation } = recordedCli(
      () => project,
      () => emulator,
    );

    beforeAll(async () => {
      made = await makeCertificates();
      emulator = await startEmulator({ port: 0 });
      project = await openYamlProject(yamlHost, emulator, {
        "Pulumi.yaml": PROGRAM,
        "ca.pem": made.caPem,
        "app.crt": made.leafPem,
        "app.key": made.leafKeyPem,
      });
      await pulumi(["config", "set", "--secret", "oidcClientSecret", CLIENT_SECRET]);
    }, 120_000);

    afterAll(async () => {
      await emulator?.close();
      project?.remove();
    });

    test("preview, up, preview and refresh with no change, destroy; no secret in clear", async () => {
      const preview = await operation(["preview"]);
      expect(preview.summary).toEqual({ create: RESOURCES });
      expect(preview.requests).toEqual([]); // check and diff call no API

      const up = await operation(["up", "--yes", "--skip-preview"]);
      expect(up.summary).toEqual({ create: RESOURCES });
      const posts = up.requests.filter((r) => r.startsWith("POST "));
      expect(posts.sort()).toEqual(COLLECTIONS.map((c) => `POST ${c}`).sort());

      const same = await operation(["preview", "--expect-no-changes"]);
      expect(same.summary).toEqual({ same: RESOURCES });
      const refresh = await operation(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.summary).toEqual({ same: RESOURCES });

      // What ngrok holds: the policy names the IP policy, the tcp endpoint the reserved address.
      const endpoints = await callApi(emulator, "GET", "/endpoints");
      const urls = (endpoints.body.endpoints as { url: string }[]).map((e) => e.url).sort();
      expect(urls).toEqual([
        "https://app.example.com",
        expect.stringMatching(/^tcp:\/\/1\.tcp\.eu\.ngrok\.io:\d+$/),
      ]);

      // The token in clear (this run's output is not counted as printed), then the state.
      const shown = printed.join("\n");
      const token = (await pulumi(["stack", "output", "deployKeyToken", "--show-secrets"])).stdout;
      expect(token.trim().length).toBeGreaterThan(10);
      const state = await pulumi(["stack", "export"]);
      for (const secret of [CLIENT_SECRET, keyLine(made.leafKeyPem), token.trim()]) {
        expect(state.stdout).not.toContain(secret);
        expect(shown).not.toContain(secret);
      }

      const destroy = await operation(["destroy", "--yes", "--skip-preview"]);
      expect(destroy.summary).toEqual({ delete: RESOURCES });
      for (const collection of new Set(COLLECTIONS)) {
        const listed = await callApi(emulator, "GET", collection);
        expect({ collection, left: Object.values(listed.body).find(Array.isArray) }).toEqual({
          collection,
          left: [],
        });
      }
    });
  },
);

describeWithPulumi("Every kind of object in one TypeScript program, on the Node.js classes", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  let made: MadeCertificates;

  beforeAll(async () => {
    made = await makeCertificates();
    emulator = await startEmulator({ port: 0 });
    stack = await openStack("tests/programs/platform", "platform-classes", emulator, {
      oidcClientSecret: CLIENT_SECRET,
      certificatePem: made.leafPem,
      privateKeyPem: made.leafKeyPem,
      caPem: made.caPem,
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  test("up, preview and refresh with no change, destroy; no secret in clear", async () => {
    const up = succeeded(await stack.up());
    expect(up.summary?.resourceChanges).toEqual({ create: RESOURCES });
    const tokenValue = String((await stack.outputs()).deployKeyToken);
    expect(tokenValue.length).toBeGreaterThan(10);
    expect(stack.checkpointText()).not.toContain(tokenValue);
    const programState = () => JSON.stringify(stack.checkpointResources());
    for (const secret of [CLIENT_SECRET, keyLine(made.leafKeyPem), tokenValue]) {
      expect(programState()).not.toContain(secret);
    }

    const preview = succeeded(await stack.preview({ expectNoChanges: true }));
    expect(preview.changeSummary).toEqual({ same: RESOURCES });
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: RESOURCES });

    const destroy = succeeded(await stack.destroy());
    expect(destroy.summary?.resourceChanges).toEqual({ delete: RESOURCES });
    for (const run of [up, preview, refresh, destroy]) {
      const shown = run.diagnostics.filter((d) => d.severity !== "debug");
      for (const secret of [CLIENT_SECRET, tokenValue]) {
        expect(run.stdout + JSON.stringify(shown)).not.toContain(secret);
      }
    }
    expect((await callApi(emulator, "GET", "/api_keys")).body.keys).toEqual([]);
  });
});
