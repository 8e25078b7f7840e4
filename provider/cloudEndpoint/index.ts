/**
 * `CloudEndpoint`: its definition (`./definition`) with the generic implementation
 * (`../framework/implementation`), and what is its own: the create's body names the endpoint's
 * type, `cloud` (ngrok's `EndpointCreate` requires it), and `check` warns of what the traffic
 * policy check lets through (an action type this version does not know, an early-access one, the
 * forms ngrok's pages disagree on).
 *
 * @module
 */
import { crudResource } from "../framework/implementation";
import { checkTrafficPolicy } from "../trafficPolicy";
import { cloudEndpointDefinition, endpointUrl } from "./definition";

/** The cloud endpoint. */
export const cloudEndpoint = crudResource(cloudEndpointDefinition, {
  createBody: (body) => ({ ...body, type: "cloud" }),
  warnings: (inputs) => {
    const url = endpointUrl(inputs.url);
    const options = { secret: true, who: "CloudEndpoint", ...(url === undefined ? {} : { url }) };
    return checkTrafficPolicy(inputs.trafficPolicy, options).warnings;
  },
});
