// The quickstart (the program of the repository's root Pulumi.yaml): an ed25519 SSH certificate
// authority, SAML sign-in on an existing ngrok HTTPS edge route, and optionally an SSH user
// certificate for your key, signed by the CA.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import {
  HttpsEdgeRouteSaml,
  SshCertificateAuthority,
  SshUserCertificate,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

/** A required config value, with an error that says how to set it. */
function required(key: string, what: string): string {
  const value = config.get(key);
  if (value === undefined || value === "") {
    throw new pulumi.RunError(
      `missing stack config ${config.name}:${key}: ${what}; set it with \`pulumi config set ${key} <value>\` ` +
        "(npm run demo creates an edge and route in the local emulator and sets these for you)",
    );
  }
  return value;
}

const edgeId = required("edgeId", "the id of an HTTPS edge (edghts_…)");
const routeId = required("routeId", "the id of the route to protect (edghtsrt_…)");
const idpMetadataPath = path.resolve(
  required("idpMetadataPath", "the path of your identity provider's SAML metadata XML file"),
);
if (!fs.existsSync(idpMetadataPath)) {
  throw new pulumi.RunError(
    `${config.name}:idpMetadataPath: no file at ${idpMetadataPath}; download your IdP's SAML metadata XML there`,
  );
}

const ca = new SshCertificateAuthority("ssh-ca", {
  privateKeyType: "ed25519",
  description: `SSH user CA of stack ${pulumi.getStack()}`,
});

const sso = new HttpsEdgeRouteSaml("route-sso", {
  edgeId,
  routeId,
  idpMetadata: fs.readFileSync(idpMetadataPath, "utf8"),
  // Optional: only members of these IdP groups get in (`pulumi config set --path
  // 'authorizedGroups[0]' engineering`); unset, anyone the IdP authenticates does.
  authorizedGroups: config.getObject<string[]>("authorizedGroups"),
});

// Optional: a user certificate for your SSH key (`pulumi config set userPublicKeyPath
// ~/.ssh/id_ed25519.pub` and `pulumi config set userName deploy`), valid 24 hours from its signing
// for the account userName on every server whose sshd trusts the CA.
const userPublicKeyPath = config.get("userPublicKeyPath");
const userCertificate =
  userPublicKeyPath === undefined
    ? undefined
    : new SshUserCertificate("user-cert", {
        sshCertificateAuthorityId: ca.id,
        publicKey: fs.readFileSync(path.resolve(userPublicKeyPath), "utf8"),
        principals: [required("userName", "the account the certificate lets you log in as")],
        description: `user certificate of stack ${pulumi.getStack()}`,
      });

/** The CA's public key, one line of an sshd `TrustedUserCAKeys` file. */
export const publicKey = ca.publicKey;
/** The SP entity ID to configure at the IdP. */
export const entityId = sso.entityId;
/** The Assertion Consumer Service URL to configure at the IdP. */
export const assertionConsumerServiceUrl = sso.assertionConsumerServiceUrl;
/** The SP metadata URL, for IdPs that configure themselves from it. */
export const metadataUrl = sso.metadataUrl;
/** With `userPublicKeyPath`: the signed certificate, for `~/.ssh/id_ed25519-cert.pub`. */
export const sshUserCertificate = userCertificate?.certificate;
