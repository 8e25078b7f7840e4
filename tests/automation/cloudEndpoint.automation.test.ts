/**
 * ReservedDomain and CloudEndpoint through the real Pulumi CLI and the provider plugin's
 * self-contained executable, as a YAML program (Pulumi's YAML language host and the executable on
 * `PATH`, a file backend, the emulator in this process: `../support/yamlProject`): a reserved domain, an endpoint signed in by `openid-connect` (its client secret a
 * secret config value) and one by `saml` (the IdP metadata read from a file), each policy written
 * inline in the schema's names (`onHttpRequest`; the `openid-connect` config typed, the `saml`
 * one in ngrok's names, as an untyped `TrafficPolicyAction`); `up`, then `preview` and `refresh`
 * with no change, then `destroy`. The same policies written inline in ngrok's own names
 * (`on_http_request`, as its docs write a policy) pass Pulumi YAML's type check and preview no
 * change. Checks what the emulator holds (the
 * policies as canonical JSON) and that the secret never reaches the state file in clear. The same
 * resources as a TypeScript program of the Node.js classes (`tests/programs/cloudEndpoint`, the
 * Automation API), with the same steps and checks, and a preview that warns of an action type
 * this version does not know.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import { changeSummary, yamlLanguageHost } from "../support/pulumiCommand";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import { openYamlProject, type YamlProject } from "../support/yamlProject";

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
        onHttpRequest:
          - name: sign in
            actions:
              - type: openid-connect
                config:
                  issuerUrl: https://idp.example.com
                  clientId: app
                  clientSecret: \${oidcSecret}
              - type: forward-internal
                config:
                  url: https://app.internal
  saml:
    type: ngrok-dynamic:index:CloudEndpoint
    properties:
      url: https://\${domain.domain}:8443
      trafficPolicy:
        onHttpRequest:
          - actions:
              - type: saml
                config:
                  idp_metadata: \${idpMetadata}
              - type: forward-internal
                config:
                  url: https://app.internal
outputs:
  oidcUrl: \${oidc.publicUrl}
`;

describeWithPulumi(
  "ReservedDomain and CloudEndpoint through the plugin executable and the real CLI",
  () => {
    const yamlHost = yamlLanguageHost({
      suite: "the cloud endpoint suite",
      test: "cloud endpoints",
    });
    if (yamlHost === undefined) return;

    let emulator: RunningEmulator;
    let project: YamlProject;
    const pulumi = (args: string[]) => project.pulumi(args);

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      project = await openYamlProject(yamlHost, emulator, {
        "Pulumi.yaml": PROGRAM,
        "idp.xml": readIdpMetadata("okta.xml"),
      });
      await pulumi(["config", "set", "--secret", "oidcSecret", SECRET]);
    }, 120_000);

    afterAll(async () => {
      await emulator?.close();
      project?.remove();
    });

    test("up, then preview and refresh with no change (also in ngrok's own names), then destroy", async () => {
      const up = await pulumi(["up", "--yes", "--skip-preview", "--json"]);
      expect(changeSummary(up.stdout)).toEqual({ create: 4 });
      await expectCanonicalPolicies(emulator);
      const state = await pulumi(["stack", "export"]);
      expect(state.stdout).not.toContain(SECRET); // … the state holds it encrypted only

      const preview = await pulumi(["preview", "--json", "--expect-no-changes"]);
      expect(changeSummary(preview.stdout)).toEqual({ same: 4 });
      const refresh = await pulumi(["refresh", "--yes", "--skip-preview", "--json"]);
      expect(changeSummary(refresh.stdout)).toEqual({ same: 4 });
      const again = await pulumi(["preview", "--json", "--expect-no-changes"]);
      expect(changeSummary(again.stdout)).toEqual({ same: 4 });

      // ngrok's own names inline, as its docs write a policy: the same policies, no change.
      const snakeCase = PROGRAM.replaceAll("onHttpRequest:", "on_http_request:")
        .replaceAll("issuerUrl:", "issuer_url:")
        .replaceAll("clientId:", "client_id:")
        .replaceAll("clientSecret:", "client_secret:");
      expect(snakeCase).not.toBe(PROGRAM);
      fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), snakeCase);
      const before = emulator.requests.length;
      const ngroks = await pulumi(["preview", "--json", "--expect-no-changes"]);
      expect(changeSummary(ngroks.stdout)).toEqual({ same: 4 });
      expect(emulator.requests.slice(before).filter((r) => r.method !== "GET")).toEqual([]);
      fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), PROGRAM);

      const destroy = await pulumi(["destroy", "--yes", "--skip-preview", "--json"]);
      expect(changeSummary(destroy.stdout)).toEqual({ delete: 4 });
      expect((await callApi(emulator, "GET", "/endpoints")).body.endpoints).toEqual([]);
      expect((await callApi(emulator, "GET", "/reserved_domains")).body.reserved_domains).toEqual(
        [],
      );
    }, 600_000);
  },
);

/** The emulator holds two endpoints, their policies canonical JSON, the client secret in one. */
async function expectCanonicalPolicies(emulator: RunningEmulator): Promise<void> {
  const endpoints = await callApi(emulator, "GET", "/endpoints");
  const policies = (endpoints.body.endpoints as { traffic_policy: string }[]).map(
    (e) => e.traffic_policy,
  );
  expect(policies).toHaveLength(2);
  for (const policy of policies) expect(policy).toBe(JSON.stringify(JSON.parse(policy)));
  expect(policies.join("")).toContain(SECRET); // ngrok receives it …
}

