/**
 * Reading the API's answers (provider/client/decode.ts) with node-fetch `Response` objects built
 * in memory, no HTTP: error bodies and their header fallbacks, Retry-After in both forms,
 * redaction, redirects, and 2xx bodies through a zod schema. tests/provider/client/ngrokClient.test.ts
 * covers the same paths against the emulator.
 */
import { Response } from "node-fetch";
import { z } from "zod";
import { type Endpoint, NgrokApiError, NgrokClientError } from "../../../provider/client";
import {
  apiError,
  parseBody,
  redact,
  redirectError,
  retryAfterSeconds,
} from "../../../provider/client/decode";

const ENDPOINT: Endpoint = { method: "GET", path: "/ssh_certificate_authorities/sshca_1" };
const KEY = "ak_secret_that_must_not_leak";
const NOW = Date.parse("2024-01-01T00:00:00Z");

describe("retryAfterSeconds", () => {
  it.each<[string, string | null, number | undefined]>([
    ["absent", null, undefined],
    ["empty", "", undefined],
    ["blank", "  ", undefined],
    ["delay-seconds", "3", 3],
    ["zero", "0", 0],
    ["fractional seconds", "1.5", 1.5],
    ["negative seconds", "-1", undefined],
    ["an HTTP-date in the future", "Mon, 01 Jan 2024 00:00:02 GMT", 2],
    ["an HTTP-date in the past", "Sun, 31 Dec 2023 23:59:00 GMT", 0],
    ["garbage", "soon", undefined],
  ])("%s (%j)", (_name, header, expected) => {
    expect(retryAfterSeconds(header, NOW)).toBe(expected);
  });
});

describe("redact", () => {
  it("replaces every occurrence of the key, and leaves text alone for an empty key", () => {
    expect(redact(`a ${KEY} b ${KEY}`, KEY)).toBe("a <redacted> b <redacted>");
    expect(redact("nothing to hide", "")).toBe("nothing to hide");
  });
});

describe("apiError", () => {
  it("reads ngrok's error body, and Retry-After on any status", async () => {
    const response = new Response(
      JSON.stringify({
        error_code: "ERR_NGROK_226",
        status_code: 429,
        msg: "Rate limited",
        details: { operation_id: "op_body" },
      }),
      { status: 429, headers: { "Retry-After": "2", "Ngrok-Operation-Id": "op_header" } },
    );
    const error = await apiError(response, ENDPOINT, KEY);
    expect(NgrokApiError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      "ngrok API 429 ERR_NGROK_226: Rate limited (GET /ssh_certificate_authorities/sshca_1, operation op_body)",
    );
    expect(error.retryAfterSeconds).toBe(2);

    const unavailable = await apiError(
      new Response("{}", { status: 503, headers: { "Retry-After": "7" } }),
      ENDPOINT,
      KEY,
    );
    expect(unavailable.retryAfterSeconds).toBe(7);
    expect(unavailable.msg).toBe("HTTP 503");
  });

  it("falls back to the status text and the Ngrok-Operation-Id header for a body that is not JSON", async () => {
    const response = new Response("<html>bad gateway</html>", {
      status: 502,
      statusText: "Bad Gateway",
      headers: { "Ngrok-Operation-Id": "op_header" },
    });
    const error = await apiError(response, ENDPOINT, KEY);
    expect(error.message).toBe(
      "ngrok API 502: Bad Gateway (GET /ssh_certificate_authorities/sshca_1, operation op_header)",
    );
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it("redacts the API key the body quotes", async () => {
    const response = new Response(
      JSON.stringify({ error_code: "ERR_NGROK_202", msg: `The API key '${KEY}' is invalid.` }),
      { status: 401 },
    );
    const error = await apiError(response, ENDPOINT, KEY);
    expect(error.message).not.toContain(KEY);
    expect(error.msg).toBe("The API key '<redacted>' is invalid.");
  });
});

describe("redirectError", () => {
  it("names the Location, redacted, and the base URL the key is sent to", async () => {
    const response = new Response("", {
      status: 307,
      headers: { Location: `https://elsewhere.example/?k=${KEY}` },
    });
    const error = await redirectError(response, ENDPOINT, {
      apiKey: KEY,
      baseUrl: "https://api.ngrok.com",
    });
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      "ngrok API answered GET /ssh_certificate_authorities/sshca_1 with a redirect (HTTP 307 to https://elsewhere.example/?k=<redacted>); not followed: the API key is only sent to https://api.ngrok.com",
    );
    expect(error.statusCode).toBe(307);
    expect(error.requestOutcome).toBe("answered");
  });
});

describe("parseBody", () => {
  const schema = z.object({ id: z.string(), public_key: z.string() });

  it("returns the validated body, or undefined without a schema", async () => {
    const body = { id: "sshca_1", public_key: "ssh-ed25519 AAAA" };
    await expect(parseBody(new Response(JSON.stringify(body)), schema, ENDPOINT)).resolves.toEqual(
      body,
    );
    await expect(
      parseBody(new Response("", { status: 204 }), undefined, ENDPOINT),
    ).resolves.toBeUndefined();
  });

  it("names each offending field and keeps the body", async () => {
    const error: unknown = await parseBody(
      new Response(JSON.stringify({ id: 1 })),
      schema,
      ENDPOINT,
    ).catch((e: unknown) => e);
    expect(NgrokClientError.isInstance(error)).toBe(true);
    const clientError = error as NgrokClientError;
    expect(clientError.message).toMatch(
      /^ngrok API response from GET \/ssh_certificate_authorities\/sshca_1 has an unexpected shape: id: .*; public_key: /,
    );
    expect(clientError.responseBody).toEqual({ id: 1 });
    expect(clientError.statusCode).toBe(200);
  });

  it("refuses a body that is not JSON", async () => {
    await expect(parseBody(new Response("<html>"), schema, ENDPOINT)).rejects.toThrow(
      "ngrok API response from GET /ssh_certificate_authorities/sshca_1 is not JSON (HTTP 200, 6 bytes)",
    );
  });
});
