/**
 * EventDestination (provider/eventDestination/definition.ts): its pure `check` and `diff`, and its
 * provider methods as the dynamic-provider host calls them, against the emulator, each counting
 * its requests. `target` is an object of which exactly one kind is set, its credentials `secret`
 * fields: never quoted by a message, the rest of the target still shown.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  eventDestinationProvider as provider,
  listEventDestinations,
  lookupEventDestination,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type EventDestinationInputs,
  eventDestinationDefinition,
} from "../../../provider/eventDestination/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = eventDestinationDefinition;
const PATH = "/event_destinations";
const API_KEY = "dd-api-key-of-the-test-0123456789";
const AWS_SECRET = "aws-secret-of-the-test-abcdefghij";
const ROLE = "arn:aws:iam::123456789012:role/ngrok-events";
const STREAM = "arn:aws:kinesis:us-east-1:123456789012:stream/ngrok";
let emulator: RunningEmulator;

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const failuresOf = (news: Record<string, unknown>) =>
  (check(news).failures ?? []).map((f) => [f.property, f.reason]);
const datadog = (fields: Record<string, unknown> = {}) => ({
  target: { datadog: { apiKey: API_KEY, service: "ngrok", ...fields } },
});
const kinesis = (auth: Record<string, unknown>) => ({
  target: { kinesis: { auth, streamArn: STREAM } },
});

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as EventDestinationInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts each kind of target, an AWS one with a role or with credentials", () => {
    for (const news of [
      datadog({ ddsite: "datadoghq.eu", ddtags: "env:prod" }),
      kinesis({ role: { roleArn: ROLE } }),
      kinesis({ creds: { awsAccessKeyId: "AKIA0000", awsSecretAccessKey: AWS_SECRET } }),
      { target: { firehose: { auth: { role: { roleArn: ROLE } } } }, format: "JSON" },
      { target: { cloudwatchLogs: { auth: { role: { roleArn: ROLE } } } }, format: "json" },
      {
        target: {
          azureLogsIngestion: {
            tenantId: "t",
            clientId: "c",
            clientSecret: "s-of-azure",
            logsIngestionUri: "https://dce.eastus-1.ingest.monitor.azure.com",
            dataCollectionRuleId: "dcr-0",
            dataCollectionStreamName: "Custom-ngrok",
          },
        },
      },
    ]) {
      expect(failuresOf(news)).toEqual([]);
    }
  });

  it("refuses no target, none of its kinds, and two kinds, naming the path and the rule", () => {
    expect(failuresOf({})).toEqual([
      [
        "target",
        "target is required: where to send events: exactly one of firehose, kinesis, " +
          "cloudwatchLogs, datadog, azureLogsIngestion",
      ],
    ]);
    expect(failuresOf({ target: {} })).toEqual([
      [
        "target",
        "target must set exactly one of firehose, kinesis, cloudwatchLogs, datadog, " +
          "azureLogsIngestion; none is set",
      ],
    ]);
    const two = { target: { ...datadog().target, ...kinesis({ role: { roleArn: ROLE } }).target } };
    expect(failuresOf(two)).toEqual([
      [
        "target",
        "target must set exactly one of firehose, kinesis, cloudwatchLogs, datadog, " +
          "azureLogsIngestion; kinesis and datadog are set",
      ],
    ]);
  });

  it("refuses an AWS target without auth, an auth with both or neither, a field it does not have", () => {
    expect(failuresOf({ target: { kinesis: { streamArn: STREAM } } })).toEqual([
      [
        "target",
        "target.kinesis.auth is required: How ngrok signs in to the AWS account: exactly one " +
          "of `role` or `creds`.",
      ],
    ]);
    const both = kinesis({
      role: { roleArn: ROLE },
      creds: { awsAccessKeyId: "AKIA0000", awsSecretAccessKey: AWS_SECRET },
    });
    expect(failuresOf(both)).toEqual([
      ["target", "target.kinesis.auth must set exactly one of role, creds; role and creds are set"],
    ]);
    expect(failuresOf(datadog({ region: "eu" }))).toEqual([
      [
        "target",
        "target.datadog.region is not a field of EventTargetDatadog; its fields are apiKey, " +
          "ddtags, service, ddsite",
      ],
    ]);
  });

  it("refuses Datadog without its API key, and an Azure URI that is not a URL", () => {
    expect(failuresOf({ target: { datadog: { service: "ngrok" } } })).toEqual([
      ["target", "target.datadog.apiKey is required: The Datadog API key to use (a secret)."],
    ]);
    const azure = {
      tenantId: "t",
      clientId: "c",
      clientSecret: "s-of-azure",
      logsIngestionUri: "dce.example",
      dataCollectionRuleId: "dcr-0",
      dataCollectionStreamName: "Custom-ngrok",
    };
    expect(failuresOf({ target: { azureLogsIngestion: azure } })).toEqual([
      [
        "target",
        "target.azureLogsIngestion.logsIngestionUri must be an absolute http:// or https:// URL: it is not an " +
          'absolute URL (scheme://host/…); got "dce.example"',
      ],
    ]);
  });

  it("never quotes a credential, and still quotes the rest of the target", () => {
    const failures = failuresOf({
      target: {
        kinesis: {
          auth: { creds: { awsAccessKeyId: 7, awsSecretAccessKey: 42 } },
          streamArn: STREAM,
        },
      },
    });
    expect(failures).toEqual([
      ["target", "target.kinesis.auth.creds.awsAccessKeyId must be a string; got 7"],
      ["target", "target.kinesis.auth.creds.awsSecretAccessKey must be a string; got [secret]"],
    ]);
    const withKey = failuresOf(datadog({ ddsite: 5 }));
    expect(withKey).toEqual([["target", "target.datadog.ddsite must be a string; got 5"]]);
    expect(JSON.stringify(failuresOf({ ...datadog(), format: "xml" }))).not.toContain(API_KEY);
  });

  it("does not judge values not known yet", () => {
    expect(check({ target: UNKNOWN }).failures).toEqual([]);
    expect(check({ target: { datadog: { apiKey: UNKNOWN } } }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { ...datadog(), description: "dd" };
  it("a new target or credential updates in place; format left out is ngrok's choice", () => {
    expect(
      diff(olds, { ...datadog({ apiKey: "another-key-0123456789" }), description: "dd" }),
    ).toMatchObject({ updates: ["target"], replaces: [] });
    expect(
      diff(olds, { ...kinesis({ role: { roleArn: ROLE } }), description: "dd" }),
    ).toMatchObject({ updates: ["target"], replaces: [] });
    expect(diff({ ...olds, format: "json" }, olds).changes).toBe(false);
  });
});

describe("against the emulator", () => {
  it("creates with one POST, the target under ngrok's names, answered back as declared", async () => {
    const { id, outs } = await created({
      ...kinesis({ creds: { awsAccessKeyId: "AKIA0000", awsSecretAccessKey: AWS_SECRET } }),
      description: "stream",
    });
    expect(id).toMatch(/^ed_/);
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body.target).toMatchObject({
      kinesis: {
        auth: { creds: { aws_access_key_id: "AKIA0000", aws_secret_access_key: AWS_SECRET } },
        stream_arn: STREAM,
      },
    });
    expect(outs.target).toEqual(
      kinesis({ creds: { awsAccessKeyId: "AKIA0000", awsSecretAccessKey: AWS_SECRET } }).target,
    );
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
  });

  it("refresh: a target changed outside Pulumi is drift; one PATCH sets it back", async () => {
    const { id, outs, inputs } = await created(datadog());
    await callApi(emulator, "PATCH", `${PATH}/${id}`, {
      target: { datadog: { api_key: API_KEY, service: "other" } },
    });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ target: { datadog: { service: "other" } } });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({ updates: ["target"] });
    const back = await tracked(emulator, () =>
      provider.update(id, value!.props as typeof outs, inputs),
    );
    expect(back.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(back.value!.outs!.target).toEqual(datadog().target);
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
  });

  it("import: a read without state gives the inputs that reproduce it, which diff as no change", async () => {
    const { id, inputs } = await created({ ...datadog(), description: "imported", format: "json" });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toMatchObject({ ...inputs });
    expect(diff(value!.props!, check(value!.inputs!).inputs!).changes).toBe(false);
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
  });

  it("deletes with one DELETE; lookups find one by id and the list by description", async () => {
    const { id, outs } = await created({ ...datadog(), description: "looked up" });
    const client = clientFromConfiguration();
    expect(await lookupEventDestination(client, id)).toMatchObject({
      id,
      target: datadog().target,
    });
    const listed = await listEventDestinations(client, { description: "looked up" });
    expect(listed.map((d) => d.id)).toEqual([id]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
  });
});
