/**
 * ngrok error codes the client treats specially (see `./hints` and
 * `NgrokApiError.isNotFound`). Source: ngrok's error catalogue (`ngrok-api.md`, "Errors").
 *
 * @module
 */

/** An account without edges: "Edges are deprecated and no longer available". */
export const EDGES_DEPRECATED_CODE = "ERR_NGROK_7008";
/** "Your account is limited to N SSH Certificate Authorities". */
export const SSH_CA_LIMIT_CODE = "ERR_NGROK_1956";
