/**
 * EventSubscription (provider/eventSubscription/definition.ts): its pure `check` and `diff`, and
 * its provider methods as the dynamic-provider host calls them, against the emulator, each
 * counting its requests. `destinationIds` is a list of references to event destinations (sent as
 * `destination_ids`, read back from `destinations: [{ id, uri }]`), `sources` a list of `{ type }`
 * read back without the URIs ngrok adds; the order of neither is a change.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  eventDestinationProvider,
  eventSubscriptionProvider as provider,
  listEventSubscriptions,
  lookupEventSubscription,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type EventSubscriptionInputs,
  eventSubscriptionDefinition,
} from "../../../provider/eventSubscription/definition";
import type { EventDestinationInputs } from "../../../provider/eventDestination/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check, diff } = eventSubscriptionDefinition;
const PATH = "/event_subscriptions";
const CREATED = { type: "ip_policy_created.v0" };
const UPDATED = { type: "ip_policy_updated.v0" };
let emulator: RunningEmulator;
let logs: string;
let stream: string;

const destination = async (service: string) => {
  const inputs: EventDestinationInputs = {
    target: { datadog: { apiKey: "k-0123456789", service } },
  };
  return (await eventDestinationProvider.create(inputs)).id;
};

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
  logs = await destination("logs");
  stream = await destination("stream");
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const failuresOf = (news: Record<string, unknown>) =>
  (check(news).failures ?? []).map((f) => [f.property, f.reason]);

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as EventSubscriptionInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts sources and destinations", () => {
    const news = { sources: [CREATED, UPDATED], destinationIds: ["ed_2Za"], description: "d" };
    expect(check(news)).toEqual({ inputs: news, failures: [] });
  });

  it("refuses a source that is not { type }, and an id of another kind, naming the item", () => {
    expect(failuresOf({ sources: [CREATED, "ip_policy_updated.v0", { kind: "x" }] })).toEqual([
      ["sources", 'sources[1] must be an object (EventSource); got "ip_policy_updated.v0"'],
      ["sources", "sources[2].kind is not a field of EventSource; its fields are type"],
      [
        "sources",
        "sources[2].type is required, a non-empty string: The event type, e.g. `ip_policy_created.v0`.",
      ],
    ]);
    expect(failuresOf({ sources: CREATED })).toEqual([
      ["sources", "sources must be a list of EventSource objects; got a value of type object"],
    ]);
    expect(failuresOf({ destinationIds: ["ed_2Za", "ipp_2Zb"] })).toEqual([
      [
        "destinationIds",
        "destinationIds[1] must be the id of an event destination (ed_…), e.g. the id output of " +
          'an EventDestination; got "ipp_2Zb"',
      ],
    ]);
  });

  it("does not judge values not known yet", () => {
    expect(check({ sources: UNKNOWN, destinationIds: [UNKNOWN] }).failures).toEqual([]);
    expect(check({ sources: [UNKNOWN, { type: UNKNOWN }] }).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = { sources: [CREATED, UPDATED], destinationIds: ["ed_2Za", "ed_2Zb"] };
  it("the order of sources and destinations is no change; another source updates in place", () => {
    expect(
      diff(olds, { sources: [UPDATED, CREATED], destinationIds: ["ed_2Zb", "ed_2Za"] }).changes,
    ).toBe(false);
    expect(diff(olds, { ...olds, sources: [CREATED] })).toMatchObject({
      updates: ["sources"],
      replaces: [],
    });
  });
});

describe("against the emulator", () => {
  it("creates with one POST: destinations sent as destination_ids, sources read back without URIs", async () => {
    const { id, outs } = await created({ sources: [CREATED], destinationIds: [logs, stream] });
    expect(id).toMatch(/^esb_/);
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body.sources).toEqual([
      { type: CREATED.type, uri: expect.stringContaining(`/sources/${CREATED.type}`) },
    ]);
    expect(outs).toMatchObject({ sources: [CREATED], destinationIds: [logs, stream] });
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
  });

  it("refresh: sources changed outside Pulumi are drift; one PATCH sets them back", async () => {
    const { id, outs, inputs } = await created({ sources: [CREATED], destinationIds: [logs] });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { sources: [UPDATED] });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ sources: [UPDATED] });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({ updates: ["sources"] });
    const back = await tracked(emulator, () =>
      provider.update(id, value!.props as typeof outs, inputs),
    );
    expect(back.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(back.value!.outs!.sources).toEqual([CREATED]);
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
  });

  it("import: a read without state gives the inputs that reproduce it, which diff as no change", async () => {
    const { id, inputs } = await created({
      sources: [CREATED, UPDATED],
      destinationIds: [stream],
      description: "imported",
    });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toEqual({ ...inputs });
    expect(diff(value!.props!, check(value!.inputs!).inputs!).changes).toBe(false);
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
  });

  it("a destination a subscription uses cannot be deleted until the subscription is", async () => {
    const used = await destination("used");
    const { id, outs } = await created({ sources: [CREATED], destinationIds: [used] });
    const refused = await callApi(emulator, "DELETE", `/event_destinations/${used}`);
    expect(refused.body.error_code).toBe("ERR_NGROK_5112");
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await callApi(emulator, "DELETE", `/event_destinations/${used}`)).status).toBe(204);
  });

  it("lookups: one by id, and the list by description", async () => {
    const { id } = await created({ sources: [CREATED], destinationIds: [logs], description: "lk" });
    const client = clientFromConfiguration();
    expect(await lookupEventSubscription(client, id)).toMatchObject({
      id,
      destinationIds: [logs],
      sources: [CREATED],
    });
    expect((await listEventSubscriptions(client, { description: "lk" })).map((s) => s.id)).toEqual([
      id,
    ]);
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
  });
});
