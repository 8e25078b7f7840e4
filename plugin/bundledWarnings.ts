/**
 * In the plugin's self-contained executable (a Node.js single executable application of a
 * bundle, `tools/devtools/executables/`), the dependencies run outside `node_modules`, where Node.js
 * shows the runtime deprecation warnings it keeps from users of a dependency: DEP0040 (the
 * `punycode` built-in, required by node-fetch v2's `whatwg-url` and `tr46`) and DEP0169
 * (`url.parse`, called by node-fetch v2). A user running `pulumi-resource-ngrok-dynamic
 * pending-creates` saw both on stderr. Installed as a package, Node.js keeps them quiet, so the
 * executable does the same for exactly these two; every other warning is shown.
 *
 * @module
 */
import { isSea } from "node:sea";

/** The deprecations of the bundled dependencies, not of this package's own code. */
const BUNDLED_DEPRECATIONS: ReadonlySet<string> = new Set(["DEP0040", "DEP0169"]);

/** The code of a warning `process.emitWarning` was called with, if any. */
function codeOf(warning: unknown, rest: readonly unknown[]): unknown {
  if (warning instanceof Error && "code" in warning) return warning.code;
  const [typeOrOptions, code] = rest;
  if (typeof typeOrOptions === "object" && typeOrOptions !== null && "code" in typeOrOptions) {
    return typeOrOptions.code;
  }
  return code;
}

/** In a single executable, drops the bundled dependencies' deprecation warnings (see above). */
export function quietBundledDeprecations(): void {
  if (!isSea()) return;
  const emit = process.emitWarning.bind(process);
  process.emitWarning = (warning: string | Error, ...rest: unknown[]): void => {
    const code = codeOf(warning, rest);
    if (typeof code === "string" && BUNDLED_DEPRECATIONS.has(code)) return;
    Reflect.apply(emit, process, [warning, ...rest]);
  };
}
