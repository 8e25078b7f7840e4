/**
 * The emulator on a real loopback port (startEmulator + Node's fetch), and the CLI.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { OKTA_XML } from "./helpers";

const REPO = path.join(__dirname, "../..");
const CLI = path.join(REPO, "emulator/cli.ts");

async function call(
  emulator: { url: string; apiKey: string },
  method: string,
  pathOrUrl: string,
  payload?: unknown,
) {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : emulator.url + pathOrUrl;
  const res = await fetch(url, {
    method,
    headers: {
      Authorization: `Bearer ${emulator.apiKey}`,
      "Ngrok-Version": "2",
      ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text === "" ? undefined : JSON.parse(text),
  };
}

describe("startEmulator on a loopback port", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, apiKey: "loopback_key" });
  });
  afterAll(() => emulator.close());

  it("listens on 127.0.0.1 and reports its URL and key", () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.apiKey).toBe("loopback_key");
  });

  it("serves the API over HTTP with absolute URIs on its own base URL", async () => {
    const before = emulator.requests.length;
    const created = await call(emulator, "POST", "/ssh_certificate_authorities", {
      description: "over http",
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("ngrok-operation-id")).toMatch(/^op_/);
    expect(created.json.uri).toBe(`${emulator.url}/ssh_certificate_authorities/${created.json.id}`);

    for (let i = 0; i < 4; i++) await call(emulator, "POST", "/ssh_certificate_authorities", {});
    // Follow next_page_uri as full URLs, as ngrok's Python client does.
    const seen: string[] = [];
    let next: string | null = `${emulator.url}/ssh_certificate_authorities?limit=2`;
    while (next !== null) {
      const page = await call(emulator, "GET", next);
      expect(page.status).toBe(200);
      seen.push(...page.json.ssh_certificate_authorities.map((ca: { id: string }) => ca.id));
      next = page.json.next_page_uri;
    }
    expect(seen).toHaveLength(5);
    expect(seen.at(-1)).toBe(created.json.id);

    const unauthorized = await fetch(`${emulator.url}/ssh_certificate_authorities`);
    expect(unauthorized.status).toBe(401);
    expect(((await unauthorized.json()) as { error_code: string }).error_code).toBe(
      "ERR_NGROK_200",
    );

    // 1 create + 4 creates + 3 pages + 1 unauthorized.
    expect(emulator.requests.length - before).toBe(9);
    expect(emulator.requests.at(-1)).toEqual({
      method: "GET",
      path: "/ssh_certificate_authorities",
      status: 401,
    });
    expect(emulator.snapshot().sshCertificateAuthorities[0]).toEqual(created.json);
  });

  it("serves the SP metadata at the module's metadata_url", async () => {
    const edge = await call(emulator, "POST", "/edges/https", {});
    const route = await call(emulator, "POST", `/edges/https/${edge.json.id}/routes`, {
      match_type: "path_prefix",
      match: "/",
    });
    const module = await call(
      emulator,
      "PUT",
      `/edges/https/${edge.json.id}/routes/${route.json.id}/saml`,
      { idp_metadata: OKTA_XML },
    );
    expect(module.status).toBe(200);
    expect(module.json.metadata_url).toBe(`${emulator.url}/saml/${route.json.id}`);
    const metadata = await fetch(module.json.metadata_url);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get("content-type")).toMatch(/^application\/samlmetadata\+xml/);
    expect(await metadata.text()).toContain(
      `Location="${module.json.assertion_consumer_service_url}"`,
    );
  });

  it("answers malformed HTTP with a JSON 400 and stays up", async () => {
    const port = Number(new URL(emulator.url).port);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const json = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4));
    expect(json.status_code).toBe(400);
    expect(json.details.operation_id).toMatch(/^op_/);
    expect((await call(emulator, "GET", "/ssh_certificate_authorities")).status).toBe(200);
  });

  it("refuses to start on a port in use", async () => {
    const port = Number(new URL(emulator.url).port);
    await expect(startEmulator({ port })).rejects.toThrow(/EADDRINUSE/);
  });

  it("closes idempotently", async () => {
    const other = await startEmulator({ port: 0 });
    await other.close();
    await other.close();
    await expect(fetch(`${other.url}/ssh_certificate_authorities`)).rejects.toThrow();
  });
});

describe("CLI", () => {
  function runCli(args: string[]): ChildProcessWithoutNullStreams {
    return spawn(process.execPath, ["-r", "ts-node/register/transpile-only", CLI, ...args], {
      cwd: REPO,
      env: { ...process.env, TS_NODE_PROJECT: path.join(REPO, "tsconfig.json") },
    });
  }

  function readLines(child: ChildProcessWithoutNullStreams, count: number): Promise<string[]> {
    return new Promise((resolve, reject) => {
      let out = "";
      let err = "";
      child.stderr.on("data", (chunk) => (err += chunk.toString()));
      child.stdout.on("data", (chunk) => {
        out += chunk.toString();
        const lines = out.split("\n");
        if (lines.length > count) resolve(lines.slice(0, count));
      });
      child.on("exit", (code) => reject(new Error(`CLI exited with ${code}: ${err}`)));
    });
  }

  function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
    return new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.on("exit", (code) => resolve(code));
    });
  }

  it("prints its URL, key and env vars, serves the API, and stops on SIGTERM", async () => {
    const child = runCli(["--port", "0", "--api-key", "cli_key_1"]);
    try {
      const lines = await readLines(child, 3);
      const url = /^ngrok API emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(
        lines[0],
      )?.[1];
      expect(url).toBeDefined();
      expect(lines[1]).toBe("API key: cli_key_1");
      expect(lines[2]).toBe(`export NGROK_API_BASE_URL=${url} NGROK_API_KEY=cli_key_1`);
      const res = await call(
        { url: url!, apiKey: "cli_key_1" },
        "GET",
        "/ssh_certificate_authorities",
      );
      expect(res.status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exitOf(child)).toBe(0);
  });

  it("generates a key when none is given", async () => {
    const child = runCli(["--port", "0"]);
    try {
      const lines = await readLines(child, 2);
      expect(lines[1]).toMatch(/^API key: emu_[0-9A-Za-z]{32}$/);
    } finally {
      child.kill("SIGINT");
    }
    expect(await exitOf(child)).toBe(0);
  });

  it("exits 2 with a usage line on bad arguments", async () => {
    const cases = [
      ["--bogus"],
      ["--port", "abc"],
      ["--port", "70000"],
      ["positional"],
      ["--saml-base-url", "not a url"],
    ];
    const results = await Promise.all(
      cases.map(async (args) => {
        const child = runCli(args);
        let err = "";
        child.stderr.on("data", (chunk) => (err += chunk.toString()));
        return { args, code: await exitOf(child), err };
      }),
    );
    for (const { code, err } of results) {
      expect(code).toBe(2);
      expect(err).toContain(
        "Usage: ngrok-api-emulator [--host 127.0.0.1] [--port 8787] [--api-key KEY] [--saml-base-url URL]",
      );
    }
  });

  it("prints its package's version with --version and exits 0", async () => {
    const child = runCli(["--version"]);
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk.toString()));
    expect(await exitOf(child)).toBe(0);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(REPO, "emulator", "package.json"), "utf8"),
    ) as { version: string };
    expect(out).toBe(`${manifest.version}\n`);
  });

  it("prints help and exits 0", async () => {
    const child = runCli(["--help"]);
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk.toString()));
    expect(await exitOf(child)).toBe(0);
    expect(out).toMatch(/^Usage: ngrok-api-emulator/);
    expect(out).toContain("--saml-base-url URL");
  });
});
