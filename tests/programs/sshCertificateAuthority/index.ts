// A one-resource program for the engine-path test of SshCertificateAuthority: every argument
// comes from stack config, so each step of the test is a real program run with other config.
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority, type SshCertificateAuthorityArgs } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

export const ca = new SshCertificateAuthority("ca", {
  privateKeyType: config.require("privateKeyType") as SshCertificateAuthorityArgs["privateKeyType"],
  ellipticCurve: config.get("ellipticCurve") as SshCertificateAuthorityArgs["ellipticCurve"],
  keySize: config.getNumber("keySize") as SshCertificateAuthorityArgs["keySize"],
  description: config.get("description"),
  metadata: config.get("metadata"),
});
