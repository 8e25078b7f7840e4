/**
 * `pulumi-ngrok-dynamic edges-to-endpoints` (cli/edgesToEndpoints/) against the emulator: an
 * account with an edge whose routes carry OIDC, OAuth and SAML modules, another with none, and
 * their reserved domain. The command sends `GET` requests only; it prints one program per edge to
 * move, in YAML and in TypeScript, both of which parse; each imports the edge's reserved domain by
 * its id and declares one cloud endpoint per hostport; every policy printed passes the provider's
 * own traffic policy check; each route's match and module become the expression and the action of
 * ngrok's migration guide; and the plugin's `edges-to-endpoints` runs the same command.
 */
import * as ts from "typescript";
import { parse } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { edgesToEndpoints, parseArgs } from "../../cli/edgesToEndpoints/main";
import { main } from "../../cli/index";
import { checkProgram } from "../../cli/edgesToEndpoints/policyCheck";
import { planAccount } from "../../cli/edgesToEndpoints/plan";
import { readAccount } from "../../cli/edgesToEndpoints/account";
import { yamlProgram } from "../../cli/edgesToEndpoints/yamlProgram";
import { typescriptProgram } from "../../cli/edgesToEndpoints/typescriptProgram";
import { checkTrafficPolicy } from "../../provider/trafficPolicy";
import { clientFromConfiguration } from "../../provider";
import { runPluginCommand } from "../../plugin/commands";
import { type EdgesAccount, seedEdgesAccount } from "../support/edgesAccount";

let emulator: RunningEmulator;
const saved: Record<string, string | undefined> = {};
let edgeId: string;
let domainId: string;
let routeIds: EdgesAccount["routeIds"];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  for (const name of ["NGROK_API_KEY", "NGROK_API_BASE_URL"]) saved[name] = process.env[name];
  process.env.NGROK_API_KEY = emulator.apiKey;
  process.env.NGROK_API_BASE_URL = emulator.url;
  ({ edgeId, domainId, routeIds } = await seedEdgesAccount(emulator));
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await emulator?.close();
});

/** Runs the command; its status, standard output and standard error. */
async function run(argv: string[]) {
  let out = "";
  let err = "";
  const status = await edgesToEndpoints(
    argv,
    (t) => (out += t),
    (t) => (err += t),
  );
  return { status, out, err };
}

test("reads the account with GET requests only, and moves the edge with sign-in modules only", async () => {
  const before = emulator.requests.length;
  const { status, out, err } = await run([]);
  expect(err).toBe("");
  expect(status).toBe(0);
  const methods = emulator.requests.slice(before).map((request) => request.method);
  expect(methods.length).toBeGreaterThan(0);
  expect(new Set(methods)).toEqual(new Set(["GET"]));
  expect(out).toContain(`Moves the HTTPS edge ${edgeId}`);
  expect(out.match(/: Pulumi\.yaml =/g)).toHaveLength(1);
  expect(out.match(/: index\.ts =/g)).toHaveLength(1);
});

test("the YAML and TypeScript programs parse, import the domain and declare one endpoint per hostport", async () => {
  const [program] = planAccount(await readAccount(clientFromConfiguration()));
  const yaml = parse(yamlProgram(program));
  expect(yaml.runtime).toBe("yaml");
  const resources = Object.values(yaml.resources) as {
    type: string;
    options?: Record<string, unknown>;
  }[];
  expect(resources.map((resource) => resource.type)).toEqual([
    "ngrok-dynamic:index:ReservedDomain",
    "ngrok-dynamic:index:CloudEndpoint",
  ]);
  expect(resources[0].options?.import).toBe(domainId);
  expect(yaml.resources["app-example-com"].properties.url).toBe("https://app.example.com");
  expect(Object.keys(yaml.config)).toEqual(["appExampleComRootOidcClientSecret"]);

  const text = typescriptProgram(program);
  const transpiled = ts.transpileModule(text, { reportDiagnostics: true, fileName: "index.ts" });
  expect(transpiled.diagnostics ?? []).toEqual([]);
  const source = ts.createSourceFile("index.ts", text, ts.ScriptTarget.ES2022, true);
  // parseDiagnostics is internal; a syntax error would also show in transpileModule's diagnostics.
  expect(source.statements.length).toBeGreaterThan(3);
  expect(text).toContain(`{ import: ${JSON.stringify(domainId)} }`);
  expect(text).toContain('config.requireSecret("appExampleComRootOidcClientSecret")');
});

