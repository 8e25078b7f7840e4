#!/usr/bin/env node
/**
 * `pulumi-resource-ngrok-dynamic`: this package as a Pulumi provider plugin, for programs in every
 * Pulumi language (YAML, Python, Go, .NET, Java, and TypeScript through a generated SDK) and for
 * `pulumi import`. The engine starts it with its own address as the first argument; it serves
 * Pulumi's provider protocol on a loopback port, which it prints on the first line of its standard
 * output, and sends its log lines to the engine (see `./server`, `./engineLog`).
 *
 * Needs Node.js 22 or later. Configuration: stack config `ngrok-dynamic:<setting>`
 * (`ngrok-dynamic:apiKey`, `ngrok-dynamic:apiBaseUrl`, …) or the same environment variables as the
 * Node.js classes (`NGROK_API_KEY`, …).
 *
 * @module
 */
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { useConfigNamespace } from "../provider";
import { PLUGIN_PACKAGE } from "../provider/registry";
import { connectEngineLog } from "./engineLog";
import { providerService } from "./server";

async function main(args: string[]): Promise<void> {
  const [engine] = args;
  if (engine === undefined || engine === "") {
    process.stderr.write(
      "pulumi-resource-ngrok-dynamic is a Pulumi provider plugin: the Pulumi engine starts it " +
        "with its address. Use it from a Pulumi program (see the package's docs).\n",
    );
    process.exit(2);
  }
  useConfigNamespace(PLUGIN_PACKAGE);
  connectEngineLog(engine);
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, providerService());
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  process.stdout.write(`${port}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
