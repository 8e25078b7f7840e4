/**
 * The suite of examples/yaml-ssh-and-saml, a Pulumi YAML program, run as a user runs it: the plain
 * CLI commands in a copy of the folder (`pulumi stack init`, `config set`, `preview`, `up`,
 * `refresh`, `up` after a config change, `destroy`), with Pulumi's YAML language host
 * (`npm run pulumi:install` builds it) and a provider plugin on PATH, a file backend, its own
 * PULUMI_HOME, against the emulator. Each step asserts the CLI's summary, the stack outputs, the
 * API requests and what the emulator holds.
 *
 * Between them, the plugin's own `pending-creates` (the executable under test, not the package's
 * command) run in the program's folder on a pending create put into the state (issue #38 §11).
 *
 * Then `pulumi import` of objects made with the API outside Pulumi (every resource type: a CA, a
 * host and a user certificate, an SSH credential, a SAML module), the code it generates put into
 * the program, and `pulumi preview --expect-no-changes`.
 *
 * What tests/automation/plugin.automation.test.ts proves (the plugin makes the same requests as
 * the Node.js classes at every step) is not repeated here; the operations run with
 * `--skip-preview` where the point is not the preview (the CLI is CPU-bound on 2 cores).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_EXECUTABLE } from "../../dist/tools/devtools/pluginBin";
import { offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { type RunningEmulator, sampleIdpMetadata, startEmulator } from "../../emulator/index";
import { callApi } from "./emulatorApi";
import {
  type ChangeSummary,
  changeSummary,
  type CliRun,
  pulumiCommand,
  yamlLanguageHost,
} from "./pulumiCommand";
import { cli, describeWithPulumi, requestsDuring, writes } from "./realEngine";
import * as keys from "./sshKeys";
import { REPO } from "./stack";

const EXAMPLE = path.join(REPO, "examples", "yaml-ssh-and-saml");
const PROJECT = "ngrok-yaml-ssh-and-saml";

/** A resource token of the plugin's package. */
const token = (name: string) => `ngrok-dynamic:index:${name}`;

/** Which plugin the suite runs the program with. */
export interface PluginUnderTest {
  /** A new folder holding `pulumi-resource-ngrok-dynamic`; removed after the suite. */
  binDir(): Promise<string>;
  /**
   * `PATH` is only the plugin's folder, the YAML host's and the CLI's: no `node` is reachable (a
   * self-contained executable); otherwise this process's `PATH` follows them.
   */
  readonly withoutNode?: boolean;
}

/**
 * The suite of examples/yaml-ssh-and-saml through the plain CLI with `plugin` (see the test files
 * that call it: tests/automation/yamlProgram*.automation.test.ts).
 */
