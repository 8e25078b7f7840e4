/**
 * The rule of `TlsCertificate.privateKeyPem` (its type, a string, cannot say it): a PEM private
 * key that `node:crypto` reads, not encrypted, and the key of the leaf certificate of
 * `certificatePem`, as ngrok's error catalogue requires (`ERR_NGROK_1901`, `1902`, `1903`,
 * `1923`, `1924`). A failure never quotes the key.
 *
 * @module
 */
import { load } from "../lazy";
import type { RuleChecker } from "../framework/property";

/** The first PEM block of `text`: its label, or `undefined`. */
function firstLabel(text: string): string | undefined {
  return /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)?.[1];
}

/** Why `pem` is not an unencrypted PEM private key `node:crypto` reads, or `undefined`. */
function keyProblem(pem: string): string | undefined {
  const label = firstLabel(pem);
  if (label === undefined) return "it has no PEM block";
  if (label === "ENCRYPTED PRIVATE KEY" || /^Proc-Type: 4,ENCRYPTED/m.test(pem)) {
    return "it is encrypted: ngrok takes the key without a passphrase";
  }
  if (!label.endsWith("PRIVATE KEY")) return `its block is a ${label}, not a PRIVATE KEY`;
  try {
    load.crypto().createPrivateKey(pem);
    return undefined;
  } catch (error) {
    return `it is not a private key node:crypto reads (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Whether `key` is the private key of the first certificate of `certificatePem`, if it parses. */
function matchesLeaf(certificatePem: string, key: string): boolean | undefined {
  const { X509Certificate, createPrivateKey } = load.crypto();
  const leaf = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/.exec(certificatePem);
  if (leaf === null) return undefined;
  try {
    return new X509Certificate(leaf[0]).checkPrivateKey(createPrivateKey(key));
  } catch {
    return undefined; // the certificate's own rule says what is wrong with it
  }
}

/**
 * `privateKeyPem`: an unencrypted PEM private key, the key of `certificatePem`'s leaf (the first
 * certificate). Never quotes the value.
 */
export function privateKeyRule(key: string, c: RuleChecker, name: string): void {
  // The shared check refuses a blank value and still hands it on (`../framework/check`).
  if (key.trim() === "") return;
  const problem = keyProblem(key);
  if (problem !== undefined) {
    c.fail(name, `${name} must be a PEM private key (a PRIVATE KEY block): ${problem}`);
    return;
  }
  const certificatePem = c.value("certificatePem");
  if (typeof certificatePem !== "string") return; // unknown yet, or refused by its own rule
  if (matchesLeaf(certificatePem, key) === false) {
    c.fail(
      name,
      `${name} must be the private key of certificatePem's leaf (its first certificate): ` +
        "the two do not match",
    );
  }
}
