// A one-resource program for the engine tests of SshHostCertificate: every argument comes from
// stack config (lists as JSON), so each step of a test is a real program run with other config.
import * as pulumi from "@pulumi/pulumi";
import { SshHostCertificate } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

export const certificate = new SshHostCertificate("web1", {
  sshCertificateAuthorityId: config.require("sshCertificateAuthorityId"),
  publicKey: config.require("publicKey"),
  principals: config.getObject<string[]>("principals"),
  validAfter: config.get("validAfter"),
  validUntil: config.get("validUntil"),
  description: config.get("description"),
  metadata: config.get("metadata"),
});
