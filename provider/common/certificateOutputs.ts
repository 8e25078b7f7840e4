/**
 * The outputs ngrok reads from an uploaded X.509 certificate alike for a certificate authority
 * (`CertificateAuthority`) and a TLS certificate's leaf (`TlsCertificate`), declared once: its
 * validity and its key usages (ngrok's `not_before`, `not_after`, `key_usages`,
 * `extended_key_usages`). Each resource's `definition.ts` spreads them into its properties.
 *
 * @module
 */
import { answeredTime } from "./textProperties";

/** The outputs of the certificate `of` (e.g. `the CA's certificate`), each optional. */
export function certificateOutputs<const O extends string>(of: O) {
  return {
    notBefore: answeredTime("not_before", `When ${of} becomes valid, RFC 3339.`),
    notAfter: answeredTime("not_after", `When ${of} expires, RFC 3339.`),
    keyUsages: {
      role: "output",
      type: { kind: "stringList" },
      wire: "key_usages",
      optional: true,
      description: `What the key of ${of} may be used for, as ngrok names the key usages.`,
    },
    extendedKeyUsages: {
      role: "output",
      type: { kind: "stringList" },
      wire: "extended_key_usages",
      optional: true,
      description: `The extended key usages of ${of}, as ngrok names them.`,
    },
  } as const;
}
