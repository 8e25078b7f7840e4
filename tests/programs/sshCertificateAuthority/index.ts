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
  // Any combination, valid or not, as a JavaScript program could pass it: the tests check what
  // `pulumi preview` says about the invalid ones, which TypeScript would refuse to compile.
  {
    privateKeyType: config.require("privateKeyType"),
    ellipticCurve: config.get("ellipticCurve"),
    keySize: config.getNumber("keySize"),
    description: config.get("description"),
    metadata: config.get("metadata"),
  } as SshCertificateAuthorityArgs,
  existingId !== undefined
    ? { id: existingId }
    : importId !== undefined
      ? { import: importId }
      : {},
);
