/**
 * Errors a resource method throws to tell the Pulumi engine something beyond "it failed".
 *
 * @module
 */
import { isBranded } from "../client/brand";
import { PROVIDER_KEY } from "./inputChecker";

/**
 * The object was created in ngrok but the method could not finish (for example the response did
 * not have the expected shape). Pulumi's dynamic-provider host turns an error carrying `id`,
 * `properties` and `reasons` into `ErrorResourceInitFailed`, so the engine records the resource
 * as created (and a later `pulumi up` retries or `pulumi destroy` deletes it) instead of leaking
 * it. `properties` must include `__provider`, which the host does not add on this path.
 */
export class ResourceInitFailedError extends Error {
  /** Brand checked by {@link ResourceInitFailedError.isInstance}. */
  public readonly __resourceInitFailedError = true;
  public readonly id: string;
  public readonly properties: Record<string, unknown>;
  public readonly reasons: string[];

  constructor(message: string, id: string, properties: Record<string, unknown>, provider: unknown) {
    super(message);
    this.name = "ResourceInitFailedError";
    this.id = id;
    this.properties = { ...properties, [PROVIDER_KEY]: provider };
    this.reasons = [message];
  }

  /** True when `obj` is a {@link ResourceInitFailedError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is ResourceInitFailedError {
    return isBranded(obj, "__resourceInitFailedError");
  }
}
