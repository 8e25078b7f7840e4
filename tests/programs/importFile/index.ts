// The program of the import-file test (tests/automation/importFile.automation.test.ts): the
// resources an import file brings under the stack, declared with the names the file gives them
// and the arguments of the objects made outside Pulumi, all from stack config:
// - SshCertificateAuthority "imported-ca" (`privateKeyType`, `ellipticCurve`, `description`);
// - with `edgeId`, HttpsEdgeRouteSaml "imported-sso" (`routeId`, `idpMetadataPath`,
//   `allowIdpInitiated`).
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import {
  HttpsEdgeRouteSaml,
  SshCertificateAuthority,
  type SshCertificateAuthorityArgs,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const ca = new SshCertificateAuthority("imported-ca", {
  privateKeyType: config.require("privateKeyType"),
  ellipticCurve: config.get("ellipticCurve"),
  description: config.get("description"),
} as SshCertificateAuthorityArgs);

const edgeId = config.get("edgeId");
const sso =
  edgeId === undefined
    ? undefined
    : new HttpsEdgeRouteSaml("imported-sso", {
        edgeId,
        routeId: config.require("routeId"),
        idpMetadata: fs.readFileSync(config.require("idpMetadataPath"), "utf8"),
        allowIdpInitiated: config.getBoolean("allowIdpInitiated"),
      });

export const caId = ca.id;
export const caPublicKey = ca.publicKey;
export const ssoId = sso?.id;
