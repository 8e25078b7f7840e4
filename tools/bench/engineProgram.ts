/**
 * The Pulumi program of the real-engine benchmarks (realEngine.ts, pacing.ts, stackCost.ts). It is
 * never imported: the benchmark copies its compiled form into a consumer directory as
 * `engine.js`, next to the package installed from `npm pack` and the reference providers
 * (referenceProviders.ts, beforeProvider.ts), and runs it through the real Pulumi CLI.
 *
 * Stack config: `count` (how many resources) and `kind`:
 * - `ours`: that many `SshCertificateAuthority` (ed25519), as a user declares them;
 * - `bare`: that many SSH CAs of the bare provider a user would write with global `fetch`
 *   (referenceProviders.ts): the same API requests, nothing else;
 * - `trivial`: that many resources of the simplest dynamic provider a user would write (`check`
 *   and `create`, no API call), the baseline that costs only what the engine and the
 *   dynamic-provider host cost;
 * - `plugin`: that many SSH CAs of the provider plugin (`ngrok-dynamic:index:SshCertificateAuthority`,
 *   served by `pulumi-resource-ngrok-dynamic` from the consumer's `node_modules/.bin`), with the
 *   properties of `ours`;
 * - `before`: that many SSH CAs with the same properties as `SshCertificateAuthority` through the
 *   thin provider of commit 7e37a46 (beforeProvider.ts): `__provider` of 2.7 KiB instead of one
 *   `require`;
 * - `ipPolicyRules`: one `IpPolicy` and that many `IpPolicyRule` in it, each a distinct `/32` block
 *   described `<ruleDescription> <index>` (config `ruleDescription`, default `bench rule`: changing it
 *   updates every rule in place), as ipPolicyRules.ts measures them.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { IpPolicy, IpPolicyRule, SshCertificateAuthority } from "pulumi-ngrok-dynamic";
import { beforeProvider } from "./beforeProvider";
import { bareProvider, trivialProvider } from "./referenceProviders";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const kind = config.require("kind");

/** A dynamic resource of a provider of the program's own (the class is abstract in the typings). */
class ProgramResource extends pulumi.dynamic.Resource {
  constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    props: Record<string, unknown>,
    type?: string,
  ) {
    super(provider, name, props, undefined, type === undefined ? undefined : "ngrok", type);
  }
}

/** An SSH CA of the provider plugin, by token, as a generated SDK registers it. */
class PluginResource extends pulumi.CustomResource {
  constructor(name: string, props: Record<string, unknown>) {
    super("ngrok-dynamic:index:SshCertificateAuthority", name, props);
  }
}

/** The IP policy of `ipPolicyRules`, declared once before its rules. */
const policy =
  kind === "ipPolicyRules" ? new IpPolicy("policy", { description: "bench policy" }) : undefined;
const ruleDescription = config.get("ruleDescription") ?? "bench rule";

for (let index = 0; index < count; index++) {
  const description = `bench CA ${index}`;
  switch (kind) {
    case "ours":
      new SshCertificateAuthority(`ca-${index}`, { privateKeyType: "ed25519", description });
      break;
    case "plugin":
      new PluginResource(`ca-${index}`, {
        privateKeyType: "ed25519",
        description,
        publicKey: undefined,
        keyType: undefined,
        uri: undefined,
        createdAt: undefined,
      });
      break;
    case "bare":
      new ProgramResource(bareProvider, `bare-${index}`, {
        privateKeyType: "ed25519",
        description,
        publicKey: undefined,
      });
      break;
    case "before":
      // SshCertificateAuthority's properties and type, 7e37a46's provider.
      new ProgramResource(
        beforeProvider,
        `ca-${index}`,
        {
          privateKeyType: "ed25519",
          ellipticCurve: undefined,
          keySize: undefined,
          description,
          metadata: undefined,
          adoptExistingId: undefined,
          publicKey: undefined,
          keyType: undefined,
          uri: undefined,
          createdAt: undefined,
        },
        "SshCertificateAuthority",
      );
      break;
    case "ipPolicyRules":
      // 10.x.y.z/32, one address each: distinct blocks (a block is held once in a policy).
      new IpPolicyRule(`rule-${index}`, {
        ipPolicyId: policy!.id,
        cidr: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}/32`,
        action: index % 2 === 0 ? "allow" : "deny",
        description: `${ruleDescription} ${index}`,
      });
      break;
    default:
      new ProgramResource(trivialProvider, `trivial-${index}`, { index, description });
  }
}
