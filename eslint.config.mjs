// ESLint flat config: typescript-eslint's recommended rules on every TypeScript file.
import eslint from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "coverage/",
      ".tmp/",
      "examples/*/node_modules/",
      "examples/*/bin/",
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
    // The thin provider classes in sdk/ must call require() inside their methods so that
    // Pulumi's closure serializer does not capture the implementation (see sdk/README).
    files: ["sdk/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // devtools/ loads @pulumi/pulumi, gRPC and ts-node from the program's own node_modules, by
    // resolved path, as Pulumi's engine and language host do.
    files: ["devtools/**/*.ts"],
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
