// The TypeScript program of the real-CLI suite `platform` (issue #50), the same objects as the
// suite's YAML program, on the Node.js classes: a vault and its secret read by a cloud endpoint's
// openid-connect, an IP policy with a rule used by its restrict-ips, a reserved domain served by a
// TLS certificate, a certificate authority, a reserved address with a tcp:// cloud endpoint on
// it, and an API key whose token is a secret output. Secrets come from plain config: the classes
// register them secret all the same.
import * as pulumi from "@pulumi/pulumi";
import {
  ApiKey,
  CertificateAuthority,
  CloudEndpoint,
  IpPolicy,
  IpPolicyRule,
  ReservedAddr,
  ReservedDomain,
  TlsCertificate,
  Vault,
  VaultSecret,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const vault = new Vault("sign-in", { name: "sign_in" });
const clientSecret = new VaultSecret("oidc-client-secret", {
  vaultId: vault.id,
  name: "oidc_client_secret",
  value: config.require("oidcClientSecret"),
});
const office = new IpPolicy("office", { description: "Office network" });
const officeAllow = new IpPolicyRule("office-allow", {
  ipPolicyId: office.id,
  cidr: "203.0.113.0/24",
  action: "allow",
});
const cert = new TlsCertificate("app-cert", {
  certificatePem: config.require("certificatePem"),
  privateKeyPem: config.require("privateKeyPem"),
});
new CertificateAuthority("client-ca", { caPem: config.require("caPem") });
const domain = new ReservedDomain("app-domain", {
  domain: "app.example.com",
  certificateId: cert.id,
});
const app = new CloudEndpoint(
  "app",
  {
    url: pulumi.interpolate`https://${domain.domain}`,
    trafficPolicy: {
      onHttpRequest: [
        { actions: [{ type: "restrict-ips", config: { ipPolicies: [office.id] } }] },
        {
          actions: [
            {
              type: "openid-connect",
              config: {
                issuerUrl: "https://accounts.google.com",
                clientId: "app",
                clientSecret: "${secrets.get('sign_in', 'oidc_client_secret')}",
              },
            },
          ],
        },
        { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
      ],
    },
  },
  { dependsOn: [clientSecret, officeAllow] },
);
const sshAddr = new ReservedAddr("ssh-addr", { region: "eu", description: "SSH bastion" });
const ssh = new CloudEndpoint("ssh", {
  url: pulumi.interpolate`tcp://${sshAddr.addr}`,
  trafficPolicy: {
    onTcpConnect: [
      { actions: [{ type: "forward-internal", config: { url: "tcp://bastion.internal:22" } }] },
    ],
  },
});
const deployKey = new ApiKey("deploy-key", { description: "Deploys" });

export const appUrl = app.url;
export const sshUrl = ssh.url;
export const deployKeyToken = deployKey.token;
