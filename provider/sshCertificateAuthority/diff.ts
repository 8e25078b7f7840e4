/**
 * The pure `diff` of `SshCertificateAuthority`: old outputs (state) against new checked inputs.
 *
 * - `privateKeyType`, `ellipticCurve`, `keySize` replace the CA (a new key pair); the new CA is
 *   created before the old one is deleted, so `TrustedUserCAKeys` can list both during a rollover.
 * - `description`, `metadata` update in place (`PATCH`). An absent value and `""` are the same
 *   (ngrok omits empty fields from responses), so there is no perpetual diff after a refresh.
 * - `adoptExistingId` is never a change: only create reads it (see `./adopt`), so setting,
 *   changing or removing it later neither replaces the CA nor adopts another one.
 * - `__provider` is ignored: a new version of this package never shows as a change.
 * - A value not known yet (preview) counts as changed.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { diffResult } from "../common/diffResult";
import { isUnknown } from "../common/unknown";
import { REPLACE_PROPERTIES, UPDATE_PROPERTIES } from "./inputs";

/** Compares `olds` (the outputs in state) with `news` (the inputs after `check`). */
export function diffSshCertificateAuthority(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): pulumi.dynamic.DiffResult {
  const replaces = REPLACE_PROPERTIES.filter(
    (key) => isUnknown(news[key]) || (olds[key] ?? null) !== (news[key] ?? null),
  );
  return diffResult(olds, news, replaces, UPDATE_PROPERTIES);
}
