/**
 * The pure `diff` of the SSH certificates: old outputs (state) against new checked inputs.
 *
 * - `description`, `metadata` update in place (`PATCH`). An absent value and `""` are the same
 *   (ngrok omits empty fields from responses), so there is no perpetual diff after a refresh.
 * - Every other input replaces the certificate (ngrok signs a new one): the new certificate is
 *   created before the old one is deleted, so a host or user is never left without one.
 * - Only what the program declares is compared. An input ngrok fills when it is absent
 *   (`principals`, `validAfter`, `validUntil`, and for user certificates `criticalOptions` and
 *   `extensions`) keeps ngrok's value in the outputs, and leaving it out is never a change; a
 *   declared one is compared with the value in state:
 *   - timestamps as instants to the second (`-05:00` against ngrok's `Z` form is no change);
 *   - `publicKey` by the key alone (`<type> <base64>`): a new comment is no change;
 *   - `principals` as an ordered list (the certificate holds them in that order);
 *   - `criticalOptions`, `extensions` as maps (the order of their keys does not count).
 * - `__provider` is ignored: a new version of this package never shows as a change.
 * - A value not known yet (preview) counts as changed.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import type * as pulumi from "@pulumi/pulumi";
import { diffResult } from "../common/diffResult";
import { isUnknown } from "../common/unknown";
import { OPTION_PROPERTIES, REPLACE_PROPERTIES, SERVER_FILLED, UPDATE_PROPERTIES } from "./inputs";
import type { CertificateKind } from "./kinds";
import { keyMaterial } from "./publicKey";
import { sameInstant } from "./validity";

/** Compares `olds` (the outputs in state) with `news` (the inputs after `check`). */
export function diffSshCertificate(
  kind: CertificateKind,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): pulumi.dynamic.DiffResult {
  const replaceable = [...REPLACE_PROPERTIES, ...(kind.hasOptions ? OPTION_PROPERTIES : [])];
  const replaces = replaceable.filter((key) => {
    const value = news[key] ?? undefined;
    if (isUnknown(value)) {
      return true;
    }
    if (value === undefined && (SERVER_FILLED as readonly string[]).includes(key)) {
      return false;
    }
    return !same(key, olds[key] ?? undefined, value);
  });
  return diffResult(olds, news, replaces, UPDATE_PROPERTIES);
}

/** Whether the value in state and the declared value of `key` are the same (see the module comment). */
function same(key: string, old: unknown, declared: unknown): boolean {
  if (typeof old === "string" && typeof declared === "string") {
    switch (key) {
      case "validAfter":
      case "validUntil":
        return sameInstant(old, declared);
      case "publicKey":
        return keyMaterial(old) === keyMaterial(declared);
      default:
        return old === declared;
    }
  }
  return isDeepStrictEqual(old, declared);
}

/** {@link diffSshCertificate} for the certificates of `kind`: a resource's pure `diff`. */
export function diffFor(
  kind: CertificateKind,
): (olds: Record<string, unknown>, news: Record<string, unknown>) => pulumi.dynamic.DiffResult {
  return (olds, news) => diffSshCertificate(kind, olds, news);
}
