/**
 * The SSH CA's thin provider as sdk/thinProvider.ts wrote it at commit 7e37a46, before
 * `__provider` became one `require` of the package's module (7d54b6f): seven methods, each
 * requiring the installed package's implementation, which Pulumi serializes whole (about 2.7 KiB,
 * twice per resource in state). The benchmark's programs (consumerProgram.ts, engineProgram.ts)
 * declare resources with it as the "before" of the `__provider` size, the host's CPU and the
 * real engine's cost per resource.
 *
 * Never imported by the package: the benchmark copies its compiled form next to the programs
 * in each consumer directory (installedPackage.ts).
 *
 * @module
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each method requires the package when
   it runs, as 7e37a46 did: a require written outside the methods would be serialized. */
import type * as pulumi from "@pulumi/pulumi";

type Implementation = typeof import("pulumi-ngrok-dynamic/provider");
const name = "sshCertificateAuthorityProvider";

/** sdk/thinProvider.ts as of commit 7e37a46, for `name`: the seven methods it serialized. */
export const beforeProvider: pulumi.dynamic.ResourceProvider = {
  async configure(req) {
    return (require("pulumi-ngrok-dynamic/provider") as Implementation).configure(req);
  },
  async check(olds, news) {
    return (require("pulumi-ngrok-dynamic/provider") as Implementation)[name].check(olds, news);
  },
  async diff(id, olds, news) {
    return (require("pulumi-ngrok-dynamic/provider") as Implementation)[name].diff(id, olds, news);
  },
  async create(inputs) {
    return (require("pulumi-ngrok-dynamic/provider") as Implementation)[name].create(
      inputs as never,
    );
  },
  async read(id, props) {
    return (require("pulumi-ngrok-dynamic/provider") as Implementation)[name].read(
      id,
      props as never,
    );
  },
  async update(id, olds, news) {
    return (require("pulumi-ngrok-dynamic/provider") as Implementation)[name].update(
      id,
      olds as never,
      news as never,
    );
  },
  async delete(id, props) {
    return (require("pulumi-ngrok-dynamic/provider") as Implementation)[name].delete(
      id,
      props as never,
    );
  },
};
