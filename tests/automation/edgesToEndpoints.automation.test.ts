/**
 * `edges-to-endpoints` as a user runs it: the plugin's self-contained executable prints the YAML
 * program for an emulator account with edges (`../support/edgesAccount`); the program goes into a
 * project folder as its `Pulumi.yaml`, its config is set (the OIDC client secret, as a secret),
 * and the real CLI runs it through the same executable. `pulumi up` imports the edge's reserved
 * domain (same id, no new domain) and creates the cloud endpoint; then `pulumi preview
 * --expect-no-changes` passes, and the endpoint's policy reaches ngrok as the command printed it.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { PLUGIN_PROGRAM } from "../../dist/tools/devtools/executables";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { callApi } from "../support/emulatorApi";
import { type EdgesAccount, OIDC_CLIENT_SECRET, seedEdgesAccount } from "../support/edgesAccount";
import { changeSummary, yamlLanguageHost } from "../support/pulumiCommand";
import { describeWithPulumi } from "../support/realEngine";
import { openYamlProject, pluginExecutableDir, type YamlProject } from "../support/yamlProject";

describeWithPulumi("edges-to-endpoints: the printed program previews clean once imported", () => {
  const yamlHost = yamlLanguageHost({
    suite: "the edges-to-endpoints suite",
    test: "the printed program",
  });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let account: EdgesAccount;
  let project: YamlProject;
  let printed: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    account = await seedEdgesAccount(emulator);
    const bin = await pluginExecutableDir();
    const { stdout } = await promisify(execFile)(
      path.join(bin, PLUGIN_PROGRAM.name),
      ["edges-to-endpoints", "--language", "yaml"],
      {
        env: {
          PATH: "/usr/bin:/bin",
          NGROK_API_KEY: emulator.apiKey,
          NGROK_API_BASE_URL: emulator.url,
        },
      },
    );
    // One program, after its banner line: `# ==== <project>: Pulumi.yaml ====`.
    const [banner, ...rest] = stdout.split("\n");
    expect(banner).toMatch(/: Pulumi\.yaml =+$/);
    printed = rest.join("\n");
    project = await openYamlProject(yamlHost, emulator, { "Pulumi.yaml": printed });
    const config = parse(printed).config as Record<string, { secret?: boolean }>;
    expect(Object.keys(config)).toEqual(["appExampleComRootOidcClientSecret"]);
    await project.pulumi([
      "config",
      "set",
      "--secret",
      "appExampleComRootOidcClientSecret",
      OIDC_CLIENT_SECRET,
    ]);
  }, 180_000);

  afterAll(async () => {
    await emulator?.close();
    project?.remove();
  });

  test("up imports the domain and creates the endpoint; preview then shows no change", async () => {
    const writesBefore = emulator.requests.length;
    const up = await project.pulumi(["up", "--yes", "--skip-preview", "--json"]);
    expect(changeSummary(up.stdout)).toEqual({ create: 2, import: 1 });
    const writes = emulator.requests
      .slice(writesBefore)
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual(["POST /endpoints"]); // the domain is imported, not made again
    const domains = (await callApi(emulator, "GET", "/reserved_domains")).body.reserved_domains as {
      id: string;
    }[];
    expect(domains.map((d) => d.id)).toEqual([account.domainId]);
    const endpoints = (await callApi(emulator, "GET", "/endpoints")).body.endpoints as {
      url: string;
      traffic_policy: string;
    }[];
    expect(endpoints.map((e) => e.url)).toEqual(["https://app.example.com"]);
    const policy = JSON.parse(endpoints[0].traffic_policy) as {
      on_http_request: { actions: { type: string }[] }[];
    };
    expect(policy.on_http_request.flatMap((rule) => rule.actions.map((a) => a.type))).toEqual(
      expect.arrayContaining(["openid-connect", "oauth", "deny", "saml", "forward-internal"]),
    );
    expect(endpoints[0].traffic_policy).toContain(OIDC_CLIENT_SECRET);

    const preview = await project.pulumi(["preview", "--json", "--expect-no-changes"]);
    expect(changeSummary(preview.stdout)).toEqual({ same: 3 });
  }, 600_000);
});
