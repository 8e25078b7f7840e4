// A one-resource program for the engine tests of SshCertificateAuthority: every argument comes
// from stack config, so each step of a test is a real program run with other config.
// `existingId` reads an existing CA (`{ id }`) instead; `importId` passes `{ import: id }`.
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority, type SshCertificateAuthorityArgs } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const existingId = config.get("existingId");
const importId = config.get("importId");

export const ca = new SshCertificateAuthority(
  existingId === undefined ? "ca" : "existing",
  {
    privateKeyType: config.require(
      "privateKeyType",
    ) as SshCertificateAuthorityArgs["privateKeyType"],
    ellipticCurve: config.get("ellipticCurve") as SshCertificateAuthorityArgs["ellipticCurve"],
    keySize: config.getNumber("keySize") as SshCertificateAuthorityArgs["keySize"],
    description: config.get("description"),
    metadata: config.get("metadata"),
  },
  existingId !== undefined
    ? { id: existingId }
    : importId !== undefined
      ? { import: importId }
      : {},
);
