/**
 * Two tiers of tests, one Jest project each (CONTRIBUTING.md, "Tests"):
 *
 * - `fast`: pure rules, the providers through the emulator, Pulumi's dynamic-provider host driven
 *   as the engine drives it, the emulator, the types, the repository: `npm run test:fast`, a few
 *   minutes, nothing waits on a clock it does not control.
 * - `engine`: what starts the real Pulumi CLI or OpenSSH, or waits on a rate-limit window:
 *   `npm run test:engine`. Its suites spend most of their time waiting on other processes, so
 *   they run several at a time (see `scripts` in package.json); each has its own emulator (port
 *   0), its own backend folder and `PULUMI_HOME`, and its own pacing memory (one per base URL).
 *
 * `npm test` runs both, the fast tier first.
 *
 * @type {import('jest').Config}
 */
const ENGINE_TIER = [
  // The real Pulumi CLI through the Automation API (and the real OpenSSH test).
  "<rootDir>/tests/automation/**/*.test.ts",
  // The plugin's executables, made for every target (a Node.js runtime fetched for each) and
  // run under qemu and wine.
  "<rootDir>/tests/executables/**/*.test.ts",
  // The release's SDK packages: Pulumi's generators, built with Go (minutes when cold).
  "<rootDir>/tests/repository/sdkPackages.test.ts",
  // Schemathesis (Python, a cached virtual environment) fuzzing the emulator against its
  // OpenAPI document.
  "<rootDir>/tests/emulator/schemathesis.test.ts",
  // `npm run demo`: a real `pulumi up` when the CLI is there.
  "<rootDir>/tests/e2e/demo.e2e.test.ts",
  // Waiting on the emulator's rate-limit windows: 300 operations, pacing at a scaled rate.
  "<rootDir>/tests/provider/rateLimit.test.ts",
  "<rootDir>/tests/provider/rateLimitRetryAfter.test.ts",
  "<rootDir>/tests/provider/client/pacing.test.ts",
];

const common = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
};

module.exports = {
  // Host and engine-path tests spawn processes; give them room on a 2-core machine.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: "fast",
      testMatch: ["<rootDir>/tests/**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", ...ENGINE_TIER.map(globToRegExp)],
    },
    {
      ...common,
      displayName: "engine",
      testMatch: ENGINE_TIER,
    },
  ],
};

/** A `<rootDir>/…` glob of the list above as a path pattern (Jest's ignore patterns are regexps). */
function globToRegExp(glob) {
  return glob
    .replace("<rootDir>", "")
    .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\/\*\*\//g, "/(.*/)?")
    .replace(/\*/g, "[^/]*");
}
