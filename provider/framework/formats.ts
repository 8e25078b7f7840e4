/**
 * The string formats: one vocabulary for a resource's properties (`{ kind: "string", format:
 * "cidr" }`, see `./property`) and for a Traffic Policy's config fields, whose table
 * (`../trafficPolicy/schema.ts`) adds the formats only a policy has (a CEL expression, an internal
 * endpoint's URL, …) and judges these with the same rules, around its CEL interpolations
 * (`../trafficPolicy/formats.ts`). Each format is written once here: what a value must be, its
 * words in the docs' Type column, why a value is not of it (never quoting the value: the caller
 * quotes it, or not, for a secret) and, for a certificate, the warnings about its expiry.
 *
 * Sources: WHATWG URL parsing (Node's `URL`); ipaddr.js for addresses (dotted-decimal IPv4, IPv6);
 * RFC 7468 (PEM) and RFC 5280 (X.509, basic constraints), read with `node:crypto`'s
 * `X509Certificate` (OpenSSL).
 *
 * @module
 */
import { load } from "../lazy";

/** One format (see the module comment). */
export interface FormatRule {
  /** What the value must be, after "must be", e.g. `an absolute https:// URL`. */
  readonly what: string;
  /** The format in the docs' Type column, after `string, `, e.g. `CIDR`. */
  readonly words: string;
  /**
   * Why `value` is not of the format, or `undefined` when it is. Never quotes the value. Absent
   * when the format only names what the property holds and its own rule judges it (a timestamp,
   * an XML document).
   */
  readonly problem?: (value: string) => string | undefined;
  /**
   * Warnings about a value of the format that passed (a certificate that has expired or expires
   * soon), each naming `who` and `property`; `now` in milliseconds since the epoch.
   */
  readonly warnings?: (value: string, now: number, who: string, property: string) => string[];
}

/** The URL `text` (WHATWG URL parsing, Node's `URL`), or `undefined`. */
export function urlOf(text: string): URL | undefined {
  return URL.canParse(text) ? new URL(text) : undefined;
}

/** Why `value` is not an absolute URL with one of `schemes` (e.g. `https:`) and a host. */
function absoluteUrl(value: string, schemes: readonly string[]): string | undefined {
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? urlOf(value) : undefined;
  if (url === undefined) return "it is not an absolute URL (scheme://host/…)";
  if (!schemes.includes(url.protocol)) return `its scheme is ${url.protocol.slice(0, -1)}`;
  if (url.hostname === "") return "it has no host";
  return undefined;
}

/** An IPv4 address in four decimal parts, or an IPv6 address (ipaddr.js). */
function isAddress(text: string): boolean {
  const { IPv4, IPv6 } = load.ipaddr();
  return text.includes(":") ? IPv6.isValid(text) : IPv4.isValidFourPartDecimal(text);
}

/** Why `value` is not an address or a CIDR block, or `undefined`. */
function cidrProblem(value: string): string | undefined {
  const [address, length, ...rest] = value.split("/");
  if (!isAddress(address)) {
    return `${address === "" ? "it has no address" : "its address is not an IPv4 or IPv6 address"}`;
  }
  if (length === undefined) return undefined; // one address: ngrok's docs write some so
  const max = address.includes(":") ? 128 : 32;
  if (rest.length > 0 || !/^\d{1,3}$/.test(length) || Number(length) > max) {
    return `its prefix length must be a number from 0 to ${max}`;
  }
  return undefined;
}

/**
 * Why `value` is not a CIDR block as ngrok's IP policy rules take one (`ERR_NGROK_1413`, `1409`):
 * a prefix length, and no host bits set.
 */
function cidrBlockProblem(value: string): string | undefined {
  const problem = cidrProblem(value);
  if (problem !== undefined) return problem;
  const [address, length] = value.split("/");
  const v6 = address.includes(":");
  if (length === undefined) {
    return `it has no prefix length: one address is ${v6 ? `${address}/128` : `${address}/32`}`;
  }
  const { IPv4, IPv6 } = load.ipaddr();
  const network = (v6 ? IPv6 : IPv4).networkAddressFromCIDR(value);
  const given = (v6 ? IPv6 : IPv4).parse(address);
  const same = network.toByteArray().every((byte, index) => byte === given.toByteArray()[index]);
  return same ? undefined : `its host bits are set: the block is ${network.toString()}/${length}`;
}

/**
 * A certificate that has expired, or expires within this many milliseconds (30 days), gets a
 * warning at check: a certificate of a format here, and an IdP's signing certificate
 * (`../httpsEdgeRouteSaml/idpMetadata/expiryWarnings.ts`).
 */
export const EXPIRY_WARNING_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How a certificate ending at `notAfter` (RFC 3339) stands at `now`: `expired on <date> (<n> days
 * ago)`, `expires on <date> (in <n> days)` within {@link EXPIRY_WARNING_MS}, else `undefined`.
 */
export function expiryWords(notAfter: string, now: number): string | undefined {
  const day = 24 * 60 * 60 * 1000;
  const end = Date.parse(notAfter);
  if (!(end - now < EXPIRY_WARNING_MS)) return undefined;
  return end <= now
    ? `expired on ${notAfter.slice(0, 10)} (${Math.floor((now - end) / day)} days ago)`
    : `expires on ${notAfter.slice(0, 10)} (in ${Math.ceil((end - now) / day)} days)`;
}

/** One block of PEM text: its label (`CERTIFICATE`) and the whole block. */
interface PemBlock {
  readonly label: string;
  readonly text: string;
}

