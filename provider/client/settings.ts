/**
 * The provider's settings, defined once: each with its stack config key (`ngrok:<name>`), its
 * environment variable, its type, its default and what it is for. The configuration code
 * (`./configuration`, `../../sdk/ownership`) reads them by these names; the package schema's
 * provider configuration and the table of docs/configuration.md are generated from them
 * (`npm run generate`).
 *
 * The stack config namespace is `ngrok` for the Node.js resource classes (dynamic providers take
 * every config key of the stack); the provider plugin's package takes the same names under its
 * own namespace.
 *
 * @module
 */
import { closest, distance } from "fastest-levenshtein";

/** One setting. */
export interface SettingDefinition {
  /** The stack config key without its namespace, e.g. `apiKey`. */
  readonly name: string;
  /** The environment variable read when the stack config does not set it. */
  readonly env?: string;
  readonly type: "string" | "integer" | "boolean" | "object";
  /** What it is for, for the docs and the schema. */
  readonly description: string;
  /** The default as the docs say it. */
  readonly defaultText: string;
  /** A credential: `pulumi config set --secret`, a secret in the schema. */
  readonly secret?: boolean;
  /** Read by the resource classes in the program rather than by the provider (Node.js). */
  readonly program?: boolean;
}

/** Every setting, in the order the docs list them. */
export const SETTINGS = [
  {
    name: "apiKey",
    env: "NGROK_API_KEY",
    type: "string",
    secret: true,
    description: "The ngrok API key (dashboard → API → New API Key).",
    defaultText: "none: required",
  },
  {
    name: "apiBaseUrl",
    env: "NGROK_API_BASE_URL",
    type: "string",
    description: "The API base URL, an absolute http(s) URL.",
    defaultText: "`https://api.ngrok.com`",
  },
  {
    name: "retryMaxAttempts",
    env: "NGROK_RETRY_MAX_ATTEMPTS",
    type: "integer",
    description: "Attempts per request, 1 to 100.",
    defaultText: "`10`",
  },
  {
    name: "retryDeadlineSeconds",
    env: "NGROK_RETRY_DEADLINE_SECONDS",
    type: "integer",
    description: "Time budget of a request and its retries, in seconds.",
    defaultText: "`300`",
  },
  {
    name: "requestTimeoutSeconds",
    env: "NGROK_REQUEST_TIMEOUT_SECONDS",
    type: "integer",
    description: "Time budget of one attempt, in seconds.",
    defaultText: "`60`",
  },
  {
    name: "maxRequestsPerMinute",
    env: "NGROK_MAX_REQUESTS_PER_MINUTE",
    type: "integer",
    description: "Requests per rolling 60 s to one account, 0 to 100000; 0 turns pacing off.",
    defaultText: "`120` (ngrok's limit)",
  },
  {
    name: "ownershipMarker",
    env: "NGROK_OWNERSHIP_MARKER",
    type: "boolean",
    program: true,
    description:
      "Write the owning resource into each object's `metadata`, so that a rerun after an " +
      "interrupted deployment takes over what it made instead of making it again.",
    defaultText: "`false`",
  },
  {
    name: "adoptExistingIds",
    type: "object",
    program: true,
    description:
      "SSH CAs to adopt, by the URN of the resource that adopts each (what " +
      "`pulumi-ngrok-dynamic pending-creates` prints).",
    defaultText: "none",
  },
] as const satisfies readonly SettingDefinition[];

/** The settings the provider reads (not the program's own). */
type ProviderSetting = Extract<(typeof SETTINGS)[number], { env: string; program?: undefined }>;
/** The name of a setting the provider reads. */
export type ProviderSettingName = ProviderSetting["name"];

/** Whether `setting` is read by the provider (not by the program). */
const isProviderSetting = (setting: (typeof SETTINGS)[number]): setting is ProviderSetting =>
  !("program" in setting);

const providerSettings = (): ProviderSetting[] => SETTINGS.filter(isProviderSetting);

/** The names of the settings the provider reads, in the order of {@link CONFIG_KEYS}. */
export const providerSettingNames = (): ProviderSettingName[] =>
  providerSettings().map((s) => s.name);

/**
 * Whether `keys` has a config key for every setting the provider reads: what lets the object
 * built from {@link providerSettings} be typed by setting name.
 */
function hasEveryConfigKey(
  keys: Record<string, string>,
): keys is Record<string, string> & { readonly [N in ProviderSettingName]: string } {
  return providerSettings().every((s) => typeof keys[s.name] === "string");
}

/** Whether `vars` holds the environment variable of every setting the provider reads. */
function hasEveryEnvVar(
  vars: Record<string, string>,
): vars is Record<string, string> & { readonly [S in ProviderSetting as S["name"]]: S["env"] } {
  return providerSettings().every((s) => vars[s.name] === s.env);
}

