/**
 * Request body parsing (spec section 1: "All requests and responses use JSON (Content-Type:
 * application/json on requests that have a body)").
 *
 * fastify's own parsers are replaced by one catch-all parser that reads every body as bytes
 * (fastify enforces the body limit while reading: FST_ERR_CTP_BODY_TOO_LARGE → 413) and decides:
 * - an empty body is no body, whatever the Content-Type (ngrok's TypeScript client sends
 *   `Content-Type: application/json` on GET and DELETE without a body);
 * - a body without a Content-Type → 415 ERR_NGROK_216;
 * - a body whose media type is not `application/json` (or a `+json` type) → 415 ERR_NGROK_210;
 * - a body that is not JSON → 400 ERR_NGROK_213 (a leading UTF-8 BOM is tolerated).
 * Bodies sent to unknown paths are not inspected, so those answer 404/405.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiErrors } from "./errors";

function mediaTypeOf(contentType: string): string {
  return contentType.split(";")[0].trim().toLowerCase();
}

/** Whether a media type is JSON. */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** Parses a raw body per the rules above. Throws an `NgrokApiError`. */
export function parseJsonBody(request: FastifyRequest, raw: Buffer): unknown {
  if (request.is404) return undefined;
  if (raw.length === 0) return undefined;
  const header = request.headers["content-type"];
  if (header === undefined || header.trim() === "") throw apiErrors.contentTypeMissing();
  const mediaType = mediaTypeOf(header);
  if (!isJsonMediaType(mediaType)) throw apiErrors.contentTypeUnsupported(header);
  const text = raw.toString("utf8").replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text) as unknown;
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
        done(error as Error);
      }
    },
  );
}
