// A one-resource program for the real-CLI suite of SshCredential: every argument comes from stack
// config, so each step of a test is a real program run with other config. `acl` is a JSON list;
// with `lookUp` set, the program also reads the credential with getSshCredentialOutput.
import * as pulumi from "@pulumi/pulumi";
import { getSshCredentialOutput, SshCredential } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

export const credential = new SshCredential("credential", {
  publicKey: config.require("publicKey"),
  acl: config.getObject<string[]>("acl"),
  description: config.get("description"),
  metadata: config.get("metadata"),
  ownerId: config.get("ownerId"),
});

export const looked = config.getBoolean("lookUp")
  ? getSshCredentialOutput({ id: credential.id })
  : undefined;
