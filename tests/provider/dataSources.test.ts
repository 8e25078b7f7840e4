/**
 * The data sources (provider/framework/dataSource.ts, the registry's `DATA_SOURCES`): tunnel
 * sessions, application users and application sessions, which ngrok's API only reads. Against the
 * emulator, which serves them from ngrok's description and lets a test seed them: each lookup by
 * id and by filters, as `pulumi-ngrok-dynamic/provider` exports it and as the plugin's `Invoke`
 * runs it (`LOOKUPS`), with its requests counted; an id of a prefix ngrok does not document taken;
 * a `Ref` read as the id; and a definition that is not one refused.
 */
import type { RunningEmulator } from "../../emulator/index";
import {
  listApplicationSessions,
  listApplicationUsers,
  listTunnelSessions,
  lookupApplicationSession,
  lookupApplicationUser,
  lookupTunnelSession,
} from "../../provider";
import { dataSource } from "../../provider/framework/dataSource";
import { getApplicationSessions, getApplicationUser, getTunnelSessions } from "../../sdk";
import { namesOf } from "../../provider/framework/names";
import { DATA_SOURCES, DATA_SOURCE_DEFINITIONS, LOOKUPS } from "../../provider/registry";
import { tunnelSessionDefinition } from "../../provider/tunnelSession/definition";
import { configuredClient, withLookupEmulator } from "../support/lookupEmulator";
import { tracked } from "../support/requestLog";

let emulator: RunningEmulator;
const seeded: Record<string, Record<string, unknown>> = {};
const client = () => configuredClient(emulator);

withLookupEmulator(async (started) => {
  emulator = started;
  seeded.credential = started.seed("/tunnel_sessions", {
    region: "us",
    transport: "ngrok/v2",
    agent_version: "3.20.0",
    started_at: "2026-11-30T09:00:00Z",
    credential: { id: "cr_2Zcredential", uri: "https://api.ngrok.com/credentials/cr_2Zcredential" },
  });
  seeded.ssh = started.seed("/tunnel_sessions", { region: "eu", transport: "ssh" });
  seeded.ada = started.seed("/app/users", {
    email: "ada@example.com",
    name: "Ada",
    identity_provider: { name: "Google", url: "https://accounts.google.com" },
  });
  seeded.grace = started.seed("/app/users", { email: "grace@example.com" });
  seeded.session = started.seed("/app/sessions", {
    public_url: "https://app.example.com",
    application_user: { id: seeded.ada.id, uri: seeded.ada.uri },
    browser_session: {
      ip_address: "203.0.113.7",
      user_agent: { browser_name: "Firefox", os_name: "Linux" },
      location: { country_code: "GB", latitude: 51.5, longitude: -0.1 },
    },
    endpoint: { id: "ep_2Zendpoint", uri: "https://api.ngrok.com/endpoints/ep_2Zendpoint" },
  });
}, 30000);

describe("tunnel sessions", () => {
  test("one by id: one GET, its fields and its credential's id from the Ref", async () => {
    const id = String(seeded.credential.id);
    const { value, calls } = await tracked(emulator, () => lookupTunnelSession(client(), id));
    expect(calls).toEqual([`GET /tunnel_sessions/${id} 200`]);
    expect(value).toEqual({
      id,
      uri: seeded.credential.uri,
      region: "us",
      transport: "ngrok/v2",
      agentVersion: "3.20.0",
      startedAt: "2026-11-30T09:00:00Z",
      credentialId: "cr_2Zcredential",
    });
  });

  test("the list, filtered here: one GET a page", async () => {
    const { value, calls } = await tracked(emulator, () =>
      listTunnelSessions(client(), { transport: "ssh" }),
    );
    expect(calls).toEqual(["GET /tunnel_sessions?limit=100 200"]);
    expect(value!.map((s) => s.id)).toEqual([seeded.ssh.id]);
    expect((await listTunnelSessions(client())).map((s) => s.id)).toEqual([
      seeded.ssh.id,
      seeded.credential.id,
    ]);
  });

  test("an id of another prefix is refused before any request", async () => {
    const { error, calls } = await tracked(emulator, () =>
      lookupTunnelSession(client(), "app_user_2Zx"),
    );
    expect(calls).toEqual([]);
    expect(String(error)).toBe(
      'TypeError: getTunnelSession: id must be a tunnel session id, "ts_" followed by letters and ' +
        'digits; got "app_user_2Zx"',
    );
  });
});

