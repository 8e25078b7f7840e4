/**
 * The ngrok API client shared by both resources.
 *
 * @module
 */
export * from "./configuration";
export * from "./errors";
export * from "./ngrokClient";

import { resolveApiSettings } from "./configuration";
import { NgrokClient } from "./ngrokClient";

/**
 * A client for one provider call, configured now from the stack config remembered by
 * `configure` or the environment (see {@link resolveApiSettings}).
 *
 * @throws {@link NgrokConfigurationError} when no API key is set.
 */
export function clientFromConfiguration(): NgrokClient {
  return new NgrokClient(resolveApiSettings());
}
