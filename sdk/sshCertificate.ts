/**
 * What the two SSH certificate resources, {@link SshHostCertificate} and
 * {@link SshUserCertificate}, have in common: their common arguments and their common outputs.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { refuseImportOption } from "./importOption";
import { suspendPromiseStacks } from "./promiseStacks";
import { ownershipInputs } from "./ownership";
import type { PrivateKeyType } from "./sshCertificateAuthority";

/**
 * The arguments of both SSH certificates. Every one but `description` and `metadata` replaces the
 * certificate when it changes: ngrok signs a new one (created before the old one is deleted).
 * Everything is checked at `pulumi preview`, before any API call.
 */
export interface SshCertificateArgs {
  /**
   * The id (`sshca_…`) of the SSH certificate authority that signs the certificate, usually the
   * `id` output of an `SshCertificateAuthority` in the same program (then Pulumi creates the CA
   * first and deletes it last). Required. A CA that does not exist fails the create with ngrok's
   * 404 and a message that says so. Changing it replaces the certificate.
   */
  sshCertificateAuthorityId: pulumi.Input<string>;
  /**
   * The public key to certify: one line of an OpenSSH public key file,
   * `<type> <base64 key data> [comment]`, with type `ssh-ed25519`, `ecdsa-sha2-nistp256`,
   * `ecdsa-sha2-nistp384`, `ecdsa-sha2-nistp521` or `ssh-rsa` (1024 bits or more). Required.
   * Read it with `fs.readFileSync("…/id_ed25519.pub", "utf8")`: whitespace around the line is
   * dropped. Refused at preview, naming the key's type and size: DSA keys, FIDO security keys,
   * certificates, PEM, several lines, and private keys (whose value is never shown). Changing the
   * key replaces the certificate; changing only its comment does not.
   */
  publicKey: pulumi.Input<string>;
  /**
   * The principals the certificate is valid for, each a non-empty word without whitespace,
   * commas or control characters, each once. Default: none, which ngrok signs as valid for
   * **any** principal. Changing the list (or its order) replaces the certificate; leaving it out
   * later does not.
   */
  principals?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The start of the validity, an RFC 3339 timestamp with an offset (`"2026-01-01T00:00:00Z"`,
   * `"2025-12-31T19:00:00-05:00"`). Default: the creation time, which ngrok fills in and the
   * `validAfter` output shows (leaving the input out is never a change). Compared as an instant,
   * to the second. Changing it replaces the certificate.
   */
  validAfter?: pulumi.Input<string>;
  /**
   * The end of the validity (OpenSSH's `valid_before`), an RFC 3339 timestamp with an offset,
   * after `validAfter`. A relative duration (`"30d"`) is refused: compute the instant in the
   * program (see the resource's documentation). Compared as an instant, to the second. Changing
   * it replaces the certificate (ngrok signs a new one).
   */
  validUntil?: pulumi.Input<string>;
  /** Human-readable description, at most 255 bytes of UTF-8. Default: none. Updated in place. */
  description?: pulumi.Input<string>;
  /**
   * Arbitrary machine-readable data (often JSON), at most 4096 bytes of UTF-8. Default: none.
   * Updated in place.
   */
  metadata?: pulumi.Input<string>;
}

/**
 * The outputs both SSH certificates have: every input, with ngrok's value where ngrok filled one,
 * and the signed certificate.
 */
export abstract class SshCertificate extends pulumi.dynamic.Resource {
  // One declaration per output, alike in both certificate classes through this base class.
  /** The signing CA's id, `sshca_…`. */
  declare public readonly sshCertificateAuthorityId: pulumi.Output<string>;
  /** The certified public key, as sent (without surrounding whitespace). */
  declare public readonly publicKey: pulumi.Output<string>;
  /** The principals in the certificate, in order; `[]` means any. */
  declare public readonly principals: pulumi.Output<string[]>;
  /** The start of the validity, RFC 3339 in UTC (`…Z`): as given, or the creation time. */
  declare public readonly validAfter: pulumi.Output<string>;
  /** The end of the validity, RFC 3339 in UTC (`…Z`): as given, or ngrok's default. */
  declare public readonly validUntil: pulumi.Output<string>;
  /** The description as ngrok holds it; `undefined` when empty. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** The metadata as ngrok holds it; `undefined` when empty. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /**
   * The signed certificate, one line in OpenSSH format:
   * `<type>-cert-v01@openssh.com AAAA… <id>`, e.g.
   * `ssh-ed25519-cert-v01@openssh.com AAAA… shcrt_…`. Write it to a file next to the key (such as
   * `/etc/ssh/ssh_host_ed25519_key-cert.pub`, or `~/.ssh/id_ed25519-cert.pub`). Not a secret.
   */
  declare public readonly certificate: pulumi.Output<string>;
  /** The certified key's type as ngrok names it: `"rsa"`, `"ecdsa"` or `"ed25519"`. */
  declare public readonly keyType: pulumi.Output<PrivateKeyType>;
  /** The API URI of the certificate, `https://api.ngrok.com/ssh_…_certificates/<id>`. */
  declare public readonly uri: pulumi.Output<string>;
  /** Creation time, RFC 3339 (e.g. `2025-09-04T10:11:37Z`). */
  declare public readonly createdAt: pulumi.Output<string>;

  /**
   * @param provider the resource's thin provider (see `./thinProviders/`).
   * @param name the Pulumi resource name (part of the URN).
   * @param args the resource's arguments; `undefined` for a `get` (then `opts.id` names the
   *   certificate).
   * @param opts Pulumi resource options. `import` is refused.
   * @param type the type name: `SshHostCertificate` or `SshUserCertificate`.
   * @throws Error when `opts.import` is set: a certificate cannot be adopted (a new one is signed),
   *   and `get` reads one without managing it.
   */
  protected constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    args: SshCertificateArgs | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
    type: "SshHostCertificate" | "SshUserCertificate",
  ) {
    refuseImportOption(name, opts, {
      resource: type,
      object: type === "SshHostCertificate" ? "SSH host certificate" : "SSH user certificate",
    });
    // Every property is listed, so that every output is set, by a create as by a get.
    const restore = suspendPromiseStacks(opts);
    try {
      super(
        provider,
        name,
        {
          sshCertificateAuthorityId: undefined,
          publicKey: undefined,
          principals: undefined,
          validAfter: undefined,
          validUntil: undefined,
          description: undefined,
          metadata: undefined,
          ...args,
          // The owner, when ngrok:ownershipMarker is on (see ./ownership); a get reads, and owns nothing.
          ...(args === undefined ? {} : ownershipInputs(type, name, opts)),
          certificate: undefined,
          keyType: undefined,
          uri: undefined,
          createdAt: undefined,
        },
        opts,
        "ngrok",
        type,
      );
    } finally {
      restore();
    }
  }
}
