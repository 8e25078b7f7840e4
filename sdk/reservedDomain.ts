/**
 * The `ReservedDomain` resource class, and its lookup functions `getReservedDomain` and
 * `getReservedDomains`.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { refuseImportOption } from "./importOption";
import { secretInputNames } from "./secretInputs";
import { refuseUnknownStackSettings } from "./lookups/stackSettings";
import { implementation, programClient } from "./lookups/programClient";
import { suspendPromiseStacks } from "./promiseStacks";
import provider = require("./thinProviders/reservedDomain");
import {
  type GetReservedDomainArgs,
  type GetReservedDomainOutputArgs,
  type GetReservedDomainResult,
  type GetReservedDomainsArgs,
  type GetReservedDomainsOutputArgs,
  RESERVED_DOMAIN_INPUTS,
  RESERVED_DOMAIN_OUTPUTS,
  type ReservedDomainArgs,
  type ReservedDomainOutputProperties,
} from "./generated/types";

export type {
  CertificateManagementPolicy,
  CertificateManagementStatus,
  CertificateProvisioningJob,
  CertificateReference,
  GetReservedDomainArgs,
  GetReservedDomainOutputArgs,
  GetReservedDomainResult,
  GetReservedDomainsArgs,
  GetReservedDomainsOutputArgs,
  ReservedDomainArgs,
} from "./generated/types";

// The outputs are declared once, generated from the definition: the interface merges into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface ReservedDomain extends ReservedDomainOutputProperties {}

/**
 * An ngrok reserved domain: a hostname the account holds in ngrok, on which cloud endpoints
 * (`CloudEndpoint`) serve traffic: a subdomain of one of ngrok's domains (`myapp.ngrok.app`), or a
 * custom domain (`api.example.com`, `*.example.com`) whose DNS CNAME record points at the
 * `cnameTarget` output.
 *
 * API: `POST`, `GET`, `PATCH`, `DELETE /reserved_domains[/{id}]`. The Pulumi id is ngrok's id
 * (`rd_…`). `domain` replaces the reservation (the old one is deleted first: an account holds a
 * domain once); `description`, `metadata` and `certificateManagementPolicy` update in place. A
 * domain deleted outside Pulumi disappears from state on `pulumi refresh`; a changed description,
 * metadata or policy shows as drift and is set back by the next `pulumi up`.
 *
 * Invalid arguments fail at `check`, so `pulumi preview` reports them before any API call, each
 * naming the property and the rule. API failures surface as `ngrok API <status> <code>: <message>
 * (<endpoint>, operation op_…)`; ngrok's refusals of the domain read `ngrok refused domain: …`.
 *
 * @example
 * ```ts
 * import { ReservedDomain } from "pulumi-ngrok-dynamic";
 *
 * const api = new ReservedDomain("api", { domain: "api.example.com", description: "Public API" });
 * export const cnameTarget = api.cnameTarget; // "<random>.<random>.ngrok-cname.com"
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ReservedDomain extends pulumi.dynamic.Resource {
  /**
   * Reads the existing reserved domain `id` into the program without managing it (Pulumi's
   * `ReadResource`): one `GET /reserved_domains/{id}` at each `pulumi up`, `preview` and
   * `refresh`; `pulumi destroy` leaves it in place. A domain that does not exist fails the
   * deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id the reserved domain's id, `rd_…`.
   * @param opts Pulumi resource options (`import` is refused).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): ReservedDomain {
    return new ReservedDomain(name, undefined, { ...opts, id });
  }

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link ReservedDomainArgs}.
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources); read an existing domain with {@link ReservedDomain.get}.
   * @throws Error when `opts.import` is set, naming `get`.
   */
  constructor(name: string, args: ReservedDomainArgs, opts?: pulumi.CustomResourceOptions);
  /**
   * What {@link ReservedDomain.get} calls: no arguments, `opts.id` names the domain.
   * @internal
   */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: ReservedDomainArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    refuseUnknownStackSettings();
    refuseImportOption(name, opts, {
      resource: "ReservedDomain",
      object: "reserved domain",
      instead: (id) =>
        `remove import and read ${id} with ReservedDomain.get, or import it through the ` +
        `package's import-file command (see "Import" in the resource's documentation)`,
    });
    const restore = suspendPromiseStacks(opts);
    try {
      super(
        provider,
        name,
        {
          ...RESERVED_DOMAIN_INPUTS,
          ...args,
          ...secretInputNames(args),
          ...RESERVED_DOMAIN_OUTPUTS,
        },
        opts,
        "ngrok",
        "ReservedDomain",
      );
    } finally {
      restore();
    }
  }
}

/** What {@link getReservedDomains} returns. */
export interface GetReservedDomainsResult {
  /** The reserved domains the arguments keep, newest first (ngrok's order). */
  reservedDomains: GetReservedDomainResult[];
}

/**
 * Reads one reserved domain by id, without managing it: one `GET /reserved_domains/{id}` from the
 * program's process, at every `pulumi preview` and `pulumi up` (configured as the resources are;
 * not a Pulumi invoke).
 *
 * @throws TypeError when `id` is not a reserved domain id (`rd_…`), before any request.
 * @throws NgrokApiError from the API, e.g. 404 when there is no such domain.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getReservedDomain(
  args: GetReservedDomainArgs,
): Promise<GetReservedDomainResult> {
  return implementation().lookupReservedDomain(programClient(), args.id);
}

/** {@link getReservedDomain} with inputs, as an output. */
export function getReservedDomainOutput(
  args: GetReservedDomainOutputArgs,
): pulumi.Output<GetReservedDomainResult> {
  return pulumi.output(args).apply((resolved) => getReservedDomain(resolved));
}

/**
 * Every reserved domain of the account whose `domain`, `description` and `metadata` equal those
 * of `args` that are set, newest first: `GET /reserved_domains`, every page, from the program's
 * process.
 *
 * @throws NgrokApiError or NgrokClientError when a page cannot be read.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getReservedDomains(
  args: GetReservedDomainsArgs = {},
): Promise<GetReservedDomainsResult> {
  return { reservedDomains: await implementation().listReservedDomains(programClient(), args) };
}

/** {@link getReservedDomains} with inputs, as an output. */
export function getReservedDomainsOutput(
  args: GetReservedDomainsOutputArgs = {},
): pulumi.Output<GetReservedDomainsResult> {
  return pulumi.output(args).apply((resolved) => getReservedDomains(resolved));
}
