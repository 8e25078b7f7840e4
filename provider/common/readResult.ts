/**
 * What a resource's `read` returns, built the same way for every resource.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * The `ReadResult` of `read`: `id: ""` and no properties when `live` is `undefined` (the object is
 * gone, or no longer this resource's), which makes the engine drop the resource from state;
 * otherwise `id`, the outputs mapped from the live object, and the inputs that would reproduce
 * it (for later diffs, so that drift shows as a change).
 */
export function readResult<Live, Outputs>(
  id: string,
  live: Live | undefined,
  outputs: (live: Live) => Outputs,
  inputs: (live: Live) => Outputs,
): pulumi.dynamic.ReadResult<Outputs> {
  if (live === undefined) {
    return { id: "", props: {} as Outputs };
  }
  return { id, props: outputs(live), inputs: inputs(live) };
}
