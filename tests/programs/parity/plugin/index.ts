// Parity, the provider plugin: the same resources as ../dynamic, registered by type token
// (ngrok-dynamic:index:<Resource>) for the plugin on PATH, as a generated SDK would.
import * as pulumi from "@pulumi/pulumi";
import { args } from "../args";

/** A resource of the plugin's package, with the outputs it names. */
class Resource extends pulumi.CustomResource {
  constructor(type: string, name: string, props: Record<string, unknown>, outputs: string[]) {
    super(`ngrok-dynamic:index:${type}`, name, {
      ...props,
      ...Object.fromEntries(outputs.map((o) => [o, undefined])),
    });
  }
  out(name: string): pulumi.Output<unknown> {
    return (this as unknown as Record<string, pulumi.Output<unknown>>)[name];
  }
}

const ca = new Resource("SshCertificateAuthority", "ca", args.ca, ["publicKey", "keyType"]);
const host = new Resource("SshHostCertificate", "host", args.host(ca.id), [
  "certificate",
  "validUntil",
]);
const user = new Resource("SshUserCertificate", "user", args.user(ca.id), [
  "certificate",
  "extensions",
]);
const saml = new Resource("HttpsEdgeRouteSaml", "sso", args.saml, [
  "entityId",
  "assertionConsumerServiceUrl",
]);

export const outputs = {
  ca: {
    publicKey: ca.out("publicKey"),
    keyType: ca.out("keyType"),
    description: ca.out("description"),
  },
  host: {
    certificate: host.out("certificate"),
    principals: host.out("principals"),
    validUntil: host.out("validUntil"),
  },
  user: { certificate: user.out("certificate"), extensions: user.out("extensions") },
  saml: {
    entityId: saml.out("entityId"),
    acs: saml.out("assertionConsumerServiceUrl"),
    forceAuthn: saml.out("forceAuthn"),
  },
};
