/**
 * The properties every object ngrok creates with a `POST` has alike, declared once: its free-text
 * inputs `description` and `metadata` (updated in place with `PATCH`), its API URI and its
 * creation time. Each resource's `definition.ts` spreads them into its properties.
 *
 * Source: `contributing/reference/seed.md` §8 (limits); ngrok's `POST`/`PATCH` of SSH CAs, certificates, credentials.
 *
 * @module
 */

/** Byte limits of the free-text fields, counted in UTF-8 (`contributing/reference/seed.md` §8: 255 and 4096 bytes). */
export const LIMITS = { descriptionBytes: 255, metadataBytes: 4096 } as const;

/** `description` and `metadata`: free text, updated in place, absent when ngrok holds `""`. */
export const TEXT_INPUTS = {
  description: {
    role: "input",
    type: { kind: "string", maxBytes: LIMITS.descriptionBytes },
    onChange: "update",
    wire: "description",
    whenAbsent: "omit",
    description: "Human-readable description, at most 255 bytes of UTF-8. Updated in place.",
    outputDescription: "The description as ngrok holds it; `undefined` when empty.",
  },
  metadata: {
    role: "input",
    type: { kind: "string", maxBytes: LIMITS.metadataBytes },
    onChange: "update",
    wire: "metadata",
    whenAbsent: "omit",
    typeText: "string (often JSON)",
    description:
      "Arbitrary machine-readable data (often JSON), at most 4096 bytes of UTF-8. Updated in " +
      "place.",
    outputDescription: "The metadata as ngrok holds it; `undefined` when empty.",
  },
} as const;

/**
 * `description` and `metadata` of an object whose limits ngrok's description does not state (a
 * vault, a vault secret): no byte limit at `check`, ngrok judges them. Otherwise {@link TEXT_INPUTS}.
 */
export const UNLIMITED_TEXT_INPUTS = {
  description: {
    ...TEXT_INPUTS.description,
    type: { kind: "string" },
    description: "Human-readable description. Updated in place.",
  },
  metadata: {
    ...TEXT_INPUTS.metadata,
    type: { kind: "string" },
    description: "Arbitrary machine-readable data (often JSON). Updated in place.",
  },
} as const;

/**
 * `uri` and `createdAt`, the outputs ngrok gives every object; `uri` is described with an
 * example of the object's own, e.g. `` `https://api.ngrok.com/ssh_credentials/sshcr_…` ``.
 */
export function objectOutputs<const U extends string>(uriDescription: U) {
  return {
    uri: {
      role: "output",
      type: { kind: "string" },
      wire: "uri",
      description: uriDescription,
    },
    createdAt: {
      role: "output",
      type: { kind: "string", format: "rfc3339" },
      wire: "created_at",
      description: "Creation time, RFC 3339 (e.g. `2025-09-04T10:11:37Z`).",
    },
  } as const;
}

/** An output ngrok may leave out: text under `wire`. */
export const answeredText = <const W extends string, const D extends string>(
  wire: W,
  description: D,
) => ({ role: "output", type: { kind: "string" }, wire, optional: true, description }) as const;

/** An output ngrok may leave out: a time under `wire`, RFC 3339. */
export const answeredTime = <const W extends string, const D extends string>(
  wire: W,
  description: D,
) =>
  ({
    role: "output",
    type: { kind: "string", format: "rfc3339" },
    wire,
    optional: true,
    description,
  }) as const;

/** `updatedAt`, the output of an object whose answers carry `updated_at`: `When the <what> last changed`. */
export function updatedAtOutput<const W extends string>(what: W) {
  return { updatedAt: answeredTime("updated_at", `When the ${what} last changed, RFC 3339.`) };
}
