/**
 * The `SshCredential` resource class, and its lookup function `getSshCredential`.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import type { SshCredentialRecord } from "../provider";
import { refuseImportOption } from "./importOption";
import { secretInputNames } from "./secretInputs";
import { refuseUnknownStackSettings } from "./lookups/stackSettings";
import { implementation, programClient } from "./lookups/programClient";
import { suspendPromiseStacks } from "./promiseStacks";
import provider = require("./thinProviders/sshCredential");
import {
  type GetSshCredentialArgs,
  type GetSshCredentialOutputArgs,
  type GetSshCredentialResult,
  SSH_CREDENTIAL_INPUTS,
  SSH_CREDENTIAL_OUTPUTS,
  type SshCredentialArgs,
  type SshCredentialOutputProperties,
} from "./generated/types";

export type {
  GetSshCredentialArgs,
  GetSshCredentialOutputArgs,
  GetSshCredentialResult,
  SshCredentialArgs,
} from "./generated/types";

// The outputs are declared once, generated from the definition: the interface merges into the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface SshCredential extends SshCredentialOutputProperties {}

/**
 * An ngrok SSH credential: an SSH public key that ngrok's SSH gateway accepts, so that the holder
 * of its private key can start tunnels with a plain `ssh` client
 * (`ssh -R 0:localhost:80 v2@connect.ngrok-agent.com http`), optionally restricted by ACL rules
 * (`acl`) to the endpoints it may bind.
 *
 * API: `POST`, `GET`, `PATCH`, `DELETE /ssh_credentials[/{id}]` (ngrok API reference, "SSH
 * Credentials"). The Pulumi id is ngrok's id (`sshcr_…`). `publicKey` and `ownerId` replace the
 * credential; `acl`, `description` and `metadata` update in place. ngrok holds a key once per
 * account: a key it already holds fails the create, naming the credential that holds it. A
 * credential deleted outside Pulumi disappears from state on `pulumi refresh`; a changed
 * description, metadata or ACL shows as drift and is set back by the next `pulumi up`.
 *
 * Invalid arguments fail at `check`, so `pulumi preview` reports them before any API call, each
 * naming the property and the rule (e.g. `acl[0] must be "*" or a bind rule, …`). API failures
 * surface as `ngrok API <status> <code>: <message> (<endpoint>, operation op_…)`.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { SshCredential } from "pulumi-ngrok-dynamic";
 *
 * const device = new SshCredential("device-132", {
 *   publicKey: fs.readFileSync("keys/device132.pub", "utf8"),
 *   acl: ["bind:132.devices.example.com"],
 *   description: "Device 132",
 * });
 * export const deviceCredentialId = device.id; // "sshcr_…"
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SshCredential extends pulumi.dynamic.Resource {
  /**
   * Reads the existing credential `id` into the program without managing it (Pulumi's
   * `ReadResource`): one `GET /ssh_credentials/{id}` at each `pulumi up`, `preview` and
   * `refresh`; `pulumi destroy` leaves the credential in place. Every output is set. A
   * credential that does not exist fails the deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id the credential's id, `sshcr_…`.
   * @param opts Pulumi resource options (`import` is refused).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): SshCredential {
    return new SshCredential(name, undefined, { ...opts, id });
  }

  /**
   * @param name the Pulumi resource name (part of the URN).
   * @param args see {@link SshCredentialArgs}.
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources); read an existing credential with {@link SshCredential.get}.
   * @throws Error when `opts.import` is set, naming `get`.
   */
  constructor(name: string, args: SshCredentialArgs, opts?: pulumi.CustomResourceOptions);
  /**
   * What {@link SshCredential.get} calls: no arguments, `opts.id` names the credential.
   * @internal
   */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: SshCredentialArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    refuseUnknownStackSettings();
    refuseImportOption(name, opts, {
      resource: "SshCredential",
      object: "SSH credential",
      instead: (id) =>
        `ngrok holds a key once, so delete ${id}, remove import, and this resource creates the ` +
        `credential again with the declared key (see "Import" in the resource's documentation)`,
    });
    // Every property is listed, so that every output is set, by a create as by a get.
    const restore = suspendPromiseStacks(opts);
    try {
      super(
        provider,
        name,
        { ...SSH_CREDENTIAL_INPUTS, ...args, ...secretInputNames(args), ...SSH_CREDENTIAL_OUTPUTS },
        opts,
        "ngrok",
        "SshCredential",
      );
    } finally {
      restore();
    }
  }
}

/**
 * Reads one SSH credential by id, without managing it: one `GET /ssh_credentials/{id}` from the
 * program's process, at every `pulumi preview` and `pulumi up`.
 *
 * Configuration as for the resources (stack config `ngrok:apiKey`, `ngrok:apiBaseUrl`, the retry
 * settings, then `NGROK_API_KEY`, …); the request is retried as the resources' are. This is not
 * a Pulumi invoke: `pulumi.runtime.setMocks` does not intercept it.
 *
 * @example
 * ```ts
 * const credential = await getSshCredential({ id: "sshcr_2Z…" });
 * export const acl = credential.acl; // ["bind:132.devices.example.com"]
 * ```
 * @throws TypeError when `id` is not a credential id, before any request.
 * @throws NgrokApiError from the API, e.g. 404 when there is no such credential.
 * @throws NgrokConfigurationError when no API key is configured.
 */
export async function getSshCredential(
  args: GetSshCredentialArgs,
): Promise<GetSshCredentialResult> {
  const found: SshCredentialRecord = await implementation().lookupSshCredential(
    programClient(),
    args.id,
  );
  return found;
}

/**
 * {@link getSshCredential} with inputs, as an output: for an id that another resource's output
 * gives.
 */
export function getSshCredentialOutput(
  args: GetSshCredentialOutputArgs,
): pulumi.Output<GetSshCredentialResult> {
  return pulumi.output(args).apply((resolved) => getSshCredential(resolved));
}