test("the keys to set are listed as commands to paste: each alone on its line, its description above", async () => {
  const [program] = planAccount(await readAccount(clientFromConfiguration()));
  const commandsIn = (text: string, marker: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(marker))
      .map((line) => line.slice(marker.length).trim())
      .filter((line) => line.startsWith("pulumi config set"));
  // The key the program declares, then those of the SAML action's openid-connect alternative.
  const expected = [
    "pulumi config set --secret appExampleComRootOidcClientSecret",
    "pulumi config set appExampleComApiSamlOidcIssuerUrl",
    "pulumi config set appExampleComApiSamlOidcClientId",
    "pulumi config set --secret appExampleComApiSamlOidcClientSecret",
  ];
  expect(commandsIn(yamlProgram(program), "#")).toEqual(expected);
  expect(commandsIn(typescriptProgram(program), "//")).toEqual(expected);
  expect(program.config.map((key) => key.name)).toEqual(
    expected.map((command) => command.split(" ").at(-1)),
  );
  // Its description ends the line above it; the command asks for the value (none on the line).
  const lines = typescriptProgram(program).split("\n");
  const at = lines.findIndex((line) => line.endsWith(expected[0]));
  expect(lines[at - 1]).toMatch(
    /^\/\/ - the client secret of the OIDC app app \(ngrok does not answer it\):$/,
  );
  expect(lines.slice(0, at).join("\n")).toContain(
    "Set before running (each command asks for the value):",
  );
});

test("every policy printed passes the provider's check; routes and modules as ngrok's guide maps them", async () => {
  const [program] = planAccount(await readAccount(clientFromConfiguration()));
  const checks = checkProgram(program);
  expect(checks).toHaveLength(1);
  for (const check of checks) {
    expect(check.skipped).toBeUndefined();
    expect(check.failures).toEqual([]);
  }
  // The YAML program's policy, as Pulumi YAML would read it, checked again on its own.
  const yaml = parse(yamlProgram(program));
  const policy = yaml.resources["app-example-com"].properties.trafficPolicy;
  const filled = JSON.parse(
    JSON.stringify(policy).replace(/\$\{appExampleComRootOidcClientSecret\}/g, "secret-sample"),
  );
  expect(checkTrafficPolicy(filled).failures).toEqual([]);
  const rules = filled.onHttpRequest as {
    name: string;
    expressions?: string[];
    actions: { type: string; config?: Record<string, unknown> }[];
  }[];
  const byRoute = (label: keyof EdgesAccount["routeIds"]) =>
    rules.filter((rule) => rule.name.includes(routeIds[label]));
  // `/`: every request but the more specific routes; oidc → openid-connect, then the backend.
  expect(byRoute("root")).toEqual([
    expect.objectContaining({
      expressions: ["!(req.url.path == '/admin')", "!(req.url.path.startsWith('/api'))"],
      actions: [
        expect.objectContaining({
          type: "openid-connect",
          config: expect.objectContaining({
            issuer_url: "https://idp.example.com",
            client_id: "app",
            idle_session_duration: "600s",
          }),
        }),
        expect.objectContaining({ type: "forward-internal" }),
      ],
    }),
  ]);
  // EXACT_PATH → ==, oauth → oauth with a deny of the other email domains.
  const admin = byRoute("admin");
  expect(admin[0].expressions).toEqual(["req.url.path == '/admin'"]);
  expect(admin[0].actions.map((a) => a.type)).toEqual(["oauth"]);
  expect(admin[1].expressions).toEqual([
    "req.url.path == '/admin'",
    "!(actions.ngrok.oauth.identity.email.endsWith('@example.com'))",
  ]);
  expect(admin[1].actions.map((a) => a.type)).toEqual(["deny"]);
  // PATH_PREFIX → startsWith, saml → saml.
  const api = byRoute("sso");
  expect(api[0].expressions).toEqual(["req.url.path.startsWith('/api')"]);
  expect(api[0].actions.map((a) => a.type)).toEqual(["saml", "forward-internal"]);
  // The openid-connect alternative is printed, commented out, in both programs.
  expect(yamlProgram(program)).toMatch(/# +- type: openid-connect/);
  expect(typescriptProgram(program)).toMatch(/\/\/ +type: "openid-connect",/);
});

test("the command's arguments, its help, and the plugin's and CLI's own entries", async () => {
  expect(parseArgs(["--language", "yaml"]).languages).toEqual(["yaml"]);
  expect(() => parseArgs(["--language", "go"])).toThrow(/--language go: give yaml or typescript/);
  expect(() => parseArgs(["--bogus"])).toThrow(/unknown argument --bogus/);
  const yamlOnly = await run(["--language", "yaml"]);
  expect(yamlOnly.out).toContain("Pulumi.yaml");
  expect(yamlOnly.out).not.toContain("index.ts =");
  let out = "";
  expect(await runPluginCommand(["edges-to-endpoints", "--help"], (t) => (out += t))).toBe(0);
  expect(out).toContain("usage: pulumi-resource-ngrok-dynamic edges-to-endpoints");
  out = "";
  expect(await main(["help", "edges-to-endpoints"], (t) => (out += t))).toBe(0);
  expect(out).toContain("usage: pulumi-ngrok-dynamic edges-to-endpoints");
  out = "";
  expect(await main(["edges-to-endpoints", "--language", "typescript"], (t) => (out += t))).toBe(0);
  expect(out).toContain("new CloudEndpoint(");
});
