/**
 * `SshHostCertificate`: its definition (`./definition`), its provider's methods and its
 * lookups, as the one value this folder exports (see `../framework/module`).
 *
 * @module
 */
import { resourceModule } from "../framework/module";
import { sshHostCertificateDefinition } from "./definition";
import { listSshHostCertificates, lookupSshHostCertificate } from "./lookup";
import { sshHostCertificateProvider } from "./provider";

/** The SSH host certificate. */
export const sshHostCertificate = resourceModule(sshHostCertificateDefinition, {
  provider: sshHostCertificateProvider,
  lookups: {
    one: (client, { id }) => lookupSshHostCertificate(client, id),
    list: (client, filter) => listSshHostCertificates(client, filter),
  },
});
