/**
 * The ngrok API client every resource and lookup uses: {@link NgrokClient} (the transport, with the
 * request types), its errors, its configuration, its retry settings ({@link RetryPolicy}), its
 * pacing rate ({@link RateLimit}) and where its debug lines go. The retry rules themselves
 * (`retryDecision` in `./retryPolicy`), the decoding of answers (`./decode`) and the pacing
 * (`./rateLimiter`, `./pacer`, `./windowMemory`) are internal and not exported.
 *
 * @module
 */
export * from "./configuration";
export * from "./errors";
export * from "./log";
export * from "./ngrokClient";
export * from "./request";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retryPolicy";
export { DEFAULT_RATE_LIMIT, type RateLimit } from "./rateLimiter";

import {
  type ConfigSource,
  readStackConfig,
  resolveApiSettings,
  resolvePacing,
  resolveRequestSettings,
} from "./configuration";
import { NgrokClient } from "./ngrokClient";
import { configNamespace } from "./settings";

/**
 * A client for one provider call, configured now from the stack config remembered by
 * `configure` or the environment (see {@link resolveApiSettings},
 * {@link resolveRequestSettings} and {@link resolvePacing}): paced, by default, at ngrok's 120
 * requests per 60 s with every other client of the process for the same account.
 *
 * @param config a stack config to read instead of the one `configure` remembered: the lookup
 *   functions, which run in the program's process, pass the program's (`ngrok:apiKey`, … as
 *   `pulumi.Config("ngrok")` reads them). Missing settings fall back to the environment alike.
 *   Its `namespace` is what the client's messages name (`null`: the environment alone, as the
 *   commands read it).
 * @throws {@link NgrokConfigurationError} when no API key is set, or a retry, timeout or pacing
 *   setting is out of range.
 */
export function clientFromConfiguration(config?: ConfigSource): NgrokClient {
  const stack = config === undefined ? undefined : readStackConfig(config);
  const { attempts, deadlineMs, timeoutMs } = resolveRequestSettings(process.env, stack);
  const rateLimit = resolvePacing(process.env, stack);
  const namespace = config?.namespace === undefined ? configNamespace() : config.namespace;
  return new NgrokClient(resolveApiSettings(process.env, stack, namespace), {
    retry: { attempts, deadlineMs },
    timeoutMs,
    rateLimit,
  });
}
