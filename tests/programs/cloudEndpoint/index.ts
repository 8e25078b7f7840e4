// The TypeScript program of the real-CLI suite of ReservedDomain and CloudEndpoint, the same
// resources as the suite's YAML program: a reserved domain, an endpoint signed in by
// `openid-connect` (its client secret a secret config value, typed in the policy object) and one
// signed in by `saml` (the IdP metadata from config), to which `extraActionType` adds an action.
import * as pulumi from "@pulumi/pulumi";
import { CloudEndpoint, ReservedDomain } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const extraAction = config.get("extraActionType");

const domain = new ReservedDomain("domain", {
  domain: config.require("domain"),
  description: "the app",
});

const oidc = new CloudEndpoint("oidc", {
  url: pulumi.interpolate`https://${domain.domain}`,
  description: "signed in by OpenID Connect",
  trafficPolicy: config.requireSecret("oidcSecret").apply((clientSecret) => ({
    onHttpRequest: [
      {
        name: "sign in",
        actions: [
          {
            type: "openid-connect",
            config: { issuerUrl: "https://idp.example.com", clientId: "app", clientSecret },
          },
          { type: "forward-internal", config: { url: "https://app.internal" } },
        ],
      },
    ],
  })),
});

const saml = new CloudEndpoint("saml", {
  url: pulumi.interpolate`https://${domain.domain}:8443`,
  trafficPolicy: {
    onHttpRequest: [
      {
        actions: [
          { type: "saml", config: { idpMetadata: config.require("idpMetadata") } },
          // An action this version of the package may not know (a warning at preview).
          ...(extraAction === undefined ? [] : [{ type: extraAction }]),
          // A cloud endpoint's policy ends with a terminating action.
          { type: "forward-internal", config: { url: "https://app.internal" } },
        ],
      },
    ],
  },
});

export const oidcUrl = oidc.publicUrl;
export const samlId = saml.id;
