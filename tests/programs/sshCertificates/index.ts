// An SSH certificate authority and the host and user certificates it signs, for the real-CLI
// tests: the certificates take the CA's id output, so Pulumi creates the CA first and deletes it
// last. The arguments that the tests change come from stack config.
import * as pulumi from "@pulumi/pulumi";
import {
  SshCertificateAuthority,
  SshHostCertificate,
  SshUserCertificate,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const ca = new SshCertificateAuthority("ca", {
  privateKeyType: "ed25519",
  description: "certificates",
});

const host = new SshHostCertificate("web1", {
  sshCertificateAuthorityId: ca.id,
  publicKey: config.require("hostKey"),
  principals: config.requireObject<string[]>("hostPrincipals"),
  validUntil: config.get("hostValidUntil"),
  description: config.get("hostDescription"),
});

const user = new SshUserCertificate("deploy", {
  sshCertificateAuthorityId: ca.id,
  publicKey: config.require("userKey"),
  principals: ["deploy"],
  criticalOptions: config.getObject<Record<string, string>>("userCriticalOptions"),
});

export const caId = ca.id;
export const caPublicKey = ca.publicKey;
export const hostCertificate = {
  id: host.id,
  certificate: host.certificate,
  validAfter: host.validAfter,
  validUntil: host.validUntil,
  principals: host.principals,
};
export const userCertificate = {
  id: user.id,
  certificate: user.certificate,
  extensions: user.extensions,
  criticalOptions: user.criticalOptions,
  validUntil: user.validUntil,
};
