/**
 * The provider plugin's gRPC service (Pulumi's `ResourceProvider` protocol, the generated stubs of
 * `@pulumi/pulumi/proto`), serving the very provider methods the Node.js resource classes use.
 *
 * Why not `@pulumi/pulumi/provider`'s `main()`: that server is made for component providers. In
 * 3.248.0 (and 3.270.0) its `read` throws on `pulumi import` (Read arrives with an id and no
 * properties), `checkConfig`/`diffConfig` answer UNIMPLEMENTED and `configure` drops the request's
 * values. Here:
 *
 * - `GetSchema` answers `schema.json` (generated from the definitions); `GetPluginInfo` the
 *   package's version.
 * - `CheckConfig` refuses a bad setting naming it (`pulumi preview` fails before anything runs),
 *   passes through the settings not known yet (another resource's outputs), which `Configure`
 *   checks, and answers the secret ones as secrets (`./settings`, `./secrets`); `DiffConfig`
 *   reports the settings that changed; `Configure` remembers them (in memory only), accepts
 *   secrets and previews (`supportsPreview`), and clears the API key from every log line.
 * - `Check` adds what the Node.js classes add in the program (`./resources`), then runs the
 *   resource's `check` (its rule messages give language-neutral hints, not JavaScript); `Diff`
 *   compares the new inputs with the old inputs and answers the provider's diff with a detailed
 *   diff, `ignoreChanges` applied (`./diff`); `Create`, `Read` (with or
 *   without properties: `pulumi import`, `.get`; an input ngrok holds the same is answered as
 *   the program wrote it, `./refresh`), `Update`, `Delete` run its methods, except a
 *   preview's `Create` and `Update`, which answer without a request (`./preview`). A create or
 *   update that ngrok answered but that failed afterwards is reported as
 *   `ErrorResourceInitFailed`, so the engine records the object (`./grpcErrors`). Secret
 *   inputs stay secret in every answer, at the paths where the engine sent them (`./secrets`).
 * - `Invoke` runs the lookups; bad arguments are answered as its failures, before any request.
 * - `Cancel` aborts the operations under way, and only those; a request's `timeout`
 *   (`customTimeouts`) is its deadline (`./cancellation`).
 * - `Attach` connects the engine of `PULUMI_DEBUG_PROVIDERS` to the log (`./index`), one run
 *   after another.
 * - Every call's log lines reach the engine on the call's resource (`./engineLog`).
 *
 * @module
 */
import * as grpc from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { clientFromConfiguration, configure } from "../provider";
import { setSignalSource } from "../provider/client/abort";
import { isRecord } from "../provider/client/brand";
import { redactFromLogs } from "../provider/client/log";
import { SECRET_INPUTS_KEY, secretInputsEntry } from "../provider/common/secretInputs";
import { withUrn } from "./engineLog";
import { cancelAll, currentSignal, runOperation } from "./cancellation";
import { diffResponse } from "./diff";
import { grpcError } from "./grpcErrors";
import { previewCreate, previewUpdate } from "./preview";
import { refreshedInputs } from "./refresh";
import { packageFile, packageVersion } from "./packageFiles";
import { fromStruct, toStruct } from "./properties";
import {
  LOOKUPS_BY_TOKEN,
  type Methods,
  parseUrn,
  type ProgramSettings,
  RESOURCES_BY_TOKEN,
  withProgramInputs,
} from "./resources";
import { secretsOf, secretTextsOf, withSecretProperties } from "./secrets";
import {
  checkConfigResponse,
  checkedSettings,
  configDiff,
  configSource,
  programSettings,
} from "./settings";

type Callback<T> = grpc.sendUnaryData<T>;
type Call<T> = grpc.ServerUnaryCall<T, unknown>;

/** The request's `timeout` in seconds (Create, Update, Delete: `customTimeouts`), else 0. */
function timeoutOf(request: unknown): number {
  if (typeof request !== "object" || request === null || !("getTimeout" in request)) return 0;
  const timeout: unknown = typeof request.getTimeout === "function" ? request.getTimeout() : 0;
  return typeof timeout === "number" ? timeout : 0;
}

/** The operation's name in messages: `Create`, `Update`, `Delete`, or `The operation`. */
const operationName = (request: unknown) =>
  request instanceof provproto.CreateRequest
    ? "Create"
    : request instanceof provproto.UpdateRequest
      ? "Update"
      : request instanceof provproto.DeleteRequest
        ? "Delete"
        : "The operation";

/**
 * Runs a call's handler, answering its result or its error. A call that starts an operation
 * (`operation: true`) runs until `Cancel` or its request's `timeout` aborts it (`./cancellation`).
 */
