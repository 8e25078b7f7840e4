// The TypeScript program of the real-CLI suite of EventDestination and EventSubscription, the
// same resources as the suite's YAML program. The Datadog API key comes from plain (not secret)
// config: the class must register the target as a secret all the same.
import * as pulumi from "@pulumi/pulumi";
import { EventDestination, EventSubscription } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

const datadog = new EventDestination("datadog", {
  description: "Datadog",
  target: { datadog: { apiKey: config.require("apiKey"), service: "ngrok" } },
});
new EventSubscription("ip-policy-changes", {
  description: "IP policy changes",
  sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
  destinationIds: [datadog.id],
});

export const target = datadog.target;
