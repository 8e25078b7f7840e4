// `count` ed25519 SSH certificate authorities (stack config, default 5), each with its own
// description: for tests that need several resources in flight at once.
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 5;

export const ids = Array.from(
  { length: count },
  (_, i) =>
    new SshCertificateAuthority(`ca-${i}`, {
      privateKeyType: "ed25519",
      description: `${pulumi.getStack()} CA ${i}`,
    }).id,
);
