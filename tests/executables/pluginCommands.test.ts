/**
 * The plugin's commands in this machine's self-contained executable (tools/devtools/executables,
 * `cachedExecutable`), when the API cannot be used (issue #48 §4): `edges-to-endpoints`, and
 * `pending-creates` on a plugin stack's export (its settings from the state's `ngrok-dynamic`
 * provider) and on a Node.js classes' export (the environment's), each against a refused port, a
 * host name that does not resolve, a 401 and a 429 (the emulator's fault injection). Each exits 2
 * with one line on standard error that names the address it tried and the setting to change, in
 * the namespace the command read (`ngrok-dynamic:…`, or the environment variables alone), never
 * `ngrok:…`, the API key or `@pulumi/pulumi` (which the executable leaves out, and which a retry's
 * log line used to require). `PATH` holds no `node`.
 *
 * Each run allows 2 attempts (`NGROK_RETRY_MAX_ATTEMPTS`); a refused loopback port and a host
 * name that does not resolve give up within seconds whatever the settings.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  cachedExecutable,
  hostTarget,
  PLUGIN_PROGRAM,
} from "../../dist/tools/devtools/executables";

const CA = "SshCertificateAuthority";
const PROVIDER = "urn:pulumi:dev::yaml-cas::pulumi:providers:ngrok-dynamic::default_0_2_0";
const SECRET_SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const WRONG_KEY = "2wrongKeyOfSomeoneElse0123456789_abcdefghijklmnopq";
const UNRESOLVABLE = "http://ngrok-emulator.invalid";

let executable: string;
let emulator: RunningEmulator;
let work: string;
let refused: string;

/** A loopback port nothing listens on: one the system gave, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const target = hostTarget();
  if (target === undefined) throw new Error(`no executable is made for ${process.platform}`);
  executable = await cachedExecutable(PLUGIN_PROGRAM, target);
  emulator = await startEmulator({ port: 0 });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-commands-"));
  refused = `http://127.0.0.1:${await closedPort()}`;
}, 600_000);
afterAll(async () => {
  await emulator?.close();
  if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
});

/** An export with one pending create of a CA: the plugin's, its provider holding `settings`. */
function exportFile(family: "plugin" | "classes", settings: { url: string; key: string }): string {
  const plugin = family === "plugin";
  const type = plugin ? `ngrok-dynamic:index:${CA}` : `pulumi-nodejs:dynamic/ngrok:${CA}`;
  const urn = `urn:pulumi:dev::yaml-cas::${type}::ca`;
  const provider = {
    urn: PROVIDER,
    custom: true,
    id: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
    type: "pulumi:providers:ngrok-dynamic",
    inputs: {
      apiBaseUrl: settings.url,
      apiKey: { ...SECRET_SIG, plaintext: JSON.stringify(settings.key) },
    },
  };
  const inputs = { privateKeyType: "ed25519", description: "pending" };
  const file = path.join(work, `export-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      version: 3,
      deployment: {
        manifest: { time: "2026-12-02T10:00:00Z", version: "v3.276.0" },
        resources: plugin ? [provider] : [],
        pending_operations: [
          {
            type: "creating",
            resource: plugin
              ? { urn, custom: true, type, inputs, provider: `${PROVIDER}::${provider.id}` }
              : { urn, custom: true, type, inputs: { __provider: "p", ...inputs } },
          },
        ],
      },
    }),
  );
  return file;
}

/** The executable's run: exit status and both outputs. */
function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      executable,
      args,
      { cwd: work, env: { PATH: "/usr/bin:/bin", NGROK_RETRY_MAX_ATTEMPTS: "2", ...env } },
      (error, stdout, stderr) =>
        resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr }),
    );
  });
}

/** How a command reads its settings: where they come from, and the setting names it prints. */
const COMMANDS = [
  {
    name: "edges-to-endpoints",
    namespace: null,
    args: () => ["edges-to-endpoints"],
    env: (url: string, key: string) => ({ NGROK_API_BASE_URL: url, NGROK_API_KEY: key }),
  },
  {
    name: "pending-creates of a plugin stack",
    namespace: "ngrok-dynamic",
    args: (url: string, key: string) => [
      "pending-creates",
      "--file",
      exportFile("plugin", { url, key }),
    ],
    env: () => ({}),
  },
  {
    name: "pending-creates of a Node.js classes' stack",
    namespace: null,
    args: (url: string, key: string) => [
      "pending-creates",
      "--file",
      exportFile("classes", { url, key }),
    ],
    env: (url: string, key: string) => ({ NGROK_API_BASE_URL: url, NGROK_API_KEY: key }),
  },
] as const;

/** `ngrok-dynamic:apiBaseUrl` or `NGROK_API_BASE_URL`, as a command reading `namespace` names it. */
const setting = (namespace: string | null, name: string, env: string) =>
  namespace === null ? env : `${namespace}:${name}`;

describe.each(COMMANDS)("$name in the executable", (command) => {
  /** Runs the command against `url` with `key`; checks what every failure must say. */
  async function fails(url: string, key: string): Promise<string> {
    const { code, stdout, stderr } = await run(command.args(url, key), command.env(url, key));
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    const lines = stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^pulumi-resource-ngrok-dynamic: /);
    expect(stderr).toContain(url);
    expect(stderr).not.toContain("@pulumi/pulumi");
    expect(stderr).not.toMatch(/\bngrok:[a-z]/);
    expect(stderr).not.toContain(key);
    return lines[0];
  }
  const baseUrl = setting(command.namespace, "apiBaseUrl", "NGROK_API_BASE_URL");

  test("a refused port: nothing listens there, the address's setting", async () => {
    const line = await fails(refused, emulator.apiKey);
    expect(line).toContain(`could not reach the ngrok API at ${refused} (GET `);
    expect(line).toContain(
      `; nothing listens there (is the emulator running? the address comes from ${baseUrl})`,
    );
    expect(line).toMatch(
      command.namespace === null
        ? /; gave up after 2 attempts over \d+\.\d s \(NGROK_RETRY_MAX_ATTEMPTS, NGROK_RETRY_DEADLINE_SECONDS and NGROK_REQUEST_TIMEOUT_SECONDS shorten this\)$/
        : /; gave up after 2 attempts over \d+\.\d s \(ngrok-dynamic:retryMaxAttempts, ngrok-dynamic:retryDeadlineSeconds and ngrok-dynamic:requestTimeoutSeconds, or NGROK_RETRY_MAX_ATTEMPTS, NGROK_RETRY_DEADLINE_SECONDS and NGROK_REQUEST_TIMEOUT_SECONDS, shorten this\)$/,
    );
  });

  test("a host name that does not resolve: the address's setting", async () => {
    const line = await fails(UNRESOLVABLE, emulator.apiKey);
    expect(line).toContain(`could not reach the ngrok API at ${UNRESOLVABLE} (GET `);
    // ENOTFOUND, or EAI_AGAIN where no name server answers.
    expect(line).toMatch(
      new RegExp(
        "; the host name (does not resolve \\(is it mistyped\\?|could not be looked up \\(no " +
          `network, or no DNS server answers\\?) the address comes from ${baseUrl}\\)`,
      ),
    );
  });

  test("a 401: where the key comes from, where it was sent", async () => {
    const line = await fails(emulator.url, WRONG_KEY);
    expect(line).toContain("ngrok API 401 ERR_NGROK_202");
    const keyFrom =
      command.namespace === null
        ? "the environment variable NGROK_API_KEY: "
        : `the stack config ${command.namespace}:apiKey: `;
    expect(line).toContain(`ngrok refused the API key, which comes from ${keyFrom}`);
    expect(line).toContain(
      command.namespace === null
        ? "then set it again (export NGROK_API_KEY=…)"
        : `then set it again (pulumi config set ${command.namespace}:apiKey --secret)`,
    );
    expect(line.endsWith(`. It was sent to ${emulator.url} (from ${baseUrl})`)).toBe(true);
  });

  test("a 429 after the retries: the address, the settings that wait longer or pace", async () => {
    const rule = emulator.faults.add({ status: 429 });
    try {
      const line = await fails(emulator.url, emulator.apiKey);
      expect(line).toContain("ngrok API 429 ERR_NGROK_226");
      const retries =
        command.namespace === null
          ? "NGROK_RETRY_MAX_ATTEMPTS and NGROK_RETRY_DEADLINE_SECONDS"
          : `${command.namespace}:retryMaxAttempts and ${command.namespace}:retryDeadlineSeconds, ` +
            "or NGROK_RETRY_MAX_ATTEMPTS and NGROK_RETRY_DEADLINE_SECONDS";
      const pacing =
        command.namespace === null
          ? "NGROK_MAX_REQUESTS_PER_MINUTE"
          : `${command.namespace}:maxRequestsPerMinute or NGROK_MAX_REQUESTS_PER_MINUTE`;
      expect(line).toMatch(
        new RegExp(
          `; still rate-limited by ${emulator.url.replace(/[.]/g, "\\.")} after 2 attempts over ` +
            `\\d+\\.\\d s: ${retries} let a request wait longer, ${pacing} paces this client`,
        ),
      );
    } finally {
      emulator.faults.remove(rule);
    }
  });
});
