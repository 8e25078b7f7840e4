/**
 * The pure `diff` of `HttpsEdgeRouteSaml`: old outputs (state, as ngrok last answered) against
 * new checked inputs.
 *
 * - `edgeId`, `routeId` replace the module. The new module is written before the old one is
 *   removed, unless both address the same route (a forced replacement): then the old one is
 *   deleted first, because writing the new one would overwrite it and deleting the old one
 *   afterwards would remove the new one.
 * - Every other field updates in place with one `PUT`.
 * - Values that mean the same are the same, so a value ngrok fills in or echoes differently is
 *   no perpetual diff: `idp_metadata` with different surrounding whitespace, line endings or
 *   byte-order mark; `nameid_format` `""` and the persistent URN (ngrok's default);
 *   `cookie_prefix` `""` and `ngrok.` (ngrok's documented default); absent lists and `[]`, and
 *   `authorized_groups` in another order; absent numbers and `0`.
 * - `adoptExisting` and `__provider` never show as changes.
 * - A value not known yet (preview) counts as changed.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "../common/unknown";
import { REPLACE_PROPERTIES, SAML_DEFAULTS, UPDATE_PROPERTIES } from "./inputs";

type Field = (typeof UPDATE_PROPERTIES)[number];

/** The form in which two values of a field are compared. */
const canonical: Record<Field, (value: unknown) => unknown> = {
  idpMetadata: (v) =>
    typeof v === "string"
      ? v
          .replace(/^\uFEFF/, "")
          .replace(/\r\n?/g, "\n")
          .trim()
      : v,
  enabled: (v) => v ?? SAML_DEFAULTS.enabled,
  optionsPassthrough: (v) => v ?? false,
  cookiePrefix: (v) => (v === undefined || v === null || v === "" ? "ngrok." : v),
  inactivityTimeout: (v) => v ?? 0,
  maximumDuration: (v) => v ?? 0,
  forceAuthn: (v) => v ?? false,
  allowIdpInitiated: (v) => v ?? SAML_DEFAULTS.allowIdpInitiated,
  authorizedGroups: (v) => (Array.isArray(v) ? JSON.stringify([...v].sort()) : JSON.stringify([])),
  nameidFormat: (v) => (v === undefined || v === null || v === "" ? SAML_DEFAULTS.nameidFormat : v),
};

/** Compares `olds` (the outputs in state) with `news` (the inputs after `check`). */
export function diffHttpsEdgeRouteSaml(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): pulumi.dynamic.DiffResult {
  const replaces = REPLACE_PROPERTIES.filter(
    (key) => isUnknown(news[key]) || olds[key] !== news[key],
  );
  const updates = UPDATE_PROPERTIES.filter(
    (key) => isUnknown(news[key]) || canonical[key](olds[key]) !== canonical[key](news[key]),
  );
  const sameRoute =
    !isUnknown(news.edgeId) &&
    !isUnknown(news.routeId) &&
    olds.edgeId === news.edgeId &&
    olds.routeId === news.routeId;
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces,
    deleteBeforeReplace: sameRoute,
  };
}
