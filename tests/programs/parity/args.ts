// The arguments both parity programs declare, from stack config: one resource of each type.
// `keySizeWithEd25519` makes the CA's arguments invalid (a key parameter of another key type).
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();

export const args = {
  ca: {
    privateKeyType: "ed25519",
    description: config.require("description"),
    ...(config.getBoolean("keySizeWithEd25519") ? { keySize: 2048 } : {}),
  },
  host: (caId: pulumi.Input<string>) => ({
    sshCertificateAuthorityId: caId,
    publicKey: config.require("hostKey"),
    principals: ["web1.example.com"],
    description: config.require("description"),
  }),
  user: (caId: pulumi.Input<string>) => ({
    sshCertificateAuthorityId: caId,
    publicKey: config.require("userKey"),
    principals: ["deploy"],
  }),
  saml: {
    edgeId: config.require("edgeId"),
    routeId: config.require("routeId"),
    idpMetadata: fs.readFileSync(config.require("idpMetadataPath"), "utf8"),
    forceAuthn: config.getBoolean("forceAuthn"),
  },
};
