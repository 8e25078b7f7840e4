/**
 * The Pulumi program of the real-engine benchmark (realEngine.ts). It is never imported: the
 * benchmark copies its compiled form into a consumer directory as `engine.js`, next to the
 * package installed from `npm pack`, and runs it through the real Pulumi CLI.
 *
 * Stack config: `count` (how many resources) and `kind`:
 * - `ours`: that many `SshCertificateAuthority` (ed25519), as a user declares them;
 * - `trivial`: that many resources of the simplest dynamic provider a user would write (`check`
 *   and `create`, no API call), the baseline that costs only what the engine and the
 *   dynamic-provider host cost.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const kind = config.require("kind");

const trivialProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async create(inputs) {
    return { id: `trivial-${inputs.index}`, outs: inputs };
  },
};

/** A dynamic resource of the program's own provider (the class is abstract in the typings). */
class Trivial extends pulumi.dynamic.Resource {
  constructor(name: string, props: Record<string, unknown>) {
    super(trivialProvider, name, props, undefined);
  }
}

for (let index = 0; index < count; index++) {
  if (kind === "ours") {
    new SshCertificateAuthority(`ca-${index}`, {
      privateKeyType: "ed25519",
      description: `bench CA ${index}`,
    });
  } else {
    new Trivial(`trivial-${index}`, { index, description: `bench CA ${index}` });
  }
}
