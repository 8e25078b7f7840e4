/**
 * Where the provider finds its API key and base URL, read at call time.
 *
 * Sources, first match wins:
 * - API key: stack config `ngrok:apiKey` (handed to the provider by Pulumi's `configure` call),
 *   then the environment variable `NGROK_API_KEY`.
 * - Base URL: stack config `ngrok:apiBaseUrl`, then `NGROK_API_BASE_URL`, then
 *   {@link DEFAULT_API_BASE_URL}.
 *
 * These are the names ngrok's own Terraform provider and the bridged Pulumi provider use.
 *
 * Retry and timeout settings (see {@link resolveRequestSettings}), same precedence, all optional:
 * `ngrok:retryMaxAttempts` / `NGROK_RETRY_MAX_ATTEMPTS` (attempts per request, integer 1..100,
 * default 10), `ngrok:retryDeadlineSeconds` / `NGROK_RETRY_DEADLINE_SECONDS` (total time budget
 * of one request with its retries, default 300), `ngrok:requestTimeoutSeconds` /
 * `NGROK_REQUEST_TIMEOUT_SECONDS` (one attempt, default 60).
 *
 * Pacing (see {@link resolvePacing}), same precedence: `ngrok:maxRequestsPerMinute` /
 * `NGROK_MAX_REQUESTS_PER_MINUTE`, the requests per rolling 60 s the provider sends to one
 * account (integer 0..100000, default 120, ngrok's limit; 0 turns pacing off). The environment
 * variable {@link RATE_WINDOW_ENV_VAR} shortens the 60 s window, for tests and benchmarks only.
 *
 * The values live only in the memory of the dynamic-provider host process: they are never captured
 * in the serialized provider (`__provider`), never written to state, logs or error messages.
 *
 * @module
 */
import { NgrokConfigurationError } from "./errors";
import { DEFAULT_RATE_LIMIT, type RateLimit } from "./rateLimiter";

/** ngrok's API base URL, used when neither `ngrok:apiBaseUrl` nor `NGROK_API_BASE_URL` is set. */
export const DEFAULT_API_BASE_URL = "https://api.ngrok.com";

/** The stack config keys and environment variables read here (see `./settings`). */
export { CONFIG_KEYS, ENV_VARS, useConfigNamespace } from "./settings";
import { CONFIG_KEYS, configNamespace, ENV_VARS, providerSettingNames } from "./settings";

/**
 * For tests and benchmarks only: the length in milliseconds (integer 1..3600000) of the window
 * `ngrok:maxRequestsPerMinute` counts in, instead of 60000, so that a run against the emulator
 * with a scaled rate limit (e.g. 120 requests per 6 s) is paced at the same scale. Environment
 * only; not a user setting.
 */
export const RATE_WINDOW_ENV_VAR = "PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS";

type SettingName = keyof typeof CONFIG_KEYS;

/** What a request needs: the key for the `Authorization: Bearer` header and the base URL. */
export interface NgrokApiSettings {
  readonly apiKey: string;
  /** Absolute http(s) URL without a trailing slash, e.g. `https://api.ngrok.com`. */
  readonly baseUrl: string;
  /**
   * Where the settings were read, for the messages that say which one to change; without it
   * (a client built by hand), they name the process's stack config keys ({@link CONFIG_KEYS})
   * and the environment variables.
   */
  readonly sources?: SettingSources;
}

/** Where a client's settings were read: what its messages name (never a value). */
export interface SettingSources {
  /**
   * The stack config namespace read before the environment (`ngrok`; the provider plugin's
   * `ngrok-dynamic`), or `null` when only the environment is read (the commands, for
   * `edges-to-endpoints` and for a stack of the Node.js classes).
   */
  readonly namespace: string | null;
  /**
   * Where each setting that was set came from: its stack config key (`ngrok:apiBaseUrl`) or its
   * environment variable (`NGROK_API_BASE_URL`). A setting left out takes its default.
   */
  readonly found: Readonly<Partial<Record<SettingName, string>>>;
}

