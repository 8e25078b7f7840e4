/**
 * The API client of the lookup functions, which run in the program's process (not in the
 * dynamic-provider host): the provider's own client and configuration, loaded by package name
 * when a lookup runs, and given the program's stack config.
 *
 * Settings, first match wins, as for the resources: the stack config of the `ngrok` namespace as
 * `new pulumi.Config("ngrok")` reads it (`ngrok:apiKey`, `ngrok:apiBaseUrl`,
 * `ngrok:retryMaxAttempts`, …), then the environment (`NGROK_API_KEY`, …). The key stays in
 * this process's memory: it is never part of a lookup's result, an output or the state.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { refuseUnknownStackSettings } from "./stackSettings";

/** The implementation, `pulumi-ngrok-dynamic/provider`. */
export type Implementation = typeof import("../../provider");

/** `require("pulumi-ngrok-dynamic/provider")`, at call time (see CONTRIBUTING.md, Boundaries). */
export function implementation(): Implementation {
  return require("pulumi-ngrok-dynamic/provider") as Implementation;
}

/** A client of the implementation, as {@link programClient} makes it. */
export type Client = ReturnType<Implementation["clientFromConfiguration"]>;

const NAMESPACE = "ngrok:";

/**
 * A client configured from the program's stack config, then the environment (see the module
 * comment).
 *
 * @throws NgrokConfigurationError when no API key is set, or a setting is out of range.
 * @throws Error when an `ngrok:` stack config key is no setting (`./stackSettings.ts`).
 */
export function programClient(): Client {
  refuseUnknownStackSettings();
  const config = new pulumi.Config("ngrok");
  return implementation().clientFromConfiguration({
    get: (key) => (key.startsWith(NAMESPACE) ? config.get(key.slice(NAMESPACE.length)) : undefined),
  });
}
