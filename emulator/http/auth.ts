/**
 * Authentication and versioning of API requests (`contributing/reference/seed.md` §5 and §9), as an `onRequest` hook
 * registered in the API plugin's scope (the public SP metadata URL is outside it).
 *
 * Order of checks (ngrok does not document it; authentication first is the usual choice):
 * 1. `Authorization` missing or empty → ERR_NGROK_200;
 * 2. not `Bearer <credential>` or `Basic <base64 user:password>` (scheme case-insensitive)
 *    → ERR_NGROK_201;
 * 3. credential is not the API key → ERR_NGROK_202. Compared in constant time (SHA-256 of both,
 *    then `timingSafeEqual`). With Basic, the key may be the user name or the password;
 * 4. `Ngrok-Version` missing, or present but empty (as a Go server reading the header with
 *    `Header.Get` sees it) → ERR_NGROK_218; not `2` → ERR_NGROK_217 (skipped for the
 *    emulator's own `/__emulator/` admin endpoints, which are not versioned).
 * Header names are case-insensitive (node lower-cases them).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiErrors } from "../errors";

/** The only API version. */
export const API_VERSION = "2";

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** Constant-time string equality (independent of where the strings differ, and of length). */
export function constantTimeEquals(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** The credential as sent, and the strings that may be the API key. */
interface Credentials {
  sent: string;
  candidates: string[];
}

function credentials(header: string): Credentials | undefined {
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(header);
  if (match === null) return undefined;
  const scheme = match[1].toLowerCase();
  const sent = match[2];
  if (scheme === "bearer") return { sent, candidates: [sent] };
  if (scheme === "basic") {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(sent)) return undefined;
    const decoded = Buffer.from(sent, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return undefined;
    return { sent, candidates: [decoded.slice(0, colon), decoded.slice(colon + 1)] };
  }
  return undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Options of {@link authenticate}. */
export interface AuthenticateOptions {
  /** Check the `Ngrok-Version` header (step 4). Default `true`; `false` for the admin endpoints. */
  requireVersion?: boolean;
}

/** Builds the `onRequest` hook checking the API key and (unless turned off) the version header. */
export function authenticate(
  apiKey: string,
  authErrorStatus: 401 | 403,
  options: AuthenticateOptions = {},
) {
  const requireVersion = options.requireVersion ?? true;
  return function authenticateRequest(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    const header = single(request.headers.authorization);
    if (header === undefined || header.trim() === "") {
      done(apiErrors.authorizationMissing(authErrorStatus));
      return;
    }
    const parsed = credentials(header);
    if (parsed === undefined) {
      done(apiErrors.authorizationUnparseable(header, authErrorStatus));
      return;
    }
    let valid = false;
    for (const candidate of parsed.candidates) {
      // Evaluate every candidate: no early exit on a match.
      valid = constantTimeEquals(candidate, apiKey) || valid;
    }
    if (!valid) {
      done(apiErrors.credentialInvalid(parsed.sent, authErrorStatus));
      return;
    }
    if (!requireVersion) {
      done();
      return;
    }
    const version = single(request.headers["ngrok-version"]);
    if (version === undefined || version.trim() === "") {
      done(apiErrors.versionMissing());
      return;
    }
    if (version.trim() !== API_VERSION) {
      done(apiErrors.versionUnsupported(version));
      return;
    }
    done();
  };
}
