/**
 * Loading a TypeScript Pulumi program the way Pulumi's Node.js language host does (`cmd/run`):
 * ts-node registered with the program's `tsconfig.json` (in the working directory) and the
 * compiler options Pulumi adds, so that `@pulumi/pulumi` and `pulumi-ngrok-dynamic` resolve from
 * the program's own folder. Used by {@link runProgram} (the program under mocks) and by the real
 * engine's inline runner.
 *
 * @module
 */
import * as fs from "node:fs";

/**
 * Registers ts-node as Pulumi's `cmd/run` does for a TypeScript program in the working directory.
 * `fromProgram` resolves a module id from the program's folder.
 * `PULUMI_NODEJS_TRANSPILE_ONLY=true` skips type checking, as it does for `pulumi up`.
 */
export function registerTypeScript(fromProgram: (id: string) => string): void {
  const tsutils = require(fromProgram("@pulumi/pulumi/tsutils")) as {
    loadTypeScriptCompilerOptions(tsConfigPath: string): Record<string, unknown>;
    typeScriptRequireStrings(): { tsnodeRequire: string; typescriptRequire: string };
  };
  const tsConfigPath = "tsconfig.json";
  const { tsnodeRequire, typescriptRequire } = tsutils.typeScriptRequireStrings();
  const tsnode = require(require.resolve(tsnodeRequire, { paths: [process.cwd()] })) as {
    register(options: unknown): void;
  };
  const compilerOptions = tsutils.loadTypeScriptCompilerOptions(tsConfigPath);
  const transpileOnlyEnv = process.env.PULUMI_NODEJS_TRANSPILE_ONLY;
  tsnode.register({
    compiler: typescriptRequire,
    transpileOnly: transpileOnlyEnv ? transpileOnlyEnv === "true" : compilerOptions.noCheck,
    project: tsConfigPath,
    skipProject: !fs.existsSync(tsConfigPath),
    compilerOptions: {
      target: "ES2020",
      module: "nodenext",
      moduleResolution: "nodenext",
      sourceMap: "true",
      ...compilerOptions,
    },
  });
}
