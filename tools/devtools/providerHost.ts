/**
 * Drives Pulumi's own dynamic-provider host over gRPC, as the Pulumi engine does.
 *
 * The engine starts the `pulumi-nodejs` resource plugin (`pulumi-resource-pulumi-nodejs`, a
 * shell script shipped in `@pulumi/pulumi` that runs `cmd/dynamic-provider`) in the program's
 * directory, reads the gRPC port from the first line of its stdout, and calls Configure, then
 * Check/Diff/Create/Read/Update/Delete with protobuf Structs. {@link startProviderHost} does the
 * same, so that tests and the demo exercise the real host: the real deserialization of
 * `__provider`, the real module resolution from the program's directory, the real conversion of
 * results and errors. Only the engine itself (planning, state, the CLI) is absent.
 *
 * @module
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as readline from "node:readline";
import type * as grpc from "@grpc/grpc-js";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import {
  address,
  loadProto,
  ResourceInitFailed,
  type EmptyPb,
  type ProviderGrpcPb,
  type ProviderPb,
  type StatusPb,
  type StructPb,
} from "./providerHostWire";

export { makeUrn, ResourceInitFailed } from "./providerHostWire";

/** A plain JSON object, as carried by a protobuf Struct. */
export type PropertyMap = Record<string, unknown>;

/** A property failure returned by Check. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** The result of Diff, as the engine reads it. */
export interface DiffResult {
  changes: "unknown" | "none" | "some";
  replaces: string[];
  /** The properties that changed (the dynamic-provider host names none). */
  diffs?: string[];
  deleteBeforeReplace: boolean;
}

/** Options of {@link startProviderHost}. */
export interface ProviderHostOptions {
  /** The program's directory: the host resolves `__provider`'s `require`s from here. */
  readonly cwd: string;
  /** The Pulumi project name (sets `PULUMI_NODEJS_PROJECT`, used for un-namespaced config). */
  readonly project: string;
  /** Extra environment variables; the host otherwise inherits `process.env` minus NGROK_*. */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Another provider plugin's executable to start instead of Pulumi's dynamic-provider host (this
   * package's plugin, `pulumi-resource-ngrok-dynamic`); driven with the same calls.
   */
  readonly executable?: string;
  /**
   * Rewrites the command line (`[executable, engine address]`) before it is spawned: to run the
   * executable under an emulator (tools/devtools/executables/emulation.ts).
   */
  readonly launch?: (argv: string[]) => string[];
}

/** One running dynamic-provider host and a gRPC client connected to it. */
export class ProviderHost {
  /** Every RPC sent, in order, for assertions: e.g. `["Configure", "Check", "Create"]`. */
  public readonly calls: string[] = [];
  /** What the host wrote to stderr (its `console.error` of failures). */
  public stderr = "";
  /** The spawned process's id: the plugin's, or the dynamic-provider host script's shell. */
  public get pid(): number | undefined {
    return this.child.pid;
  }

  /** What the host wrote to stdout after the port line (a provider's `console.log`). */
  public get stdout(): string {
    return this.stdoutLines.map((line) => line + "\n").join("");
  }

  private constructor(
    private readonly child: ChildProcess,
    private readonly client: InstanceType<ProviderGrpcPb["ResourceProviderClient"]>,
    private readonly pb: ProviderPb,
    private readonly statusPb: StatusPb,
    /** The Struct codec of this host's own `@pulumi/pulumi` copy (hosts of other folders differ). */
    private readonly structPb: StructPb,
    private readonly stdoutLines: string[],
    private readonly emptyPb: EmptyPb,
  ) {}

