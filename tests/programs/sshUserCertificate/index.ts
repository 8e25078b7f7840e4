// A one-resource program for the engine tests of SshUserCertificate: every argument comes from
// stack config (lists and maps as JSON), so each step of a test is a real program run with other
// config.
import * as pulumi from "@pulumi/pulumi";
import { SshUserCertificate } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

export const certificate = new SshUserCertificate("deploy", {
  sshCertificateAuthorityId: config.require("sshCertificateAuthorityId"),
  publicKey: config.require("publicKey"),
  principals: config.getObject<string[]>("principals"),
  validUntil: config.get("validUntil"),
  criticalOptions: config.getObject<Record<string, string>>("criticalOptions"),
  extensions: config.getObject<Record<string, string>>("extensions"),
  description: config.get("description"),
});