/** The subset of Pulumi's dynamic `Config` that configure needs. */
export interface ConfigSource {
  get(key: string): string | undefined;
  /**
   * The stack config namespace whose keys `get` answers (`ngrok`, `ngrok-dynamic`), as messages
   * name them; `null` for a source that is no stack config (the environment alone is read).
   * Default: the process's ({@link CONFIG_KEYS}).
   */
  readonly namespace?: string | null;
}

/**
 * Settings read from a stack config (see {@link readStackConfig}), by their name in
 * {@link CONFIG_KEYS}; an absent one falls back to its environment variable.
 */
export type StackSettings = Partial<Record<SettingName, string>>;

let stackConfig: StackSettings = {};

/**
 * Remembers every setting of {@link CONFIG_KEYS} (`ngrok:apiKey`, `ngrok:apiBaseUrl`,
 * `ngrok:retryMaxAttempts`, `ngrok:retryDeadlineSeconds`, `ngrok:requestTimeoutSeconds`,
 * `ngrok:maxRequestsPerMinute`) from the stack config that Pulumi hands to the provider's `configure` method. Called once per provider
 * in the dynamic-provider host; the values stay in that process's memory.
 */
export function configureFromStack(config: ConfigSource): void {
  stackConfig = readStackConfig(config);
}

/** The settings of {@link CONFIG_KEYS} that `config` holds, as {@link configureFromStack} reads them. */
export function readStackConfig(config: ConfigSource): StackSettings {
  const read: Partial<Record<SettingName, string>> = {};
  for (const name of providerSettingNames()) {
    read[name] = nonEmpty(stackString(config, CONFIG_KEYS[name]));
  }
  return read;
}

/**
 * A config value that must be a string. Structured config (`pulumi config set --path`) reaches
 * the provider as an object; that is a mistake worth naming, without echoing the value.
 */
function stackString(config: ConfigSource, key: string): string | undefined {
  const value: unknown = config.get(key);
  if (value === undefined || value === null || typeof value === "string") {
    return value ?? undefined;
  }
  if (typeof value === "number" && key !== CONFIG_KEYS.apiKey) {
    return String(value);
  }
  throw new NgrokConfigurationError(
    `the stack config ${key} must be a string, not ${Array.isArray(value) ? "a list" : typeof value}`,
  );
}

/** Forgets what {@link configureFromStack} remembered (for tests). */
export function resetStackConfig(): void {
  stackConfig = {};
}

/**
 * Resolves the settings for one API call, now: from `stack` (default: what
 * {@link configureFromStack} remembered), then `env`; `namespace` is the stack config's, which
 * the returned `sources` name (`null`: `stack` is no stack config, only the environment is read).
 *
 * @throws {@link NgrokConfigurationError} when no API key is set, or the base URL is not an
 *   absolute http(s) URL. The message names the config key and the environment variable.
 */
export function resolveApiSettings(
  env: NodeJS.ProcessEnv = process.env,
  stack: StackSettings = stackConfig,
  namespace: string | null = configNamespace(),
): NgrokApiSettings {
  const apiKey = stack.apiKey ?? nonEmpty(env[ENV_VARS.apiKey]);
  if (apiKey === undefined) {
    throw new NgrokConfigurationError(
      `no ngrok API key: set the stack config ${CONFIG_KEYS.apiKey} ` +
        `(pulumi config set ${CONFIG_KEYS.apiKey} --secret) or the environment variable ${ENV_VARS.apiKey}`,
    );
  }
  const rawBaseUrl = stack.apiBaseUrl ?? nonEmpty(env[ENV_VARS.apiBaseUrl]) ?? DEFAULT_API_BASE_URL;
  const found: Partial<Record<SettingName, string>> = {};
  for (const name of providerSettingNames()) {
    if (stack[name] !== undefined) found[name] = `${namespace ?? configNamespace()}:${name}`;
    else if (nonEmpty(env[ENV_VARS[name]]) !== undefined) found[name] = ENV_VARS[name];
  }
  return { apiKey, baseUrl: normalizeBaseUrl(rawBaseUrl), sources: { namespace, found } };
}

