/**
 * The `PATCH` of one object, as every resource's `update` sends it.
 *
 * @module
 */
import type { z } from "zod";
import type { NgrokClient } from "../client";

/** One `PATCH <path>` with `body`; the answer (the object as it is now) read with `schema`. */
export function patchItem<T>(
  client: NgrokClient,
  path: string,
  body: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  return client.request({ method: "PATCH", path, body, schema });
}
