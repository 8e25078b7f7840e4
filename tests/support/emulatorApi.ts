/**
 * Calls to the emulator's API from tests, the way any API client would make them: for setting up
 * edges and routes, and for changes "outside Pulumi".
 */
import type { RunningEmulator } from "../../emulator/index";

/** Sends one request with the emulator's key and ngrok's headers; returns status and JSON body. */
export async function callApi(
  emulator: Pick<RunningEmulator, "url" | "apiKey">,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string; body: Record<string, unknown> }> {
  const response = await fetch(emulator.url + path, {
    method,
    headers: {
      Authorization: `Bearer ${emulator.apiKey}`,
      "Ngrok-Version": "2",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/** Creates an HTTPS edge with `routes` path-prefix routes; returns their ids. */
export async function createEdgeWithRoutes(
  emulator: Pick<RunningEmulator, "url" | "apiKey">,
  routes: number,
): Promise<{ edgeId: string; routeIds: string[] }> {
  const edge = await callApi(emulator, "POST", "/edges/https", { description: "test edge" });
  if (edge.status !== 201 && edge.status !== 200) {
    throw new Error(`creating an edge answered ${edge.status}: ${JSON.stringify(edge.body)}`);
  }
  const edgeId = edge.body.id as string;
  const routeIds: string[] = [];
  for (let i = 0; i < routes; i++) {
    const route = await callApi(emulator, "POST", `/edges/https/${edgeId}/routes`, {
      match_type: "path_prefix",
      match: `/app${i}`,
    });
    routeIds.push(route.body.id as string);
  }
  return { edgeId, routeIds };
}

/** The writable fields of a SAML module (`contributing/reference/seed.md` §4.2), for a PUT "outside Pulumi" that changes a few. */
export function writableSamlFields(module: Record<string, unknown>): Record<string, unknown> {
  const writable = [
    "enabled",
    "options_passthrough",
    "cookie_prefix",
    "inactivity_timeout",
    "maximum_duration",
    "idp_metadata",
    "force_authn",
    "allow_idp_initiated",
    "authorized_groups",
    "nameid_format",
  ];
  return Object.fromEntries(writable.map((k) => [k, module[k]]));
}
