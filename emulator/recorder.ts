/**
 * The request recorder: an `onResponse` hook on the root app that appends every answered request
 * (method, path with query, status) to a list, in the order the answers complete. It sits outside
 * the handlers, so it also sees answers produced by other hooks (auth, fault injection, 404s).
 */
import type { FastifyInstance } from "fastify";
import type { RecordedRequest } from "./context";

/** Installs the recorder on `app`, appending to `log`. */
export function installRecorder(app: FastifyInstance, log: RecordedRequest[]): void {
  app.addHook("onResponse", (request, reply, done) => {
    log.push({ method: request.method, path: request.url, status: reply.statusCode });
    done();
  });
}
