/**
 * The program's part of two stack settings that need the resource's URN, which only the program
 * knows (Pulumi's dynamic-provider host hands the provider no URN):
 *
 * - `ngrok:ownershipMarker` (or the environment variable `NGROK_OWNERSHIP_MARKER`), `true` or
 *   `false`, default `false`: when `true`, each SSH CA and certificate passes its owner,
 *   `<organization>/<URN>`, in the hidden input `ownedBy`; the provider's `check` folds it into
 *   `metadata`, and its create takes over the object an interrupted deployment made for the same
 *   resource instead of creating a second one (docs/interruptedDeployments.md).
 * - `ngrok:adoptExistingIds`: a JSON object from URN to CA id (`{"urn:pulumi:…::ca-3":
 *   "sshca_…"}`), what `pulumi-ngrok-dynamic pending-creates` prints after an interrupted
 *   deployment: an `SshCertificateAuthority` whose URN is a key, and which sets no
 *   `adoptExistingId` of its own, adopts that CA at create.
 *
 * The URN is computed as the engine computes it (`pulumi.createUrn` with the resource's parent),
 * in an output that carries no dependency on the parent.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import type * as marker from "../provider/common/ownershipMarker";
import { parseAdoptExistingIds, parseOwnershipMarker } from "../provider/common/programSettings";
import { classToken } from "../provider/framework/tokens";

/** The environment variable read when the stack config has no `ngrok:ownershipMarker`. */
export const OWNERSHIP_MARKER_ENV_VAR = "NGROK_OWNERSHIP_MARKER";

/** The hidden input that carries the owner (the provider's `OWNER_INPUT`). */
const OWNER_INPUT = "ownedBy";

type Assert<T extends true> = T;
/**
 * Fails to compile when the input's name differs from the provider's.
 * @internal
 */
export type SameOwnerInput = Assert<
  typeof OWNER_INPUT extends typeof marker.OWNER_INPUT ? true : false
>;

/**
 * `{ ownedBy: "<organization>/<URN>" }` when `ngrok:ownershipMarker` is on, else `{}`.
 *
 * @throws Error when `ngrok:ownershipMarker` or `NGROK_OWNERSHIP_MARKER` is neither `true` nor
 *   `false`.
 */
export function ownershipInputs(
  type: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): { ownedBy?: pulumi.Output<string> } {
  if (!ownershipMarkerOn()) {
    return {};
  }
  const organization = pulumi.getOrganization();
  return { [OWNER_INPUT]: urnOf(type, name, opts).apply((urn) => `${organization}/${urn}`) };
}

/**
 * The id that `ngrok:adoptExistingIds` names for the URN of resource `name` of type `type`, or `undefined` when the
 * setting is absent (then nothing is added to the inputs).
 *
 * @throws Error when `ngrok:adoptExistingIds` is not a JSON object of strings.
 */
export function adoptedIdFromConfig(
  type: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Output<string | undefined> | undefined {
  const raw = new pulumi.Config("ngrok").get("adoptExistingIds");
  if (raw === undefined) {
    return undefined;
  }
  const ids = parseAdoptExistingIds(raw, "the stack config ngrok:adoptExistingIds");
  if (ids.problem !== undefined) throw new Error(ids.problem);
  const byUrn = ids.value;
  return urnOf(type, name, opts).apply((urn) => byUrn[urn]);
}

/** Whether `ngrok:ownershipMarker` (else `NGROK_OWNERSHIP_MARKER`) is `true`. */
export function ownershipMarkerOn(): boolean {
  const raw =
    new pulumi.Config("ngrok").get("ownershipMarker") ?? process.env[OWNERSHIP_MARKER_ENV_VAR];
  const marker = parseOwnershipMarker(
    raw,
    `ngrok:ownershipMarker (or ${OWNERSHIP_MARKER_ENV_VAR})`,
  );
  if (marker.problem !== undefined) throw new Error(marker.problem);
  return marker.value;
}

/**
 * The URN the engine gives the resource, in an output without the parent's dependency (an input
 * that depended on a component parent would wait for the component's children: itself).
 */
function urnOf(
  type: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Output<string> {
  const urn = pulumi.createUrn(name, classToken(type), opts?.parent);
  return pulumi.output(
    new Promise<string>((resolve) => {
      urn.apply((value) => {
        resolve(value);
        return value;
      });
    }),
  );
}
