/**
 * What a resource's `create` throws when its request made the object in ngrok but the method
 * could not finish (for example the response did not have the expected shape): the one rule both
 * resources follow, so that the object is recorded in state rather than leaked.
 *
 * @module
 */
import { NgrokClientError } from "../client";
import { propertyOf } from "../client/brand";
import { PROVIDER_KEY } from "./inputChecker";
import { ResourceInitFailedError } from "./errors";

/** How a resource tells, from a failed create, that the object exists, and how it names it. */
export interface CreatedObject {
  /**
   * The id of the object the failed request made, or `undefined` when the failure does not prove
   * that it made one (then the error is thrown as it is). Only called with an
   * {@link NgrokClientError}.
   */
  readonly idAfter: (error: NgrokClientError) => string | undefined;
  /**
   * What was made, ending the message, e.g. `the SAML module <id> was written` (the function
   * appends ` and is recorded in state`).
   */
  readonly describe: (id: string) => string;
}

/**
 * The error `create` throws after `error`: a {@link ResourceInitFailedError} carrying the object's
 * id and `inputs` when `created.idAfter` finds that the object exists (the message is the
 * client's message followed by `; <created.describe(id)> and is recorded in state`), so that the
 * engine records it and a later `pulumi up` retries or `pulumi destroy` deletes it. Any other
 * error, including any that is not an {@link NgrokClientError}, is returned unchanged.
 *
 * @param inputs - The inputs of the create, with `__provider` if the host passed it: it moves to
 *   the error's `properties` as the host expects.
 */
export function recordCreated(error: unknown, inputs: object, created: CreatedObject): unknown {
  if (!NgrokClientError.isInstance(error)) {
    return error;
  }
  const id = created.idAfter(error);
  if (id === undefined) {
    return error;
  }
  const { [PROVIDER_KEY]: provider, ...rest }: Record<string, unknown> = { ...inputs };
  return new ResourceInitFailedError(
    `${error.message}; ${created.describe(id)} and is recorded in state`,
    id,
    rest,
    provider,
  );
}

/** The `id` of the body of `error`'s answer (the object a `POST` made), if the body has one. */
export function answeredId(error: NgrokClientError): unknown {
  return propertyOf(error.responseBody, "id");
}
