/**
 * The lookups behind the SDK's lookup functions (the generic ones of provider/framework/
 * implementation.ts and singleton.ts, as the resources' modules export them), with a client built from a stack config the caller
 * hands over (`clientFromConfiguration(config)`, as the program's process does), against the
 * emulator: GET requests only, every page of a 250-CA account, filters, retries, refusals.
 */
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  clientFromConfiguration,
  listSshCertificateAuthorities,
  lookupHttpsEdgeRouteSaml,
  lookupSshCertificateAuthority,
  NgrokApiError,
  NgrokConfigurationError,
} from "../../provider";
import { withClaim } from "../../provider/httpsEdgeRouteSaml/claim";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import {
  configuredClient,
  listedInThreePages,
  pagedListRetryTests,
  withLookupEmulator,
} from "../support/lookupEmulator";
import { tracked } from "../support/requestLog";

const CA = "/ssh_certificate_authorities";

let emulator: RunningEmulator;
/** The 250 CAs, oldest first, as the API answered their creation. */
const made: Record<string, unknown>[] = [];

/** A client for the emulator from a stack config given by the caller (none is remembered). */
const client = (extra: Record<string, string> = {}) => configuredClient(emulator, extra);

withLookupEmulator(async (started) => {
  emulator = started;
  for (let i = 0; i < 250; i++) {
    const body =
      i % 50 === 7
        ? { private_key_type: "ecdsa", elliptic_curve: "p384", description: "group a" }
        : {
            private_key_type: "ed25519",
            description: i % 10 === 0 ? "group a" : `CA ${i}`,
            ...(i % 25 === 3 ? { metadata: '{"team":"edge"}' } : {}),
          };
    const created = await callApi(emulator, "POST", CA, body);
    expect(created.status).toBe(201);
    made.push(created.body);
  }
}, 120000);

describe("listSshCertificateAuthorities", () => {
  test("250 CAs are read across 3 pages of 100 through next_page_uri, with 3 GETs and nothing else", async () => {
    const value = await listedInThreePages(emulator, CA, "sshca_", made, () =>
      listSshCertificateAuthorities(client()),
    );
    // Each with the outputs of the resource, the key parameters read from the public key.
    const oldest = value[249];
    expect(oldest).toEqual({
      id: made[0].id,
      privateKeyType: "ed25519",
      description: "group a",
      publicKey: made[0].public_key,
      keyType: "ed25519",
      uri: made[0].uri,
      createdAt: made[0].created_at,
    });
    expect(value.find((ca) => ca.id === made[7].id)).toMatchObject({
      privateKeyType: "ecdsa",
      ellipticCurve: "p384",
    });
  });

  test("filters: description, metadata and key type, exactly; across every page", async () => {
    const ids = (list: { id: string }[]) => list.map((ca) => ca.id);
    const expected = (keep: (ca: Record<string, unknown>) => boolean) =>
      made
        .filter(keep)
        .map((ca) => ca.id)
        .reverse();

    const groupA = await listSshCertificateAuthorities(client(), { description: "group a" });
    expect(ids(groupA)).toEqual(expected((ca) => ca.description === "group a"));
    expect(groupA).toHaveLength(30); // 25 ed25519 (every tenth) and 5 ecdsa

    const edge = await listSshCertificateAuthorities(client(), { metadata: '{"team":"edge"}' });
    expect(ids(edge)).toEqual(expected((ca) => ca.metadata === '{"team":"edge"}'));
    expect(edge).toHaveLength(10);

    const ecdsaA = await listSshCertificateAuthorities(client(), {
      description: "group a",
      privateKeyType: "ecdsa",
    });
    expect(ids(ecdsaA)).toEqual(expected((ca) => ca.key_type === "ecdsa"));
    expect(ecdsaA).toHaveLength(5);

    expect(await listSshCertificateAuthorities(client(), { description: "no such CA" })).toEqual(
      [],
    );
    // "" matches an empty field: every CA here has a description.
    expect(await listSshCertificateAuthorities(client(), { description: "" })).toEqual([]);
  });

  pagedListRetryTests(
    () => emulator,
    CA,
    250,
    (c) => listSshCertificateAuthorities(c),
  );
});

