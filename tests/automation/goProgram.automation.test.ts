/**
 * The Go example (examples/go-automation): a Go Automation API inline program on the generated Go
 * SDK (sdks/go), with the provider plugin (`pulumi-resource-ngrok-dynamic`, this working copy's
 * `dist/plugin`) and the real Pulumi CLI on PATH, against the emulator. The program is built once,
 * then run as a user runs it, one command per step: up, a preview expecting no change, up with a
 * new description, refresh after a change made outside Pulumi, destroy. Each step asserts the JSON
 * the program prints (its change summary and outputs), the API requests it cost and the emulator's
 * contents.
 *
 * Then, on the Go build cache that build filled, the Go SDK's check program (tools/devtools/go/go-sdk-check:
 * one of each resource and each lookup, never run) is built and vetted: here rather than in
 * sdks.automation.test.ts, so that two suites running at once do not both compile the Pulumi Go
 * SDK. And again in a module of its own on the oldest `sdk/v3` the Go SDK requires
 * (tools/scripts/pulumiFloors.ts): minutes of CPU the first time (its modules are not the CLI's),
 * seconds once Go's build cache holds them.
 *
 * The builds' wall times are printed. They compile with the CLI's flags and module versions
 * (tools/devtools/goTools.ts), so after `npm run pulumi:install` built the CLI, Go's build cache holds
 * the Pulumi Go SDK and the first build compiles little else (15 s and 26 s on 2 cores, against
 * minutes on a cache the CLI's build did not fill).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type RunningEmulator, sampleIdpMetadata, startEmulator } from "../../emulator/index";
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import { callApi } from "../support/emulatorApi";
import { goEnv } from "../../dist/tools/devtools/goTools";
import { GO_PULUMI_SDK_FLOOR } from "../../dist/tools/scripts/pulumiFloors";
import { describeWithGo, ok, runCommand, runGo } from "../support/goToolchain";
import { cli, describeWithPulumi, writes } from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const EXAMPLE = path.join(REPO, "examples", "go-automation");

/** The go line of a go.mod file (`1.26.6`). */
const goLineOf = (goMod: string) => /^go (\S+)$/m.exec(fs.readFileSync(goMod, "utf8"))![1];
const PASSPHRASE = "go-automation test passphrase";

/** What the program prints for each command. */
interface Report {
  command: string;
  ok: boolean;
  error?: string;
  changeSummary?: Record<string, number>;
  outputs?: Record<string, unknown>;
}

/** A request without its ids: `PATCH /ssh_certificate_authorities/{sshca}`. */
const normalize = (request: string) =>
  request.replace(/\b(sshca|shcrt|sucrt|edghts|edghtsrt)_[0-9A-Za-z]+/g, "{$1}");

