/**
 * ngrok's traffic policy phases: the points in the life of a connection or request where the
 * rules of a phase run. A policy is a map of phase names to lists of rules.
 *
 * Sources: "How Traffic Policy Works", Phases
 * (https://ngrok.com/docs/traffic-policy/how-it-works/#phases) for the first three;
 * `on_event_stream_message` from the SSE Find & Replace action
 * (https://ngrok.com/docs/traffic-policy/actions/sse-find-replace/), which runs there only.
 *
 * @module
 */
import type { PhaseName } from "./schema";

/** One phase: what it is, for users. */
export interface PhaseSpec {
  readonly description: string;
}

/** Every phase, by wire name, in the order a connection meets them. */
export const PHASES: Readonly<Record<PhaseName, PhaseSpec>> = {
  on_tcp_connect: {
    description:
      "Rules run when a new TCP connection is established, before any higher-level protocol " +
      "processing; present in all traffic to the endpoint.",
  },
  on_http_request: {
    description:
      "Rules run when ngrok receives an HTTP request (HTTP and HTTPS endpoints): " +
      "authentication, rate limits, rewrites, forwarding.",
  },
  on_http_response: {
    description:
      "Rules run when ngrok receives the upstream service's response, before it is sent to " +
      "the client (HTTP and HTTPS endpoints).",
  },
  on_event_stream_message: {
    description: "Rules run on each message of a Server-Sent Events stream.",
  },
};

/** The phase names, in the order of {@link PHASES}. */
export const PHASE_NAMES: readonly PhaseName[] = [
  "on_tcp_connect",
  "on_http_request",
  "on_http_response",
  "on_event_stream_message",
];

/** Whether `name` is a phase's wire name. */
export function isPhaseName(name: string): name is PhaseName {
  return PHASE_NAMES.some((phase) => phase === name);
}
