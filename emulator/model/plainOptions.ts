/**
 * Options of the collections served from ngrok's document (`plainResource.ts`), for the answers
 * ngrok's documents leave open or disagree on.
 */

/** `EmulatorOptions.plainCollections`. */
export interface PlainCollectionOptions {
  /**
   * The status of a request naming an object that does not exist (`ip_policy_id`,
   * `destination_ids`, …), whatever its code: ngrok documents codes (ERR_NGROK_1402, 1801,
   * 5103, 24006) but no status. `404` (default, as the emulator answers an SSH certificate
   * whose CA does not exist) or `400`.
   */
  referenceNotFoundStatus?: 404 | 400;
  /**
   * How a value is compared with the values a description states (`either \`allow\` or
   * \`deny\``): `"ignoreCase"` (default: ngrok's own example sends `"format": "json"` where the
   * description states `JSON`, and is answered 201) or `"exact"`. The value is stored as sent.
   */
  statedValueCase?: "ignoreCase" | "exact";
  /**
   * What deleting an IP policy does to its rules (ngrok is silent): `"cascade"` (default: they
   * go with it; the description says a deleted policy "will be treated as if the IP policy
   * remains but has zero rules") or `"keep"` (they stay, naming the deleted policy).
   */
  ipPolicyRules?: "cascade" | "keep";
  /**
   * What deleting an IP policy that IP restrictions name does: `"refuse"` (default: ngrok's
   * catalogue, ERR_NGROK_1420) or `"keep"` (the description: "If the IP policy is referenced by
   * another object … it will be treated as if the IP policy remains but has zero rules"; the
   * restrictions keep naming it).
   */
  ipRestrictions?: "refuse" | "keep";
}

/** The options with their defaults. */
export type ResolvedPlainCollectionOptions = Required<PlainCollectionOptions>;

/** The values each option takes, the default first. */
export const PLAIN_COLLECTION_OPTION_VALUES = {
  referenceNotFoundStatus: [404, 400],
  statedValueCase: ["ignoreCase", "exact"],
  ipPolicyRules: ["cascade", "keep"],
  ipRestrictions: ["refuse", "keep"],
} as const;

/** The value of option `name`: `value`, one of `allowed`, or the default (the first). */
function pick<T>(name: string, allowed: readonly T[], value: unknown): T {
  if (value === undefined) return allowed[0];
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) {
    const listed = allowed.map((v) => JSON.stringify(v)).join(", ");
    throw new TypeError(
      `plainCollections.${name} must be one of ${listed}, got ${JSON.stringify(value)}`,
    );
  }
  return found;
}

/** Applies the defaults; throws a `TypeError` naming an invalid option. */
export function resolvePlainCollectionOptions(
  options: PlainCollectionOptions = {},
): ResolvedPlainCollectionOptions {
  const names = Object.keys(PLAIN_COLLECTION_OPTION_VALUES);
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) {
      throw new TypeError(
        `plainCollections.${key} is not an option (options: ${names.join(", ")})`,
      );
    }
  }
  const values = PLAIN_COLLECTION_OPTION_VALUES;
  return {
    referenceNotFoundStatus: pick(
      "referenceNotFoundStatus",
      values.referenceNotFoundStatus,
      options.referenceNotFoundStatus,
    ),
    statedValueCase: pick("statedValueCase", values.statedValueCase, options.statedValueCase),
    ipPolicyRules: pick("ipPolicyRules", values.ipPolicyRules, options.ipPolicyRules),
    ipRestrictions: pick("ipRestrictions", values.ipRestrictions, options.ipRestrictions),
  };
}
