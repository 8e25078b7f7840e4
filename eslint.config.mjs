// ESLint flat config: typescript-eslint's recommended rules on every TypeScript file.
import eslint from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "emulator/dist/",
      "coverage/",
      ".tmp/",
      "docs-api/",
      "release/",
      "examples/*/node_modules/",
      "examples/*/bin/",
      "sdks/",
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // The emulator is the independent oracle the provider is tested against: it never uses the
    // provider's code (nor the SDK's), or a shared mistake would pass every test.
    files: ["emulator/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/provider",
                "**/provider/**",
                "**/sdk",
                "**/sdk/**",
                "pulumi-ngrok-dynamic",
                "pulumi-ngrok-dynamic/provider",
              ],
              message:
                "emulator/ must not import provider/ or sdk/: it is the independent oracle (CONTRIBUTING.md, Boundaries).",
            },
          ],
        },
      ],
    },
  },
  {
    // The provider talks to ngrok's API only over HTTP; the emulator is a test tool, never a
    // dependency of what users deploy.
    files: ["provider/**/*.ts", "sdk/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/emulator",
                "**/emulator/**",
                "ngrok-api-emulator",
                "ngrok-api-emulator/**",
              ],
              message:
                "provider/ and sdk/ must not import emulator/: the emulator is the independent oracle (CONTRIBUTING.md, Boundaries).",
            },
          ],
        },
      ],
    },
  },
  {
    // Inside the repository the emulator's sources are imported by file: emulator/package.json's
    // main is the published build (emulator/dist), so a bare "../emulator" would load a second,
    // compiled copy next to the sources that other imports load.
    files: [
      "tests/**/*.ts",
      "tools/devtools/**/*.ts",
      "tools/scripts/**/*.ts",
      "tools/bench/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+emulator$",
              message:
                'import "../emulator/index": a bare "../emulator" resolves to emulator/package.json\'s main, the compiled build.',
            },
          ],
        },
      ],
    },
  },
  {
    // The thin provider classes in sdk/ must call require() inside their methods so that
    // Pulumi's closure serializer does not capture the implementation (see sdk/thinProvider.ts).
    files: ["sdk/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // tools/devtools/ loads @pulumi/pulumi, gRPC and ts-node from the program's own node_modules, by
    // resolved path, as Pulumi's engine and language host do.
    files: ["tools/devtools/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: {
      globals: {
        require: "readonly",
        module: "writable",
        process: "readonly",
        console: "readonly",
      },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
