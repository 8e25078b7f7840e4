/**
 * The emulator in the benchmark's process, as `startEmulator` starts it, that also counts the TCP
 * connections its clients open: how the real-engine benchmarks tell whether a provider reuses
 * its connections (one per request without keep-alive, a few per operation with it).
 *
 * @module
 */
import type { AddressInfo } from "node:net";
import { buildEmulatorApp, type RunningEmulator } from "../../emulator/index";

/** A running emulator and its count of accepted connections. */
export interface CountingEmulator {
  readonly emulator: RunningEmulator;
  /** TCP connections accepted so far. */
  connections(): number;
}

/** Starts the emulator on a free loopback port, without a rate limit. */
export async function startCountingEmulator(): Promise<CountingEmulator> {
  const app = buildEmulatorApp();
  let connections = 0;
  app.server.on("connection", () => {
    connections += 1;
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const control = app.emulator;
  let closing: Promise<void> | undefined;
  return {
    emulator: {
      url: `http://127.0.0.1:${port}`,
      apiKey: control.apiKey,
      requests: control.requests,
      snapshot: () => control.snapshot(),
      faults: control.faults,
      edges: control.edges,
      createHttpsEdge: (fields) => control.createHttpsEdge(fields),
      createHttpsEdgeRoute: (edgeId, fields) => control.createHttpsEdgeRoute(edgeId, fields),
      seed: (path, fields) => control.seed(path, fields),
      openApiDocument: () => control.openApiDocument(),
      close: () => (closing ??= app.close()),
    },
    connections: () => connections,
  };
}
