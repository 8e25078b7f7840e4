/**
 * Timestamps as ngrok renders them: RFC 3339, UTC, whole seconds (`2025-09-04T10:11:37Z`); and
 * as it reads them: RFC 3339 with `Z` or a numeric offset (`2025-12-03T05:11:37-05:00`, as
 * ngrok's Terraform provider sends), any fraction of a second.
 */

/** The given instant (default: now) as `YYYY-MM-DDTHH:MM:SSZ`. */
export function rfc3339Now(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Seconds since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ` (years 1970..9999). */
export function rfc3339FromSeconds(seconds: number): string {
  return rfc3339Now(new Date(seconds * 1000));
}

/** The last second RFC 3339 can write with a four-digit year: 9999-12-31T23:59:59Z. */
export const MAX_RFC3339_SECONDS = 253_402_300_799;

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Offset of a `Z` / `±HH:MM` zone in seconds east of UTC, or undefined when out of range. */
function zoneOffsetSeconds(zone: string): number | undefined {
  if (zone === "Z") return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith("-") ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/**
 * Seconds since the Unix epoch of an RFC 3339 date-time (upper-case `T` and `Z`, as Go's
 * `time.RFC3339` parses them), the fraction of a second truncated; `undefined` when `text` is
 * not one (including impossible dates such as February 30 and leap seconds). May be negative
 * (before 1970).
 */
export function parseRfc3339Seconds(text: string): number | undefined {
  const match = RFC3339.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const offset = zoneOffsetSeconds(match[7]);
  if (offset === undefined || hour > 23 || minute > 59 || second > 59) return undefined;
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime() / 1000 - offset;
}

/**
 * `seconds` plus one calendar year, in UTC; February 29 becomes March 1, as Go's
 * `time.AddDate(1, 0, 0)` normalises it.
 */
export function addOneYear(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime() / 1000;
}