describeWithPulumi("The Go example program (examples/go-automation), through the real CLI", () => {
  describeWithGo("on the generated Go SDK and the provider plugin", () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-go-program-"));
    const binary = path.join(work, "go-automation");
    const state = path.join(work, "state");
    let emulator: RunningEmulator;
    let plugin: string;
    let edgeId: string;
    let routeId: string;
    let first: Record<string, unknown>;

    beforeAll(async () => {
      const build = ok(await runGo(["build", "-o", binary, "."], EXAMPLE), "go build");
      process.stderr.write(`go-automation: go build took ${build.seconds.toFixed(1)} s\n`);
      ok(await runGo(["vet", "."], EXAMPLE), "go vet");
      plugin = pluginBinDir();
      emulator = await startEmulator({ port: 0 });
      edgeId = emulator.createHttpsEdge({ description: "go example" }).id;
      routeId = emulator.createHttpsEdgeRoute(edgeId, { match_type: "path_prefix", match: "/" }).id;
      fs.writeFileSync(path.join(work, "idp.xml"), await sampleIdpMetadata());
      fs.writeFileSync(path.join(work, "host.pub"), `${keys.ECDSA_P256}\n`);
      fs.writeFileSync(path.join(work, "user.pub"), `${keys.ED25519}\n`);
    }, 900_000);

    afterAll(async () => {
      await emulator?.close();
      for (const dir of [work, plugin]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    /** Runs the program's `command`; its report, and the API requests it made (ids normalized). */
    async function step(...args: string[]): Promise<{ report: Report; requests: string[] }> {
      const before = emulator.requests.length;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PATH: [cli().binDir, plugin, process.env.PATH ?? ""].join(path.delimiter),
        PULUMI_HOME: path.join(work, "pulumi-home"),
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        NGROK_API_KEY: emulator.apiKey,
        NGROK_API_BASE_URL: emulator.url,
      };
      delete env.PULUMI_BACKEND_URL;
      delete env.PULUMI_ACCESS_TOKEN;
      const run = await runCommand(binary, [...args, "-dir", state], work, env);
      let report: Report;
      try {
        report = JSON.parse(run.stdout) as Report;
      } catch {
        throw new Error(
          `go-automation ${args[0]} printed no report:\n${run.stdout}\n${run.stderr}`,
        );
      }
      if (!report.ok || run.code !== 0) {
        throw new Error(`go-automation ${args[0]} failed: ${report.error}\n${run.stderr}`);
      }
      const requests = emulator.requests
        .slice(before)
        .map((r) => normalize(`${r.method} ${r.path.split("?")[0]}`));
      return { report, requests };
    }

    test("the Go SDK's check program (tools/devtools/go/go-sdk-check) builds and passes go vet", async () => {
      const dir = path.join(REPO, "tools", "devtools", "go", "go-sdk-check");
      const build = ok(await runGo(["build", "-o", os.devNull, "."], dir), "go build");
      const vet = ok(await runGo(["vet", "."], dir), "go vet");
      process.stderr.write(
        `go-sdk-check: go build took ${build.seconds.toFixed(1)} s, go vet ${vet.seconds.toFixed(1)} s\n`,
      );
    }, 900_000);

    test("the same check program builds and passes go vet on the oldest sdk/v3 the Go SDK requires", async () => {
      // A module of its own in a temporary folder: the check program, the Go SDK from this
      // working copy, and sdk/v3 at the floor sdks/go/go.mod requires (GO_PULUMI_SDK_FLOOR), its
      // other modules resolved as `go build` resolves a new program's (-mod=mod).
      const floor = /^require github\.com\/pulumi\/pulumi\/sdk\/v3 (v\S+)$/m.exec(
        fs.readFileSync(path.join(REPO, "sdks", "go", "go.mod"), "utf8"),
      )?.[1];
      expect(floor).toBe(`v${GO_PULUMI_SDK_FLOOR}`);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "go-sdk-check-floor-"));
      try {
        fs.copyFileSync(
          path.join(REPO, "tools", "devtools", "go", "go-sdk-check", "main.go"),
          path.join(dir, "main.go"),
        );
        const sdk = "github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go";
        fs.writeFileSync(
          path.join(dir, "go.mod"),
          [
            "module example.com/go-sdk-check-floor",
            "",
            `go ${goLineOf(path.join(REPO, "sdks", "go", "go.mod"))}`,
            "",
            `require ${sdk} v0.0.0`,
            `require github.com/pulumi/pulumi/sdk/v3 ${floor}`,
            "",
            `replace ${sdk} => ${path.join(REPO, "sdks", "go")}`,
            "",
          ].join("\n"),
        );
        const env = { ...goEnv(), GOFLAGS: goEnv().GOFLAGS!.replace("-mod=readonly", "-mod=mod") };
        const build = ok(
          await runCommand("go", ["build", "-o", os.devNull, "."], dir, env),
          `go build on sdk/v3 ${floor}`,
        );
        const vet = ok(await runCommand("go", ["vet", "."], dir, env), `go vet on sdk/v3 ${floor}`);
        const resolved = await runCommand(
          "go",
          ["list", "-m", "-f", "{{.Version}}", "github.com/pulumi/pulumi/sdk/v3"],
          dir,
          env,
        );
        expect(resolved.stdout.trim()).toBe(floor);
        process.stderr.write(
          `go-sdk-check on sdk/v3 ${floor}: go build took ${build.seconds.toFixed(1)} s, ` +
            `go vet ${vet.seconds.toFixed(1)} s\n`,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 900_000);

    test("up creates the CA, both certificates and the SAML module", async () => {
      const { report, requests } = await step(
        "up",
        "-description",
        "v1",
        "-edge-id",
        edgeId,
        "-route-id",
        routeId,
        "-idp-metadata",
        path.join(work, "idp.xml"),
        "-host-public-key",
        path.join(work, "host.pub"),
        "-user-public-key",
        path.join(work, "user.pub"),
      );
      expect(report.changeSummary).toEqual({ create: 5 });
      expect(writes(requests).sort()).toEqual([
        "POST /ssh_certificate_authorities",
        "POST /ssh_host_certificates",
        "POST /ssh_user_certificates",
        "PUT /edges/https/{edghts}/routes/{edghtsrt}/saml",
      ]);
      const out = report.outputs ?? {};
      first = out;
      const snapshot = emulator.snapshot();
      const [ca] = snapshot.sshCertificateAuthorities;
      const [host] = snapshot.sshHostCertificates;
      const [user] = snapshot.sshUserCertificates;
      expect(out).toMatchObject({
        caId: ca.id,
        caPublicKey: ca.public_key,
        caKeyType: "ed25519",
        caDescription: "v1",
        hostCertificateId: host.id,
        hostCertificate: host.certificate,
        hostPrincipals: ["host.example.com"],
        userCertificateId: user.id,
        userCertificate: user.certificate,
        userPrincipals: ["deploy"],
        userExtensions: { "permit-pty": "" },
        samlAuthorizedGroups: ["engineering"],
      });
      expect(out.caPublicKey).toMatch(/^ssh-ed25519 /);
      expect(out.hostCertificate).toMatch(/^ecdsa-sha2-nistp256-cert-v01@openssh\.com /);
      expect(out.userCertificate).toMatch(/^ssh-ed25519-cert-v01@openssh\.com /);
      expect([host.ssh_certificate_authority_id, user.ssh_certificate_authority_id]).toEqual([
        ca.id,
        ca.id,
      ]);
      expect(snapshot.samlModules).toHaveLength(1);
      expect(out.samlEntityId).toEqual(expect.stringContaining(emulator.url));
      expect(out.samlAssertionConsumerServiceUrl).toEqual(expect.stringContaining(emulator.url));
      // The API key is in the stack's config and state encrypted with the passphrase, never plain.
      const texts = fs
        .readdirSync(state, { recursive: true, encoding: "utf8" })
        .map((file) => path.join(state, file))
        .filter((file) => fs.statSync(file).isFile())
        .map((file) => fs.readFileSync(file, "utf8"));
      expect(texts.some((text) => text.includes("secure:"))).toBe(true);
      expect(texts.filter((text) => text.includes(emulator.apiKey))).toEqual([]);
    });

    test("a preview expecting no change finds none and writes nothing", async () => {
      const { report, requests } = await step("preview", "-expect-no-changes");
      expect(report.changeSummary).toEqual({ same: 5 });
      expect(writes(requests)).toEqual([]);
    });

    test("up with a new description updates the CA and both certificates in place", async () => {
      const { report, requests } = await step("up", "-description", "v2");
      expect(report.changeSummary).toEqual({ update: 3, same: 2 });
      expect(writes(requests).sort()).toEqual([
        "PATCH /ssh_certificate_authorities/{sshca}",
        "PATCH /ssh_host_certificates/{shcrt}",
        "PATCH /ssh_user_certificates/{sucrt}",
      ]);
      const out = report.outputs ?? {};
      expect(out).toMatchObject({
        caDescription: "v2",
        hostDescription: "v2",
        userDescription: "v2",
        caId: first.caId,
        hostCertificateId: first.hostCertificateId,
        userCertificateId: first.userCertificateId,
        samlEntityId: first.samlEntityId,
      });
      const snapshot = emulator.snapshot();
      expect(
        [
          ...snapshot.sshCertificateAuthorities,
          ...snapshot.sshHostCertificates,
          ...snapshot.sshUserCertificates,
        ].map((o) => o.description),
      ).toEqual(["v2", "v2", "v2"]);
    });

    test("refresh reads a change made outside Pulumi, and writes nothing", async () => {
      const changed = await callApi(
        emulator,
        "PATCH",
        `/ssh_certificate_authorities/${first.caId as string}`,
        { description: "changed outside" },
      );
      expect(changed.status).toBe(200);
      const { report, requests } = await step("refresh");
      expect(report.changeSummary).toEqual({ update: 1, same: 4 });
      expect(writes(requests)).toEqual([]);
      expect(requests.length).toBeGreaterThanOrEqual(4);
    });

    test("destroy deletes the four objects and the stack; the edge and route stay", async () => {
      const { report, requests } = await step("destroy", "-remove");
      expect(report.changeSummary).toEqual({ delete: 5 });
      expect(writes(requests).sort()).toEqual([
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
      expect([snapshot.edges.length, snapshot.routes.length]).toEqual([1, 1]);
    });
  });
});
