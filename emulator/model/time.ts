/**
 * Timestamps as ngrok renders them: RFC 3339, UTC, whole seconds (`2025-09-04T10:11:37Z`).
 */

/** The given instant (default: now) as `YYYY-MM-DDTHH:MM:SSZ`. */
export function rfc3339Now(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
