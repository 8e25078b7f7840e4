/**
 * The provider's messages (pacing waits, take-over notices, retries, warnings) sent to the engine's
 * log, attached to the resource of the call that wrote them, so that `pulumi up` shows them on that
 * resource's line and under "Diagnostics" with their severity: what Pulumi's Node.js
 * dynamic-provider host cannot do (it has no engine connection).
 *
 * Each gRPC call of the plugin runs inside {@link withUrn}, and the provider's log functions
 * (`provider/client/log.ts`) write through {@link connectEngineLog}'s sink. A line written outside
 * any call goes to the engine without a resource.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as grpc from "@grpc/grpc-js";
import * as engineRpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineProto from "@pulumi/pulumi/proto/engine_pb";
import { setLogSink } from "../provider/client/log";
import { redactSecretText, type SecretText } from "../provider/common/secretInputs";

/** The call a log line is written for: its resource, and the texts of its secret inputs. */
interface CallContext {
  readonly urn: string;
  readonly secrets: readonly SecretText[];
}

const context = new AsyncLocalStorage<CallContext>();

/**
 * Runs `fn` with `urn` as the resource that its log lines are about; `secrets` (the texts of the
 * call's secret inputs, `provider/common/secretInputs`) are cleared from each line.
 */
export function withUrn<T>(urn: string, fn: () => T, secrets: readonly SecretText[] = []): T {
  return context.run({ urn, secrets }, fn);
}

const SEVERITY = {
  debug: engineProto.LogSeverity.DEBUG,
  info: engineProto.LogSeverity.INFO,
  warning: engineProto.LogSeverity.WARNING,
} as const;

/**
 * Connects the provider's logging to the engine at `address` (the plugin's first argument). The
 * lines are sent in order; one that cannot be sent is written to stderr instead (which the
 * engine shows too), never dropped silently and never failing the operation.
 */
export function connectEngineLog(address: string): void {
  const engine = new engineRpc.EngineClient(address, grpc.credentials.createInsecure());
  setLogSink({
    log(severity, message) {
      const request = new engineProto.LogRequest();
      request.setSeverity(SEVERITY[severity]);
      const call = context.getStore();
      request.setMessage(redactSecretText(message, call?.secrets ?? []));
      request.setUrn(call?.urn ?? "");
      request.setEphemeral(false);
      engine.log(request, (error) => {
        if (error) process.stderr.write(`${severity}: ${request.getMessage()}\n`);
      });
    },
  });
}