/** The config keys by setting name, which {@link useConfigNamespace} renames in place. */
const configKeys: Record<string, string> = Object.fromEntries(
  providerSettings().map((s) => [s.name, `ngrok:${s.name}`]),
);
const envVars: Record<string, string> = Object.fromEntries(
  providerSettings().map((s) => [s.name, s.env]),
);
if (!hasEveryConfigKey(configKeys) || !hasEveryEnvVar(envVars)) {
  throw new Error("a setting the provider reads has no config key or environment variable");
}

/**
 * The stack config key of each setting the provider reads, by name: `ngrok:<name>` for the
 * Node.js resource classes, `<package>:<name>` once the provider plugin has called
 * {@link useConfigNamespace}. Messages name the keys through it.
 */
export const CONFIG_KEYS: { readonly [N in ProviderSettingName]: string } = configKeys;

/** The environment variable of each setting the provider reads, by name. */
export const ENV_VARS: { readonly [S in ProviderSetting as S["name"]]: S["env"] } = envVars;

/**
 * Names the settings `<namespace>:<name>` from now on, in this process: the provider plugin's
 * package reads its configuration under its own name (`ngrok-dynamic:apiKey`), where the Node.js
 * classes read the stack's `ngrok:` keys.
 */
export function useConfigNamespace(namespace: string): void {
  for (const setting of providerSettings())
    configKeys[setting.name] = `${namespace}:${setting.name}`;
}

/** The stack config namespace {@link CONFIG_KEYS} names now: `ngrok`, or the plugin's package. */
export function configNamespace(): string {
  return CONFIG_KEYS.apiKey.slice(0, CONFIG_KEYS.apiKey.lastIndexOf(":"));
}

/**
 * The settings `names`, as a message names where to set them for a reader of the stack config
 * `namespace` and then the environment: `ngrok:apiBaseUrl or NGROK_API_BASE_URL`;
 * `ngrok:retryMaxAttempts and ngrok:retryDeadlineSeconds, or NGROK_RETRY_MAX_ATTEMPTS and
 * NGROK_RETRY_DEADLINE_SECONDS`. With `namespace` `null` (a reader of the environment alone,
 * such as the commands), the environment variables only.
 */
export function settingPlaces(
  names: readonly ProviderSettingName[],
  namespace: string | null,
): string {
  const list = (items: string[]) =>
    items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  const env = list(names.map((name) => ENV_VARS[name]));
  if (namespace === null) return env;
  const config = list(names.map((name) => `${namespace}:${name}`));
  return `${config}${names.length > 1 ? "," : ""} or ${env}`;
}

/**
 * Keys the Pulumi engine itself adds to a provider's configuration (`version`, and
 * `pluginDownloadURL`/`pluginChecksums`, which engines before `__internal` put at the root;
 * `pkg/resource/deploy/providers/registry.go`): never a mistyped setting.
 */
const ENGINE_KEYS: ReadonlySet<string> = new Set([
  "version",
  "pluginDownloadURL",
  "pluginChecksums",
  "__internal",
]);

/** A config key that names no setting: the key (`<namespace>:<name>`) and why it is refused. */
export interface UnknownSetting {
  /** The key's name without its namespace, e.g. `apikey`. */
  readonly name: string;
  readonly reason: string;
}

/**
 * The setting `name` was probably meant to be: one that differs only by case, else the nearest
 * by edit distance (at most 2 edits, or a third of its length for longer names).
 */
export function nearestSetting(name: string): string | undefined {
  const names: string[] = SETTINGS.map((s) => s.name);
  const sameCase = names.find((n) => n.toLowerCase() === name.toLowerCase());
  if (sameCase !== undefined) return sameCase;
  const near = closest(name, names);
  const limit = Math.max(2, Math.floor(name.length / 3));
  return distance(name.toLowerCase(), near.toLowerCase()) <= limit ? near : undefined;
}

/**
 * The keys among `names` (un-namespaced, as a provider's configuration holds them) that are not
 * settings of this package, each with a reason naming `<namespace>:<name>`, the setting it
 * probably meant (did-you-mean, as the Terraform bridge says it) and the known ones: a mistyped
 * `ngrok:apikey` would otherwise be ignored and the provider would fall back to `NGROK_API_KEY`,
 * which may be another account's key.
 */
export function unknownSettings(names: readonly string[], namespace: string): UnknownSetting[] {
  const known: readonly string[] = SETTINGS.map((s) => s.name);
  return names
    .filter((name) => !known.includes(name) && !ENGINE_KEYS.has(name))
    .map((name) => {
      const meant = nearestSetting(name);
      return {
        name,
        reason:
          `${namespace}:${name} is not a setting of pulumi-ngrok-dynamic` +
          (meant === undefined ? "" : `; did you mean ${namespace}:${meant}?`) +
          ` Its settings are ${known.map((n) => `${namespace}:${n}`).join(", ")}`,
      };
    });
}
