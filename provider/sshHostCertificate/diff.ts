/**
 * The pure `diff` of `SshHostCertificate`: `description` and `metadata` update in place, every
 * other declared input replaces, and an input ngrok filled is no change while the program leaves
 * it out (see `../sshCertificate/diff` for every rule).
 *
 * @module
 */
import { diffFor } from "../sshCertificate/diff";
import { HOST } from "../sshCertificate/kinds";

/** Compares `olds` (the outputs in state) with `news` (the inputs after `check`). */
export const diffSshHostCertificate = diffFor(HOST);
