// The plugin's resources from a Node.js program without a generated SDK: custom resources
// registered by type token (ngrok-dynamic:index:<Resource>), which the engine serves with the
// plugin `pulumi-resource-ngrok-dynamic` found on PATH. Config: `description`.
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();

/** A resource of the plugin's package, by token. */
class PluginResource extends pulumi.CustomResource {}

const ca = new PluginResource("ngrok-dynamic:index:SshCertificateAuthority", "ca", {
  privateKeyType: "ed25519",
  description: config.get("description"),
  publicKey: undefined,
  keyType: undefined,
});

export const caId = ca.id;
export const publicKey = (ca as unknown as { publicKey: pulumi.Output<string> }).publicKey;