export function describeYamlProgram(title: string, plugin: PluginUnderTest): void {
  describeWithPulumi(title, () => {
    const yamlHost = yamlLanguageHost({
      suite: "the YAML program suite",
      test: "the YAML program",
    });
    if (yamlHost === undefined) return;

    let emulator: RunningEmulator;
    let work: string;
    let pluginBin: string;
    let project: string;
    let env: NodeJS.ProcessEnv;
    let edgeId: string;
    let routeId: string;

    /** Runs `pulumi <args>` in the project folder; fails with its output unless it exits 0. */
    const pulumi = (args: string[], options: { allowFailure?: boolean; cwd?: string } = {}) =>
      pulumiCommand(args, { env, ...options, cwd: options.cwd ?? project });

    /** Runs an operation with `--json`; its change summary, and the API requests it made. */
    async function operation(
      args: string[],
    ): Promise<{ summary: ChangeSummary; requests: string[]; run: CliRun }> {
      let run: CliRun | undefined;
      const requests = await requestsDuring(emulator, async () => {
        run = await pulumi([...args, "--json"]);
      });
      return { summary: changeSummary(run!.stdout), requests: requests.sort(), run: run! };
    }

    async function outputs(): Promise<Record<string, unknown>> {
      return JSON.parse((await pulumi(["stack", "output", "--json"])).stdout) as Record<
        string,
        unknown
      >;
    }

    /** The stack's checkpoint in the file backend (`PULUMI_BACKEND_URL`, offlineEnv). */
    const checkpointFile = () =>
      path.join(
        (env.PULUMI_BACKEND_URL ?? "").replace(/^file:\/\//, ""),
        ".pulumi",
        "stacks",
        PROJECT,
        "dev.json",
      );

    /** Request lines with their ids replaced by `{prefix}`. */
    const normalized = (requests: string[]) =>
      requests.map((r) => r.replace(/\b(sshca|shcrt|sucrt|edghts|edghtsrt)_[0-9A-Za-z]+/g, "{$1}"));

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      edgeId = emulator.createHttpsEdge({ description: "yaml example" }).id;
      routeId = emulator.createHttpsEdgeRoute(edgeId).id;
      work = fs.mkdtempSync(path.join(os.tmpdir(), "yaml-program-"));
      project = path.join(work, "project");
      fs.cpSync(EXAMPLE, project, { recursive: true });
      fs.writeFileSync(path.join(project, "idp-metadata.xml"), await sampleIdpMetadata());
      pluginBin = await plugin.binDir();
      const offline = offlineEnv(cli(), work);
      env = {
        ...process.env,
        ...offline,
        // The plugin's executable, the YAML language host, then the CLI's folder.
        PATH: [pluginBin, yamlHost, plugin.withoutNode === true ? cli().binDir : offline.PATH].join(
          path.delimiter,
        ),
      };
      for (const key of Object.keys(env)) if (key.startsWith("NGROK_")) delete env[key];
      await pulumi(["stack", "init", "dev"]);
      await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url]);
      await pulumi(["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey]);
      await pulumi(["config", "set", "hostPublicKey", keys.ECDSA_P256]);
      await pulumi(["config", "set", "userPublicKey", keys.ED25519]);
      await pulumi(["config", "set", "edgeId", edgeId]);
      await pulumi(["config", "set", "routeId", routeId]);
    }, 300_000);

    afterAll(async () => {
      await emulator?.close();
      for (const dir of [work, pluginBin]) {
        if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    if (plugin.withoutNode === true) {
      test("no node is reachable on the PATH the CLI, the YAML host and the plugin run with", () => {
        const dirs = (env.PATH ?? "").split(path.delimiter);
        expect(dirs).toHaveLength(3);
        expect(dirs.filter((dir) => fs.existsSync(path.join(dir, "node")))).toEqual([]);
      });
    }

    test("the API key is stored encrypted in the stack's config file, the program's settings plain", () => {
      const stackFile = fs.readFileSync(path.join(project, "Pulumi.dev.yaml"), "utf8");
      expect(stackFile).toMatch(/ngrok-dynamic:apiKey:\s*\n\s*secure: /);
      expect(stackFile).not.toContain(emulator.apiKey);
      // The program's own settings under the project's namespace, as the YAML program reads them.
      expect(stackFile).toContain(`${PROJECT}:edgeId: ${edgeId}`);
    });

    test("preview: five creates (the stack and four resources), no write to the API", async () => {
      const { summary, requests } = await operation(["preview"]);
      expect(summary).toEqual({ create: 5 });
      expect(writes(requests)).toEqual([]);
    });

    test("up: the CA, both certificates and the SAML module, and the outputs", async () => {
      const { summary, requests, run } = await operation(["up", "--yes", "--skip-preview"]);
      expect(summary).toEqual({ create: 5 });
      // The program is valid as the YAML host reads it: no warning about its fields.
      expect(run.stdout).not.toMatch(/Warning: Field|error: /);
      expect(normalized(writes(requests))).toEqual([
        "POST /ssh_certificate_authorities",
        "POST /ssh_host_certificates",
        "POST /ssh_user_certificates",
        "PUT /edges/https/{edghts}/routes/{edghtsrt}/saml",
      ]);
      const snapshot = emulator.snapshot();
      expect(snapshot.sshCertificateAuthorities).toHaveLength(1);
      const [ca] = snapshot.sshCertificateAuthorities;
      const [host] = snapshot.sshHostCertificates;
      const [user] = snapshot.sshUserCertificates;
      const [saml] = snapshot.samlModules;
      expect(ca.description).toBe("managed by Pulumi YAML");
      expect([host.ssh_certificate_authority_id, user.ssh_certificate_authority_id]).toEqual([
        ca.id,
        ca.id,
      ]);
      expect([host.principals, user.principals]).toEqual([["web1.example.com"], ["deploy"]]);
      expect(saml).toMatchObject({
        edgeId,
        routeId,
        force_authn: true,
        authorized_groups: ["engineering"],
        inactivity_timeout: 3600,
      });

      const out = await outputs();
      expect(out).toMatchObject({
        caId: ca.id,
        caPublicKey: ca.public_key,
        hostCertificate: host.certificate,
        userCertificate: user.certificate,
      });
      expect(out).toMatchObject({
        samlMetadataUrl: saml.metadata_url,
        samlEntityId: saml.entity_id,
        samlAssertionConsumerServiceUrl: saml.assertion_consumer_service_url,
      });
    });

    test("refresh: every object read, nothing changed or written", async () => {
      const { summary, requests } = await operation(["refresh", "--yes", "--skip-preview"]);
      expect(summary).toEqual({ same: 5 });
      expect(writes(requests)).toEqual([]);
      expect(requests.length).toBeGreaterThanOrEqual(4);
    });

    test("the plugin's own pending-creates, run in the program's folder, finds a create a killed up left pending", async () => {
      // A CA ngrok made for an up that was killed before it was recorded: a pending create.
      const made = await callApi(emulator, "POST", "/ssh_certificate_authorities", {
        private_key_type: "ed25519",
        description: "left pending",
      });
      // Written into the checkpoint the file backend keeps (`pulumi stack import` drops pending
      // operations), as a killed `pulumi up` leaves it.
      const file = checkpointFile();
      const saved = fs.readFileSync(file, "utf8");
      const checkpoint = JSON.parse(saved) as {
        checkpoint: {
          latest: { resources: { urn: string; id?: string }[]; pending_operations?: unknown[] };
        };
      };
      const state = checkpoint.checkpoint.latest;
      const provider = state.resources.find((r) =>
        r.urn.includes("::pulumi:providers:ngrok-dynamic::"),
      );
      const type = "ngrok-dynamic:index:SshCertificateAuthority";
      const urn = `urn:pulumi:dev::${PROJECT}::${type}::pending-ca`;
      state.pending_operations = [
        {
          type: "creating",
          resource: {
            urn,
            custom: true,
            type,
            inputs: { privateKeyType: "ed25519", description: "left pending" },
            provider: `${provider?.urn}::${provider?.id}`,
          },
        },
      ];
      fs.writeFileSync(file, JSON.stringify(checkpoint));
      try {
        const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>(
          (resolve) =>
            execFile(
              path.join(pluginBin, PLUGIN_EXECUTABLE),
              ["pending-creates"],
              { cwd: project, env },
              (error, stdout, stderr) =>
                resolve({ status: error === null ? 0 : Number(error.code), stdout, stderr }),
            ),
        );
        expect(run).toEqual(expect.objectContaining({ status: 0, stderr: "" }));
        expect(run.stdout).toContain(
          `- pending-ca (SshCertificateAuthority): made ${made.body.id as string} (created `,
        );
        expect(run.stdout).toContain(
          `pulumi config set ngrok-dynamic:adoptExistingIds '${JSON.stringify({ [urn]: made.body.id })}'`,
        );
      } finally {
        fs.writeFileSync(file, saved);
        await callApi(emulator, "DELETE", `/ssh_certificate_authorities/${made.body.id as string}`);
      }
    });

    test("up after a config change: the description updated in place on three objects", async () => {
      const before = await outputs();
      await pulumi(["config", "set", "description", "changed by pulumi config set"]);
      const { summary, requests } = await operation(["up", "--yes", "--skip-preview"]);
      expect(summary).toEqual({ same: 2, update: 3 });
      expect(normalized(writes(requests))).toEqual([
        "PATCH /ssh_certificate_authorities/{sshca}",
        "PATCH /ssh_host_certificates/{shcrt}",
        "PATCH /ssh_user_certificates/{sucrt}",
      ]);
      const snapshot = emulator.snapshot();
      expect(
        [
          ...snapshot.sshCertificateAuthorities,
          ...snapshot.sshHostCertificates,
          ...snapshot.sshUserCertificates,
        ].map((o) => o.description),
      ).toEqual(Array(3).fill("changed by pulumi config set"));
      expect(await outputs()).toEqual(before);
    });

    test("destroy: every object deleted, the edge and its route kept", async () => {
      const { summary, requests } = await operation(["destroy", "--yes", "--skip-preview"]);
      expect(summary).toEqual({ delete: 5 });
      expect(normalized(writes(requests))).toEqual([
        "DELETE /edges/https/{edghts}/routes/{edghtsrt}/saml",
        "DELETE /ssh_certificate_authorities/{sshca}",
        "DELETE /ssh_host_certificates/{shcrt}",
        "DELETE /ssh_user_certificates/{sucrt}",
      ]);
      const snapshot = emulator.snapshot();
      expect([
        snapshot.sshCertificateAuthorities,
        snapshot.sshHostCertificates,
        snapshot.sshUserCertificates,
        snapshot.samlModules,
      ]).toEqual([[], [], [], []]);
      expect(snapshot.routes.map((r) => r.id)).toEqual([routeId]);
    });

    test("pulumi import of objects made outside Pulumi, its code in the program: no change", async () => {
      const ca = await callApi(emulator, "POST", "/ssh_certificate_authorities", {
        private_key_type: "ed25519",
        description: "made outside Pulumi",
      });
      const host = await callApi(emulator, "POST", "/ssh_host_certificates", {
        ssh_certificate_authority_id: ca.body.id,
        public_key: keys.ECDSA_P256,
        principals: ["db1.example.com"],
        description: "made outside Pulumi",
      });
      const user = await callApi(emulator, "POST", "/ssh_user_certificates", {
        ssh_certificate_authority_id: ca.body.id,
        public_key: keys.ED25519,
        principals: ["deploy"],
        critical_options: { "force-command": "/usr/local/bin/deploy" },
        extensions: { "permit-pty": "" },
      });
      const credential = await callApi(emulator, "POST", "/ssh_credentials", {
        public_key: keys.ECDSA_P384,
        acl: ["bind:device.example.com"],
        description: "made outside Pulumi",
      });
      const saml = await callApi(emulator, "PUT", `/edges/https/${edgeId}/routes/${routeId}/saml`, {
        enabled: true,
        idp_metadata: await sampleIdpMetadata(),
        force_authn: true,
      });
      expect([ca.status, host.status, user.status, credential.status, saml.status]).toEqual([
        201, 201, 201, 201, 200,
      ]);

      const imports: [string, string, string][] = [
        ["SshCertificateAuthority", "importedCa", ca.body.id as string],
        ["SshHostCertificate", "importedHost", host.body.id as string],
        ["SshUserCertificate", "importedUser", user.body.id as string],
        ["SshCredential", "importedCredential", credential.body.id as string],
        ["HttpsEdgeRouteSaml", "importedSso", `${edgeId}/${routeId}`],
      ];
      const generated: string[] = [];
      const requests = await requestsDuring(emulator, async () => {
        for (const [type, name, id] of imports) {
          const out = path.join(work, `${name}.yaml`);
          await pulumi(["import", token(type), name, id, "--yes", "--out", out]);
          generated.push(fs.readFileSync(out, "utf8"));
        }
      });
      expect(writes(requests)).toEqual([]);
      process.stderr.write(`pulumi import generated:\n${generated.join("\n")}\n`);
      // The generated code names the types by their short token (`ngrok-dynamic:<Resource>`).
      expect(generated[0]).toContain("type: ngrok-dynamic:SshCertificateAuthority");
      expect(generated[4]).toContain("type: ngrok-dynamic:HttpsEdgeRouteSaml");

      // The program becomes the imported resources: the example's own resources (destroyed above)
      // and outputs give way to the generated declarations, under the same `resources:` key.
      const program = fs.readFileSync(path.join(project, "Pulumi.yaml"), "utf8");
      const head = program.slice(0, program.indexOf("\nresources:\n") + 1);
      const entries = generated.map((code) => code.replace(/^resources:\n/m, "")).join("");
      fs.writeFileSync(path.join(project, "Pulumi.yaml"), `${head}resources:\n${entries}`);

      const check = await operation(["preview", "--expect-no-changes"]);
      expect(check.summary).toEqual({ same: 6 });
      expect(writes(check.requests)).toEqual([]);
    });
  });
}
