// The TypeScript program of the real-CLI suite of ServiceUser, ApiKey and Credential, the same
// resources as the suite's YAML program. Both tokens are exported: the classes register them as
// secrets, so the stack's outputs hold them encrypted too.
import * as pulumi from "@pulumi/pulumi";
import { ApiKey, Credential, ServiceUser } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const ci = new ServiceUser("ci", { name: "ci-pipeline" });
const key = new ApiKey("ci-key", { ownerId: ci.id, description: "CI pipeline" });
const agent = new Credential("ci-agent", {
  ownerId: ci.id,
  acl: [config.get("bind") ?? "bind:*.preview.example.com"],
  description: "CI preview agents",
});

export const apiKeyToken = key.token;
export const authtoken = agent.token;
