/**
 * Where the provider finds its API key and base URL (provider/client/configuration.ts): stack
 * config remembered by `configure`, then the environment, then the default; read at call time.
 */
import {
  clientFromConfiguration,
  configure,
  DEFAULT_API_BASE_URL,
  NgrokConfigurationError,
  resolveApiSettings,
  resolvePacing,
  resolveRequestSettings,
} from "../../../provider";
import { configureFromStack, resetStackConfig } from "../../../provider/client/configuration";

const ENV_NAMES = [
  "NGROK_API_KEY",
  "NGROK_API_BASE_URL",
  "NGROK_RETRY_MAX_ATTEMPTS",
  "NGROK_RETRY_DEADLINE_SECONDS",
  "NGROK_REQUEST_TIMEOUT_SECONDS",
  "NGROK_MAX_REQUESTS_PER_MINUTE",
  "PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS",
] as const;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(() => {
  for (const name of ENV_NAMES) savedEnv[name] = process.env[name];
});

beforeEach(() => {
  resetStackConfig();
  for (const name of ENV_NAMES) delete process.env[name];
});

afterAll(() => {
  resetStackConfig();
  for (const name of ENV_NAMES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

/** Pulumi's `configure` with a stack config holding `values` (namespaced keys). */
async function configureWith(values: Record<string, string | undefined>): Promise<void> {
  await configure({ config: { get: (key: string) => values[key] } } as unknown as Parameters<
    typeof configure
  >[0]);
}

/** The configuration error thrown by `fn`. */
function configurationErrorOf(fn: () => unknown): NgrokConfigurationError {
  try {
    fn();
  } catch (error) {
    expect(NgrokConfigurationError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(NgrokConfigurationError);
    return error as NgrokConfigurationError;
  }
  throw new Error("expected a configuration error");
}

describe("API key", () => {
  it("prefers the stack config over the environment", async () => {
    process.env.NGROK_API_KEY = "from_env";
    await configureWith({ "ngrok:apiKey": "from_config" });
    expect(resolveApiSettings().apiKey).toBe("from_config");
  });

  it("uses NGROK_API_KEY when the stack config has none", async () => {
    process.env.NGROK_API_KEY = "from_env";
    await configureWith({});
    expect(resolveApiSettings().apiKey).toBe("from_env");
    resetStackConfig();
    expect(resolveApiSettings().apiKey).toBe("from_env");
  });

  it("asks the stack config for the namespaced keys ngrok:apiKey, ngrok:apiBaseUrl and the retry settings", async () => {
    const asked: string[] = [];
    await configure({
      config: {
        get: (key: string) => {
          asked.push(key);
          return undefined;
        },
      },
    } as unknown as Parameters<typeof configure>[0]);
    expect(asked.sort()).toEqual([
      "ngrok:apiBaseUrl",
      "ngrok:apiKey",
      "ngrok:maxRequestsPerMinute",
      "ngrok:requestTimeoutSeconds",
      "ngrok:retryDeadlineSeconds",
      "ngrok:retryMaxAttempts",
    ]);
  });

  it("rejects structured config (an object) with a message naming the key, not the value", async () => {
    const structured = {
      get: (key: string) => (key === "ngrok:apiKey" ? { token: "sekrit" } : undefined),
    };
    const error = await configure({ config: structured } as unknown as Parameters<
      typeof configure
    >[0]).catch((e: unknown) => e);
    expect(NgrokConfigurationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      "the stack config ngrok:apiKey must be a string, not object",
    );
  });

  it("fails without a key, naming ngrok:apiKey and NGROK_API_KEY", async () => {
    await configureWith({ "ngrok:apiBaseUrl": "https://api.ngrok.com" });
    const error = configurationErrorOf(() => resolveApiSettings());
    expect(error.name).toBe("NgrokConfigurationError");
    expect(error.message).toContain("ngrok:apiKey");
    expect(error.message).toContain("NGROK_API_KEY");
    // The client factory fails the same way, before any request.
    configurationErrorOf(() => clientFromConfiguration());
  });

  it.each(["", "   ", "\t\n"])("treats %j as unset", async (blank) => {
    process.env.NGROK_API_KEY = "from_env";
    await configureWith({ "ngrok:apiKey": blank });
    expect(resolveApiSettings().apiKey).toBe("from_env");
    process.env.NGROK_API_KEY = blank;
    const error = configurationErrorOf(() => resolveApiSettings());
    expect(error.message).toContain("NGROK_API_KEY");
  });

  it("trims surrounding whitespace (a pasted key with a newline)", async () => {
    process.env.NGROK_API_KEY = "  env_key\n";
    expect(resolveApiSettings().apiKey).toBe("env_key");
    await configureWith({ "ngrok:apiKey": " config_key " });
    expect(resolveApiSettings().apiKey).toBe("config_key");
  });

  it("forgets a previous configure call's values", async () => {
    await configureWith({ "ngrok:apiKey": "first" });
    await configureWith({});
    configurationErrorOf(() => resolveApiSettings());
  });

  it("reads the environment at call time", () => {
    process.env.NGROK_API_KEY = "one";
    expect(clientFromConfiguration()).toBeDefined();
    expect(resolveApiSettings().apiKey).toBe("one");
    process.env.NGROK_API_KEY = "two";
    expect(resolveApiSettings().apiKey).toBe("two");
    delete process.env.NGROK_API_KEY;
    configurationErrorOf(() => clientFromConfiguration());
  });

  it("reads an explicit environment when one is passed", () => {
    process.env.NGROK_API_KEY = "process_env";
    expect(resolveApiSettings({ NGROK_API_KEY: "given" }).apiKey).toBe("given");
  });
});

describe("base URL", () => {
  beforeEach(() => {
    process.env.NGROK_API_KEY = "key";
  });

  it("defaults to https://api.ngrok.com", () => {
    expect(DEFAULT_API_BASE_URL).toBe("https://api.ngrok.com");
    expect(resolveApiSettings().baseUrl).toBe("https://api.ngrok.com");
    expect(clientFromConfiguration().baseUrl).toBe("https://api.ngrok.com");
  });

  it("prefers the stack config over the environment", async () => {
    process.env.NGROK_API_BASE_URL = "http://127.0.0.1:1111";
    await configureWith({ "ngrok:apiBaseUrl": "http://127.0.0.1:2222" });
    expect(resolveApiSettings().baseUrl).toBe("http://127.0.0.1:2222");
  });

  it("uses NGROK_API_BASE_URL when the stack config has none, with the key from config", async () => {
    process.env.NGROK_API_BASE_URL = "http://127.0.0.1:1111";
    await configureWith({ "ngrok:apiKey": "config_key" });
    expect(resolveApiSettings()).toEqual({
      apiKey: "config_key",
      baseUrl: "http://127.0.0.1:1111",
      // Where each came from, for the messages that say which setting to change.
      sources: {
        namespace: "ngrok",
        found: { apiKey: "ngrok:apiKey", apiBaseUrl: "NGROK_API_BASE_URL" },
      },
    });
  });

  it("names the sources in the namespace read, or the environment's alone", () => {
    process.env.NGROK_API_KEY = "env_key";
    process.env.NGROK_RETRY_MAX_ATTEMPTS = "3";
    const plugin = resolveApiSettings(
      process.env,
      { apiBaseUrl: "http://127.0.0.1:3333" },
      "ngrok-dynamic",
    );
    expect(plugin.sources).toEqual({
      namespace: "ngrok-dynamic",
      found: {
        apiKey: "NGROK_API_KEY",
        apiBaseUrl: "ngrok-dynamic:apiBaseUrl",
        retryMaxAttempts: "NGROK_RETRY_MAX_ATTEMPTS",
      },
    });
    expect(resolveApiSettings(process.env, {}, null).sources).toEqual({
      namespace: null,
      found: { apiKey: "NGROK_API_KEY", retryMaxAttempts: "NGROK_RETRY_MAX_ATTEMPTS" },
    });
    delete process.env.NGROK_RETRY_MAX_ATTEMPTS;
  });

  it.each([
    ["http://127.0.0.1:8787/", "http://127.0.0.1:8787"],
    ["https://api.ngrok.com//", "https://api.ngrok.com"],
    ["https://proxy.example/ngrok/", "https://proxy.example/ngrok"],
    ["https://proxy.example/ngrok", "https://proxy.example/ngrok"],
    ["  HTTPS://API.NGROK.COM  ", "https://api.ngrok.com"],
  ])("normalizes %j to %j", async (raw, expected) => {
    process.env.NGROK_API_BASE_URL = raw;
    expect(resolveApiSettings().baseUrl).toBe(expected);
    delete process.env.NGROK_API_BASE_URL;
    await configureWith({ "ngrok:apiBaseUrl": raw });
    expect(resolveApiSettings().baseUrl).toBe(expected);
  });

  it.each([
    "ftp://x",
    "not a url",
    "https://api.ngrok.com/?debug=1",
    "https://api.ngrok.com?x",
    "https://api.ngrok.com?",
    "https://api.ngrok.com/#",
    "https://api.ngrok.com/#top",
    "/relative/path",
    "api.ngrok.com",
    "file:///etc/passwd",
  ])("rejects %j naming ngrok:apiBaseUrl and NGROK_API_BASE_URL", async (raw) => {
    process.env.NGROK_API_BASE_URL = raw;
    const fromEnv = configurationErrorOf(() => resolveApiSettings());
    await configureWith({ "ngrok:apiBaseUrl": raw, "ngrok:apiKey": "secret_config_key" });
    const fromConfig = configurationErrorOf(() => resolveApiSettings());
    for (const error of [fromEnv, fromConfig]) {
      expect(error.message).toContain("ngrok:apiBaseUrl");
      expect(error.message).toContain("NGROK_API_BASE_URL");
      expect(error.message).toContain(JSON.stringify(raw.trim()));
      expect(error.message).not.toContain("secret_config_key");
    }
  });

  it.each(["https://user:hunter2@api.ngrok.com", "https://ak_secret@api.ngrok.com/"])(
    "rejects credentials in %j without quoting them",
    (raw) => {
      process.env.NGROK_API_BASE_URL = raw;
      const error = configurationErrorOf(() => resolveApiSettings());
      expect(error.message).toContain("ngrok:apiBaseUrl");
      expect(error.message).toContain("NGROK_API_BASE_URL");
      expect(error.message).toMatch(/must not contain a user name or password/);
      expect(error.message).not.toMatch(/hunter2|ak_secret/);
    },
  );

  it.each(["", "  "])("treats %j as unset", async (blank) => {
    process.env.NGROK_API_BASE_URL = "http://127.0.0.1:1111";
    await configureWith({ "ngrok:apiBaseUrl": blank });
    expect(resolveApiSettings().baseUrl).toBe("http://127.0.0.1:1111");
    process.env.NGROK_API_BASE_URL = blank;
    expect(resolveApiSettings().baseUrl).toBe(DEFAULT_API_BASE_URL);
  });

  it("reads the environment at call time", () => {
    process.env.NGROK_API_BASE_URL = "http://127.0.0.1:1111";
    expect(clientFromConfiguration().baseUrl).toBe("http://127.0.0.1:1111");
    process.env.NGROK_API_BASE_URL = "http://127.0.0.1:2222/";
    expect(clientFromConfiguration().baseUrl).toBe("http://127.0.0.1:2222");
    delete process.env.NGROK_API_BASE_URL;
    expect(clientFromConfiguration().baseUrl).toBe(DEFAULT_API_BASE_URL);
  });

  it("configureFromStack and provider configure remember the same values", async () => {
    configureFromStack({ get: (key) => ({ "ngrok:apiBaseUrl": "http://127.0.0.1:3333" })[key] });
    expect(resolveApiSettings().baseUrl).toBe("http://127.0.0.1:3333");
    await configureWith({ "ngrok:apiBaseUrl": "http://127.0.0.1:4444" });
    expect(resolveApiSettings().baseUrl).toBe("http://127.0.0.1:4444");
  });
});

describe("retry and timeout settings", () => {
  it("are unset by default, so the client's defaults apply", () => {
    expect(resolveRequestSettings()).toEqual({
      attempts: undefined,
      deadlineMs: undefined,
      timeoutMs: undefined,
    });
  });

  it("come from the stack config first, then the environment, in seconds", async () => {
    process.env.NGROK_RETRY_MAX_ATTEMPTS = "7";
    process.env.NGROK_RETRY_DEADLINE_SECONDS = "90";
    process.env.NGROK_REQUEST_TIMEOUT_SECONDS = "2.5";
    expect(resolveRequestSettings()).toEqual({ attempts: 7, deadlineMs: 90000, timeoutMs: 2500 });
    await configureWith({ "ngrok:retryMaxAttempts": "3", "ngrok:requestTimeoutSeconds": "10" });
    expect(resolveRequestSettings()).toEqual({ attempts: 3, deadlineMs: 90000, timeoutMs: 10000 });
  });

  it("accept numbers from structured config", async () => {
    await configure({
      config: { get: (key: string) => (key === "ngrok:retryMaxAttempts" ? 4 : undefined) },
    } as unknown as Parameters<typeof configure>[0]);
    expect(resolveRequestSettings().attempts).toBe(4);
  });

  it.each([
    [
      "NGROK_RETRY_MAX_ATTEMPTS",
      "0",
      /ngrok:retryMaxAttempts \(or NGROK_RETRY_MAX_ATTEMPTS\) must be an integer from 1 to 100, got "0"/,
    ],
    ["NGROK_RETRY_MAX_ATTEMPTS", "2.5", /must be an integer from 1 to 100, got "2.5"/],
    ["NGROK_RETRY_MAX_ATTEMPTS", "lots", /must be an integer from 1 to 100, got "lots"/],
    [
      "NGROK_RETRY_DEADLINE_SECONDS",
      "-1",
      /ngrok:retryDeadlineSeconds \(or NGROK_RETRY_DEADLINE_SECONDS\) must be a number from 0.001 to 86400/,
    ],
    [
      "NGROK_REQUEST_TIMEOUT_SECONDS",
      "Infinity",
      /ngrok:requestTimeoutSeconds \(or NGROK_REQUEST_TIMEOUT_SECONDS\) must be a number from 0.001 to 3600/,
    ],
  ])("rejects %s=%j naming the key, the variable and the rule", (name, value, message) => {
    process.env[name] = value;
    let thrown: unknown;
    try {
      resolveRequestSettings();
    } catch (error) {
      thrown = error;
    }
    expect(NgrokConfigurationError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(message);
    // The client is built from the same settings, so a provider call fails the same way.
    process.env.NGROK_API_KEY = "k";
    expect(() => clientFromConfiguration()).toThrow(message);
  });

  it("reach the client built for a provider call", () => {
    process.env.NGROK_API_KEY = "k";
    process.env.NGROK_REQUEST_TIMEOUT_SECONDS = "1.5";
    expect(clientFromConfiguration().timeoutMs).toBe(1500);
  });
});

describe("pacing (ngrok:maxRequestsPerMinute)", () => {
  it("is ngrok's 120 requests per 60 s by default", () => {
    expect(resolvePacing()).toEqual({ requests: 120, windowMs: 60000 });
  });

  it("comes from the stack config first, then the environment; 0 turns it off", async () => {
    process.env.NGROK_MAX_REQUESTS_PER_MINUTE = "60";
    expect(resolvePacing()).toEqual({ requests: 60, windowMs: 60000 });
    await configureWith({ "ngrok:maxRequestsPerMinute": "0" });
    expect(resolvePacing()).toBeUndefined();
    await configureWith({ "ngrok:maxRequestsPerMinute": "300" });
    expect(resolvePacing()).toEqual({ requests: 300, windowMs: 60000 });
  });

  it("counts in a shorter window when the test-only variable says so", () => {
    process.env.PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS = "6000";
    expect(resolvePacing()).toEqual({ requests: 120, windowMs: 6000 });
  });

  it.each([
    [
      "NGROK_MAX_REQUESTS_PER_MINUTE",
      "-1",
      /ngrok:maxRequestsPerMinute \(or NGROK_MAX_REQUESTS_PER_MINUTE\) must be an integer from 0 to 100000, got "-1"/,
    ],
    ["NGROK_MAX_REQUESTS_PER_MINUTE", "1.5", /must be an integer from 0 to 100000, got "1.5"/],
    ["NGROK_MAX_REQUESTS_PER_MINUTE", "lots", /must be an integer from 0 to 100000, got "lots"/],
    ["NGROK_MAX_REQUESTS_PER_MINUTE", "100001", /must be an integer from 0 to 100000/],
    [
      "PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS",
      "0",
      /PULUMI_NGROK_DYNAMIC_RATE_WINDOW_MS must be an integer from 1 to 3600000, got "0"/,
    ],
  ])("rejects %s=%j naming the key, the variable and the rule", (name, value, message) => {
    process.env[name] = value;
    expect(() => resolvePacing()).toThrow(message);
    process.env.NGROK_API_KEY = "k";
    expect(() => clientFromConfiguration()).toThrow(message);
  });
});
