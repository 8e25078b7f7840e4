/**
 * The plugin fetched as the Pulumi CLI fetches any provider: its archive for this machine, as
 * `npm run release` makes it (`pulumi-resource-ngrok-dynamic-v<version>-<os>-<arch>.tar.gz`,
 * tools/scripts/executableArchives.ts), served over loopback as a release's download location.
 *
 * - `pulumi plugin install resource ngrok-dynamic <version> --server <url>` fetches exactly that
 *   archive name, and `pulumi plugin ls` lists the plugin at its version;
 * - a YAML program whose plugin is not installed, its resources naming the download location
 *   (`options.pluginDownloadURL`), gets it acquired automatically by `pulumi preview`, which then
 *   runs through it; `pulumi about` names the plugin and its version;
 * - the YAML `pulumi new` template declares the package (its `sdks/ngrok-dynamic/…yaml`, from
 *   the schema): with no plugin installed, `pulumi new` of it fetches the plugin from the GitHub
 *   release of package.json's repository and nowhere else (the CLI's own redirection of download
 *   URLs, `PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES`, sends exactly that URL to the loopback server
 *   and any other GitHub one to a path it refuses), its preview runs, and `pulumi about` shows the
 *   version; `pulumi package add ngrok-dynamic`, Pulumi's own writer of that declaration, writes
 *   the same fields from the schema the plugin serves;
 * - the schema's `pluginDownloadURL` names the GitHub release of package.json's repository, where
 *   the CLI looks for the same archive names.
 */
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { hostTarget, PLUGIN_PROGRAM } from "../../dist/tools/devtools/executables";
import { findYamlLanguageHost, offlineEnv } from "../../dist/tools/devtools/pulumiCli";
import { archiveName, executableArchives } from "../../dist/tools/scripts/executableArchives";
import { YAML_PACKAGE_DECLARATION } from "../../dist/tools/scripts/generate/yamlPackage";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { changeSummary, pulumiCommand } from "../support/pulumiCommand";
import { cli, describeWithPulumi, pulumiCli } from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const manifest = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
  version: string;
  repository: { url: string };
};
const VERSION = manifest.version;
/** The GitHub release of package.json's repository, as a Pulumi download URL. */
const GITHUB_RELEASE = (() => {
  const [, owner, repository] = /github\.com\/([^/]+)\/([^/.]+)/.exec(manifest.repository.url)!;
  return `github://api.github.com/${owner}/${repository}`;
})();