describe("lookupSshCertificateAuthority", () => {
  test("one GET; the resource's outputs with the id", async () => {
    const ca = made[42];
    const { value, calls } = await tracked(emulator, () =>
      lookupSshCertificateAuthority(client(), ca.id as string),
    );
    expect(calls).toEqual([`GET ${CA}/${ca.id} 200`]);
    expect(value).toEqual({
      id: ca.id,
      privateKeyType: "ed25519",
      description: "CA 42",
      publicKey: ca.public_key,
      keyType: "ed25519",
      uri: ca.uri,
      createdAt: ca.created_at,
    });
  });

  test("a CA that does not exist: NgrokApiError 404 after one GET", async () => {
    const { error, calls } = await tracked(emulator, () =>
      lookupSshCertificateAuthority(client(), "sshca_2Znothere"),
    );
    expect(calls).toEqual([`GET ${CA}/sshca_2Znothere 404`]);
    expect(NgrokApiError.isInstance(error) && error.isNotFound).toBe(true);
  });

  test.each(["", "sshca_", "../edges/https", "edghts_1"])(
    "the id %j is refused before any request",
    async (id) => {
      const { error, calls } = await tracked(emulator, () =>
        lookupSshCertificateAuthority(client(), id),
      );
      expect(calls).toEqual([]);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toContain("getSshCertificateAuthority: id must be");
    },
  );
});

describe("lookupHttpsEdgeRouteSaml", () => {
  test("one GET; the resource's outputs with the id, the metadata without a claim comment", async () => {
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    const okta = readIdpMetadata("okta.xml");
    const path = `/edges/https/${edgeId}/routes/${routeId}/saml`;
    const written = await callApi(emulator, "PUT", path, {
      idp_metadata: withClaim(okta, "p/s/app", "token"),
      force_authn: true,
    });
    const { value, calls } = await tracked(emulator, () =>
      lookupHttpsEdgeRouteSaml(client(), edgeId, routeId),
    );
    expect(calls).toEqual([`GET ${path} 200`]);
    expect(value).toMatchObject({
      id: `${edgeId}/${routeId}`,
      edgeId,
      routeId,
      idpMetadata: okta,
      forceAuthn: true,
      entityId: written.body.entity_id,
      assertionConsumerServiceUrl: written.body.assertion_consumer_service_url,
    });
    expect(value).not.toHaveProperty("claimToken");

    const gone = await tracked(emulator, async () => {
      await callApi(emulator, "DELETE", path);
      return lookupHttpsEdgeRouteSaml(client(), edgeId, routeId);
    });
    expect(NgrokApiError.isInstance(gone.error) && gone.error.isNotFound).toBe(true);
  });

  test.each(["null", "empty", "zero"] as const)(
    "a route without a module, answered 200 with a %s module: NgrokApiError 404 after one GET",
    async (samlModuleAbsent) => {
      const other = await startEmulator({ port: 0, samlModuleAbsent });
      try {
        const {
          edgeId,
          routeIds: [routeId],
        } = await createEdgeWithRoutes(other, 1);
        const { error, calls } = await tracked(other, () =>
          lookupHttpsEdgeRouteSaml(configuredClient(other), edgeId, routeId),
        );
        expect(calls).toEqual([`GET /edges/https/${edgeId}/routes/${routeId}/saml 200`]);
        expect(NgrokApiError.isInstance(error) && error.isNotFound).toBe(true);
        expect((error as Error).message).toContain(
          `there is no SAML module at ${edgeId}/${routeId}`,
        );
      } finally {
        await other.close();
      }
    },
  );

  test("ids without ngrok's prefixes are refused before any request", async () => {
    const { error, calls } = await tracked(emulator, () =>
      lookupHttpsEdgeRouteSaml(client(), "edghtsrt_1", "edghtsrt_2"),
    );
    expect(calls).toEqual([]);
    expect((error as Error).message).toBe(
      'getHttpsEdgeRouteSaml: edgeId must be an ngrok id starting with "edghts_" followed by letters and digits; got "edghtsrt_1"',
    );
  });
});

test("a config without a key, and no environment: NgrokConfigurationError naming both", () => {
  expect(() => clientFromConfiguration({ get: () => undefined })).toThrow(NgrokConfigurationError);
  expect(() => clientFromConfiguration({ get: () => undefined })).toThrow(
    /ngrok:apiKey.*NGROK_API_KEY/,
  );
});