/** The PEM blocks of `text` (RFC 7468), in order; text between them is ignored. */
function pemBlocks(text: string): PemBlock[] {
  const found: PemBlock[] = [];
  for (const match of text.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g)) {
    found.push({ label: match[1], text: match[0] });
  }
  return found;
}

/**
 * Whether two PEM texts hold the same blocks (labels and base64 bodies, whitespace and line
 * endings aside): ngrok's documents do not say whether it answers an uploaded PEM byte for byte,
 * so an answer that differs only in its line breaks is not drift. Other values: equal.
 */
export function samePem(old: unknown, declared: unknown): boolean {
  if (typeof old !== "string" || typeof declared !== "string") return old === declared;
  const canonical = (text: string) =>
    pemBlocks(text).map((block) => block.text.replace(/\s+/g, ""));
  const [a, b] = [canonical(old), canonical(declared)];
  return a.length > 0 ? a.length === b.length && a.every((x, i) => x === b[i]) : old === declared;
}

/** A certificate as the warnings name it. */
interface ParsedCertificate {
  readonly subject: string;
  readonly sha256Fingerprint: string;
  readonly notAfter: string;
  readonly ca: boolean;
}

/**
 * The certificates of PEM `text`, each parsed with `X509Certificate`, or why it is not one or more
 * certificates (a block of another kind named by its label, never quoted).
 */
function pemCertificates(
  text: string,
): { ok: true; certificates: ParsedCertificate[] } | { ok: false; problem: string } {
  const blocks = pemBlocks(text);
  if (blocks.length === 0) {
    return { ok: false, problem: "it has no -----BEGIN CERTIFICATE----- block" };
  }
  const certificates: ParsedCertificate[] = [];
  for (const [index, block] of blocks.entries()) {
    const which = blocks.length > 1 ? `its block ${index + 1} of ${blocks.length}` : "its block";
    if (block.label !== "CERTIFICATE") {
      return { ok: false, problem: `${which} is a ${block.label}, not a CERTIFICATE` };
    }
    try {
      const x509 = new (load.crypto().X509Certificate)(block.text);
      certificates.push({
        subject: x509.subject.replace(/\n/g, ", "),
        sha256Fingerprint: x509.fingerprint256,
        notAfter: new Date(x509.validTo).toISOString(),
        ca: x509.ca,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, problem: `${which} is not an X.509 certificate (${reason})` };
    }
  }
  return { ok: true, certificates };
}

/** The expiry warnings of the certificates of PEM `value` (none when it does not parse). */
function certificateWarnings(value: string, now: number, who: string, property: string): string[] {
  const parsed = pemCertificates(value);
  if (!parsed.ok) return [];
  const { certificates } = parsed;
  return certificates.flatMap((certificate, index) => {
    const when = expiryWords(certificate.notAfter, now);
    if (when === undefined) return [];
    const which =
      certificates.length > 1
        ? `certificate ${index + 1} of ${certificates.length}`
        : "certificate";
    return [
      `${who}: ${property}'s ${which} (${certificate.subject}; SHA-256 ` +
        `${certificate.sha256Fingerprint}) ${when}. Connections that check it will fail once it ` +
        `has expired: renew it and update ${property}. (A warning only: ngrok's documents do ` +
        "not say whether it refuses expired certificates, so preview and up go on.)",
    ];
  });
}

/** The formats a property's type and a policy's field may name (see the module comment). */
export const STRING_FORMATS = {
  httpsUrl: {
    what: "an absolute https:// URL",
    words: "https:// URL",
    problem: (value: string) => absoluteUrl(value, ["https:"]),
  },
  url: {
    what: "an absolute http:// or https:// URL",
    words: "URL",
    problem: (value: string) => absoluteUrl(value, ["http:", "https:"]),
  },
  cidr: {
    what: "an IPv4 or IPv6 CIDR block (e.g. 203.0.113.0/24, 2001:db8::/32) or address",
    words: "CIDR",
    problem: cidrProblem,
  },
  cidrBlock: {
    what: "an IPv4 or IPv6 CIDR block with its prefix length and no host bits set (e.g. 203.0.113.0/24, 2001:db8::/32)",
    words: "CIDR block",
    problem: cidrBlockProblem,
  },
  pemCertificate: {
    what: "one or more PEM X.509 certificates (-----BEGIN CERTIFICATE-----), the leaf first",
    words: "PEM certificate",
    problem: (value: string) => {
      const parsed = pemCertificates(value);
      return parsed.ok ? undefined : parsed.problem;
    },
    warnings: certificateWarnings,
  },
  pemCaCertificate: {
    what: "one or more PEM X.509 CA certificates (-----BEGIN CERTIFICATE-----, basic constraints CA:TRUE)",
    words: "PEM CA certificate",
    problem: (value: string) => {
      const parsed = pemCertificates(value);
      if (!parsed.ok) return parsed.problem;
      const index = parsed.certificates.findIndex((certificate) => !certificate.ca);
      if (index < 0) return undefined;
      const which = parsed.certificates.length > 1 ? `its certificate ${index + 1}` : "it";
      return `${which} is not a CA certificate (its basic constraints do not say CA:TRUE)`;
    },
    warnings: certificateWarnings,
  },
  rfc3339: { what: "an RFC 3339 timestamp", words: "RFC 3339" },
  xml: { what: "an XML document", words: "XML" },
} as const satisfies Readonly<Record<string, FormatRule>>;

/** A format's name (see {@link STRING_FORMATS}). */
export type StringFormat = keyof typeof STRING_FORMATS;

/** The rule of the format `name`. */
export const formatRule = (name: StringFormat): FormatRule => STRING_FORMATS[name];
