/**
 * The two references the real-engine benchmarks measure the SSH CA against: dynamic providers
 * written as a user would write them in a Pulumi program, without this package.
 *
 * - {@link trivialProvider}: `check` and `create`, no API call at all: what any dynamic resource
 *   costs through the engine and the dynamic-provider host.
 * - {@link bareProvider}: the SSH CA with Node's global `fetch`, one request per `create`
 *   (`POST /ssh_certificate_authorities`), `read` (`GET …/{id}`) and `delete`
 *   (`DELETE …/{id}`), to the same endpoints; no validation, no error handling, no retries, no
 *   pacing, no `check`, `diff` or `update` (the engine compares inputs itself). The API key and
 *   base URL come from the environment (`NGROK_API_KEY`, `NGROK_API_BASE_URL`), read in each
 *   method, so that no credential is captured into `__provider`. Its outputs are its inputs plus
 *   the CA's public key, what a user would keep. Written the shortest way a user would write it
 *   (its `__provider` is about 1.9 KB): the leanest fair reference for state size.
 *
 * Never imported by the package: the benchmark copies its compiled form next to the programs in
 * each consumer directory (installedPackage.ts); engineProgram.ts declares the resources.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";

/** The simplest dynamic provider: the floor of what a dynamic resource costs. */
export const trivialProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async create(inputs) {
    return { id: `trivial-${inputs.index}`, outs: inputs };
  },
};

/** What the provider reads of ngrok's answer. */
interface SshCertificateAuthority {
  id: string;
  public_key: string;
  description?: string;
}

/** An SSH CA with bare `fetch`: one request per method, nothing else. */
export const bareProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    const response = await fetch(`${process.env.NGROK_API_BASE_URL}/ssh_certificate_authorities`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${process.env.NGROK_API_KEY}`,
        "Ngrok-Version": "2",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        private_key_type: inputs.privateKeyType,
        description: inputs.description,
      }),
    });
    const ca = (await response.json()) as SshCertificateAuthority;
    return { id: ca.id, outs: { ...inputs, publicKey: ca.public_key } };
  },
  async read(id, props) {
    const response = await fetch(
      `${process.env.NGROK_API_BASE_URL}/ssh_certificate_authorities/${id}`,
      {
        headers: { Authorization: `Bearer ${process.env.NGROK_API_KEY}`, "Ngrok-Version": "2" },
      },
    );
    const ca = (await response.json()) as SshCertificateAuthority;
    return { id, props: { ...props, description: ca.description, publicKey: ca.public_key } };
  },
  async delete(id) {
    await fetch(`${process.env.NGROK_API_BASE_URL}/ssh_certificate_authorities/${id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${process.env.NGROK_API_KEY}`, "Ngrok-Version": "2" },
    });
  },
};
