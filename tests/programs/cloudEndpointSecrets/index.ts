// The TypeScript program of the real-CLI suite of secrets inside a Traffic Policy (issue #48 §2):
// one endpoint signed in by `openid-connect`, then forwarded to `https://app.internal`, its
// client secret a secret config value. `form` says how the secret reaches the policy: `leaf` (the
// recommended pattern, the secret output as the value of `clientSecret`) or `apply` (the whole
// policy made in an `apply` over the secret, so secret as a whole). `extraRule` adds a second rule (a deny, named by it); `issuerUrl`
// replaces the issuer (an `http://` one is refused at preview).
import * as pulumi from "@pulumi/pulumi";
import { CloudEndpoint } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();
const clientSecret = config.requireSecret("oidcSecret");
const issuerUrl = config.get("issuerUrl") ?? "https://idp.example.com";
const extraRule = config.get("extraRule");

/** The policy, with the client secret as given. */
const policy = <S>(secret: S) => ({
  onHttpRequest: [
    {
      name: "sign in",
      actions: [
        { type: "openid-connect", config: { issuerUrl, clientId: "app", clientSecret: secret } },
        { type: "forward-internal", config: { url: "https://app.internal" } },
      ],
    },
    ...(extraRule === undefined ? [] : [{ name: extraRule, actions: [{ type: "deny" }] }]),
  ],
});

const endpoint = new CloudEndpoint("oidc", {
  url: config.require("url"),
  trafficPolicy: config.get("form") === "apply" ? clientSecret.apply(policy) : policy(clientSecret),
});

export const publicUrl = endpoint.publicUrl;
