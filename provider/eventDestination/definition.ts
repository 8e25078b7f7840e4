/**
 * `EventDestination`, defined once (see `../framework`): where ngrok sends the events an event
 * subscription selects. ngrok's Terraform resource ignores `target` (`schema.ignores`); typed here.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `EventDestinationCreate`,
 * `EventDestinationUpdate`, `EventDestination`, `EventTarget` and its five kinds, `AWSAuth`
 * ("Exactly one of `role` or `creds`"), `AWSRole`, `AWSCredentials`, with their `required`;
 * `POST`, `GET`, `PATCH`, `DELETE /event_destinations[/{id}]`) and ngrok's error catalogue: no
 * target (`ERR_NGROK_5100`), more than one (5115), an AWS target without `auth` (5106), an auth
 * with neither or both (5107, 5116), a bad role ARN (5104), Datadog without `api_key` (5133), a
 * format other than `JSON` (235). Every input is in `EventDestinationUpdate`: it updates in place.
 * `target` sets exactly one kind (`exactlyOne`); its credentials are `secret` fields.
 *
 * Where ngrok is silent or disagrees, this definition decides (the docs page says so too):
 * `target`'s description lists `kinesis`, `firehose`, `cloudwatch_logs` or `s3`, its schema five
 * kinds without `s3`: the schema's five are typed (`s3` has no fields to type). `format` is `JSON`
 * in the description and `json` in ngrok's own example: both are taken; left out, ngrok's choice.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { config, object, output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { ObjectType, ObjectTypeField } from "../framework/property";
import type { InputsOf, OutputsOf } from "../framework/resource";

/** `AWSAuth`, with `AWSRole` and `AWSCredentials`: how ngrok signs in to the AWS account. */
const AWS_AUTH: ObjectType = {
  kind: "object",
  typeName: "EventTargetAwsAuth",
  typeDescription: "How ngrok signs in to the AWS account: exactly one of `role` or `creds`.",
  exactlyOne: true,
  fields: {
    role: {
      wire: "role",
      description: "A role for ngrok to assume on the account's behalf to deposit events.",
      object: {
        kind: "object",
        typeName: "EventTargetAwsRole",
        typeDescription: "An AWS role ngrok assumes.",
        fields: {
          roleArn: {
            wire: "role_arn",
            required: true,
            description: "The ARN of the role ngrok uses to deliver to the target.",
          },
        },
      },
    },
    creds: {
      wire: "creds",
      description: "Long-term AWS access keys ngrok signs in with, instead of a role.",
      object: {
        kind: "object",
        typeName: "EventTargetAwsCredentials",
        typeDescription: "An AWS access key.",
        fields: {
          awsAccessKeyId: {
            wire: "aws_access_key_id",
            required: true,
            description: "The ID portion of the AWS access key.",
          },
          awsSecretAccessKey: {
            wire: "aws_secret_access_key",
            required: true,
            secret: true,
            description: "The secret portion of the AWS access key (a secret).",
          },
        },
      },
    },
  },
};

/** `auth` of an AWS target: required (ERR_NGROK_5106). */
const AUTH_FIELD: ObjectTypeField = {
  wire: "auth",
  required: true,
  object: AWS_AUTH,
  description: "How ngrok signs in to the AWS account: exactly one of `role` or `creds`.",
};

/** An AWS target of `typeName` whose one other field is `arnField`. */
function awsTarget(typeName: string, what: string, arnName: string, arnWire: string): ObjectType {
  return {
    kind: "object",
    typeName,
    typeDescription: `Where events go in ${what}.`,
    fields: {
      auth: AUTH_FIELD,
      [arnName]: { wire: arnWire, description: `The ARN of the ${what} to deposit events into.` },
    },
  };
}

