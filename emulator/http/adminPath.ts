/**
 * The emulator's reserved path prefix, `/__emulator/`: its own admin endpoints (fault rules,
 * see `routes/admin.ts`) live under it. It is not part of ngrok's API, and no ngrok path starts
 * with it. Requests under it are never recorded in `requests`, never hit by fault rules and
 * never rate limited, so tests that count API requests are not disturbed by admin traffic.
 */

/** The reserved prefix, without trailing slash. */
export const ADMIN_PREFIX = "/__emulator";

/** Whether a request URL (path with or without query) is under {@link ADMIN_PREFIX}. */
export function isAdminPath(url: string): boolean {
  return (
    url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || url.startsWith(`${ADMIN_PREFIX}?`)
  );
}
