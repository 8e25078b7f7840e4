// An ngrok SSH certificate authority, a user certificate for your public key, and optionally a
// host certificate for a server's host key, with the lines sshd and ssh need to trust the CA.
// You provide the public keys (never a private key: it stays on its machine); ngrok signs them
// with the CA's private key, which never leaves ngrok.
import * as fs from "node:fs";
import * as os from "node:os";
import * as pulumi from "@pulumi/pulumi";
import {
  SshCertificateAuthority,
  SshHostCertificate,
  SshUserCertificate,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const owner = config.get("owner") ?? "platform";
const stack = pulumi.getStack();
/** A path from config, with `~` as the home folder. */
const readPublicKey = (key: string) =>
  fs.readFileSync(config.require(key).replace(/^~(?=$|\/)/, os.homedir()), "utf8");

const ca = new SshCertificateAuthority("ssh-ca", {
  privateKeyType: "ed25519",
  description: `${stack} SSH CA, owned by ${owner}`,
});

// Renewed once a month: the instant only changes when the month does, so the first `pulumi up`
// of a month signs a new certificate (valid until the start of the month after next), and every
// other run is no change. A relative duration ("30d") is refused: see docs/sshUserCertificate.md.
const now = new Date();
const renewedMonthly = new Date(
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1),
).toISOString();

const userName = config.require("userName");
const user = new SshUserCertificate("user", {
  sshCertificateAuthorityId: ca.id, // Pulumi creates the CA first and deletes it last
  publicKey: readPublicKey("userPublicKeyPath"),
  principals: [userName],
  validUntil: renewedMonthly,
  description: `${stack} user certificate for ${userName}, owned by ${owner}`,
});

// Optional: a host certificate for a server, when its host public key is given (config
// `hostPublicKeyPath`, and `hostName`, the name clients reach it by; neither is declared in
// Pulumi.yaml, which would make them required).
const hostName =
  config.get("hostPublicKeyPath") === undefined ? undefined : config.require("hostName");
const host =
  hostName === undefined
    ? undefined
    : new SshHostCertificate("host", {
        sshCertificateAuthorityId: ca.id,
        publicKey: readPublicKey("hostPublicKeyPath"),
        principals: [hostName],
        validUntil: renewedMonthly,
        description: `${stack} host certificate for ${hostName}, owned by ${owner}`,
      });

/** The CA's public key: one line of sshd's `TrustedUserCAKeys` file. */
export const caPublicKey = ca.publicKey;

/** The user certificate: write it beside the private key, as `~/.ssh/id_ed25519-cert.pub`. */
export const userCertificate = user.certificate;

/** When the user certificate stops being accepted (RFC 3339, UTC). */
export const userCertificateValidUntil = user.validUntil;

/** The host certificate, for sshd's `HostCertificate` (beside the host key). */
export const hostCertificate = host?.certificate;

/** The line of the clients' `known_hosts` that trusts the server's host certificate. */
export const knownHostsLine =
  hostName === undefined
    ? undefined
    : pulumi.interpolate`@cert-authority ${hostName} ${ca.publicKey}`;