/** `EventTarget`: exactly one of its kinds. */
const EVENT_TARGET: ObjectType = {
  kind: "object",
  typeName: "EventTarget",
  typeDescription:
    "Where and how an event destination sends events: exactly one of `firehose`, `kinesis`, " +
    "`cloudwatchLogs`, `datadog` or `azureLogsIngestion`.",
  exactlyOne: true,
  fields: {
    firehose: {
      wire: "firehose",
      description: "Amazon Kinesis Data Firehose.",
      object: awsTarget(
        "EventTargetFirehose",
        "Firehose delivery stream",
        "deliveryStreamArn",
        "delivery_stream_arn",
      ),
    },
    kinesis: {
      wire: "kinesis",
      description: "Amazon Kinesis.",
      object: awsTarget("EventTargetKinesis", "Kinesis stream", "streamArn", "stream_arn"),
    },
    cloudwatchLogs: {
      wire: "cloudwatch_logs",
      description: "Amazon CloudWatch Logs.",
      object: awsTarget(
        "EventTargetCloudwatchLogs",
        "CloudWatch Logs group",
        "logGroupArn",
        "log_group_arn",
      ),
    },
    datadog: {
      wire: "datadog",
      description: "Datadog.",
      object: {
        kind: "object",
        typeName: "EventTargetDatadog",
        typeDescription: "Where events go in Datadog.",
        fields: {
          apiKey: {
            wire: "api_key",
            required: true,
            secret: true,
            description: "The Datadog API key to use (a secret).",
          },
          ddtags: { wire: "ddtags", description: "Tags to send with the events." },
          service: { wire: "service", description: "The service name to send with the events." },
          ddsite: { wire: "ddsite", description: "The Datadog site to send events to." },
        },
      },
    },
    azureLogsIngestion: {
      wire: "azure_logs_ingestion",
      description: "Azure Monitor's Logs Ingestion API.",
      object: {
        kind: "object",
        typeName: "EventTargetAzureLogsIngestion",
        typeDescription: "Where events go in Azure Monitor Logs.",
        fields: {
          tenantId: { wire: "tenant_id", required: true, description: "The Azure tenant ID." },
          clientId: {
            wire: "client_id",
            required: true,
            description: "The client ID of the application.",
          },
          clientSecret: {
            wire: "client_secret",
            required: true,
            secret: true,
            description: "The client secret of the application (a secret).",
          },
          logsIngestionUri: {
            wire: "logs_ingestion_uri",
            required: true,
            format: "url",
            description: "The data collection endpoint's logs ingestion URI.",
          },
          dataCollectionRuleId: {
            wire: "data_collection_rule_id",
            required: true,
            description: "The data collection rule's immutable ID.",
          },
          dataCollectionStreamName: {
            wire: "data_collection_stream_name",
            required: true,
            description: "The data collection stream, inside the rule, to send events to.",
          },
        },
      },
    },
  },
};

/** The event destination. */
export const eventDestinationDefinition = defineResource({
  name: "EventDestination",
  description:
    "An ngrok event destination: where ngrok sends the events an event subscription " +
    "(`EventSubscription`) selects: Amazon Kinesis Data Firehose, Kinesis or CloudWatch Logs, " +
    "Datadog or Azure Monitor Logs. ngrok's Terraform resource `ngrok_event_destination` (which " +
    "cannot set the target).",
  id: "ngrok's id (`ed_…`)",
  terraform: "ngrok_event_destination",
  api: {
    path: "/event_destinations",
    noun: "event destination",
    idPrefix: "ed_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /event_destinations[/{id}]`",
    fieldErrors: {
      ERR_NGROK_235: "format",
      ERR_NGROK_5100: "target",
      ERR_NGROK_5115: "target",
      ERR_NGROK_5106: "target",
      ERR_NGROK_5107: "target",
      ERR_NGROK_5116: "target",
      ERR_NGROK_5104: "target",
      ERR_NGROK_5133: "target",
    },
  },
  lookups: {
    one: {
      description:
        "Reads one event destination by id, without managing it: one `GET " +
        "/event_destinations/{id}`.",
    },
    list: {
      filters: ["description", "metadata"],
      description:
        "Every event destination of the account whose fields equal the filters that are set, " +
        "without managing them: `GET /event_destinations`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "event-destinations",
    shortNoun: "event destination",
    shortNounPlural: "event destinations",
    identifyingInputs: ["description", "metadata"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "Traffic events sent to Datadog, the API key read from secret stack config.",
    resources: [
      resource("EventDestination", "datadog", {
        description: "Datadog (EU)",
        format: "json",
        target: object({
          datadog: object({
            apiKey: config("datadogApiKey", true),
            ddsite: "datadoghq.eu",
            service: "ngrok",
          }),
        }),
      }),
    ],
    outputs: { destinationId: output("datadog", "id") },
  },
  properties: {
    target: {
      role: "input",
      type: EVENT_TARGET,
      required: true,
      requiredText:
        "where to send events: exactly one of firehose, kinesis, cloudwatchLogs, datadog, " +
        "azureLogsIngestion",
      onChange: "update",
      wire: "target",
      description:
        "Where and how to send the events: exactly one of `firehose`, `kinesis`, " +
        "`cloudwatchLogs`, `datadog` or `azureLogsIngestion`. Its credentials are secrets. " +
        "Updated in place.",
    },
    format: {
      role: "input",
      type: { kind: "enum", values: ["json", "JSON"] },
      serverFilled: true,
      optional: true,
      defaultText: "ngrok's",
      onChange: "update",
      wire: "format",
      description:
        "The format events are written in: JSON, the only one ngrok accepts (`json` or " +
        "`JSON`). Updated in place.",
    },
    ...TEXT_INPUTS,
    ...objectOutputs(
      "The API URI of the event destination, `https://api.ngrok.com/event_destinations/ed_…`.",
    ),
  },
});

/** The inputs of `EventDestination` as they are after `check`. */
export type EventDestinationInputs = InputsOf<typeof eventDestinationDefinition>;
/** The outputs of `EventDestination` recorded in state. */
export type EventDestinationOutputs = OutputsOf<typeof eventDestinationDefinition>;

/**
 * The event destination: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /event_destinations[/{id}]`, a create sent once and found again after
 * a failure that may have acted). Nothing is its own.
 */
export const eventDestination = crudResource(eventDestinationDefinition);
