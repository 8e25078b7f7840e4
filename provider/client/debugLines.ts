/**
 * Whether the API client's debug lines (one per retry) are also printed on standard error:
 * `./log` for Pulumi's logging, `cli/common/commandLog.ts` for the commands.
 *
 * @module
 */

/** Set to `1` (or `true`) to also print the client's debug lines on standard error. */
export const DEBUG_ENV_VAR = "PULUMI_NGROK_DYNAMIC_DEBUG";

/** Whether {@link DEBUG_ENV_VAR} asks for the debug lines on standard error. */
export function debugLinesWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const flag = env[DEBUG_ENV_VAR];
  return flag === "1" || flag === "true";
}
