/**
 * `SshCertificateAuthority`: its definition (`./definition`), its provider's methods and its
 * lookups, as the one value this folder exports (see `../framework/module`).
 *
 * @module
 */
import { resourceModule } from "../framework/module";
import { sshCertificateAuthorityDefinition } from "./definition";
import { listSshCertificateAuthorities, lookupSshCertificateAuthority } from "./lookup";
import { sshCertificateAuthorityProvider } from "./provider";

/** The SSH certificate authority. */
export const sshCertificateAuthority = resourceModule(sshCertificateAuthorityDefinition, {
  provider: sshCertificateAuthorityProvider,
  lookups: {
    one: (client, { id }) => lookupSshCertificateAuthority(client, id),
    list: (client, filter) => listSshCertificateAuthorities(client, filter),
  },
});