  /** Spawns the host as the engine does; see the module comment. */
  public static async start(options: ProviderHostOptions): Promise<ProviderHost> {
    const { pb, grpcPb, statusPb, structPb, emptyPb, grpc, plugin } = loadProto(options.cwd);
    const env: NodeJS.ProcessEnv = { ...process.env, PULUMI_NODEJS_PROJECT: options.project };
    delete env.NGROK_API_KEY;
    delete env.NGROK_API_BASE_URL;
    Object.assign(env, options.env ?? {});
    // The second argument is the engine's address; this host only needs it to be present.
    const argv =
      options.executable === undefined
        ? ["sh", plugin, "127.0.0.1:1"]
        : [options.executable, "127.0.0.1:1"];
    const [command, ...args] = options.launch?.(argv) ?? argv;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: the plugin script runs node as a child, and close() stops both.
      detached: true,
    });
    let stderr = "";
    const stdoutLines: string[] = [];
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const port = await new Promise<string>((resolve, reject) => {
      const lines = readline.createInterface({ input: child.stdout! });
      lines.once("line", (line) => {
        // The port's digits: a pseudo-terminal (an emulator's) adds control sequences.
        // eslint-disable-next-line no-control-regex -- a terminal's escape sequences
        resolve(/\d+/.exec(line.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, ""))?.[0] ?? line.trim());
        lines.on("line", (more) => stdoutLines.push(more));
      });
      child.once("exit", (code) =>
        reject(new Error(`dynamic-provider host exited with ${code} before listening: ${stderr}`)),
      );
      child.once("error", reject);
    });
    const client = new grpcPb.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
    const host = new ProviderHost(child, client, pb, statusPb, structPb, stdoutLines, emptyPb);
    child.stderr?.on("data", (chunk: Buffer) => (host.stderr += chunk.toString()));
    host.stderr = stderr;
    return host;
  }

  /** Configure with the whole stack config, namespaced (`ngrok:apiKey`), secrets unwrapped. */
  public async configure(config: Record<string, string>): Promise<void> {
    const req = new this.pb.ConfigureRequest();
    req.setArgs(this.toStruct(config));
    for (const [key, value] of Object.entries(config)) {
      req.getVariablesMap().set(key, value);
    }
    req.setAcceptsecrets(true);
    req.setAcceptresources(true);
    await this.call("Configure", (done) => this.client.configure(req, done));
  }

  /** Check(olds = old inputs or {} on create, news = program inputs incl. `__provider`). */
  public async check(
    urn: string,
    olds: PropertyMap,
    news: PropertyMap,
  ): Promise<{ inputs: PropertyMap; failures: CheckFailure[] }> {
    const req = new this.pb.CheckRequest();
    address(req, urn);
    req.setOlds(this.toStruct(olds));
    req.setNews(this.toStruct(news));
    const resp = await this.call<InstanceType<ProviderPb["CheckResponse"]>>("Check", (done) =>
      this.client.check(req, done),
    );
    return {
      inputs: this.fromStruct(resp.getInputs()),
      failures: resp
        .getFailuresList()
        .map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  /** Diff(id, olds = old outputs, news = checked inputs, oldInputs). */
  public async diff(
    urn: string,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<DiffResult> {
    const req = new this.pb.DiffRequest();
    address(req, urn);
    req.setId(id);
    req.setOlds(this.toStruct(olds));
    req.setNews(this.toStruct(news));
    req.setOldInputs(this.toStruct(oldInputs));
    const resp = await this.call<InstanceType<ProviderPb["DiffResponse"]>>("Diff", (done) =>
      this.client.diff(req, done),
    );
    const kinds = { 0: "unknown", 1: "none", 2: "some" } as const;
    return {
      changes: kinds[resp.getChanges() as 0 | 1 | 2],
      replaces: resp.getReplacesList(),
      diffs: resp.getDiffsList(),
      deleteBeforeReplace: resp.getDeletebeforereplace(),
    };
  }

  /** GetSchema: the package schema's text. */
  public async getSchema(): Promise<string> {
    const req = new this.pb.GetSchemaRequest();
    const resp = await this.call<InstanceType<ProviderPb["GetSchemaResponse"]>>(
      "GetSchema",
      (done) => this.client.getSchema(req, done),
    );
    return resp.getSchema();
  }

  /** GetPluginInfo: the plugin's version (the dynamic-provider host's: its `@pulumi/pulumi`'s). */
  public async getPluginInfo(): Promise<string> {
    const resp = await this.call<{ getVersion(): string }>("GetPluginInfo", (done) =>
      this.client.getPluginInfo(new this.emptyPb.Empty(), done),
    );
    return resp.getVersion();
  }

  /** CheckConfig(news = the provider's settings, un-namespaced): its failures. */
  public async checkConfig(news: PropertyMap): Promise<CheckFailure[]> {
    const req = new this.pb.CheckRequest();
    req.setUrn("urn:pulumi:test::test::pulumi:providers:ngrok-dynamic::default");
    req.setOlds(this.toStruct({}));
    req.setNews(this.toStruct(news));
    const resp = await this.call<InstanceType<ProviderPb["CheckResponse"]>>("CheckConfig", (done) =>
      this.client.checkConfig(req, done),
    );
    return resp
      .getFailuresList()
      .map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
  }

  /** DiffConfig(olds, news): the settings that changed. */
  public async diffConfig(olds: PropertyMap, news: PropertyMap): Promise<string[]> {
    const req = new this.pb.DiffRequest();
    req.setUrn("urn:pulumi:test::test::pulumi:providers:ngrok-dynamic::default");
    req.setOlds(this.toStruct(olds));
    req.setNews(this.toStruct(news));
    const resp = await this.call<InstanceType<ProviderPb["DiffResponse"]>>("DiffConfig", (done) =>
      this.client.diffConfig(req, done),
    );
    return resp.getDiffsList();
  }

  /** Invoke(token, args): the function's result. */
  public async invoke(token: string, args: PropertyMap): Promise<PropertyMap> {
    const req = new this.pb.InvokeRequest();
    req.setTok(token);
    req.setArgs(this.toStruct(args));
    const resp = await this.call<InstanceType<ProviderPb["InvokeResponse"]>>("Invoke", (done) =>
      this.client.invoke(req, done),
    );
    return this.fromStruct(resp.getReturn());
  }

  /** Cancel: the engine shuts the operation down. */
  public async cancel(): Promise<void> {
    await this.call("Cancel", (done) => this.client.cancel(new this.emptyPb.Empty(), done));
  }

  /** Create(properties = checked inputs). */
  public async create(
    urn: string,
    properties: PropertyMap,
  ): Promise<{ id: string; properties: PropertyMap }> {
    const req = new this.pb.CreateRequest();
    address(req, urn);
    req.setProperties(this.toStruct(properties));
    req.setPreview(false);
    const resp = await this.call<InstanceType<ProviderPb["CreateResponse"]>>("Create", (done) =>
      this.client.create(req, done),
    );
    return { id: resp.getId(), properties: this.fromStruct(resp.getProperties()) };
  }

  /** Read(id, properties = old outputs, inputs = old inputs), as `pulumi refresh` does. */
  public async read(
    urn: string,
    id: string,
    properties: PropertyMap,
    inputs: PropertyMap,
  ): Promise<{ id: string; properties: PropertyMap; inputs: PropertyMap | undefined }> {
    const req = new this.pb.ReadRequest();
    address(req, urn);
    req.setId(id);
    req.setProperties(this.toStruct(properties));
    req.setInputs(this.toStruct(inputs));
    const resp = await this.call<InstanceType<ProviderPb["ReadResponse"]>>("Read", (done) =>
      this.client.read(req, done),
    );
    const respInputs = resp.getInputs();
    return {
      id: resp.getId(),
      properties: this.fromStruct(resp.getProperties()),
      inputs: respInputs ? this.fromStruct(respInputs) : undefined,
    };
  }

  /** Update(id, olds = old outputs, news = checked inputs, oldInputs). */
  public async update(
    urn: string,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<{ properties: PropertyMap }> {
    const req = new this.pb.UpdateRequest();
    address(req, urn);
    req.setId(id);
    req.setOlds(this.toStruct(olds));
    req.setNews(this.toStruct(news));
    req.setOldInputs(this.toStruct(oldInputs));
    const resp = await this.call<InstanceType<ProviderPb["UpdateResponse"]>>("Update", (done) =>
      this.client.update(req, done),
    );
    return { properties: this.fromStruct(resp.getProperties()) };
  }

  /** Delete(id, properties = old outputs, oldInputs). */
  public async delete(
    urn: string,
    id: string,
    properties: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<void> {
    const req = new this.pb.DeleteRequest();
    address(req, urn);
    req.setId(id);
    req.setProperties(this.toStruct(properties));
    req.setOldInputs(this.toStruct(oldInputs));
    await this.call("Delete", (done) => this.client.delete(req, done));
  }

  /** Closes the channel and stops the host (the plugin script and the node process it runs). */
  public async close(): Promise<void> {
    this.client.close();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      process.kill(-this.child.pid!, "SIGTERM");
      await exited;
    }
  }

  private toStruct(value: PropertyMap): Struct {
    return this.structPb.Struct.fromJavaScript(value as never);
  }

  private fromStruct(struct: Struct | undefined): PropertyMap {
    return (struct?.toJavaScript() ?? {}) as PropertyMap;
  }

  /** Records `method` in {@link ProviderHost.calls}, then makes the RPC that `send` starts. */
  private call<T>(
    method: string,
    send: (done: (err: grpc.ServiceError | null, resp: T) => void) => unknown,
  ): Promise<T> {
    this.calls.push(method);
    return new Promise((resolve, reject) => {
      send((err, resp) => (err ? reject(this.translate(err)) : resolve(resp)));
    });
  }

  /** A gRPC error as the engine sees it: its message, or the init-failure details. */
  private translate(err: grpc.ServiceError): Error {
    const message = err.details || err.message;
    const raw = err.metadata?.get("grpc-status-details-bin")?.[0];
    if (raw instanceof Buffer) {
      const status = this.statusPb.Status.deserializeBinary(new Uint8Array(raw));
      for (const detail of status.getDetailsList()) {
        if (detail.getTypeName() === "pulumirpc.ErrorResourceInitFailed") {
          const init = this.pb.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
          return new ResourceInitFailed(
            message,
            init.getId(),
            this.fromStruct(init.getProperties()),
            init.getReasonsList(),
          );
        }
      }
    }
    return new Error(message);
  }
}

/** Shorthand for {@link ProviderHost.start}. */
export function startProviderHost(options: ProviderHostOptions): Promise<ProviderHost> {
  return ProviderHost.start(options);
}
