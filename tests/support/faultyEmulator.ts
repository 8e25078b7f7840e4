/**
 * An emulator with fastify hooks added before it listens, for the tests of creating exactly once:
 * POSTs dropped before or after the handler ran, answers held back.
 */
import type { AddressInfo } from "node:net";
import type { FastifyRequest } from "fastify";
import { buildEmulatorApp, type EmulatorApp } from "../../emulator/index";
import { configureProvider } from "./configureProvider";

/** A one-second attempt timeout, so that timeouts are quick. */
export const TIMEOUT = { "ngrok:requestTimeoutSeconds": "1" };

const apps: EmulatorApp[] = [];

/** Closes every app {@link serve} started; call it in `afterEach`. */
export async function closeServed(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => app.close()));
}

/** Starts an emulator with `setup`'s hooks and points the provider at it. */
export async function serve(setup: (app: EmulatorApp) => void) {
  const app = buildEmulatorApp();
  let posts = 0;
  app.addHook("onRequest", async (request: FastifyRequest) => {
    if (request.method === "POST") posts++;
  });
  setup(app);
  apps.push(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await configureProvider({ url, apiKey: app.emulator.apiKey }, TIMEOUT);
  // Answered requests (a dropped one is never answered, so it is not recorded).
  const calls = () => app.emulator.requests.map((r) => `${r.method} ${r.path.split("?")[0]}`);
  return { app, url, apiKey: app.emulator.apiKey, calls, posts: () => posts };
}

/**
 * Drops the connection of the POSTs to `path` (any path when omitted) with these ordinals (1 = the
 * first such POST): before the handler ran, or after it ran instead of answering.
 */
export function dropPosts(when: "before" | "after", ordinals: number[] = [1], path?: string) {
  let posts = 0;
  return (app: EmulatorApp) => {
    const hook = when === "before" ? "onRequest" : "onSend";
    app.addHook(hook, async (request: FastifyRequest) => {
      if (request.method !== "POST" || (path !== undefined && request.url !== path)) return;
      if (ordinals.includes(++posts)) {
        request.raw.socket.destroy();
        // Before the handler: stop here, so that nothing is created.
        if (when === "before") throw new Error("dropped");
      }
    });
  };
}

/** The error `promise` rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}
