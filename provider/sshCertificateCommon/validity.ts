/**
 * `validAfter` and `validUntil`: RFC 3339 timestamps (section 5.6, `date-time`), the form ngrok's
 * API takes and returns (`2025-12-03T10:11:37Z`, or with an offset, `2025-12-03T05:11:37-05:00`).
 *
 * Rules, each with a reason that names the property:
 * - the whole form, `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, with an upper-case `T` and `Z`
 *   (what Go's `time.RFC3339`, on ngrok's side, reads); a date without a time, a space instead
 *   of `T`, or a missing offset is refused, since the instant would depend on a time zone;
 * - a real date and time (no 30 February, no hour 24, no leap second 60, offsets under 24 h);
 * - not before 1970-01-01T00:00:00Z: an OpenSSH certificate counts seconds from then.
 *
 * A relative duration (`"30d"`, `"720h"`) is not a timestamp and is refused: resolved against the
 * time of each `pulumi up`, it would change on every run and re-sign the certificate each time.
 *
 * `check` records a timestamp as ngrok answers it ({@link canonical}: UTC with `Z`, to the second,
 * since an OpenSSH certificate holds whole seconds), so `…T05:11:37-05:00` is recorded and sent
 * as `…T10:11:37Z`, and the inputs in state read as the outputs do. Timestamps compare as instants
 * to the second ({@link sameInstant}), whatever their form.
 *
 * @module
 */
import { HINTS, languageHint } from "../common/hints";
import { quoted } from "../common/ids";
import { UNKNOWN } from "../common/unknown";

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))$/;

/** A parsed timestamp: milliseconds since the epoch, and its {@link canonical} text. */
export interface ParsedTime {
  readonly ok: true;
  readonly ms: number;
  readonly utc: string;
}

/** A refused timestamp: why, after the property name. */
export interface RefusedTime {
  readonly ok: false;
  readonly why: string;
}

/** Parses an RFC 3339 `date-time` (see the module comment). */
export function parseTimestamp(text: string): ParsedTime | RefusedTime {
  const refuse = (why: string): RefusedTime => ({ ok: false, why });
  const shown = quoted(text, 40);
  const match = RFC3339.exec(text);
  if (match === null) {
    // Only short texts can be a duration; the length test keeps the pattern off megabytes.
    const relative = text.length <= 40 && /^\s*[+-]?\d+(\.\d+)?\s*[a-zA-Z]+\s*$/.test(text);
    return refuse(
      relative
        ? `must be an RFC 3339 timestamp, not a relative duration (${shown}): ` +
            languageHint(HINTS.relativeDuration)
        : "must be an RFC 3339 timestamp with a time and an offset, e.g. " +
            `"2026-12-03T10:11:37Z" or "2026-12-03T05:11:37-05:00"; got ${shown}`,
    );
  }
  const [, year, month, day, hour, minute, second, , zone, , offsetHours, offsetMinutes] = match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number);
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth) {
    return refuse(`has no such date: ${year}-${month}-${day} (${shown})`);
  }
  if (h > 23 || mi > 59 || s > 59) {
    return refuse(
      `has no such time of day: ${hour}:${minute}:${second} (hours 00-23, minutes and seconds ` +
        `00-59; a leap second cannot be in a certificate) (${shown})`,
    );
  }
  if (zone !== "Z" && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) {
    return refuse(`has an offset out of range: ${zone} (${shown})`);
  }
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) {
    return refuse(`is not a time JavaScript can read: ${shown}`);
  }
  if (ms < 0) {
    return refuse(
      `must not be before 1970-01-01T00:00:00Z (an OpenSSH certificate cannot hold it); got ${shown}`,
    );
  }
  if (ms >= LATEST_MS) {
    return refuse(
      `must be before 10000-01-01T00:00:00Z (RFC 3339 has four-digit years); got ${shown}`,
    );
  }
  return { ok: true, ms, utc: canonical(ms) };
}

const LATEST_MS = Date.UTC(10000, 0, 1);

/**
 * `ms` as ngrok answers a timestamp: UTC with `Z`, to the second (a fraction is dropped, as a
 * certificate holds whole seconds), e.g. `2026-12-03T10:11:37Z`.
 */
export function canonical(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

/**
 * Whether two RFC 3339 timestamps are the same instant to the second (a fraction is dropped, as a
 * certificate holds whole seconds). Text that does not parse compares as text.
 */
export function sameInstant(a: string, b: string): boolean {
  const [x, y] = [Date.parse(a), Date.parse(b)];
  if (Number.isNaN(x) || Number.isNaN(y)) {
    return a === b;
  }
  return Math.floor(x / 1000) === Math.floor(y / 1000);
}

/** What {@link expiredWarning} reads of a certificate's checked inputs. */
export interface ValidityInputs {
  readonly validUntil?: string;
  readonly principals?: readonly string[];
}

/**
 * The preview warning for a certificate whose validity has already ended at `nowMs`
 * (milliseconds since the epoch): `validUntil` is not after now. `undefined` when it is later,
 * left out (ngrok's default is after the creation) or not known yet. Not a failure: an expired
 * certificate is still a resource a program may declare (a test of sshd's refusal, a stack kept
 * as it was), and refusing it would stop every later `pulumi up` of the stack.
 *
 * @param resource the resource's type name, e.g. `SshUserCertificate`.
 * @param defaultValidity ngrok's default, e.g. `24 hours`, for the advice.
 */
export function expiredWarning(
  resource: string,
  defaultValidity: string,
  inputs: ValidityInputs,
  nowMs: number = Date.now(),
): string | undefined {
  const { validUntil, principals } = inputs;
  if (typeof validUntil !== "string") return undefined;
  const parsed = parseTimestamp(validUntil);
  if (!parsed.ok || Math.floor(parsed.ms / 1000) > Math.floor(nowMs / 1000)) return undefined;
  const known =
    Array.isArray(principals) &&
    principals.length > 0 &&
    principals.every((p) => typeof p === "string" && p !== UNKNOWN);
  const which = known ? ` for principals ${principals.map((p) => quoted(p, 40)).join(", ")}` : "";
  return (
    `${resource}${which}: validUntil ${parsed.utc} has passed (it is ${canonical(nowMs)} now). ` +
    `ngrok signs the certificate anyway, and sshd refuses it from the start. Unless an expired ` +
    `certificate is what you want, set a later validUntil, or leave it out (ngrok's default: ` +
    `${defaultValidity} from the signing)`
  );
}
