// SAML sign-in on an ngrok HTTPS edge route: visitors of the route authenticate at your identity
// provider (IdP). Give it the IdP's metadata file; it exports what to configure at the IdP.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { HttpsEdgeRouteSaml } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

/** A required config value, with an error that says how to set it. */
function required(key: string, what: string): string {
  const value = config.get(key);
  if (value === undefined || value === "") {
    throw new pulumi.RunError(
      `missing stack config ${config.name}:${key}: ${what}; set it with \`pulumi config set ${key} <value>\``,
    );
  }
  return value;
}

const edgeId = required("edgeId", "the id of the HTTPS edge (edghts_…)");
const routeId = required("routeId", "the id of the route to protect (edghtsrt_…)");
const idpMetadataPath = path.resolve(
  required("idpMetadataPath", "the path of your identity provider's SAML metadata XML file"),
);
if (!fs.existsSync(idpMetadataPath)) {
  throw new pulumi.RunError(
    `${config.name}:idpMetadataPath: no file at ${idpMetadataPath}; download your IdP's SAML metadata XML there`,
  );
}

const sso = new HttpsEdgeRouteSaml("route-sso", {
  edgeId,
  routeId,
  idpMetadata: fs.readFileSync(idpMetadataPath, "utf8"),
  authorizedGroups: config.getObject<string[]>("authorizedGroups") ?? ["engineering"],
  inactivityTimeout: config.getNumber("inactivityTimeout") ?? 3600, // seconds: 1 hour
  maximumDuration: config.getNumber("maximumDuration") ?? 43200, // seconds: 12 hours
  forceAuthn: config.getBoolean("forceAuthn") ?? true,
});

/** The SP entity ID (audience) to configure at the IdP. */
export const entityId = sso.entityId;
/** The Assertion Consumer Service URL (single sign-on URL) to configure at the IdP. */
export const assertionConsumerServiceUrl = sso.assertionConsumerServiceUrl;
/** The Single Logout URL, optional at the IdP. */
export const singleLogoutUrl = sso.singleLogoutUrl;
/** The SP metadata URL, for IdPs that configure themselves from it. */
export const metadataUrl = sso.metadataUrl;
/** The certificate that signs ngrok's SAML requests, for IdPs that verify them. */
export const requestSigningCertificatePem = sso.requestSigningCertificatePem;
/** The Pulumi id of the module: `<edge id>/<route id>`. */
export const moduleId = sso.id;
