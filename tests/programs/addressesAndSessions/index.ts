// The TypeScript program of the real-CLI suite of ReservedAddr and AgentIngress, the same
// resources as the suite's YAML program, and their lookups finding what it made.
import * as pulumi from "@pulumi/pulumi";
import {
  AgentIngress,
  getAgentIngressOutput,
  getReservedAddrsOutput,
  ReservedAddr,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const ssh = new ReservedAddr("ssh", {
  region: config.get("addrRegion") === "us" ? "us" : "eu",
  description: "SSH bastion",
});
const agents = new AgentIngress("agents", {
  domain: "connect.example.com",
  description: config.get("ingressDescription") ?? "Our agents' ingress",
  certificateManagementPolicy: { privateKeyType: "ecdsa" },
});

export const addr = ssh.addr;
export const nsTargets = agents.nsTargets;
export const foundAddrIds = getReservedAddrsOutput({ addr: ssh.addr }).apply((found) =>
  found.reservedAddrs.map((r) => r.id),
);
export const foundIngressDomain = getAgentIngressOutput({ id: agents.id }).apply((i) => i.domain);
