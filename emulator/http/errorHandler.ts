/**
 * The one place that turns errors into responses. Installed as fastify's error handler and used
 * by the not-found handler, `frameworkErrors` and the client-error handler, so that every error
 * — the emulator's own and fastify's (bad media type, body too large, bad URL, …) — answers in
 * ngrok's envelope with an operation id.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Socket } from "node:net";
import { apiErrors, EmulatorApiError } from "../errors";
import { newOperationId } from "../model/ids";
import { OPERATION_ID_HEADER, operationIdOf } from "./operationId";
import { isRecord } from "../spec/values";

function fastifyCode(error: unknown): string | undefined {
  const code = isRecord(error) ? error.code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** Maps any error to an {@link EmulatorApiError}. */
export function toEmulatorApiError(
  error: unknown,
  request: FastifyRequest,
  bodyLimit: number,
): EmulatorApiError {
  if (EmulatorApiError.isInstance(error)) return error;
  switch (fastifyCode(error)) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return apiErrors.bodyTooLarge(bodyLimit);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return apiErrors.contentTypeUnsupported(String(request.headers["content-type"] ?? ""));
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
    case "FST_ERR_CTP_INVALID_TYPE":
      return apiErrors.bodyUnreadable();
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return apiErrors.bodyUnparseable();
    case "FST_ERR_BAD_URL":
    case "FST_ERR_MAX_PARAM_LENGTH":
      return apiErrors.badUrl(request.url);
    default:
      break;
  }
  const status = isRecord(error) ? error.statusCode : undefined;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const message = error instanceof Error && error.message !== "" ? error.message : "Bad Request";
    return new EmulatorApiError(status, undefined, message);
  }
  return apiErrors.internal();
}

/** Sends an error in ngrok's envelope. */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyLimit: number,
): FastifyReply {
  const apiError = toEmulatorApiError(error, request, bodyLimit);
  // Only a real bug is logged: an EmulatorApiError with a 5xx status was chosen deliberately (a
  // fault rule's injected 500/503).
  if (apiError !== error && apiError.statusCode >= 500) {
    request.log.error({ err: error }, "emulator internal error");
  }
  const operationId = operationIdOf(request);
  return reply
    .code(apiError.statusCode)
    .headers({ ...apiError.headers, [OPERATION_ID_HEADER]: operationId })
    .type("application/json; charset=utf-8")
    .send(apiError.toBody(operationId));
}

/**
 * Answers malformed HTTP (what node's parser rejects before fastify sees a request) with a 400
 * in ngrok's envelope, then closes the connection.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const operationId = newOperationId();
  const body = JSON.stringify({
    status_code: status,
    msg: status === 431 ? "Request Header Fields Too Large" : "Bad Request",
    details: { operation_id: operationId },
  });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `${OPERATION_ID_HEADER}: ${operationId}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
