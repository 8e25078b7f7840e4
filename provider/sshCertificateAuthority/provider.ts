/**
 * The implementation of the `SshCertificateAuthority` dynamic provider. The SDK's thin provider
 * class `require`s this module by package name inside each method, so none of it is serialized
 * into `__provider`.
 *
 * Each lifecycle method makes exactly one API request (plus retries of the same request where
 * the client allows them); `check` and `diff` make none.
 * - create: `POST /ssh_certificate_authorities`, never sent twice; after a failure that may have
 *   created the CA, the CA is looked for with `GET /ssh_certificate_authorities` (see `./create`)
 * - read: `GET /ssh_certificate_authorities/{id}` (404 → the CA is gone: `id: ""`)
 * - update: `PATCH /ssh_certificate_authorities/{id}` (description, metadata)
 * - delete: `DELETE /ssh_certificate_authorities/{id}` (404 counts as deleted)
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";
import { clientFromConfiguration, NgrokClientError } from "../client";
import { PROVIDER_KEY } from "../common/check";
import { ResourceInitFailedError } from "../common/errors";
import type * as ApiModule from "./api";
import type * as CreateModule from "./create";
import { diffSshCertificateAuthority } from "./diff";
import {
  checkSshCertificateAuthority,
  type SshCertificateAuthorityInputs,
  type SshCertificateAuthorityOutputs,
} from "./inputs";

type Inputs = SshCertificateAuthorityInputs;

/**
 * The wire format (zod schemas) and the create logic, loaded on first use: `check` and `diff`,
 * all that `pulumi preview` needs, load neither zod nor the HTTP client, which keeps the
 * plugin's cold start near that of a trivial dynamic provider (see BENCHMARKS.md).
 */
function api(): typeof ApiModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("./api") as typeof ApiModule;
}
function create(): typeof CreateModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("./create") as typeof CreateModule;
}
type Outputs = SshCertificateAuthorityOutputs;

/** The `ResourceProvider` methods of `SshCertificateAuthority` (all but `configure`). */
export const sshCertificateAuthorityProvider = {
  /** Validates and applies defaults; see {@link checkSshCertificateAuthority}. No API call. */
  async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
    return checkSshCertificateAuthority(news);
  },

  /** See {@link diffSshCertificateAuthority}. No API call. */
  async diff(_id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
    return diffSshCertificateAuthority(olds, news);
  },

  /** One `POST`; ngrok generates the key pair and returns the public key. See `createOnce` in `./create`. */
  async create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult<Outputs>> {
    const client = clientFromConfiguration();
    try {
      const created = await create().createOnce(client, inputs);
      return { id: created.id, outs: api().toOutputs(created, inputs) };
    } catch (error) {
      throw createdButUnreadable(error, inputs);
    }
  },

  /** One `GET`. A CA deleted outside Pulumi reads as `id: ""`, which removes it from state. */
  async read(id: string, props?: Outputs): Promise<pulumi.dynamic.ReadResult<Outputs>> {
    const client = clientFromConfiguration();
    const old = (props ?? {}) as Outputs;
    const live = await client.requestUnlessNotFound({
      method: "GET",
      path: api().itemPath(id),
      schema: api().sshCertificateAuthoritySchema,
    });
    if (live === undefined) {
      return { id: "", props: {} as Outputs };
    }
    return {
      id,
      props: api().toOutputs(live, old),
      inputs: api().liveInputs(live, old) as Outputs,
    };
  },

  /** One `PATCH` with `description` and `metadata` (`""` clears a field). */
  async update(
    id: string,
    _olds: Outputs,
    news: Inputs,
  ): Promise<pulumi.dynamic.UpdateResult<Outputs>> {
    const client = clientFromConfiguration();
    const updated = await client.request({
      method: "PATCH",
      path: api().itemPath(id),
      body: api().updateBody(news),
      schema: api().sshCertificateAuthoritySchema,
    });
    return { outs: api().toOutputs(updated, news) };
  },

  /** One `DELETE`; a CA that is already gone counts as deleted. */
  async delete(id: string, _props: Outputs): Promise<void> {
    await clientFromConfiguration().requestUnlessNotFound({
      method: "DELETE",
      path: api().itemPath(id),
    });
  },
};

/**
 * When the `POST` succeeded but its body is unusable, the CA exists: report it to the engine
 * with its id so that it is recorded, not leaked. Any other error passes through.
 */
function createdButUnreadable(error: unknown, inputs: Inputs): unknown {
  if (!NgrokClientError.isInstance(error)) {
    return error;
  }
  const body = error.responseBody as { id?: unknown } | undefined;
  if (typeof body?.id !== "string" || body.id === "") {
    return error;
  }
  const { [PROVIDER_KEY]: provider, ...rest } = inputs as Inputs & Record<string, unknown>;
  return new ResourceInitFailedError(
    `${error.message}; the SSH certificate authority ${body.id} was created and is recorded in state`,
    body.id,
    rest,
    provider,
  );
}