describeWithPulumi(
  "The plugin fetched from a download location, as the CLI fetches providers",
  () => {
    jest.setTimeout(600_000);
    const target = hostTarget()!;
    let work: string;
    let server: http.Server;
    let serverUrl: string;
    const served: string[] = [];
    let emulator: RunningEmulator;

    /** Runs `pulumi <args>` with `env`; its output, or a failure with it. */
    const pulumi = async (args: string[], env: NodeJS.ProcessEnv, cwd = work) =>
      (await pulumiCommand(args, { cwd, env, timeoutMs: 300_000 })).stdout;

    /** A fresh PULUMI_HOME and backend, automatic plugin acquisition on, no node on PATH. */
    function freshEnv(name: string): NodeJS.ProcessEnv {
      const offline = offlineEnv(cli(), path.join(work, name));
      const env: NodeJS.ProcessEnv = { ...process.env, ...offline };
      delete env.PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION;
      for (const key of Object.keys(env)) if (key.startsWith("NGROK_")) delete env[key];
      env.PATH = [findYamlLanguageHost(pulumiCli!), cli().binDir].join(path.delimiter);
      return env;
    }

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-download-"));
      const releaseDir = path.join(work, "release");
      fs.mkdirSync(releaseDir);
      await executableArchives(PLUGIN_PROGRAM, "the plugin", [target]).make(releaseDir);
      server = http.createServer((request, response) => {
        served.push(request.url ?? "");
        // The release's files at the root, and nothing else.
        const file = /^\/[^/]+$/.test(request.url ?? "")
          ? path.join(releaseDir, request.url!.slice(1))
          : undefined;
        if (file === undefined || !fs.existsSync(file)) {
          response.writeHead(404).end();
          return;
        }
        // The CLI checks the length it was told, as GitHub's release downloads give it.
        response.writeHead(200, {
          "content-type": "application/gzip",
          "content-length": fs.statSync(file).size,
        });
        fs.createReadStream(file).pipe(response);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      emulator = await startEmulator({ port: 0 });
    }, 600_000);

    afterAll(async () => {
      await emulator?.close();
      await new Promise((resolve) => server?.close(resolve));
      if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
    });

    test("pulumi plugin install --server fetches the archive by Pulumi's name; plugin ls lists it", async () => {
      const env = freshEnv("install");
      served.length = 0;
      await pulumi(
        ["plugin", "install", "resource", "ngrok-dynamic", VERSION, "--server", serverUrl],
        env,
      );
      expect(served).toContain(`/${archiveName(PLUGIN_PROGRAM, target, VERSION)}`);
      const listed = await pulumi(["plugin", "ls", "--json"], env);
      const plugins = JSON.parse(listed) as { name: string; kind: string; version: string }[];
      expect(plugins.map(({ name, kind, version }) => ({ name, kind, version }))).toEqual([
        { name: "ngrok-dynamic", kind: "resource", version: VERSION },
      ]);
    });

    test("a program whose plugin is missing gets it acquired from its download location", async () => {
      const env = freshEnv("acquire");
      const project = path.join(work, "acquire", "project");
      fs.mkdirSync(project, { recursive: true });
      fs.writeFileSync(
        path.join(project, "Pulumi.yaml"),
        [
          "name: plugin-download",
          "runtime: yaml",
          "resources:",
          "  ca:",
          "    type: ngrok-dynamic:index:SshCertificateAuthority",
          "    properties:",
          "      privateKeyType: ed25519",
          "    options:",
          `      pluginDownloadURL: ${serverUrl}`,
          `      version: ${VERSION}`,
          "",
        ].join("\n"),
      );
      await pulumi(["stack", "init", "dev"], env, project);
      await pulumi(["config", "set", "ngrok-dynamic:apiBaseUrl", emulator.url], env, project);
      await pulumi(
        ["config", "set", "--secret", "ngrok-dynamic:apiKey", emulator.apiKey],
        env,
        project,
      );
      served.length = 0;
      const preview = await pulumi(["preview", "--json"], env, project);
      expect(served).toContain(`/${archiveName(PLUGIN_PROGRAM, target, VERSION)}`);
      expect(changeSummary(preview)).toEqual({ create: 2 });
      const about = await pulumi(["about", "--json"], env, project);
      const plugins = (
        JSON.parse(about) as { plugins: { kind: string; name: string; version: string }[] }
      ).plugins;
      expect(plugins).toContainEqual({ kind: "resource", name: "ngrok-dynamic", version: VERSION });
    });

    test("the YAML template's program, its plugin missing, gets it from package.json's GitHub release", async () => {
      const env = freshEnv("template");
      // The CLI's redirection (regexp=URL pairs): that release, exactly, to the loopback server;
      // any other GitHub location (Pulumi's own organization among them) to a path it refuses.
      env.PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES = [
        `^${GITHUB_RELEASE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$=${serverUrl}`,
        `^github://(?P<elsewhere>.*)$=${serverUrl}elsewhere/\${elsewhere}`,
      ].join(",");
      const project = path.join(work, "template", "project");
      served.length = 0;
      await pulumi(
        [
          "new",
          path.join(REPO, "templates", "ngrok-ssh-yaml"),
          "--yes",
          "--name",
          "from-template",
          "--stack",
          "dev",
          "--dir",
          project,
          "--config",
          `userPublicKey=${keys.ED25519}`,
          "--config",
          `ngrok-dynamic:apiBaseUrl=${emulator.url}`,
          "--config",
          `ngrok-dynamic:apiKey=${emulator.apiKey}`,
        ],
        env,
        path.join(work, "template"),
      );
      expect(served).toEqual([`/${archiveName(PLUGIN_PROGRAM, target, VERSION)}`]);
      const preview = await pulumi(["preview", "--json"], env, project);
      expect(changeSummary(preview)).toEqual({ create: 3 }); // the stack, the CA, the certificate
      const about = await pulumi(["about", "--json"], env, project);
      const plugins = (
        JSON.parse(about) as { plugins: { kind: string; name: string; version: string }[] }
      ).plugins;
      expect(plugins).toContainEqual({ kind: "resource", name: "ngrok-dynamic", version: VERSION });
      expect(served).toHaveLength(1);

      // `pulumi package add` writes the declaration from the schema the plugin serves (then fails
      // to link it: pulumi-yaml 1.25 has no Link).
      const other = path.join(work, "template", "package-add");
      fs.mkdirSync(other);
      fs.writeFileSync(path.join(other, "Pulumi.yaml"), "name: package-add\nruntime: yaml\n");
      const added = await pulumiCommand(["package", "add", "ngrok-dynamic"], {
        cwd: other,
        env,
        allowFailure: true,
      });
      if (added.code !== 0) expect(added.stderr).toContain("method Link not implemented");
      const written = fs.readFileSync(
        path.join(other, "sdks", "ngrok-dynamic", `ngrok-dynamic-${VERSION}.yaml`),
        "utf8",
      );
      const ours = fs.readFileSync(path.join(REPO, YAML_PACKAGE_DECLARATION), "utf8");
      expect(ours.replace(/^#.*\n/gm, "")).toBe(written);
    });

    test("the schema's pluginDownloadURL is the GitHub release of package.json's repository", () => {
      const schema = JSON.parse(fs.readFileSync(path.join(REPO, "schema.json"), "utf8")) as {
        pluginDownloadURL: string;
      };
      expect(schema.pluginDownloadURL).toBe(GITHUB_RELEASE);
    });
  },
);
