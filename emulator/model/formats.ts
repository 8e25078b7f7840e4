/**
 * The formats a field's description states (`spec/stated.ts`), checked: a CIDR (ipaddr.js), PEM
 * data, an Amazon Resource Name, a URI. Each check answers why a value fails, or `undefined`.
 *
 * - `cidr`: an IPv4 address in dotted decimal or an IPv6 address, `/`, a prefix length (0–32,
 *   0–128), as Go's `net.ParseCIDR` reads it. A bare address fails as `noMask` and one with host
 *   bits set as `notNetwork` (with the network it meant), which ngrok's catalogue names apart
 *   (ERR_NGROK_1413, 1409);
 * - `pem`: at least one PEM block (`-----BEGIN <label>-----` … `-----END <label>-----`); what the
 *   blocks hold is the business of the field's collection (`model/x509.ts`);
 * - `arn`: `arn:<partition>:<service>:<region>:<account>:<resource>`, AWS's form (region and
 *   account may be empty, as in an IAM role's);
 * - `uri`: an absolute URL with a host.
 */
import ipaddr from "ipaddr.js";
import type { StatedFormat } from "../spec/stated";

/** Why a value fails its format. */
export interface FormatFailure {
  /** `format` for any failure but a CIDR's two that ngrok names apart. */
  readonly kind: "format" | "noMask" | "notNetwork";
  /** In words, for the message. */
  readonly reason: string;
  /** What was probably meant (`10.0.0.0/24` for `10.0.0.1/24`, `10.0.0.1/32` for `10.0.0.1`). */
  readonly suggestion?: string;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n[\s\S]*?-----END \1-----/;
const ARN = /^arn:[^:\s]+:[^:\s]+:[^:\s]*:[^:\s]*:\S+$/;
const PREFIX_LENGTH = /^(?:0|[1-9]\d{0,2})$/;

function checkCidr(value: string): FormatFailure | undefined {
  const [address, bits, ...rest] = value.split("/");
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  const v6 = !v4 && !address.includes(".") && ipaddr.IPv6.isValid(address);
  if (!v4 && !v6) return { kind: "format", reason: `${value} is not in CIDR notation` };
  const width = v4 ? 32 : 128;
  if (bits === undefined) {
    return {
      kind: "noMask",
      reason: `${value} has no network mask`,
      suggestion: `${address}/${width}`,
    };
  }
  if (rest.length > 0 || !PREFIX_LENGTH.test(bits) || Number(bits) > width) {
    return { kind: "format", reason: `${value} is not in CIDR notation` };
  }
  const network = (v4 ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(value).toString();
  if (network !== ipaddr.parse(address).toString()) {
    return {
      kind: "notNetwork",
      reason: `${value} is not the lowest address of its range`,
      suggestion: `${network}/${bits}`,
    };
  }
  return undefined;
}

/** Why `value` is not of `format`, or `undefined` when it is. */
export function formatFailure(format: StatedFormat, value: string): FormatFailure | undefined {
  switch (format) {
    case "cidr":
      return checkCidr(value);
    case "pem":
      return PEM_BLOCK.test(value) ? undefined : { kind: "format", reason: "it holds no PEM data" };
    case "arn":
      return ARN.test(value)
        ? undefined
        : { kind: "format", reason: `${value} is not an Amazon Resource Name` };
    case "uri": {
      const url = URL.canParse(value) ? new URL(value) : undefined;
      return url !== undefined && url.host !== ""
        ? undefined
        : { kind: "format", reason: `${value} is not an absolute URI` };
    }
  }
}
