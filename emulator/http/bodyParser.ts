/**
 * Request body parsing (`contributing/reference/seed.md` §1: "All requests and responses use JSON (Content-Type:
 * application/json on requests that have a body)").
 *
 * fastify's own parsers are replaced by one catch-all parser that reads every body as bytes
 * (fastify enforces the body limit while reading: FST_ERR_CTP_BODY_TOO_LARGE → 413) and decides:
 * - an empty body is no body, whatever the Content-Type (ngrok's TypeScript client sends
 *   `Content-Type: application/json` on GET and DELETE without a body);
 * - a body without a Content-Type → 415 ERR_NGROK_216;
 * - a body whose media type is not `application/json` (or a `+json` type) → 415 ERR_NGROK_210;
 * - a body that is not JSON → 400 ERR_NGROK_213 (a leading UTF-8 BOM is tolerated). That
 *   includes bytes that are not valid UTF-8 (RFC 8259 §8.1: JSON exchanged between systems must
 *   be UTF-8): they are rejected rather than silently replaced by U+FFFD, so a client that sends
 *   them finds out instead of storing mangled text. (Go's encoding/json, which ngrok's API
 *   presumably uses, replaces them; the emulator is stricter on purpose.)
 * Nesting depth is not limited: V8's JSON.parse is not recursive, and nothing downstream walks
 * a body recursively (100 000 nested arrays answer the usual 213/214/215).
 * Bodies sent to unknown paths are not inspected, so those answer 404/405.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiErrors } from "../errors";

/** Strict UTF-8: invalid bytes throw instead of becoming U+FFFD; a leading BOM is dropped. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

function mediaTypeOf(contentType: string): string {
  return contentType.split(";")[0].trim().toLowerCase();
}

/** Whether a media type is JSON. */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** Parses a raw body per the rules above. Throws an `EmulatorApiError`. */
export function parseJsonBody(request: FastifyRequest, raw: Buffer): unknown {
  if (request.is404) return undefined;
  if (raw.length === 0) return undefined;
  const header = request.headers["content-type"];
  if (header === undefined || header.trim() === "") throw apiErrors.contentTypeMissing();
  const mediaType = mediaTypeOf(header);
  if (!isJsonMediaType(mediaType)) throw apiErrors.contentTypeUnsupported(header);
  try {
    const text = UTF8.decode(raw).replace(/^\uFEFF/, "");
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    throw apiErrors.bodyUnparseable(mediaType);
  }
}

/** Replaces the app's content-type parsers with the JSON-only catch-all parser. */
export function installBodyParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit },
    (
      request: FastifyRequest,
      body: Buffer | string,
      done: (error: Error | null, body?: unknown) => void,
    ) => {
      try {
        const raw = typeof body === "string" ? Buffer.from(body) : body;
        done(null, parseJsonBody(request, raw));
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
      }
    },
  );
}
