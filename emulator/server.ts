/**
 * The listener: starts an emulator app on a TCP port.
 */
import type { AddressInfo } from "node:net";
import { createEmulatorApp, type EmulatorControl } from "./app";
import type { EmulatorOptions } from "./options";

/**
 * A started emulator: what its app offers tests (`EmulatorControl` in `./app`: the API key, the
 * requests answered, snapshots, fault rules, edge access, setup of edges and routes, the OpenAPI
 * document), where it listens, and how to stop it.
 */
export interface RunningEmulator extends EmulatorControl {
  /** Base URL without trailing slash, e.g. `"http://127.0.0.1:8787"`. */
  readonly url: string;
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

function urlHost(host: string, address: AddressInfo): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "[::1]";
  if (host.includes(":") && !host.startsWith("[")) return `[${host}]`;
  return host === "" ? address.address : host;
}

/**
 * Builds the app and listens on `options.host`:`options.port` (defaults 127.0.0.1:8787; port 0
 * picks a free port). The base URL in `uri` fields is `options.baseUrl` if given, else the
 * listening URL (a wildcard host is rendered as loopback). Rejects if the port cannot be bound.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { app, context } = createEmulatorApp(options);
  const { host, port } = context.options;
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === "string") {
    await app.close();
    throw new Error(`the emulator listens on no TCP port (address ${String(address)})`);
  }
  const url = `http://${urlHost(host, address)}:${address.port}`;
  context.baseUrl = context.options.baseUrl ?? url;
  let closing: Promise<void> | undefined;
  return { ...app.emulator, url, close: () => (closing ??= app.close()) };
}
