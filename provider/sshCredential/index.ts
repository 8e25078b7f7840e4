/**
 * `SshCredential`: its definition (`./definition`), its provider's methods and its lookup, as the
 * one value this folder exports (see `../framework/module`).
 *
 * @module
 */
import { resourceModule } from "../framework/module";
import { sshCredentialDefinition } from "./definition";
import { listSshCredentials, lookupSshCredential, sshCredentialProvider } from "./provider";

/** The SSH credential. */
export const sshCredential = resourceModule(sshCredentialDefinition, {
  provider: sshCredentialProvider,
  lookups: {
    one: (client, { id }) => lookupSshCredential(client, id),
    list: (client) => listSshCredentials(client),
  },
});
