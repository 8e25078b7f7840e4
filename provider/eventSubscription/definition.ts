/**
 * `EventSubscription`, defined once (see `../framework`): which events (`sources`, by type) ngrok
 * sends to which event destinations (`EventDestination`). ngrok's Terraform resource
 * `ngrok_event_subscription`. This file is the whole resource, on the generic implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `EventSubscriptionCreate`,
 * `EventSubscriptionUpdate`, `EventSubscription` (`destinations` a list of `Ref`),
 * `EventSourceReplace` (`type`); `POST`, `GET`, `PATCH`, `DELETE /event_subscriptions[/{id}]`; a
 * `description` of at most 255 characters, `metadata` of 4096) and ngrok's error catalogue: a
 * destination that does not exist (`ERR_NGROK_5103`). Every input is in
 * `EventSubscriptionUpdate`, so every change updates in place.
 *
 * - `destinationIds` is a list of references: sent as `destination_ids`, read back from the
 *   answer's `destinations: [{ id, uri }]`; its order does not count.
 * - `sources` is a list of `{ type }`, read back without the URIs ngrok adds; its order does not
 *   count.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): the description
 * lists no source types and ngrok's docs name them only by example (`ip_policy_created.v0`), so
 * any non-empty type is taken. The limits are in characters, not bytes, and are not judged here
 * (ngrok judges them).
 *
 * @module
 */
import { objectOutputs, UNLIMITED_TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { object, output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import { references } from "../framework/reference";
import type { InputsOf, OutputsOf } from "../framework/resource";
import { eventDestinationDefinition } from "../eventDestination/definition";

/** The event subscription. */
export const eventSubscriptionDefinition = defineResource({
  name: "EventSubscription",
  description:
    "An ngrok event subscription: which events (`sources`, by type) ngrok sends to which event " +
    "destinations (`EventDestination`). ngrok's Terraform resource `ngrok_event_subscription`.",
  id: "ngrok's id (`esb_…`)",
  terraform: "ngrok_event_subscription",
  api: {
    path: "/event_subscriptions",
    noun: "event subscription",
    idPrefix: "esb_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /event_subscriptions[/{id}]`",
    fieldErrors: { ERR_NGROK_5103: "destinationIds" },
  },
  lookups: {
    one: {
      description:
        "Reads one event subscription by id, without managing it: one `GET " +
        "/event_subscriptions/{id}`.",
    },
    list: {
      filters: ["description", "metadata"],
      description:
        "Every event subscription of the account whose fields equal the filters that are set, " +
        "without managing them: `GET /event_subscriptions`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "event-subscriptions",
    shortNoun: "event subscription",
    shortNounPlural: "event subscriptions",
    identifyingInputs: ["description", "metadata"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "IP policy changes sent to CloudWatch Logs, ngrok signing in with an AWS role.",
    resources: [
      resource("EventDestination", "audit-log", {
        description: "Audit log",
        target: object({
          cloudwatchLogs: object({
            auth: object({
              role: object({ roleArn: "arn:aws:iam::123456789012:role/ngrok-events" }),
            }),
            logGroupArn: "arn:aws:logs:us-east-1:123456789012:log-group:ngrok-audit",
          }),
        }),
      }),
      resource("EventSubscription", "ip-policy-changes", {
        description: "IP policy changes",
        sources: [
          object({ type: "ip_policy_created.v0" }),
          object({ type: "ip_policy_updated.v0" }),
        ],
        destinationIds: [output("audit-log", "id")],
      }),
    ],
    outputs: { subscriptionId: output("ip-policy-changes", "id") },
  },
  properties: {
    sources: {
      role: "input",
      type: {
        kind: "objectList",
        typeName: "EventSource",
        typeDescription: "One type of event a subscription sends.",
        fields: {
          type: {
            description: "The event type, e.g. `ip_policy_created.v0`.",
          },
        },
      },
      onChange: "update",
      wire: "sources",
      unordered: true,
      description:
        "The events to send, each `{ type }` (e.g. `ip_policy_created.v0`); their order does " +
        "not count. Updated in place.",
    },
    destinationIds: {
      role: "input",
      type: references(eventDestinationDefinition),
      onChange: "update",
      wire: "destination_ids",
      unordered: true,
      description:
        "The event destinations the events go to (`ed_…`, the ids of `EventDestination` " +
        "resources); their order does not count. Updated in place.",
    },
    ...UNLIMITED_TEXT_INPUTS,
    ...objectOutputs(
      "The API URI of the event subscription, `https://api.ngrok.com/event_subscriptions/esb_…`.",
    ),
  },
});

/** The inputs of `EventSubscription` as they are after `check`. */
export type EventSubscriptionInputs = InputsOf<typeof eventSubscriptionDefinition>;
/** The outputs of `EventSubscription` recorded in state. */
export type EventSubscriptionOutputs = OutputsOf<typeof eventSubscriptionDefinition>;

/**
 * The event subscription: its definition with the generic implementation (`crudResource`:
 * `POST`, `GET`, `PATCH`, `DELETE /event_subscriptions[/{id}]`, a create sent once and found
 * again after a failure that may have acted). Nothing is its own.
 */
export const eventSubscription = crudResource(eventSubscriptionDefinition);
