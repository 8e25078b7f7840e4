// The quickstart (the program of the repository's root Pulumi.yaml): an ed25519 SSH certificate
// authority, and SAML sign-in on an existing ngrok HTTPS edge route.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { HttpsEdgeRouteSaml, SshCertificateAuthority } from "pulumi-ngrok-dynamic";

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

/** The CA's public key, one line of an sshd `TrustedUserCAKeys` file. */
export const publicKey = ca.publicKey;
/** The SP entity ID to configure at the IdP. */
export const entityId = sso.entityId;
/** The Assertion Consumer Service URL to configure at the IdP. */
export const assertionConsumerServiceUrl = sso.assertionConsumerServiceUrl;
/** The SP metadata URL, for IdPs that configure themselves from it. */
export const metadataUrl = sso.metadataUrl;