/**
 * Whether an API key is set, now: the stack config `ngrok:apiKey` (default: what
 * {@link configureFromStack} remembered) or `NGROK_API_KEY`, as {@link resolveApiSettings} looks.
 */
export function hasApiKey(
  env: NodeJS.ProcessEnv = process.env,
  stack: StackSettings = stackConfig,
): boolean {
  return (stack.apiKey ?? nonEmpty(env[ENV_VARS.apiKey])) !== undefined;
}

/** Where an API key came from: the stack config key or the environment variable. */
export type ApiKeySource = typeof CONFIG_KEYS.apiKey | typeof ENV_VARS.apiKey;

/**
 * Where `apiKey` came from, judged now as {@link resolveApiSettings} would find it: the stack
 * config `ngrok:apiKey` when it holds this key, else `NGROK_API_KEY` when it does, else
 * `undefined` (the key was given some other way, e.g. to a client built by hand). Used to say
 * which setting to fix when ngrok refuses the key; the key itself is never shown.
 */
export function apiKeySource(
  apiKey: string,
  env: NodeJS.ProcessEnv = process.env,
): ApiKeySource | undefined {
  if (stackConfig.apiKey === apiKey) return CONFIG_KEYS.apiKey;
  if (nonEmpty(env[ENV_VARS.apiKey]) === apiKey) return ENV_VARS.apiKey;
  return undefined;
}

/**
 * What {@link resolveRequestSettings} returns. A field left `undefined` was not set: the client's
 * default applies (`DEFAULT_RETRY_POLICY`, `DEFAULT_REQUEST_TIMEOUT_MS`).
 */
export interface RequestSettings {
  /** Attempts per request, the first included. */
  readonly attempts?: number;
  /** Total time budget of one request with its retries, in milliseconds. */
  readonly deadlineMs?: number;
  /** Time budget of one attempt, in milliseconds. */
  readonly timeoutMs?: number;
}

/**
 * Resolves the retry and timeout settings for one API call, now: from `stack` (default: what
 * {@link configureFromStack} remembered), then `env` (see the module comment for the keys and
 * defaults).
 *
 * @throws {@link NgrokConfigurationError} when a value is not a number in its range; the message
 *   names the config key, the environment variable and the rule.
 */
export function resolveRequestSettings(
  env: NodeJS.ProcessEnv = process.env,
  stack: StackSettings = stackConfig,
): RequestSettings {
  const seconds = (value: number | undefined) => (value === undefined ? undefined : value * 1000);
  const number = (name: keyof typeof NUMBER_RULES) =>
    numberSetting(name, env, stack, NUMBER_RULES[name]);
  return {
    attempts: number("retryMaxAttempts"),
    deadlineMs: seconds(number("retryDeadlineSeconds")),
    timeoutMs: seconds(number("requestTimeoutSeconds")),
  };
}

/**
 * Resolves the pacing for one API call, now: `ngrok:maxRequestsPerMinute` (or
 * `NGROK_MAX_REQUESTS_PER_MINUTE`) requests per 60 s, default {@link DEFAULT_RATE_LIMIT} (120);
 * `undefined` when it is 0 (pacing off). {@link RATE_WINDOW_ENV_VAR} replaces the 60 s.
 *
 * @throws {@link NgrokConfigurationError} when a value is not an integer in its range; the
 *   message names the config key (or variable) and the rule.
 */
export function resolvePacing(
  env: NodeJS.ProcessEnv = process.env,
  stack: StackSettings = stackConfig,
): RateLimit | undefined {
  const requests =
    numberSetting("maxRequestsPerMinute", env, stack, NUMBER_RULES.maxRequestsPerMinute) ??
    DEFAULT_RATE_LIMIT.requests;
  const rawWindow = nonEmpty(env[RATE_WINDOW_ENV_VAR]);
  const windowMs = rawWindow === undefined ? DEFAULT_RATE_LIMIT.windowMs : Number(rawWindow);
  if (!Number.isInteger(windowMs) || windowMs < 1 || windowMs > 3_600_000) {
    throw new NgrokConfigurationError(
      `${RATE_WINDOW_ENV_VAR} must be an integer from 1 to 3600000, got ${JSON.stringify(rawWindow)}`,
    );
  }
  return requests === 0 ? undefined : { requests, windowMs };
}

