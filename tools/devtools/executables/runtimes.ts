/**
 * The Node.js runtimes the executables embed ({@link Runtime}), fetched from the npm registry
 * into a cache outside the repository: `<cache>/<package>-<version>`, where the cache is
 * `$PULUMI_NGROK_RUNTIME_CACHE`, by default `~/.cache/pulumi-ngrok-dynamic/node-runtimes`.
 *
 * @module
 */
import * as path from "node:path";
import { fetchPinnedTarball } from "../npmTarball";
import { toolCacheRoot } from "../pulumiCli";
import type { Runtime } from "./targets";

/**
 * The path of `runtime`'s binary, fetching its package first if the cache lacks it.
 *
 * @throws Error when npm refuses the package or its integrity differs from the pinned one.
 */
export function runtimeBinary(runtime: Runtime, env: NodeJS.ProcessEnv = process.env): string {
  const dir = path.join(
    toolCacheRoot("node-runtimes", env.PULUMI_NGROK_RUNTIME_CACHE, env),
    `${runtime.package}-${runtime.version}`,
  );
  fetchPinnedTarball(`${runtime.package}@${runtime.version}`, runtime.integrity, dir);
  return path.join(dir, runtime.binary);
}
