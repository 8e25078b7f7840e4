// A program for the tests of reading and looking up SSH certificates that a stack does not manage;
// stack config `mode` chooses what it declares, the other keys are the ids and filters:
// - "get": SshHostCertificate.get of `hostId` and SshUserCertificate.get of `userId`;
// - "lookup": the lookup functions (`hostId`, `userId`, and the list filters `caId`, `principal`);
// - "import": an SshHostCertificate with the `import` resource option (`hostId`).
import * as pulumi from "@pulumi/pulumi";
import {
  getSshHostCertificate,
  getSshHostCertificates,
  getSshHostCertificatesOutput,
  getSshUserCertificateOutput,
  getSshUserCertificates,
  SshHostCertificate,
  SshUserCertificate,
} from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const mode = config.require("mode");
const hostId = config.get("hostId");
const userId = config.get("userId");
const caId = config.get("caId");
const principal = config.get("principal");

const readHost =
  mode === "get" && hostId !== undefined ? SshHostCertificate.get("read-host", hostId) : undefined;
export const readHostCertificate =
  readHost === undefined
    ? undefined
    : pulumi.output({
        id: readHost.id,
        sshCertificateAuthorityId: readHost.sshCertificateAuthorityId,
        publicKey: readHost.publicKey,
        principals: readHost.principals,
        validAfter: readHost.validAfter,
        validUntil: readHost.validUntil,
        description: readHost.description,
        metadata: readHost.metadata,
        certificate: readHost.certificate,
        keyType: readHost.keyType,
        uri: readHost.uri,
        createdAt: readHost.createdAt,
      });

const readUser =
  mode === "get" && userId !== undefined ? SshUserCertificate.get("read-user", userId) : undefined;
export const readUserCertificate =
  readUser === undefined
    ? undefined
    : pulumi.output({
        id: readUser.id,
        principals: readUser.principals,
        criticalOptions: readUser.criticalOptions,
        extensions: readUser.extensions,
        certificate: readUser.certificate,
      });

export const lookedUp =
  mode === "lookup"
    ? {
        hosts: getSshHostCertificates({ sshCertificateAuthorityId: caId, principal }).then(
          (found) => found.sshHostCertificates.map((certificate) => certificate.id),
        ),
        hostsOutput:
          caId === undefined
            ? undefined
            : getSshHostCertificatesOutput({
                sshCertificateAuthorityId: pulumi.output(caId),
              }).apply((found) => found.sshHostCertificates.length),
        users: getSshUserCertificates({ principal }).then((found) =>
          found.sshUserCertificates.map((certificate) => certificate.id),
        ),
        host: hostId === undefined ? undefined : getSshHostCertificate({ id: hostId }),
        user:
          userId === undefined
            ? undefined
            : getSshUserCertificateOutput({ id: pulumi.output(userId) }),
      }
    : undefined;

export const imported =
  mode === "import" && hostId !== undefined
    ? new SshHostCertificate(
        "imported",
        { sshCertificateAuthorityId: "sshca_2Zimported", publicKey: "ssh-ed25519 AAAA" },
        { import: hostId },
      ).id
    : undefined;
