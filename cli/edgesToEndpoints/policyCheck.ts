/**
 * The check of the traffic policies a printed program gives its cloud endpoints, with the
 * provider's own check (`provider/trafficPolicy`, the one `CloudEndpoint` runs on its input): each
 * stack config reference is filled with a value of the right shape (`SampledConfigKey.sample`), so
 * that a policy the command writes wrong is caught before the user runs it. A policy that reads a
 * key with no sample (an IdP metadata document ngrok only has the URL of) is not checked.
 *
 * @module
 */
import { checkTrafficPolicy, type TrafficPolicyFailure } from "../../provider/trafficPolicy";
import { plainValue, type Program } from "./program";

/** What the check found on one endpoint. */
export interface EndpointCheck {
  /** The endpoint's logical name in the program. */
  readonly resource: string;
  /** Why the provider would refuse the policy; none when it passes. */
  readonly failures: readonly TrafficPolicyFailure[];
  readonly warnings: readonly string[];
  /** Not checked: the key whose value the check cannot stand in for. */
  readonly skipped?: string;
}

/** Checks the policy of each `CloudEndpoint` of `program` (see the module comment). */
export function checkProgram(program: Program, now = Date.now()): EndpointCheck[] {
  const samples = new Map(program.config.map((key) => [key.name, key.sample]));
  return program.resources
    .filter((resource) => resource.className === "CloudEndpoint")
    .map((resource) => {
      let skipped: string | undefined;
      const policy = plainValue(resource.properties.trafficPolicy ?? {}, (key) => {
        const sample = samples.get(key);
        if (sample === undefined) skipped ??= key;
        return sample;
      });
      if (skipped !== undefined)
        return { resource: resource.name, failures: [], warnings: [], skipped };
      // The endpoint's URL, when the program writes it out: the rules of its protocol and of a
      // cloud endpoint's policy (it must end with a terminating action) apply, as at preview.
      const url = plainValue(resource.properties.url ?? null, (key) => samples.get(key));
      const { failures, warnings } = checkTrafficPolicy(policy, {
        who: `CloudEndpoint "${resource.name}"`,
        now,
        ...(typeof url === "string" ? { url } : {}),
      });
      return { resource: resource.name, failures, warnings };
    });
}
