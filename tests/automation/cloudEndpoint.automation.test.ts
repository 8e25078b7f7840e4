/**
 * ReservedDomain and CloudEndpoint through the real Pulumi CLI and the provider plugin, as a YAML
 * program (Pulumi's YAML language host and the plugin on `PATH`, a file backend, the emulator in
 * this process): a reserved domain, an endpoint signed in by `openid-connect` (its client secret a
 * secret config value) and one by `saml` (the IdP metadata read from a file); `up`, then
 * `preview` and `refresh` with no change, then `destroy`. Checks what the emulator holds (the
 * policies as canonical JSON) and that the secret never reaches the state file in clear.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { offlineEnv } from "../../dist/devtools/pulumiCli";
import { pluginBinDir } from "../../dist/devtools/pluginBin";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import { changeSummary, pulumiCommand, yamlLanguageHost } from "../support/pulumiCommand";
import { cli, describeWithPulumi } from "../support/realEngine";

const PROJECT = "cloud-endpoints";
const SECRET = "oidc-client-s3cret";

const PROGRAM = `name: ${PROJECT}
runtime: yaml
config:
  oidcSecret:
    type: string
    secret: true
variables:
  idpMetadata:
    fn::readFile: ./idp.xml
resources:
  domain:
    type: ngrok-dynamic:index:ReservedDomain
    properties:
      domain: app.example.com
      description: the app
  oidc:
    type: ngrok-dynamic:index:CloudEndpoint
    properties:
      url: https://\${domain.domain}
      description: signed in by OpenID Connect
      trafficPolicy:
        on_http_request:
          - name: sign in
            actions:
              - type: openid-connect
                config:
                  issuer_url: https://idp.example.com
                  client_id: app
                  client_secret: \${oidcSecret}
  saml:
    type: ngrok-dynamic:index:CloudEndpoint
    properties:
      url: https://\${domain.domain}:8443
      trafficPolicy:
        on_http_request:
          - actions:
              - type: saml
                config:
                  idp_metadata: \${idpMetadata}
outputs:
  oidcUrl: \${oidc.publicUrl}
`;

describeWithPulumi("ReservedDomain and CloudEndpoint through the plugin and the real CLI", () => {
  const yamlHost = yamlLanguageHost({ suite: "the cloud endpoint suite", test: "cloud endpoints" });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let work: string;
  let project: string;
  let pluginBin: string;
  let env: NodeJS.ProcessEnv;
  const pulumi = (args: string[]) => pulumiCommand(args, { cwd: project, env });

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "cloud-endpoints-"));
    project = path.join(work, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), PROGRAM);
    fs.writeFileSync(path.join(project, "idp.xml"), readIdpMetadata("okta.xml"));
    pluginBin = pluginBinDir();
    const offline = offlineEnv(cli(), work);
    env = { ...process.env, ...offline, PATH: [pluginBin, yamlHost, offline.PATH].join(":") };
    for (const key of Object.keys(env)) if (key.startsWith("NGROK_")) delete env[key];
    await pulumi(["stack", "init", "dev"]);
    await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url]);
    await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey]);
    await pulumi(["config", "set", "--secret", "oidcSecret", SECRET]);
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    for (const dir of [work, pluginBin]) {
      if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("up, then preview and refresh with no change, then destroy", async () => {
    const up = await pulumi(["up", "--yes", "--skip-preview", "--json"]);
    expect(changeSummary(up.stdout)).toEqual({ create: 4 });
    const endpoints = await callApi(emulator, "GET", "/endpoints");
    const policies = (endpoints.body.endpoints as { traffic_policy: string }[]).map(
      (e) => e.traffic_policy,
    );
    expect(policies).toHaveLength(2);
    for (const policy of policies) expect(policy).toBe(JSON.stringify(JSON.parse(policy)));
    expect(policies.join("")).toContain(SECRET); // ngrok receives it …
    const state = await pulumi(["stack", "export"]);
    expect(state.stdout).not.toContain(SECRET); // … the state holds it encrypted only

    const preview = await pulumi(["preview", "--json", "--expect-no-changes"]);
    expect(changeSummary(preview.stdout)).toEqual({ same: 4 });
    const refresh = await pulumi(["refresh", "--yes", "--skip-preview", "--json"]);
    expect(changeSummary(refresh.stdout)).toEqual({ same: 4 });
    const again = await pulumi(["preview", "--json", "--expect-no-changes"]);
    expect(changeSummary(again.stdout)).toEqual({ same: 4 });

    const destroy = await pulumi(["destroy", "--yes", "--skip-preview", "--json"]);
    expect(changeSummary(destroy.stdout)).toEqual({ delete: 4 });
    expect((await callApi(emulator, "GET", "/endpoints")).body.endpoints).toEqual([]);
    expect((await callApi(emulator, "GET", "/reserved_domains")).body.reserved_domains).toEqual([]);
  }, 600_000);
});
