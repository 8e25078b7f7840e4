/**
 * One operation id per request (`op_…`): sent as the `Ngrok-Operation-Id` response header and,
 * on errors, as `details.operation_id` (ngrok's Go client reads the header when an error body
 * does not parse).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { newOperationId } from "../model/ids";

/** Name of the response header carrying the operation id. */
export const OPERATION_ID_HEADER = "Ngrok-Operation-Id";

const operationIds = new WeakMap<object, string>();

/** The request's operation id, created on first use. Keyed by the raw request. */
export function operationIdOf(request: FastifyRequest): string {
  let id = operationIds.get(request.raw);
  if (id === undefined) {
    id = newOperationId();
    operationIds.set(request.raw, id);
  }
  return id;
}

/** An `onRequest` hook giving every request its operation id and response header. */
export function assignOperationId(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.header(OPERATION_ID_HEADER, operationIdOf(request));
  done();
}
