/**
 * The providers Pulumi serializes into state (`__provider`).
 *
 * Each method `require`s the implementation by package name (`pulumi-ngrok-dynamic/provider`)
 * when it runs, inside the dynamic-provider host. Pulumi's closure serializer does not capture a
 * `require` written inside a function body, so the serialized text is a few lines (under 3 KB),
 * holds no path of the deploying machine and no credential, and every operation, including
 * refresh and destroy, runs the implementation installed next to the program. The only captured
 * value is the implementation's export name.
 *
 * Each resource's thin provider is the whole export of a module beside this one: from an
 * installed package, Pulumi then serializes it as one `require` of that module (about 300 bytes).
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";

type Implementation = typeof import("../../provider");

/** The export of `pulumi-ngrok-dynamic/provider` that implements a resource: `<resource>Provider`. */
export type ImplementationName = Extract<keyof Implementation, `${string}Provider`>;

/** A provider whose methods call `require("pulumi-ngrok-dynamic/provider")[name]`. */
export function thinProvider(name: ImplementationName): pulumi.dynamic.ResourceProvider {
  // The `require` runs inside a function body, when a method runs: the serializer captures this
  // function and `name`, never the module. Each method keeps Pulumi's own signature.
  const load = () => require("pulumi-ngrok-dynamic/provider") as Implementation;
  return {
    async configure(req) {
      return load().configure(req);
    },
    async check(olds, news) {
      return load()[name].check(olds, news);
    },
    async diff(id, olds, news) {
      return load()[name].diff(id, olds, news);
    },
    async create(inputs) {
      return load()[name].create(inputs);
    },
    async read(id, props) {
      return load()[name].read(id, props);
    },
    async update(id, olds, news) {
      return load()[name].update(id, olds, news);
    },
    async delete(id, props) {
      return load()[name].delete(id, props);
    },
  };
}
