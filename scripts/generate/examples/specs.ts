/**
 * The example program of each resource's docs page (and of the languages page), written once
 * and rendered in YAML, Python, Go and C# by `./render.ts`. Each mirrors the TypeScript example at
 * the top of the resource's page; its arguments are checked against the SDK's `Args` types, and
 * their names and types against the package schema when rendered.
 *
 * @module
 */
import type {
  CloudEndpointArgs,
  HttpsEdgeRouteSamlArgs,
  ReservedDomainArgs,
  SshCertificateAuthorityArgs,
  SshCredentialArgs,
  SshHostCertificateArgs,
  SshUserCertificateArgs,
} from "../../../sdk";
import { config, file, map, output, resource, type ExampleProgram } from "./program";

const ca = (name: string, description: string) =>
  resource<SshCertificateAuthorityArgs>(
    "SshCertificateAuthority",
    name,
    { privateKeyType: "ed25519", description },
    true, // a new CA is a new key in every sshd
  );

const hostCertificate = resource<SshHostCertificateArgs>("SshHostCertificate", "web1", {
  sshCertificateAuthorityId: output("host-ca", "id"),
  publicKey: file("keys/web1/ssh_host_ed25519_key.pub"),
  principals: ["web1.example.com", "10.0.0.5"],
  description: "web1",
});

const userCertificate = resource<SshUserCertificateArgs>("SshUserCertificate", "backup", {
  sshCertificateAuthorityId: output("user-ca", "id"),
  publicKey: file("keys/backup/id_ed25519.pub"),
  principals: ["backup"],
  validUntil: "2027-01-01T00:00:00Z",
  criticalOptions: map({ "force-command": "/usr/local/bin/backup" }),
  extensions: map({ "permit-pty": "" }),
});

/** Each resource's example, by the resource's name. */
export const RESOURCE_EXAMPLES: Readonly<Record<string, ExampleProgram>> = {
  SshCertificateAuthority: {
    summary: "An SSH CA for user certificates; its public key goes into sshd's TrustedUserCAKeys.",
    resources: [
      resource<SshCertificateAuthorityArgs>(
        "SshCertificateAuthority",
        "user-ca",
        {
          privateKeyType: "ed25519",
          description: "Production user CA",
          metadata: '{"team":"platform"}',
        },
        true,
      ),
      resource<SshCertificateAuthorityArgs>("SshCertificateAuthority", "legacy-ca", {
        privateKeyType: "rsa",
        keySize: 4096,
      }),
    ],
    outputs: { trustedUserCaKey: output("user-ca", "publicKey") },
  },
  SshHostCertificate: {
    summary: "A host certificate for web1, signed by the host CA.",
    resources: [ca("host-ca", "Production host CA"), hostCertificate],
    outputs: {
      web1HostCertificate: output("web1", "certificate"),
      hostCaKey: output("host-ca", "publicKey"),
    },
  },
  SshUserCertificate: {
    summary: "A user certificate for the backup job, signed by the user CA.",
    resources: [ca("user-ca", "Production user CA"), userCertificate],
    outputs: { backupCertificate: output("backup", "certificate") },
  },
  SshCredential: {
    summary: "A device's SSH key, allowed to bind its own hostname and TCP address.",
    resources: [
      resource<SshCredentialArgs>("SshCredential", "device-132", {
        publicKey: file("keys/device132.pub"),
        acl: ["bind:132.devices.example.com", "bind:1.tcp.ngrok.io:20002"],
        description: "Device 132",
        metadata: '{"site":"lab"}',
      }),
    ],
    outputs: { deviceCredentialId: output("device-132", "id") },
  },
  ReservedDomain: {
    summary: "A custom domain for the public API; its DNS CNAME record points at cnameTarget.",
    resources: [
      resource<ReservedDomainArgs>("ReservedDomain", "api", {
        domain: "api.example.com",
        description: "Public API",
      }),
    ],
    outputs: { cnameTarget: output("api", "cnameTarget") },
  },
  CloudEndpoint: {
    summary: "The public API on its reserved domain, signed in with OpenID Connect.",
    resources: [
      resource<ReservedDomainArgs>("ReservedDomain", "api", { domain: "api.example.com" }),
      resource<CloudEndpointArgs>("CloudEndpoint", "api", {
        url: "https://api.example.com",
        trafficPolicy: file("policy.yaml"),
        description: "Public API",
      }),
    ],
    outputs: { publicUrl: output("api", "publicUrl") },
  },
  HttpsEdgeRouteSaml: {
    summary:
      "SAML sign-in on an existing HTTPS edge route (edges are deprecated by ngrok since 2025-12-31).",
    resources: [
      resource<HttpsEdgeRouteSamlArgs>("HttpsEdgeRouteSaml", "app-sso", {
        edgeId: config("edgeId"),
        routeId: config("routeId"),
        idpMetadata: file("okta-metadata.xml"),
        authorizedGroups: ["engineering"],
        inactivityTimeout: 3600,
        maximumDuration: 43200,
        forceAuthn: true,
      }),
    ],
    outputs: {
      acsUrl: output("app-sso", "assertionConsumerServiceUrl"),
      spEntityId: output("app-sso", "entityId"),
      spMetadataUrl: output("app-sso", "metadataUrl"),
    },
  },
};

/** The languages page's program: a host CA and a user CA, each signing one certificate. */
export const LANGUAGES_EXAMPLE: ExampleProgram = {
  summary: "A host CA and a user CA, each signing one certificate.",
  resources: [
    ca("host-ca", "Production host CA"),
    hostCertificate,
    ca("user-ca", "Production user CA"),
    userCertificate,
  ],
  outputs: {
    hostCaKey: output("host-ca", "publicKey"),
    trustedUserCaKey: output("user-ca", "publicKey"),
    web1HostCertificate: output("web1", "certificate"),
    backupCertificate: output("backup", "certificate"),
  },
};
