/**
 * The modules `provider/` loads on first use rather than when it is loaded, each through one typed
 * accessor here: the only `require` calls written by hand in `provider/`, and the one place a
 * module's type is asserted (`as typeof …`), since `require` returns `any`.
 *
 * Why lazily: `pulumi preview` runs `check` and `diff` only, and must not pay for zod, the wire
 * format or the API client (see `BENCHMARKS.md`, cold start; `tests/provider/lazyLoading.test.ts`
 * holds it); and a module may need one that imports it back (the registry and `./index`).
 *
 * @module
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as Implementation from "./index";

/** `pulumi-ngrok-dynamic/provider` (`./index`), every resource's implementation and lookup. */
export const implementation = (): typeof Implementation =>
  require("./index") as typeof Implementation;
