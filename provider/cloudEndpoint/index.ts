/**
 * `CloudEndpoint`: its definition (`./definition`) with the generic implementation
 * (`../framework/implementation`), and what is its own: the create's body names the endpoint's
 * type, `cloud` (ngrok's `EndpointCreate` requires it), and `check` warns of what the traffic
 * policy check lets through (an action type this version does not know, an early-access one).
 *
 * @module
 */
import { crudResource } from "../framework/implementation";
import { checkTrafficPolicy } from "../trafficPolicy";
import { cloudEndpointDefinition } from "./definition";

/** The cloud endpoint. */
export const cloudEndpoint = crudResource(cloudEndpointDefinition, {
  createBody: (body) => ({ ...body, type: "cloud" }),
  warnings: (inputs) =>
    checkTrafficPolicy(inputs.trafficPolicy, { secret: true, who: "CloudEndpoint" }).warnings,
});
