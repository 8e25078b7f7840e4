/**
 * The data sources (issue #50: tunnel sessions, application users and sessions) through the
 * provider plugin's self-contained executable and the real CLI, against the emulator, which a test
 * seeds (ngrok's API only reads them): the YAML program of `docs/dataSources.md`, read from the
 * page byte for byte, then a program that finds a user by id and that user's sessions. Each `up`
 * sends `GET` requests only and adds nothing to the stack but the stack itself.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { DATA_SOURCES_PAGE } from "../../dist/tools/scripts/generate/docsTables";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { yamlLanguageHost } from "../support/pulumiCommand";
import { describeWithPulumi } from "../support/realEngine";
import { recordedCli } from "../support/recordedCli";
import { codeBlockAfter } from "../support/docsBlocks";
import { openYamlProject, type YamlProject } from "../support/yamlProject";

/** The docs page's YAML program, as printed (its Python and Go: docsExamples.automation). */
const DOCS_PROGRAM = codeBlockAfter(DATA_SOURCES_PAGE, "#### YAML", "yaml");

describeWithPulumi("Data sources through the plugin executable and the real CLI", () => {
  const yamlHost = yamlLanguageHost({
    suite: "the data sources suite",
    test: "tunnel sessions, application users and sessions",
  });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let project: YamlProject;
  const { pulumi, operation } = recordedCli(
    () => project,
    () => emulator,
  );
  const outputs = async () =>
    JSON.parse((await pulumi(["stack", "output", "--json"])).stdout) as Record<string, unknown>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    project = await openYamlProject(yamlHost, emulator, { "Pulumi.yaml": DOCS_PROGRAM });
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    project?.remove();
  });

  test("the docs page's program finds the EU region's tunnel sessions", async () => {
    const eu = emulator.seed("/tunnel_sessions", { region: "eu", transport: "ngrok/v2" });
    emulator.seed("/tunnel_sessions", { region: "us", transport: "ssh" });
    const up = await operation(["up", "--yes", "--skip-preview"]);
    expect(up.summary).toEqual({ create: 1 }); // the stack itself
    expect(up.requests.every((r) => r.startsWith("GET /tunnel_sessions"))).toBe(true);
    expect(up.requests.length).toBeGreaterThan(0);
    const { tunnelSessions } = await outputs();
    expect(tunnelSessions).toEqual([
      { id: eu.id, uri: eu.uri, region: "eu", transport: "ngrok/v2" },
    ]);
  });

  test("a user by id, and that user's sessions", async () => {
    const ada = emulator.seed("/app/users", {
      email: "ada@example.com",
      identity_provider: { name: "Google", url: "https://accounts.google.com" },
    });
    const other = emulator.seed("/app/users", { email: "grace@example.com" });
    const session = emulator.seed("/app/sessions", {
      public_url: "https://app.example.com",
      application_user: { id: ada.id, uri: ada.uri },
    });
    emulator.seed("/app/sessions", { application_user: { id: other.id, uri: other.uri } });
    fs.writeFileSync(
      path.join(project.dir, "Pulumi.yaml"),
      `name: sessions
runtime: yaml
variables:
  user:
    fn::invoke:
      function: ngrok-dynamic:index:getApplicationUser
      arguments:
        id: ${String(ada.id)}
  sessions:
    fn::invoke:
      function: ngrok-dynamic:index:getApplicationSessions
      arguments:
        applicationUserId: \${user.id}
outputs:
  provider: \${user.identityProvider.name}
  sessions: \${sessions.applicationSessions}
`,
    );
    const up = await operation(["up", "--yes", "--skip-preview"]);
    expect(up.requests.every((r) => r.startsWith("GET /app/"))).toBe(true);
    const found = await outputs();
    expect(found.provider).toBe("Google");
    expect(found.sessions).toEqual([
      {
        id: session.id,
        uri: session.uri,
        createdAt: session.created_at,
        publicUrl: "https://app.example.com",
        applicationUserId: ada.id,
      },
    ]);
  });
});
