/**
 * `SshUserCertificate`: its definition (`./definition`), its provider's methods and its
 * lookups, as the one value this folder exports (see `../framework/module`).
 *
 * @module
 */
import { resourceModule } from "../framework/module";
import { sshUserCertificateDefinition } from "./definition";
import { listSshUserCertificates, lookupSshUserCertificate } from "./lookup";
import { sshUserCertificateProvider } from "./provider";

/** The SSH user certificate. */
export const sshUserCertificate = resourceModule(sshUserCertificateDefinition, {
  provider: sshUserCertificateProvider,
  lookups: {
    one: (client, { id }) => lookupSshUserCertificate(client, id),
    list: (client, filter) => listSshUserCertificates(client, filter),
  },
});
