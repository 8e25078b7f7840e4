// The TypeScript program of the real-CLI suite of Vault, VaultSecret, IpPolicy, IpPolicyRule and
// IpRestriction, the same resources as the suite's YAML program. The secret's value comes from
// plain (not secret) config: the class must register it as a secret all the same.
import * as pulumi from "@pulumi/pulumi";
import { IpPolicy, IpPolicyRule, IpRestriction, Vault, VaultSecret } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const vault = new Vault("app-vault", { name: "app" });
const secret = new VaultSecret("oidc-client-secret", {
  vaultId: vault.id,
  name: "oidc_client_secret",
  value: config.require("secretValue"),
});
const office = new IpPolicy("office", { description: "Office network" });
new IpPolicyRule("office-allow", {
  ipPolicyId: office.id,
  cidr: "203.0.113.0/24",
  action: config.get("ruleAction") === "deny" ? "deny" : "allow",
});
new IpRestriction("endpoints-from-office", {
  type: "endpoints",
  ipPolicyIds: [office.id],
  enforced: false,
});

export const vaultName = secret.vaultName;
export const secretValue = secret.value;
