// A one-resource program for the engine tests of SshCertificateAuthority: every argument comes
// from stack config, so each step of a test is a real program run with other config.
// `existingId` reads an existing CA (`{ id }`) instead; `importId` passes `{ import: id }`, which
// the class refuses at construction; with `bypassImportCheck` too, the program registers the same
// resource through pulumi.dynamic.Resource itself, so that the engine's own answer is pinned.
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority, type SshCertificateAuthorityArgs } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const existingId = config.get("existingId");
const importId = config.get("importId");
// A rotation schedule's value (e.g. "2026-Q4"): a new value replaces the CA.
const rotation = config.get("rotation");

const args = {
  privateKeyType: config.require("privateKeyType"),
  ellipticCurve: config.get("ellipticCurve"),
  keySize: config.getNumber("keySize"),
  description: config.get("description"),
  metadata: config.get("metadata"),
};

/** The resource as the class registers it, without the class's own checks. */
class UncheckedCertificateAuthority extends pulumi.dynamic.Resource {}

export const ca =
  importId !== undefined && config.getBoolean("bypassImportCheck")
    ? new UncheckedCertificateAuthority(
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        require("pulumi-ngrok-dynamic/dist/sdk/thinProviders/sshCertificateAuthority.js"),
        "ca",
        { ...args, publicKey: undefined },
        { import: importId },
        "ngrok",
        "SshCertificateAuthority",
      )
    : new SshCertificateAuthority(
        existingId === undefined ? "ca" : "existing",
        // Any combination, valid or not, as a JavaScript program could pass it: the tests check what
        // `pulumi preview` says about the invalid ones, which TypeScript would refuse to compile.
        args as SshCertificateAuthorityArgs,
        existingId !== undefined
          ? { id: existingId }
          : importId !== undefined
            ? { import: importId }
            : rotation !== undefined
              ? { replacementTrigger: rotation }
              : {},
      );
