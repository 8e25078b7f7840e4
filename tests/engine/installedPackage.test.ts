/**
 * The package as users install it: `npm pack`, unpacked into a consumer's `node_modules` (a real
 * copy, not the workspace link), used by a program under setMocks, and its `__provider` run by
 * Pulumi's dynamic-provider host started in the consumer's directory. This catches files missing
 * from the tarball, a `__provider` that depends on where the package sits, and a serialized
 * provider that grew or captured a path or a credential. Last, what a destroy looks like from a
 * project where the package is no longer installed (the message docs/configuration.md quotes).
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Deployment, type ResourceGoal } from "../../dist/tools/devtools/deployment";
import { type ProviderHost, startProviderHost } from "../../dist/tools/devtools/providerHost";
import { runProgram } from "../../dist/tools/devtools/runProgram";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { REPO } from "../support/repo";
import { idpMetadataPath } from "../support/fixtures";

// Inside the repository, so that the package's own dependencies resolve from its node_modules,
// as they would from a user's project; .tmp/ is ignored by git.
const consumer = path.join(REPO, ".tmp", `consumer-${process.pid}`);
const installed = path.join(consumer, "node_modules", "pulumi-ngrok-dynamic");
const okta = idpMetadataPath("okta.xml");
let packedFiles: string[];
let emulator: RunningEmulator;
let host: ProviderHost;
let goals: ResourceGoal[];

beforeAll(async () => {
  const packDir = fs.mkdtempSync(path.join(os.tmpdir(), "pack-"));
  const [pack] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", packDir], {
      cwd: REPO,
      encoding: "utf8",
    }),
  ) as { filename: string; files: { path: string }[] }[];
  packedFiles = pack.files.map((f) => f.path);
  fs.mkdirSync(installed, { recursive: true });
  execFileSync("tar", [
    "-xzf",
    path.join(packDir, pack.filename),
    "-C",
    installed,
    "--strip-components=1",
  ]);
  fs.rmSync(packDir, { recursive: true, force: true });
  // A package of its own: without it, Node resolves "pulumi-ngrok-dynamic" to the repository by
  // self-reference (the nearest package.json would be the repository's).
  fs.writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true }),
  );
  fs.writeFileSync(
    path.join(consumer, "index.js"),
    `const fs = require("node:fs");
const pulumi = require("@pulumi/pulumi");
const { SshCertificateAuthority, HttpsEdgeRouteSaml } = require("pulumi-ngrok-dynamic");
const config = new pulumi.Config();
new SshCertificateAuthority("ca", { privateKeyType: "ed25519", description: "from an installed copy" });
new HttpsEdgeRouteSaml("sso", {
  edgeId: config.require("edgeId"),
  routeId: config.require("routeId"),
  idpMetadata: fs.readFileSync(config.require("idpMetadataPath"), "utf8"),
});
`,
  );
  emulator = await startEmulator({ port: 0 });
  const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
  goals = (
    await runProgram({
      dir: consumer,
      project: "consumer",
      stack: "test",
      config: {
        "consumer:edgeId": edgeId,
        "consumer:routeId": routeIds[0],
        "consumer:idpMetadataPath": okta,
      },
    })
  ).resources;
  host = await startProviderHost({ cwd: consumer, project: "consumer" });
  await host.configure({ "ngrok:apiKey": emulator.apiKey, "ngrok:apiBaseUrl": emulator.url });
}, 120000);

afterAll(async () => {
  await host?.close();
  await emulator?.close();
  fs.rmSync(consumer, { recursive: true, force: true });
});

test("the tarball holds the compiled SDK, provider, plugin and command, the user docs and the package schema, and nothing else", () => {
  expect(packedFiles).toEqual(
    expect.arrayContaining([
      "package.json",
      "README.md",
      "LICENSE",
      "docs/sshCertificateAuthority.md",
      "docs/httpsEdgeRouteSaml.md",
      "docs/configuration.md",
      "dist/sdk/index.js",
      "dist/sdk/index.d.ts",
      "dist/sdk/thinProviders/sshCertificateAuthority.js",
      "dist/provider/index.js",
      "schema.json",
    ]),
  );
  expect(
    packedFiles.filter(
      (f) =>
        !/^(dist\/(sdk|provider|cli|plugin)\/|package\.json$|README\.md$|docs\/[A-Za-z]+\.md$|LICENSE$|schema\.json$)/.test(
          f,
        ),
    ),
  ).toEqual([]);
  // No TypeScript sources, so no source maps pointing at them.
  expect(packedFiles.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
  expect(packedFiles.filter((f) => f.endsWith(".map"))).toEqual([]);
  const mapped = packedFiles
    .filter((f) => f.endsWith(".js"))
    .filter((f) => fs.readFileSync(path.join(installed, f), "utf8").includes("sourceMappingURL"));
  expect(mapped).toEqual([]);
});

test("the package depends on what its resources and its plugin need, not on the emulator's server, and has two commands", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    bin?: unknown;
  };
  // @grpc/grpc-js and google-protobuf: the provider plugin's server (Pulumi's provider protocol);
  // fastest-levenshtein: the setting a mistyped config key probably meant; @bufbuild/cel (with its
  // peer @bufbuild/protobuf), yaml, ipaddr.js, re2js and lossless-json: a traffic policy's CEL,
  // YAML, CIDR blocks, regular expressions and numbers as written.
  expect(Object.keys(manifest.dependencies).sort()).toEqual([
    "@bufbuild/cel",
    "@bufbuild/protobuf",
    "@grpc/grpc-js",
    "@xmldom/xmldom",
    "exponential-backoff",
    "fastest-levenshtein",
    "google-protobuf",
    "ipaddr.js",
    "lossless-json",
    "node-fetch",
    "re2js",
    "sshpk",
    "yaml",
    "zod",
  ]);
  // pulumi-ngrok-dynamic (pending-creates: docs/interruptedDeployments.md), and the provider
  // plugin Pulumi finds on PATH (docs/otherLanguages.md).
  expect(manifest.bin).toEqual({
    "pulumi-ngrok-dynamic": "dist/cli/index.js",
    "pulumi-resource-ngrok-dynamic": "dist/plugin/index.js",
  });
  const usage = spawnSync(process.execPath, [path.join(installed, "dist/cli/index.js")], {
    encoding: "utf8",
  });
  expect(usage.status).toBe(2);
  expect(usage.stderr).toMatch(/^usage: pulumi-ngrok-dynamic <command>/);
  expect(usage.stderr).toMatch(/^ {2}pending-creates {3}/m);
  // The guide its help names ships in the installed copy.
  const guide = /also in this package: (\S+)\)/.exec(usage.stderr)?.[1];
  expect(guide).toBe(path.join(installed, "docs", "interruptedDeployments.md"));
  expect(fs.existsSync(guide!)).toBe(true);
});

test("the program was loaded from the installed copy", () => {
  // Node's own resolution from the consumer's directory, as the program and the host use it.
  const resolve = (id: string) =>
    execFileSync(process.execPath, ["-p", `require.resolve(${JSON.stringify(id)})`], {
      cwd: consumer,
      encoding: "utf8",
    }).trim();
  const resolved = resolve("pulumi-ngrok-dynamic");
  expect(resolved).toBe(path.join(installed, "dist", "sdk", "index.js"));
  expect(fs.realpathSync(resolved)).toBe(resolved);
  expect(resolve("pulumi-ngrok-dynamic/provider")).toBe(
    path.join(installed, "dist", "provider", "index.js"),
  );
});

test.each([0, 1])(
  "__provider of resource %i is one require of its thin provider: under 1 KiB, location-free and credential-free",
  (index) => {
    const provider = goals[index].inputs.__provider as string;
    expect(Buffer.byteLength(provider)).toBeLessThanOrEqual(1024);
    for (const forbidden of [REPO, consumer, os.homedir(), os.tmpdir(), emulator.apiKey]) {
      expect(provider).not.toContain(forbidden);
    }
    expect(provider).not.toMatch(/["'`]\/(?:work|home|root|tmp|Users|var|usr)\//);
    const resource = ["sshCertificateAuthority", "httpsEdgeRouteSaml"][index];
    expect(provider.match(/require\("([^"]+)"\)/g)).toEqual([
      `require("pulumi-ngrok-dynamic/dist/sdk/thinProviders/${resource}.js")`,
    ]);
  },
);

test("the host, started in the consumer's directory, runs both providers from the installed copy", async () => {
  const deployment = new Deployment(host, "test", "consumer");
  const steps = await deployment.up(goals);
  expect(steps.map((s) => s.op)).toEqual(["create", "create"]);
  const snapshot = emulator.snapshot();
  expect(snapshot.sshCertificateAuthorities).toHaveLength(1);
  expect(snapshot.samlModules).toHaveLength(1);
  await deployment.destroy();
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  expect(emulator.snapshot().samlModules).toEqual([]);
});

test("a destroy after the package was uninstalled fails naming the package, changes nothing, and works once it is back", async () => {
  const deployment = new Deployment(host, "test", "consumer");
  await deployment.up(goals);
  // A project without the package: only @pulumi/pulumi (the host) resolves from it. Outside the
  // repository, whose node_modules links the package to itself.
  const uninstalled = fs.mkdtempSync(path.join(os.tmpdir(), "uninstalled-"));
  fs.mkdirSync(path.join(uninstalled, "node_modules"));
  fs.symlinkSync(
    path.join(REPO, "node_modules", "@pulumi"),
    path.join(uninstalled, "node_modules", "@pulumi"),
  );
  fs.writeFileSync(
    path.join(uninstalled, "package.json"),
    JSON.stringify({ name: "consumer", private: true }),
  );
  const bare = await startProviderHost({ cwd: uninstalled, project: "consumer" });
  try {
    await bare.configure({ "ngrok:apiKey": emulator.apiKey, "ngrok:apiBaseUrl": emulator.url });
    // What the engine prints for each resource (docs/configuration.md, "The package must stay
    // installed"): Node's "Cannot find module" of the thin provider, which names the package.
    // `__provider` is one `require` of it (under 1 KiB): there is no room to say more.
    for (const [state, resource] of [...deployment.resources.values()].map(
      (s, i) => [s, ["sshCertificateAuthority", "httpsEdgeRouteSaml"][i]] as const,
    )) {
      const error: unknown = await bare
        .delete(state.urn, state.id, state.outputs, state.inputs)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^Cannot find module 'pulumi-ngrok-dynamic/dist/sdk/thinProviders/${resource}\\.js'\nRequire stack:`,
        ),
      );
    }
  } finally {
    await bare.close();
    fs.rmSync(uninstalled, { recursive: true, force: true });
  }
  const snapshot = emulator.snapshot();
  expect(snapshot.sshCertificateAuthorities).toHaveLength(1);
  expect(snapshot.samlModules).toHaveLength(1);
  // Installed again (the consumer's copy): the destroy deletes both.
  await deployment.destroy();
  expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
  expect(emulator.snapshot().samlModules).toEqual([]);
});