describe("application users and sessions: ids of a prefix ngrok does not document", () => {
  test("a user by id, with its identity provider", async () => {
    const id = String(seeded.ada.id);
    expect(await lookupApplicationUser(client(), id)).toEqual({
      id,
      uri: seeded.ada.uri,
      email: "ada@example.com",
      name: "Ada",
      createdAt: seeded.ada.created_at,
      identityProvider: { name: "Google", url: "https://accounts.google.com" },
    });
    expect((await listApplicationUsers(client(), { email: "grace@example.com" })).length).toBe(1);
  });

  test("an id of any prefix is sent, for ngrok to judge", async () => {
    // The emulator plays ngrok with Terraform's prefix (its option `collections` gives another),
    // and refuses this one as ngrok refuses an id of another kind.
    const { error, calls } = await tracked(emulator, () =>
      lookupApplicationUser(client(), "usr_2Zunknown"),
    );
    expect(calls).toEqual(["GET /app/users/usr_2Zunknown 400"]);
    expect(error).toMatchObject({ statusCode: 400 });
    await expect(lookupApplicationUser(client(), "not an id")).rejects.toThrow(
      'getApplicationUser: id must be an application user id, letters, digits and _; got "not an id"',
    );
  });

  test("a session: its user's id from the Ref, its browser, the endpoint; by user", async () => {
    const id = String(seeded.session.id);
    const session = await lookupApplicationSession(client(), id);
    expect(session).toEqual({
      id,
      uri: seeded.session.uri,
      publicUrl: "https://app.example.com",
      createdAt: seeded.session.created_at,
      applicationUserId: seeded.ada.id,
      endpointId: "ep_2Zendpoint",
      browserSession: {
        ipAddress: "203.0.113.7",
        userAgent: { browserName: "Firefox", osName: "Linux" },
        location: { countryCode: "GB" },
      },
    });
    const byUser = await listApplicationSessions(client(), {
      applicationUserId: String(seeded.ada.id),
    });
    expect(byUser.map((s) => s.id)).toEqual([id]);
    expect(
      await listApplicationSessions(client(), { applicationUserId: String(seeded.grace.id) }),
    ).toEqual([]);
  });
});

test("the SDK's functions, as the docs page's TypeScript program calls them", async () => {
  // Configured as a program without stack config is: the environment.
  process.env.NGROK_API_KEY = emulator.apiKey;
  process.env.NGROK_API_BASE_URL = emulator.url;
  try {
    const { tunnelSessions } = await getTunnelSessions({ region: "eu" });
    expect(tunnelSessions.map((s) => s.id)).toEqual([seeded.ssh.id]);
    const user = await getApplicationUser({ id: String(seeded.ada.id) });
    expect(user.identityProvider?.name).toBe("Google");
    const { applicationSessions } = await getApplicationSessions({ applicationUserId: user.id });
    expect(applicationSessions.map((s) => s.publicUrl)).toEqual(["https://app.example.com"]);
  } finally {
    delete process.env.NGROK_API_KEY;
    delete process.env.NGROK_API_BASE_URL;
  }
});

describe("as the plugin's Invoke runs them (LOOKUPS)", () => {
  const lookup = (name: string) => LOOKUPS.find((l) => l.name === name)!;

  test("each data source has get<Name> and get<Plural>, after every resource's lookups", () => {
    const names = DATA_SOURCE_DEFINITIONS.flatMap((d) => [namesOf(d).getOne, namesOf(d).getList]);
    expect(LOOKUPS.slice(-names.length).map((l) => l.name)).toEqual(names);
    expect(DATA_SOURCES.map((d) => d.definition.terraform)).toEqual([
      "ngrok_tunnel_session",
      "ngrok_application_user",
      "ngrok_application_session",
    ]);
  });

  test("arguments are judged before any request: a filter it does not take, an id's shape", () => {
    expect(lookup("getTunnelSessions").check({ colour: "red" })).toEqual([
      {
        property: "colour",
        reason:
          "getTunnelSessions: colour is not an argument; its arguments are region, transport, " +
          "os, agentVersion, metadata",
      },
    ]);
    expect(lookup("getApplicationSession").check({ id: "app_sess_2Z" })).toEqual([]);
    expect(lookup("getApplicationSession").check({ id: "a b" })).toEqual([
      {
        property: "id",
        reason: 'getApplicationSession: id must be letters, digits and _; got "a b"',
      },
    ]);
    // A user's id of any prefix is a filter the sessions take.
    expect(lookup("getApplicationSessions").check({ applicationUserId: "usr_2Z" })).toEqual([]);
  });

  test("the list's result is under its field", async () => {
    const result = await lookup("getApplicationUsers").run(client(), { email: "ada@example.com" });
    expect(result).toEqual({ applicationUsers: [expect.objectContaining({ id: seeded.ada.id })] });
  });
});

test("a data source has outputs only, and both lookups", () => {
  const { properties } = tunnelSessionDefinition;
  expect(() =>
    dataSource({
      ...tunnelSessionDefinition,
      properties: {
        ...properties,
        region: { ...properties.region, role: "input", onChange: "replace" },
      },
    }),
  ).toThrow("TunnelSession.region: a data source has outputs only");
  expect(() =>
    dataSource({
      ...tunnelSessionDefinition,
      lookups: { one: tunnelSessionDefinition.lookups.one },
    }),
  ).toThrow("TunnelSession: a data source declares lookups.one and lookups.list");
});
