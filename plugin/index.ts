#!/usr/bin/env node
/**
 * `pulumi-resource-ngrok-dynamic`: this package as a Pulumi provider plugin, for programs in every
 * Pulumi language (YAML, Python, Go, .NET, Java, and TypeScript through a generated SDK) and for
 * `pulumi import`. The engine starts it with its flags (`--logtostderr`, `-v=<N>`, `--tracing
 * <endpoint>`) and then its own address, read as Go providers read them (`./commandLine`); it
 * serves Pulumi's provider protocol on a loopback port, which it prints on the first line of its
 * standard output, sends its log lines to the engine (see `./server`, `./engineLog`), and exits
 * when the engine is gone (`./engineHealth`).
 *
 * Started without an address (by hand, to debug it), it serves the same way and waits for an
 * engine to attach: `PULUMI_DEBUG_PROVIDERS=ngrok-dynamic:<port> pulumi up` makes the engine
 * use it and send its address with `Attach`. An attached engine is not watched: the plugin serves
 * one run after another until it is stopped.
 *
 * `pulumi-resource-ngrok-dynamic pending-creates [options]` runs that command instead
 * (`./commands`), and `--version` prints the package's version.
 *
 * Needs Node.js 22 or later. Configuration: stack config `ngrok-dynamic:<setting>`
 * (`ngrok-dynamic:apiKey`, `ngrok-dynamic:apiBaseUrl`, …) or the same environment variables as the
 * Node.js classes (`NGROK_API_KEY`, …).
 *
 * @module
 */
import { quietBundledDeprecations } from "./bundledWarnings";
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { useConfigNamespace } from "../provider";
import { PLUGIN_PACKAGE } from "../provider/registry";
import { parseCommandLine, PLUGIN_COMMANDS } from "./commandLine";
import { connectEngineLog } from "./engineLog";
import { watchEngine } from "./engineHealth";
import { packageVersion } from "./packageFiles";
import { providerService } from "./server";

/** Sends the log to the engine at `address`, and exits once that engine is gone. */
function connectEngine(address: string): void {
  connectEngineLog(address);
  watchEngine(address, (reason) => {
    process.stderr.write(`pulumi-resource-${PLUGIN_PACKAGE}: ${reason}: exiting\n`);
    process.exit(0);
  });
}

/** The usage `--help` prints. */
const HELP =
  `pulumi-resource-${PLUGIN_PACKAGE}: the Pulumi provider plugin of the ${PLUGIN_PACKAGE} ` +
  "package; the Pulumi CLI starts it (with its flags and the engine's address).\n" +
  Object.entries(PLUGIN_COMMANDS)
    .map(([command, does]) => `  pulumi-resource-${PLUGIN_PACKAGE} ${command} [--help]   ${does}\n`)
    .join("") +
  `  pulumi-resource-${PLUGIN_PACKAGE} --version   print the version and exit\n`;

async function main(args: string[]): Promise<void> {
  quietBundledDeprecations();
  const invocation = parseCommandLine(args);
  switch (invocation.kind) {
    case "help":
      process.stdout.write(HELP);
      return;
    case "version":
      process.stdout.write(`${packageVersion()}\n`);
      return;
    case "error":
      // As Go's `flag.Parse` does: the reason and the usage on stderr, exit status 2.
      process.stderr.write(`pulumi-resource-${PLUGIN_PACKAGE}: ${invocation.message}\n${HELP}`);
      process.exitCode = 2;
      return;
    case "command": {
      // A user's command, never the engine's (`./commands`); loaded only then (cold start).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { runPluginCommand } = require("./commands") as typeof import("./commands");
      const status = (await runPluginCommand([...invocation.argv])) ?? 2;
      // Exit once the report is written: a pipe's writes are asynchronous on macOS and Windows.
      process.stdout.write("", () => process.exit(status));
      return;
    }
    case "serve":
      return serve(invocation.engine);
  }
}

/**
 * Serves the provider protocol; with `engine`, sends the log to it and exits once it is gone.
 * Without one, waits for engines to attach (`Attach`): each attached engine gets the log, and
 * none is health-checked, so the plugin serves one `pulumi` run after another until it is
 * stopped, as Go providers started without an address do.
 */
async function serve(engine: string | undefined): Promise<void> {
  useConfigNamespace(PLUGIN_PACKAGE);
  if (engine !== undefined) connectEngine(engine);
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, providerService({ attach: connectEngineLog }));
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  process.stdout.write(`${port}\n`);
  if (engine === undefined) {
    process.stderr.write(
      `pulumi-resource-${PLUGIN_PACKAGE} is a Pulumi provider plugin: the Pulumi engine starts ` +
        "it with its address. Started without one, it waits for an engine to attach: run " +
        `PULUMI_DEBUG_PROVIDERS="${PLUGIN_PACKAGE}:${port}" pulumi up (or preview, …).\n`,
    );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
