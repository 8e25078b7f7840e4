// An ngrok SSH certificate authority. ngrok generates and keeps its private key; the stack
// output `trustedUserCaKey` is the line to put in your servers' sshd `TrustedUserCAKeys` file.
//
// Deploy: `pulumi config set ngrok:apiKey --secret`, then `pulumi preview` and `pulumi up`.
// Against the local emulator instead: see README.md of pulumi-ngrok-dynamic.
// Delete it: the CA is protected (below), so `pulumi state unprotect --all` first, then
// `pulumi destroy`.
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority } from "pulumi-ngrok-dynamic";

const ca = new SshCertificateAuthority(
  "user-ca",
  { privateKeyType: "ed25519", description: `SSH user CA of stack ${pulumi.getStack()}` },
  // Replacing a CA changes the key every sshd trusts: refuse to delete it by accident.
  { protect: true },
);

/** One line of an sshd `TrustedUserCAKeys` file. */
export const trustedUserCaKey = ca.publicKey;
/** The CA's ngrok id (`sshca_…`). */
export const certificateAuthorityId = ca.id;
