/**
 * ngrok error codes the client treats specially (see `./hints` and
 * `NgrokApiError.isNotFound`). Source: ngrok's error catalogue (`contributing/reference/ngrok-api.md`, "Errors").
 *
 * @module
 */

/** An account without edges: "Edges are deprecated and no longer available". */
export const EDGES_DEPRECATED_CODE = "ERR_NGROK_7008";
/**
 * An account whose edges are read-only: "Your account has read-only access to Edges. Edges are
 * deprecated, and write access (including creating, updating, or deleting) is no longer
 * supported for your account." (ngrok's error catalogue, ERR_NGROK_7196; no status documented).
 */
export const EDGES_READ_ONLY_CODE = "ERR_NGROK_7196";

/** The codes by which ngrok says that this account can no longer change its edges. */
export const EDGES_UNAVAILABLE_CODES: readonly string[] = [
  EDGES_DEPRECATED_CODE,
  EDGES_READ_ONLY_CODE,
];
/** "Your account is limited to N SSH Certificate Authorities". */
export const SSH_CA_LIMIT_CODE = "ERR_NGROK_1956";
