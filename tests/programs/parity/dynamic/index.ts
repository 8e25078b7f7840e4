// Parity, the Node.js classes: one resource of each type (see ../args.ts).
import {
  HttpsEdgeRouteSaml,
  SshCertificateAuthority,
  SshHostCertificate,
  SshUserCertificate,
  type SshCertificateAuthorityArgs,
} from "pulumi-ngrok-dynamic";
import { args } from "../args";

const ca = new SshCertificateAuthority("ca", args.ca as SshCertificateAuthorityArgs);
const host = new SshHostCertificate("host", args.host(ca.id));
const user = new SshUserCertificate("user", args.user(ca.id));
const saml = new HttpsEdgeRouteSaml("sso", args.saml);

export const outputs = {
  ca: { publicKey: ca.publicKey, keyType: ca.keyType, description: ca.description },
  host: { certificate: host.certificate, principals: host.principals, validUntil: host.validUntil },
  user: { certificate: user.certificate, extensions: user.extensions },
  saml: {
    entityId: saml.entityId,
    acs: saml.assertionConsumerServiceUrl,
    forceAuthn: saml.forceAuthn,
  },
};
