/**
 * What both SSH certificates add to the generic implementation (`../framework/implementation`),
 * one set of hooks for both {@link CertificateKind}s:
 *
 * - `check` warns when `validUntil` has passed (`expiredWarning`);
 * - a read hands back the inputs that would reproduce the certificate in their shortest form
 *   (see {@link shortestInputs});
 * - a create refused with 404 means that the CA does not exist (ngrok's codes `ERR_NGROK_1949`
 *   and `ERR_NGROK_1951`): the error keeps ngrok's status and code and says so in words, naming
 *   the id;
 * - after a failure that may have acted, the error says to look for the CA, the key and the
 *   description;
 * - the lookups' filter `principal` keeps the certificates that list it.
 *
 * What the generic implementation finds a created certificate by (after a failure that may have
 * acted, or with the ownership marker) are its inputs that replace it: the same CA and key (type
 * and key data, whatever the comment), and the principals, validity and (user) options where the
 * program declares them, compared by their `same`; and its description and metadata.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { NgrokApiError } from "../client";
import { reworded } from "../framework/implementation";
import { objectNames, type ResourceDefinition } from "../framework/resource";
import type { CertificateKind } from "./kinds";
import type { SshCertificateInputs, SshCertificateOutputs } from "./properties";
import { keyFingerprint } from "./publicKey";
import { expiredWarning } from "./validity";

/** The inputs ngrok fills when they are left out, in the order {@link shortestInputs} judges them. */
const DEFAULTABLE = [
  "principals",
  "validAfter",
  "validUntil",
  "criticalOptions",
  "extensions",
] as const satisfies readonly (keyof SshCertificateInputs)[];

/**
 * The inputs that would reproduce the live certificate (`answered`), in their shortest form: what
 * `read` hands back, which the engine keeps as the resource's inputs and shows the changes of on
 * `pulumi refresh`. An input whose live value is what ngrok fills when it is left out (no
 * principals, `validAfter` at the creation, `validUntil` at ngrok's default validity, no critical
 * option, ngrok's default extensions) is left out, as a program that relies on the default
 * leaves it out; so a refresh that finds a changed description shows `~description`, not every
 * value ngrok filled. (A later diff compares only what the program declares.)
 */
export function shortestInputs<Inputs extends SshCertificateInputs>(
  kind: CertificateKind,
  inputs: Inputs,
  answered: Pick<SshCertificateOutputs, "validAfter" | "validUntil" | "createdAt">,
): Inputs {
  const shortest = { ...inputs };
  const after = Date.parse(answered.validAfter);
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const filled: Record<(typeof DEFAULTABLE)[number], boolean> = {
    principals: shortest.principals?.length === 0,
    validAfter: seconds(after) === seconds(Date.parse(answered.createdAt)),
    validUntil: kind
      .defaultValidUntil(after)
      .some((until) => seconds(until) === seconds(Date.parse(answered.validUntil))),
    criticalOptions: isDeepStrictEqual(shortest.criticalOptions, {}),
    extensions: isDeepStrictEqual(shortest.extensions, kind.defaultExtensions),
  };
  for (const property of DEFAULTABLE) {
    if (filled[property]) delete shortest[property];
  }
  return shortest;
}

/** ngrok's 404 to a create, in words: the CA that `sshCertificateAuthorityId` names is not there. */
function unknownAuthority(error: NgrokApiError, short: string, caId: string) {
  return reworded(
    error,
    `the SSH certificate authority ${caId} (sshCertificateAuthorityId) does not exist in ` +
      `this ngrok account, so no ${short} was created: check the id, or declare the CA ` +
      `in the program and pass its id output, so that Pulumi creates it first (ngrok said: ` +
      `${error.msg})`,
  );
}

/** The hooks of the certificates of `definition`, of `kind`. */
export function certificateHooks(definition: ResourceDefinition, kind: CertificateKind) {
  const { name } = definition;
  const { short } = objectNames(definition);
  return {
    warnings: (inputs: SshCertificateInputs) => {
      const expired = expiredWarning(name, kind.defaultValidity, inputs);
      return expired === undefined ? [] : [expired];
    },
    liveInputs: <Inputs extends SshCertificateInputs>(
      inputs: Inputs,
      answered: Pick<SshCertificateOutputs, "validAfter" | "validUntil" | "createdAt">,
    ) => shortestInputs(kind, inputs, answered),
    identifyCreate: (inputs: SshCertificateInputs) =>
      `CA ${inputs.sshCertificateAuthorityId}, key ${keyFingerprint(inputs.publicKey)}, ` +
      `description ${JSON.stringify(inputs.description ?? "")}`,
    explainRefusal: (refused: {
      error: NgrokApiError;
      inputs: SshCertificateInputs;
      during: "create" | "update";
    }) =>
      refused.during === "create" && refused.error.isNotFound
        ? unknownAuthority(refused.error, short, refused.inputs.sshCertificateAuthorityId)
        : refused.error,
    filters: {
      principal: (record: { principals: string[] }, principal: string) =>
        record.principals.includes(principal),
    },
  };
}
