/**
 * The packages `provider/` loads on first use rather than when it is loaded, each through one
 * typed accessor of {@link load}: the only `require` calls written by hand in `provider/`, and the
 * one place a module's type is asserted (`as typeof import(…)`), since `require` returns `any`.
 * Only packages: `provider/`'s own modules import each other statically, and none of them uses
 * zod, node-fetch, sshpk or xmldom when it is loaded, only when a method needs them.
 *
 * Why lazily: `pulumi preview` runs `check` and `diff` only, and must not pay for zod, the wire
 * format, node-fetch or the API client (see `BENCHMARKS.md`, cold start;
 * `tests/provider/lazyLoading.test.ts` holds it).
 *
 * @module
 */
/* eslint-disable @typescript-eslint/no-require-imports */

/** The typed accessors, by what they load. Node.js caches each module after its first load. */
export const load = {
  /** `@pulumi/pulumi`, for `log` in the dynamic-provider host. */
  pulumi: () => require("@pulumi/pulumi") as typeof import("@pulumi/pulumi"),
  /** node-fetch v2's `fetch`. */
  fetch: () => (require("node-fetch") as typeof import("node-fetch")).default,
  exponentialBackoff: () => require("exponential-backoff") as typeof import("exponential-backoff"),
  /** This package's own `package.json`: its name and version, for the `User-Agent`. */
  packageManifest: () =>
    require("pulumi-ngrok-dynamic/package.json") as { name: string; version: string },
  crypto: () => require("node:crypto") as typeof import("node:crypto"),
  xmldom: () => require("@xmldom/xmldom") as typeof import("@xmldom/xmldom"),
  sshpk: () => require("sshpk") as typeof import("sshpk"),
  zod: () => require("zod") as typeof import("zod"),
  /** `@bufbuild/cel`, whose parser judges a traffic policy's CEL expressions (~300 ms to load). */
  cel: () => require("@bufbuild/cel") as typeof import("@bufbuild/cel"),
  /** `yaml`, which reads a traffic policy given as YAML or JSON text. */
  yaml: () => require("yaml") as typeof import("yaml"),
  /** `ipaddr.js`, which reads the CIDR blocks of a traffic policy's `restrict-ips`. */
  ipaddr: () => require("ipaddr.js") as typeof import("ipaddr.js"),
  /** `re2js` (RE2 for JavaScript), which compiles a traffic policy's regular expressions. */
  re2js: () => require("re2js") as typeof import("re2js"),
  /** `lossless-json`, which writes a traffic policy's canonical JSON with its numbers as written. */
  losslessJson: () => require("lossless-json") as typeof import("lossless-json"),
};
