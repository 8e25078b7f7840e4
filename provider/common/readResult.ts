/**
 * What a resource's `read` returns, built the same way for every resource.
 *
 * @module
 */

/**
 * Pulumi's `ReadResult` (`pulumi.dynamic.ReadResult`) as `read` fills it: the id, the outputs
 * and the inputs that would reproduce the object (Pulumi types `inputs` with the outputs' type;
 * they are the resource's inputs); or, when the object is gone, `id: ""`, no outputs (`{}`) and
 * no inputs.
 */
export type ReadResultOf<Outputs, Inputs> =
  | { readonly id: string; readonly props: Outputs; readonly inputs: Inputs }
  | { readonly id: ""; readonly props: Record<string, never>; readonly inputs?: undefined };

/**
 * The `ReadResult` of `read`: `id: ""` and no properties when `live` is `undefined` (the object is
 * gone, or no longer this resource's), which makes the engine drop the resource from state;
 * otherwise `id`, the outputs mapped from the live object, and the inputs that would reproduce
 * it (for later diffs, so that drift shows as a change).
 */
export function readResult<Live, Outputs, Inputs>(
  id: string,
  live: Live | undefined,
  outputs: (live: Live) => Outputs,
  inputs: (live: Live) => Inputs,
): ReadResultOf<Outputs, Inputs> {
  if (live === undefined) {
    return { id: "", props: {} };
  }
  return { id, props: outputs(live), inputs: inputs(live) };
}
