/**
 * Which family of type tokens a stack's pending creates are of, and the settings the command
 * reads for it:
 *
 * - the Node.js classes (`pulumi-nodejs:dynamic/ngrok:<Resource>`): their stack config namespace
 *   is `ngrok` (`ngrok:adoptExistingIds`), and the dynamic provider keeps no settings in the
 *   state, so the API key and base URL come from the environment (`NGROK_API_KEY`,
 *   `NGROK_API_BASE_URL`, …);
 * - the provider plugin (`ngrok-dynamic:index:<Resource>`, YAML, Go, Python, .NET and Java
 *   programs): its namespace is `ngrok-dynamic` (`ngrok-dynamic:adoptExistingIds`), and the
 *   provider resource the creates went through (`pulumi:providers:ngrok-dynamic`, whose inputs
 *   are the stack config `ngrok-dynamic:<setting>` for the default provider, or an explicit
 *   provider's arguments) holds its settings in the state; each setting found there wins, and
 *   the environment fills the rest, as the plugin itself reads them (plugin/settings.ts).
 *
 * A secret exported encrypted (a state exported without `--show-secrets`) is not a setting: the
 * environment is read instead.
 *
 * @module
 */
import { CLASS_TYPE_PREFIX, PLUGIN_PACKAGE } from "../../provider/registry";
import { ENV_VARS } from "../../provider";
import type { StackState } from "./stackExport";

/** The stack config namespace of the Node.js classes. */
export const CLASS_NAMESPACE = "ngrok";

/**
 * The stack config namespace of the resource whose type token is `type`: `ngrok-dynamic` for the
 * plugin's tokens (`ngrok-dynamic:index:*`), `ngrok` for the Node.js classes' (and any other).
 */
export function namespaceOf(type: string): string {
  return type.startsWith(`${PLUGIN_PACKAGE}:`) ? PLUGIN_PACKAGE : CLASS_NAMESPACE;
}

/** Whether `type` is a token of the Node.js classes (`pulumi-nodejs:dynamic/ngrok:*`). */
export const isClassToken = (type: string): boolean => type.startsWith(CLASS_TYPE_PREFIX);

/** A config source that answers `<any namespace>:<setting>` from `values` (by setting name). */
export interface SettingsSource {
  get(key: string): string | undefined;
  /** The stack config namespace the settings were set in, as messages name them. */
  readonly namespace: string;
}

/**
 * The settings the plugin's pending creates of `state` were sent with: the inputs of the first
 * plugin provider resource one of them names, as text (`"30"` for 30), secrets that were exported
 * encrypted left out. `undefined` when no pending create is the plugin's, or its provider is not
 * in the state (the environment alone is read then).
 */
export function pluginSettingsOf(state: StackState): Record<string, string> | undefined {
  for (const pending of state.pendingCreates) {
    if (namespaceOf(pending.type) !== PLUGIN_PACKAGE || pending.provider === undefined) continue;
    const inputs = state.providerInputs.get(pending.provider);
    if (inputs === undefined) continue;
    const settings: Record<string, string> = {};
    for (const [name, value] of Object.entries(inputs)) {
      if (typeof value === "string" && value !== "") settings[name] = value;
      else if (typeof value === "number" || typeof value === "boolean") {
        settings[name] = String(value);
      }
    }
    return settings;
  }
  return undefined;
}

/**
 * A config source over `settings` (by setting name), whatever namespace a key is asked in; its
 * messages name them under `namespace` (`ngrok-dynamic:apiKey`).
 */
export function settingsSource(
  settings: Readonly<Record<string, string>>,
  namespace: string,
): SettingsSource {
  return {
    namespace,
    get: (key) => {
      const name = key.slice(key.lastIndexOf(":") + 1);
      return Object.hasOwn(settings, name) ? settings[name] : undefined;
    },
  };
}

/**
 * Fails, before any request, when neither `settings` nor the environment gives an API key, with
 * the message in the words of the stack's family (`ngrok-dynamic:apiKey` for a plugin stack).
 *
 * @throws Error naming the stack config key and the environment variable to set.
 */
export function requireApiKey(
  namespace: string,
  settings: Readonly<Record<string, string>> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (settings?.apiKey !== undefined || (env[ENV_VARS.apiKey] ?? "") !== "") return;
  const where =
    namespace === PLUGIN_PACKAGE
      ? `the state's ${PLUGIN_PACKAGE} provider holds none (export it with --show-secrets), so set `
      : "set ";
  throw new Error(
    `no ngrok API key: ${where}the environment variable ${ENV_VARS.apiKey} to the stack's key ` +
      `(the stack config ${namespace}:apiKey of the program), and ${ENV_VARS.apiBaseUrl} for another API than ngrok's`,
  );
}
