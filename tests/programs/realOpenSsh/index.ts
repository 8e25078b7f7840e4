// The SSH certificates that tests/automation/realOpenSsh hands to a real sshd and ssh, signed by
// one CA: a host certificate of the sshd host key (`hostKey`) for `hostPrincipal`, and one of the
// same key for another name; a user certificate for `userName`, one for another user name, and
// one for `userName` whose validity ends at `expiringValidUntil` (computed by the test). The test
// writes the outputs to the files sshd and ssh read.
import * as pulumi from "@pulumi/pulumi";
import {
  SshCertificateAuthority,
  SshHostCertificate,
  SshUserCertificate,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const userName = config.require("userName");

const ca = new SshCertificateAuthority("ca", {
  privateKeyType: "ed25519",
  description: "real OpenSSH test",
});
const signedByCa = { sshCertificateAuthorityId: ca.id };

const host = new SshHostCertificate("sshd", {
  ...signedByCa,
  publicKey: config.require("hostKey"),
  principals: [config.require("hostPrincipal")],
});
const otherHost = new SshHostCertificate("sshd-other-name", {
  ...signedByCa,
  publicKey: config.require("hostKey"),
  principals: ["other.test"],
});

const user = new SshUserCertificate("user", {
  ...signedByCa,
  publicKey: config.require("userKey"),
  principals: [userName],
});
const otherUser = new SshUserCertificate("other-user", {
  ...signedByCa,
  publicKey: config.require("otherUserKey"),
  principals: ["someone-else"],
});
const expiring = new SshUserCertificate("expiring-user", {
  ...signedByCa,
  publicKey: config.require("expiringUserKey"),
  principals: [userName],
  validUntil: config.require("expiringValidUntil"),
});

/** What the test writes and checks of a certificate. */
const written = (certificate: SshHostCertificate | SshUserCertificate) => ({
  id: certificate.id,
  certificate: certificate.certificate,
  principals: certificate.principals,
  validUntil: certificate.validUntil,
});

// One line of TrustedUserCAKeys, and the key of known_hosts' @cert-authority line.
export const caPublicKey = ca.publicKey;
export const hostCertificate = written(host);
export const otherHostCertificate = written(otherHost);
export const userCertificate = written(user);
export const otherUserCertificate = written(otherUser);
export const expiringUserCertificate = written(expiring);
