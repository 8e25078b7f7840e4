/**
 * The plugin exits when the engine that started it is gone, as Pulumi's Go providers do
 * (`rpcutil.Healthcheck`, `sdk/go/common/util/rpcutil/health.go`: the engine's address is polled
 * with `grpc.health.v1.Health/Check`; `UNIMPLEMENTED` counts as alive, any other error as gone).
 * Otherwise a plugin whose engine was killed (`kill -9` of the CLI) runs on, with its pacing
 * waits and retries.
 *
 * Two signs, each checked every {@link HEALTH_INTERVAL_MS}:
 *
 * - the engine's address no longer answers (`UNAVAILABLE`: nothing listens) after it once did
 *   (an address that never answered is not watched: `tools/devtools/providerHost.ts` starts the plugin
 *   with a placeholder address and no engine); a slow answer (`DEADLINE_EXCEEDED`) is not a sign;
 * - the parent process is gone (the plugin was handed to another parent). The engine starts
 *   plugins with standard input from `/dev/null`, so a closed standard input is no sign.
 *
 * @module
 */
import * as grpc from "@grpc/grpc-js";

/** How often the engine is checked: 1000 ms. */
export const HEALTH_INTERVAL_MS = 1000;

const HEALTH_CHECK = "/grpc.health.v1.Health/Check";

/** Whether the engine at `client`'s address answers: alive, gone, or no verdict (slow). */
function probe(client: grpc.Client): Promise<"alive" | "gone" | "unsure"> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      HEALTH_CHECK,
      () => Buffer.alloc(0), // An empty HealthCheckRequest: every service.
      (bytes: Buffer) => bytes,
      {},
      { deadline: Date.now() + 5000 },
      (error) => {
        if (error === null || error.code === grpc.status.UNIMPLEMENTED) resolve("alive");
        else if (error.code === grpc.status.UNAVAILABLE) resolve("gone");
        else resolve("unsure");
      },
    );
  });
}

/**
 * Watches the engine at `address` and the parent process; calls `exit` with the reason once
 * either is gone. The timer does not keep the process alive.
 */
export function watchEngine(address: string, exit: (reason: string) => void): void {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const parent = process.ppid;
  let answered = false;
  const check = async () => {
    if (process.ppid !== parent) return exit(`the engine's process (${parent}) is gone`);
    const verdict = await probe(client);
    if (verdict === "alive") answered = true;
    if (verdict === "gone" && answered) return exit(`the engine at ${address} no longer answers`);
    setTimeout(() => void check(), HEALTH_INTERVAL_MS).unref();
  };
  setTimeout(() => void check(), HEALTH_INTERVAL_MS).unref();
}