describeWithPulumi(
  "ReservedDomain and CloudEndpoint as Node.js classes through the real CLI",
  () => {
    let emulator: RunningEmulator;
    let stack: RealStack;

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      stack = await openStack("tests/programs/cloudEndpoint", "cloud-endpoint-classes", emulator, {
        domain: "app.example.com",
        oidcSecret: { value: SECRET, secret: true },
        idpMetadata: readIdpMetadata("okta.xml"),
      });
    }, 120_000);

    afterAll(async () => {
      await stack?.remove();
      await emulator?.close();
    });

    test("up, then preview and refresh with no change, then destroy", async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 4 });
      await expectCanonicalPolicies(emulator);
      expect(stack.checkpointText()).not.toContain(SECRET); // … the state holds it encrypted only
      expect(await stack.outputs()).toMatchObject({
        oidcUrl: expect.stringContaining("app.example.com"),
      });

      const preview = succeeded(await stack.preview({ expectNoChanges: true }));
      expect(preview.changeSummary).toEqual({ same: 4 });
      const refresh = succeeded(await stack.refresh());
      expect(refresh.summary?.resourceChanges).toEqual({ same: 4 });
      const again = succeeded(await stack.preview({ expectNoChanges: true }));
      expect(again.changeSummary).toEqual({ same: 4 });

      // An action type this version does not know: the preview plans the update and warns,
      // naming the action and its path, with no request.
      await stack.setConfig({ extraActionType: { value: "geo-fence" } });
      const requestsBefore = emulator.requests.length;
      const unknown = succeeded(await stack.preview());
      expect(unknown.changeSummary).toEqual({ same: 3, update: 1 });
      // A dynamic provider's warning reaches the CLI as its stderr, shown with the preview.
      const warning =
        'CloudEndpoint: trafficPolicy.onHttpRequest[0].actions[1].type is "geo-fence", an ' +
        "action this version does not know";
      expect(unknown.stdout).toContain(warning);
      expect(unknown.diagnostics.filter((d) => d.message.includes(warning))).not.toEqual([]);
      expect(emulator.requests.slice(requestsBefore).filter((r) => r.method !== "GET")).toEqual([]);
      await stack.removeConfig(["extraActionType"]);

      expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 4 });
      expect((await callApi(emulator, "GET", "/endpoints")).body.endpoints).toEqual([]);
      expect((await callApi(emulator, "GET", "/reserved_domains")).body.reserved_domains).toEqual(
        [],
      );
    }, 600_000);
  },
);
