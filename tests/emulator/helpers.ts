/**
 * Shared helpers for the emulator tests (not a test file itself).
 */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildEmulatorApp, type EmulatorApp, type EmulatorOptions } from "../../emulator/index";
import { IDP_METADATA_DIR, readIdpMetadata } from "../support/fixtures";

/*
 * fastify's inject() loads light-my-request, which requires `cookie` 2.x; that package is
 * ESM-only and Jest (29, the version used here) cannot `require` ESM on Node 20. light-my-request only uses
 * `stringifySetCookie`, and only for inject's `cookies` option (unused here), so a CommonJS
 * stand-in is enough.
 */
jest.mock("cookie", () => ({
  stringifySetCookie: ({ name, value }: { name: string; value: string }) =>
    `${name}=${encodeURIComponent(value)}`,
}));

export const API_KEY = "test_api_key_123";
export const AUTH_HEADERS = { authorization: `Bearer ${API_KEY}`, "ngrok-version": "2" };

/** The IdP metadata fixtures (see tests/support/fixtures). */
export const FIXTURES_DIR = IDP_METADATA_DIR;
export const readFixture = readIdpMetadata;

export const OKTA_XML = readFixture("okta.xml");

/** A fresh app with the test API key. */
export function newApp(options: EmulatorOptions = {}): EmulatorApp {
  return buildEmulatorApp({ apiKey: API_KEY, ...options });
}

/** An authenticated JSON request. */
export function api(
  app: EmulatorApp,
  method: InjectOptions["method"],
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...AUTH_HEADERS, ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
  });
}

/** Parsed JSON body, typed loosely for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function body(response: LightMyRequestResponse): any {
  return JSON.parse(response.body);
}

/**
 * Asserts an error response in ngrok's envelope: status, code (or its absence), a fresh
 * operation id equal to the `Ngrok-Operation-Id` header, and a message.
 */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string | undefined,
  messagePart?: string | RegExp,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const parsed = body(response);
  if (code === undefined) {
    expect(parsed).not.toHaveProperty("error_code");
  } else {
    expect(parsed.error_code).toBe(code);
  }
  expect(parsed.status_code).toBe(status);
  expect(typeof parsed.msg).toBe("string");
  expect(parsed.msg.length).toBeGreaterThan(0);
  expect(parsed.details.operation_id).toMatch(/^op_[0-9A-Za-z]{27}$/);
  expect(response.headers["ngrok-operation-id"]).toBe(parsed.details.operation_id);
  if (messagePart !== undefined) expect(parsed.msg).toMatch(messagePart);
}

/** Creates an HTTPS edge and one route on it; returns their ids. */
export async function createEdgeAndRoute(
  app: EmulatorApp,
): Promise<{ edgeId: string; routeId: string }> {
  const edge = await api(app, "POST", "/edges/https", { description: "edge" });
  expect(edge.statusCode).toBe(201);
  const edgeId = body(edge).id as string;
  const route = await api(app, "POST", `/edges/https/${edgeId}/routes`, {
    match_type: "path_prefix",
    match: "/",
  });
  expect(route.statusCode).toBe(201);
  return { edgeId, routeId: body(route).id as string };
}

export function samlPath(edgeId: string, routeId: string): string {
  return `/edges/https/${edgeId}/routes/${routeId}/saml`;
}
