/**
 * The pure `diff` of `HttpsEdgeRouteSaml`: old outputs (state, as ngrok last answered) against
 * new checked inputs.
 *
 * - `edgeId`, `routeId` replace the module: the new module is written before the old one is
 *   removed (create before delete). A forced replacement on the same route (`--replace`, where
 *   the engine asks no diff) is create before delete too: the new resource takes the module over,
 *   and the old one's delete leaves it in place (see `./claim`), so the route is never unprotected.
 * - Every other field updates in place with one `PUT`.
 * - Values that mean the same are the same, so a value ngrok fills in or echoes differently is
 *   no perpetual diff: `idp_metadata` with different surrounding whitespace, line endings or
 *   byte-order mark, and an `EntitiesDescriptor` holding one identity provider against the
 *   `EntityDescriptor` sent for it (see `idpMetadataToSend`); `nameid_format` `""` and the persistent URN (ngrok's default);
 *   `cookie_prefix` `""` and `ngrok.` (ngrok's documented default); absent lists and `[]`, and
 *   `authorized_groups` in another order; absent numbers and `0`.
 * - `adoptExisting`, `claimedBy`, the claim comment in `idp_metadata` and `__provider` never show
 *   as changes.
 * - A value not known yet (preview) counts as changed.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "../common/unknown";
import { withoutClaim } from "./claim";
import { idpMetadataToSend } from "./idpMetadata";
import { REPLACE_PROPERTIES, SAML_DEFAULTS, UPDATE_PROPERTIES } from "./inputs";

type Field = (typeof UPDATE_PROPERTIES)[number];

/** The form in which two values of a field are compared. */
const canonical: Record<Field, (value: unknown) => unknown> = {
  idpMetadata: (v) =>
    typeof v === "string"
      ? withoutClaim(
          idpMetadataToSend(v)
            .replace(/^\uFEFF/, "")
            .replace(/\r\n?/g, "\n"),
        ).trim()
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
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces,
    deleteBeforeReplace: false,
  };
}
