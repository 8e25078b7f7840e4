// `count` SSH certificate authorities (stack config, default 5), each with its own description:
// for tests that need several resources in flight at once. Their key is ed25519, or ECDSA P-384
// with `keyType: ecdsa` (a change that replaces every CA, create before delete).
import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthority } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const count = config.getNumber("count") ?? 5;
const key =
  config.get("keyType") === "ecdsa"
    ? ({ privateKeyType: "ecdsa", ellipticCurve: "p384" } as const)
    : ({ privateKeyType: "ed25519" } as const);

export const ids = Array.from(
  { length: count },
  (_, i) =>
    new SshCertificateAuthority(`ca-${i}`, {
      ...key,
      description: `${pulumi.getStack()} CA ${i}`,
    }).id,
);
