/**
 * The plugin's executable (dist/plugin/index.js) started as the engine starts it, with a fake
 * engine of our own at the address it is given (a gRPC server answering `pulumirpc.Engine/Log`,
 * recording every line), and a raw gRPC client of the provider protocol: for the tests that need
 * what tools/devtools/providerHost.ts does not send (secrets, `preview`, `timeout`, unknown values) or
 * that look at what the plugin sends to the engine, or that stop the engine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as readline from "node:readline";
import * as grpc from "@grpc/grpc-js";
import * as engineRpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engineProto from "@pulumi/pulumi/proto/engine_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { REPO } from "../support/repo";

/** A fake engine: the lines the plugin logged, and a way to stop it as a dying engine stops. */
export interface FakeEngine {
  readonly address: string;
  /** Every log line received, `<severity>: <message>`. */
  readonly lines: string[];
  /** Every log line received, with the URN of the resource it is about (`""` for none). */
  readonly records: { severity: number; message: string; urn: string }[];
  /** Stops answering at once (the engine died). */
  kill(): void;
}

/** Starts a fake engine on a loopback port. */
export async function startFakeEngine(): Promise<FakeEngine> {
  const lines: string[] = [];
  const records: FakeEngine["records"] = [];
  const server = new grpc.Server();
  const log: grpc.handleUnaryCall<engineProto.LogRequest, Empty> = (call, callback) => {
    lines.push(`${call.request.getSeverity()}: ${call.request.getMessage()}`);
    records.push({
      severity: call.request.getSeverity(),
      message: call.request.getMessage(),
      urn: call.request.getUrn(),
    });
    callback(null, new Empty());
  };
  server.addService(engineRpc.EngineService, { log });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { address: `127.0.0.1:${port}`, lines, records, kill: () => server.forceShutdown() };
}

/** One running plugin process and a client of it. */
export interface PluginProcess {
  readonly child: ChildProcess;
  readonly client: provrpc.ResourceProviderClient;
  /** Its standard output after the port line, and its standard error. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<number | string>;
  close(): Promise<void>;
}

/**
 * Starts the compiled plugin with `engine`'s address, as the engine does: after `flags` (the
 * engine's own, e.g. `--logtostderr`, `-v=9`, `--tracing <endpoint>`).
 */
export async function startPlugin(
  engine: string,
  env: NodeJS.ProcessEnv = {},
  flags: readonly string[] = [],
): Promise<PluginProcess> {
  const base = { ...process.env };
  for (const key of Object.keys(base)) if (key.startsWith("NGROK_")) delete base[key];
  const script = path.join(REPO, "dist", "plugin", "index.js");
  const child = spawn(process.execPath, [script, ...flags, engine], {
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "")),
  );
  const port = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once("line", (line) => {
      resolve(line.trim());
      lines.on("line", (more) => (output += `${more}\n`));
    });
    void exited.then((code) => reject(new Error(`the plugin exited with ${code}: ${output}`)));
  });
  const client = new provrpc.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
  return {
    child,
    client,
    output: () => output,
    exited,
    async close() {
      client.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** One unary call of `client`'s, as a promise. */
export function call<Req, Res>(
  method: (
    request: Req,
    callback: (error: grpc.ServiceError | null, response: Res) => void,
  ) => unknown,
  request: Req,
): Promise<Res> {
  return new Promise((resolve, reject) =>
    method(request, (error, response) => (error ? reject(error) : resolve(response))),
  );
}
