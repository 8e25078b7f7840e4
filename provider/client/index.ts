/**
 * The ngrok API client shared by both resources.
 *
 * @module
 */
export * from "./configuration";
export * from "./errors";
export * from "./log";
export * from "./ngrokClient";

import { resolveApiSettings, resolveRequestSettings } from "./configuration";
import { NgrokClient } from "./ngrokClient";

/**
 * A client for one provider call, configured now from the stack config remembered by
 * `configure` or the environment (see {@link resolveApiSettings} and
 * {@link resolveRequestSettings}).
 *
 * @throws {@link NgrokConfigurationError} when no API key is set, or a retry or timeout setting
 *   is out of range.
 */
export function clientFromConfiguration(): NgrokClient {
  const { attempts, deadlineMs, timeoutMs } = resolveRequestSettings();
  return new NgrokClient(resolveApiSettings(), { retry: { attempts, deadlineMs }, timeoutMs });
}
