/**
 * The settings source of a command that reads no stack config: the API key, base URL and the
 * other settings come from the environment alone (`NGROK_API_KEY`, `NGROK_API_BASE_URL`, …,
 * docs/configuration.md), and the client's messages name only those variables
 * (`edges-to-endpoints`; `pending-creates` for a stack of the Node.js classes).
 *
 * @module
 */
import type { ConfigSource } from "../../provider";

/** A config source that holds no setting and is no stack config. */
export const ENVIRONMENT_ONLY: ConfigSource = { get: () => undefined, namespace: null };
