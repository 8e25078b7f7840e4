/**
 * How the SSH keys and timestamps of certificates and credentials are compared where equality is
 * not enough: the `same` of their properties (see `../framework/property`), used by `diff` and by
 * the pending-creates command alike.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { keyMaterial } from "./publicKey";
import { sameInstant } from "./validity";

/** Two OpenSSH public key lines of the same key (a new comment is the same key), or equal. */
export function sameKey(old: unknown, declared: unknown): boolean {
  return typeof old === "string" && typeof declared === "string"
    ? keyMaterial(old) === keyMaterial(declared)
    : isDeepStrictEqual(old, declared);
}

/** Two timestamps of the same instant, to the second (`-05:00` against ngrok's `Z`), or equal. */
export function sameTimestamp(old: unknown, declared: unknown): boolean {
  return typeof old === "string" && typeof declared === "string"
    ? sameInstant(old, declared)
    : isDeepStrictEqual(old, declared);
}