type NumberRule = { integer?: boolean; min: number; max: number };

/** The range of each numeric setting. */
const NUMBER_RULES = {
  retryMaxAttempts: { integer: true, min: 1, max: 100 },
  retryDeadlineSeconds: { min: 0.001, max: 86400 },
  requestTimeoutSeconds: { min: 0.001, max: 3600 },
  maxRequestsPerMinute: { integer: true, min: 0, max: 100000 },
} as const satisfies Partial<Record<SettingName, NumberRule>>;

/** Whether `name` is a numeric setting (a key of {@link NUMBER_RULES}). */
function isNumberSetting(name: string): name is keyof typeof NUMBER_RULES {
  return Object.hasOwn(NUMBER_RULES, name);
}

function numberSetting(
  name: SettingName,
  env: NodeJS.ProcessEnv,
  stack: StackSettings,
  rule: NumberRule,
): number | undefined {
  const raw = stack[name] ?? nonEmpty(env[ENV_VARS[name]]);
  if (raw === undefined) {
    return undefined;
  }
  const value = Number(raw);
  const kind = rule.integer ? "an integer" : "a number";
  if (
    !Number.isFinite(value) ||
    (rule.integer && !Number.isInteger(value)) ||
    value < rule.min ||
    value > rule.max
  ) {
    throw new NgrokConfigurationError(
      `${CONFIG_KEYS[name]} (or ${ENV_VARS[name]}) must be ${kind} from ${rule.min} to ${rule.max}, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL("invalid:");
  }
  const from = `(from ${CONFIG_KEYS.apiBaseUrl} or ${ENV_VARS.apiBaseUrl})`;
  if (url.username !== "" || url.password !== "") {
    // Not quoted: the URL carries a credential, and error messages end up in logs.
    throw new NgrokConfigurationError(
      `the ngrok API base URL ${from} must not contain a user name or password; ` +
        `the API key goes in ${CONFIG_KEYS.apiKey} or ${ENV_VARS.apiKey}`,
    );
  }
  // `href`, not `search`/`hash`: an empty query or fragment ("https://x?") serializes as "?"/"#"
  // but leaves `search`/`hash` empty, and would end up in the middle of every request URL.
  if (
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.href.includes("?") ||
    url.href.includes("#")
  ) {
    throw new NgrokConfigurationError(
      `the ngrok API base URL ${JSON.stringify(raw)} ${from} must be an absolute http(s) URL ` +
        `without query, e.g. ${DEFAULT_API_BASE_URL}`,
    );
  }
  return url.href.replace(/\/+$/, "");
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/**
 * Every problem with the settings in `stack` (or in the environment when `stack` leaves one
 * out), without needing an API key: what `pulumi preview` must refuse before anything runs (the
 * provider plugin's `CheckConfig`). Each names the setting (`name`, as in {@link CONFIG_KEYS}) and
 * the rule, as the error at call time would.
 */
export function settingsProblems(
  env: NodeJS.ProcessEnv = process.env,
  stack: StackSettings = stackConfig,
): { name: SettingName; reason: string }[] {
  const problems: { name: SettingName; reason: string }[] = [];
  const judge = (name: SettingName, fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      if (!NgrokConfigurationError.isInstance(error)) throw error;
      problems.push({ name, reason: error.message });
    }
  };
  const baseUrl = stack.apiBaseUrl ?? nonEmpty(env[ENV_VARS.apiBaseUrl]);
  if (baseUrl !== undefined) judge("apiBaseUrl", () => normalizeBaseUrl(baseUrl));
  for (const name of Object.keys(NUMBER_RULES)) {
    if (isNumberSetting(name))
      judge(name, () => numberSetting(name, env, stack, NUMBER_RULES[name]));
  }
  return problems;
}
