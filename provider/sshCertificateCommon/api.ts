/**
 * The wire format of ngrok's SSH host and user certificate endpoints, and its mapping to the
 * resources' camelCase inputs and outputs (snake_case on the wire, as ngrok's clients convert).
 *
 * Source: `ngrok-ssh-certificates.md` sections 1 (endpoints, lists), 2 (create fields, response
 * objects) and 3 (PATCH).
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { NgrokClient } from "../client";
import {
  liveInputsFrom,
  outputsFrom,
  patchBody,
  requestBody,
  type ResponseOf,
  responseSchema,
} from "../framework/wire";
import type {
  SSH_CERTIFICATE_COMMON,
  SshCertificateInputs,
  SshCertificateOutputs,
} from "./properties";
import type { CertificateKind } from "./kinds";
import { derivedAs } from "../common/derived";

/** `<kind.path>/{id}` with the id URL-encoded. */
export function itemPath(kind: CertificateKind, id: string): string {
  return `${kind.path}/${encodeURIComponent(id)}`;
}

/**
 * Either kind's body: the fields both have (`SSHHostCertificate`), and the user certificate's two
 * maps, absent from a host certificate's. `description` and `metadata` are absent when empty; a
 * missing `principals` reads as `[]`; unknown extra fields are tolerated (and dropped).
 */
export type SshCertificateResponse = ResponseOf<typeof SSH_CERTIFICATE_COMMON> & {
  id: string;
  critical_options?: Record<string, string>;
  extensions?: Record<string, string>;
};

/** The schemas of one kind: one certificate, and one page of the list. */
interface KindSchemas {
  readonly one: z.ZodType<SshCertificateResponse>;
  readonly page: z.ZodType<{ next_page_uri?: string | null }>;
}

/** Each kind's schemas, derived once from its definition (the kind is passed, not imported). */
const SCHEMAS = new WeakMap<CertificateKind, KindSchemas>();

/** The schemas of `kind`, derived from `kind.definition` on first use. */
function schemasOf(kind: CertificateKind): KindSchemas {
  let schemas = SCHEMAS.get(kind);
  if (schemas === undefined) {
    const one = derivedAs<z.ZodType<SshCertificateResponse>>(responseSchema(kind.definition));
    const page = z.object({
      [kind.listField]: z.array(one),
      uri: z.string(),
      next_page_uri: z.string().nullable().optional(),
    });
    schemas = { one, page };
    SCHEMAS.set(kind, schemas);
  }
  return schemas;
}

/**
 * The schema of one certificate of `kind` (an `SSHHostCertificate` or `SSHUserCertificate` body),
 * derived from its definition.
 */
export function certificateSchema(kind: CertificateKind): z.ZodType<SshCertificateResponse> {
  return schemasOf(kind).one;
}

/**
 * Every certificate of `kind`, newest first, following `next_page_uri` through every page
 * (`GET <kind.path>?limit=100`).
 *
 * @param onHeaders called with the headers of each page's answer.
 */
export function listCertificates(
  client: NgrokClient,
  kind: CertificateKind,
  onHeaders?: (headers: { get(name: string): string | null }) => void,
): AsyncIterable<SshCertificateResponse> {
  // The page's field is the kind's (`kind.listField`, from its definition's path).
  const page = derivedAs<
    z.ZodType<Record<string, SshCertificateResponse[]> & { next_page_uri?: string | null }>
  >(schemasOf(kind).page);
  return client.list(`${kind.path}?limit=100`, kind.listField, page, onHeaders);
}

/** The body of `POST <kind.path>`: only the inputs that are set. */
export function createBody(
  kind: CertificateKind,
  inputs: SshCertificateInputs,
): Record<string, unknown> {
  return requestBody(kind.definition, inputs);
}

/** The body of `PATCH <kind.path>/{id}`: both fields, `""` clears one. */
export function updateBody(
  kind: CertificateKind,
  inputs: SshCertificateInputs,
): Record<string, unknown> {
  return patchBody(kind.definition, inputs);
}

/** The outputs: every value from the response, ngrok's own for the inputs it filled. */
export function toOutputs(
  kind: CertificateKind,
  response: SshCertificateResponse,
): SshCertificateOutputs {
  return derivedAs<SshCertificateOutputs>(outputsFrom(kind.definition, response, {}));
}

/** Every input of the live certificate, with ngrok's values for those it filled. */
function effectiveInputs(kind: CertificateKind, response: SshCertificateResponse) {
  return derivedAs<SshCertificateInputs>(liveInputsFrom(kind.definition, response, {}));
}

/** The inputs ngrok fills when they are left out, in the order {@link liveInputs} judges them. */
const DEFAULTABLE = [
  "principals",
  "validAfter",
  "validUntil",
  "criticalOptions",
  "extensions",
] as const satisfies readonly (keyof SshCertificateInputs)[];

/**
 * The inputs that would reproduce the live certificate, in their shortest form: what `read`
 * hands back, which the engine keeps as the resource's inputs and shows the changes of on
 * `pulumi refresh`. An input whose live value is what ngrok fills when it is left out (no
 * principals, `validAfter` at the creation, `validUntil` at ngrok's default validity, no critical
 * option, ngrok's default extensions) is left out, as a program that relies on the default
 * leaves it out; so a refresh that finds a changed description shows `~description`, not every
 * value ngrok filled. (A later diff compares only what the program declares, see `./diff`.)
 */
export function liveInputs(
  kind: CertificateKind,
  response: SshCertificateResponse,
): SshCertificateInputs {
  const inputs: SshCertificateInputs = effectiveInputs(kind, response);
  const after = Date.parse(response.valid_after);
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const filled: Record<(typeof DEFAULTABLE)[number], boolean> = {
    principals: inputs.principals?.length === 0,
    validAfter: seconds(after) === seconds(Date.parse(response.created_at)),
    validUntil: kind
      .defaultValidUntil(after)
      .some((until) => seconds(until) === seconds(Date.parse(response.valid_until))),
    criticalOptions: isDeepStrictEqual(inputs.criticalOptions, {}),
    extensions: isDeepStrictEqual(inputs.extensions, kind.defaultExtensions),
  };
  for (const property of DEFAULTABLE) {
    if (filled[property]) delete inputs[property];
  }
  return inputs;
}