function serve<Req, Res>(handler: (request: Req) => Promise<Res>, operation = true) {
  return (call: Call<Req>, callback: Callback<Res>) => {
    const request = call.request;
    const run = () => handler(request);
    (operation ? runOperation(operationName(request), timeoutOf(request), run) : run()).then(
      (response) => callback(null, response),
      (error: unknown) => callback(grpcError(error)),
    );
  };
}

/**
 * The resource a request is for, with its type token: the request's `type`, or, when that is
 * empty (CLIs before 3.132 do not send it), the type its URN names, as native providers do.
 *
 * @throws Error `unknown resource type <token>` when no resource of this package has that token.
 */
function resourceOf(request: { getType(): string; getUrn(): string }): {
  type: string;
  name: string;
  methods: Methods;
} {
  const type = request.getType() || parseUrn(request.getUrn()).type;
  const resource = RESOURCES_BY_TOKEN.get(type);
  if (resource === undefined) throw new Error(`unknown resource type ${type}`);
  return { type, ...resource };
}

/** The service: one handler per RPC of Pulumi's provider protocol. */
export function providerService(
  options: {
    /**
     * Called with the engine's address by `Attach` (`PluginAttach.address`): the engine sends it
     * to a plugin it did not start (`PULUMI_DEBUG_PROVIDERS=ngrok-dynamic:<port>`).
     */
    readonly attach?: (engineAddress: string) => void;
  } = {},
): grpc.UntypedServiceImplementation {
  setSignalSource(currentSignal); // the API client stops an aborted operation's requests
  let config: Record<string, unknown> = {};
  let program: ProgramSettings = { ownershipMarker: false, adoptExistingIds: {} };
  const version = packageVersion();

  return {
    getPluginInfo: serve(async () => {
      const info = new pluginproto.PluginInfo();
      info.setVersion(version);
      return info;
    }),

    getSchema: serve(async () => {
      const response = new provproto.GetSchemaResponse();
      response.setSchema(packageFile("schema.json"));
      return response;
    }),

    checkConfig: serve(async (request: provproto.CheckRequest) => checkConfigResponse(request)),

    diffConfig: serve(async (request: provproto.DiffRequest) => configDiff(request)),

    configure: serve(async (request: provproto.ConfigureRequest) => {
      config = checkedSettings(request);
      redactFromLogs(typeof config.apiKey === "string" ? config.apiKey : undefined);
      redactFromLogs(process.env.NGROK_API_KEY);
      program = programSettings(config).settings;
      await configure({ config: configSource(config) });
      const response = new provproto.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setSupportspreview(true);
      response.setAcceptresources(false);
      response.setAcceptoutputs(false);
      return response;
    }),

    check: serve(async (request: provproto.CheckRequest) => {
      const { type, name, methods } = resourceOf(request);
      const olds = fromStruct(request.getOlds());
      const news = fromStruct(request.getNews());
      const inputs = withProgramInputs(name, request.getUrn(), news.values, program);
      const secrets = secretsOf(type, news.secretPaths);
      // The secrets' paths, so that no failure quotes their values (`secretInputs`).
      const named =
        secrets.length > 0
          ? { ...inputs, [SECRET_INPUTS_KEY]: secretInputsEntry(secrets) }
          : inputs;
      const texts = secretTextsOf(type, inputs, secrets);
      const result = await withUrn(
        request.getUrn(),
        () => methods.check(olds.values, named),
        texts,
      ).catch((error: unknown) => Promise.reject(withSecretProperties(error, [], texts)));
      const checked: unknown = result.inputs; // the checked inputs, absent when there are none
      const response = new provproto.CheckResponse();
      response.setInputs(toStruct(isRecord(checked) ? checked : inputs, secrets));
      response.setFailuresList(
        (result.failures ?? []).map((f) => {
          const failure = new provproto.CheckFailure();
          failure.setProperty(f.property);
          failure.setReason(f.reason);
          return failure;
        }),
      );
      return response;
    }),

    diff: serve(async (request: provproto.DiffRequest) => {
      const { methods } = resourceOf(request);
      // The old inputs where the engine sends them (the answer says `inputDiff`), else the old
      // state's outputs, which hold every input too (engines before old inputs were sent).
      const oldInputs = fromStruct(request.getOldInputs()).values;
      const olds =
        Object.keys(oldInputs).length > 0 ? oldInputs : fromStruct(request.getOlds()).values;
      const news = fromStruct(request.getNews()).values;
      const result = await withUrn(request.getUrn(), () =>
        methods.diff(request.getId(), olds, news),
      );
      return diffResponse(result, olds, news, request.getIgnorechangesList());
    }),

    create: serve(async (request: provproto.CreateRequest) => {
      const { type, methods } = resourceOf(request);
      const inputs = fromStruct(request.getProperties());
      const secrets = secretsOf(type, inputs.secretPaths);
      if (request.getPreview()) {
        const response = new provproto.CreateResponse();
        response.setProperties(toStruct(previewCreate(type, inputs.values), secrets));
        return response;
      }
      const texts = secretTextsOf(type, inputs.values, secrets);
      const result = await withUrn(
        request.getUrn(),
        () => methods.create(inputs.values),
        texts,
      ).catch((error: unknown) => Promise.reject(withSecretProperties(error, secrets, texts)));
      const response = new provproto.CreateResponse();
      response.setId(result.id);
      response.setProperties(toStruct(result.outs ?? {}, secrets));
      return response;
    }),

    read: serve(async (request: provproto.ReadRequest) => {
      const { type, methods } = resourceOf(request);
      const state = fromStruct(request.getProperties());
      const props = Object.keys(state.values).length === 0 ? undefined : state.values;
      const secrets = secretsOf(type, state.secretPaths);
      const texts = secretTextsOf(type, state.values, secrets);
      const result = await withUrn(
        request.getUrn(),
        () => methods.read(request.getId(), props),
        texts,
      ).catch((error: unknown) => Promise.reject(withSecretProperties(error, [], texts)));
      const response = new provproto.ReadResponse();
      response.setId(result.id ?? "");
      if (result.id) {
        response.setProperties(toStruct(result.props ?? {}, secrets));
        if (result.inputs !== undefined) {
          const olds = fromStruct(request.getInputs());
          const inputs = refreshedInputs(type, result.inputs, olds.values);
          response.setInputs(toStruct(inputs, secretsOf(type, olds.secretPaths)));
        }
      }
      return response;
    }),

    update: serve(async (request: provproto.UpdateRequest) => {
      const { type, methods } = resourceOf(request);
      const old = fromStruct(request.getOlds());
      const olds = old.values;
      const news = fromStruct(request.getNews());
      const oldSecrets = secretsOf(type, old.secretPaths);
      const newSecrets = secretsOf(type, news.secretPaths);
      const secrets = [...oldSecrets, ...newSecrets];
      if (request.getPreview()) {
        const response = new provproto.UpdateResponse();
        const outputs = previewUpdate(type, olds, news.values);
        response.setProperties(toStruct(outputs, secrets));
        return response;
      }
      const texts = [
        ...secretTextsOf(type, olds, oldSecrets),
        ...secretTextsOf(type, news.values, newSecrets),
      ];
      const result = await withUrn(
        request.getUrn(),
        () => methods.update(request.getId(), olds, news.values),
        texts,
      ).catch((error: unknown) => Promise.reject(withSecretProperties(error, secrets, texts)));
      const response = new provproto.UpdateResponse();
      response.setProperties(toStruct(result.outs ?? {}, secrets));
      return response;
    }),

    delete: serve(async (request: provproto.DeleteRequest) => {
      const { type, methods } = resourceOf(request);
      const state = fromStruct(request.getProperties());
      const texts = secretTextsOf(type, state.values, secretsOf(type, state.secretPaths));
      await withUrn(
        request.getUrn(),
        () => methods.delete(request.getId(), state.values),
        texts,
      ).catch((error: unknown) => Promise.reject(withSecretProperties(error, [], texts)));
      return new Empty();
    }),

    invoke: serve(async (request: provproto.InvokeRequest) => {
      const lookup = LOOKUPS_BY_TOKEN.get(request.getTok());
      if (lookup === undefined) throw new Error(`unknown function ${request.getTok()}`);
      const args = fromStruct(request.getArgs()).values;
      const response = new provproto.InvokeResponse();
      // Bad arguments are the call's failures (as Check's), not an error: nothing is sent.
      const failures = lookup.check(args);
      if (failures.length > 0) {
        response.setFailuresList(
          failures.map((f) =>
            new provproto.CheckFailure().setProperty(f.property).setReason(f.reason),
          ),
        );
        return response;
      }
      const result = await lookup.run(clientFromConfiguration(), args);
      // Every lookup answers an object (`LookupDefinition.run`).
      if (!isRecord(result)) throw new Error(`${request.getTok()} answered no object`);
      response.setReturn(toStruct(result));
      return response;
    }),

    cancel: serve(async () => {
      cancelAll();
      return new Empty();
    }, false),

    attach: serve(async (request: pluginproto.PluginAttach) => {
      options.attach?.(request.getAddress());
      return new Empty();
    }, false),
  };
}
