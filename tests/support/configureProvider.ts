/**
 * Pulumi's `configure` call, made the way the dynamic-provider host makes it, for tests that call
 * the provider methods directly.
 */
import type * as pulumi from "@pulumi/pulumi";
import { configure } from "../../provider";

/**
 * Configures the provider with a stack config holding `ngrok:apiKey` and `ngrok:apiBaseUrl` of
 * `target` (an emulator, or a gateway in front of one), plus `extra` namespaced keys (e.g.
 * `"ngrok:requestTimeoutSeconds"`).
 */
export function configureProvider(
  target: { url: string; apiKey: string },
  extra: Record<string, string> = {},
): Promise<void> {
  const values: Record<string, string> = {
    "ngrok:apiKey": target.apiKey,
    "ngrok:apiBaseUrl": target.url,
    ...extra,
  };
  return configure({
    config: { get: (key: string) => values[key] },
  } as unknown as pulumi.dynamic.ConfigureRequest);
}
