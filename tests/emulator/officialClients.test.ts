/**
 * Requests shaped exactly as ngrok's official API clients send them (read from their sources:
 * ngrok/ngrok-api-go `client.go` and generated services, ngrok/ngrok-api-typescript
 * `src/client.ts`/`src/util.ts`/services, ngrok/ngrok-api-python `http_client.py`/services) are
 * accepted unchanged.
 */
import type { EmulatorApp } from "../../emulator/index";
import { API_KEY, body, createEdgeAndRoute, newApp, OKTA_XML, samlPath } from "./helpers";

/** ngrok-api-go: lower-case header names, Content-Type only with a body, omitempty bodies. */
const GO_HEADERS = {
  authorization: `Bearer ${API_KEY}`,
  "user-agent": "github.com/ngrok/ngrok-api-go",
  "ngrok-version": "2",
};
/** ngrok-api-typescript (wretch): Content-Type on every request, bodies or not. */
const TS_HEADERS = {
  "User-Agent": "ngrok-api-typescript/0.12.0/v20.11.1",
  "Ngrok-Version": "2",
  "Content-Type": "application/json",
  Authorization: `Bearer ${API_KEY}`,
};
/** ngrok-api-python (requests): no Content-Type unless `json=` is given. */
const PY_HEADERS = {
  "ngrok-version": "2",
  authorization: `Bearer ${API_KEY}`,
  "user-agent": "python-requests/2.31.0",
};

describe("requests as ngrok's official clients send them", () => {
  let app: EmulatorApp;
  beforeEach(() => {
    app = newApp();
  });
  afterEach(() => app.close());

  it("ngrok-api-go: SSH CA create, get, list iteration, update, delete; SAML replace", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/ssh_certificate_authorities",
      headers: { ...GO_HEADERS, "content-type": "application/json" },
      payload: '{"description":"go","private_key_type":"ecdsa","elliptic_curve":"p384"}',
    });
    expect(created.statusCode).toBe(201);
    const id = body(created).id;

    expect(
      (
        await app.inject({
          method: "GET",
          url: `/ssh_certificate_authorities/${id}`,
          headers: GO_HEADERS,
        })
      ).statusCode,
    ).toBe(200);

    // The Go iterator sends limit=100 (url.Values.Encode sorts keys) and then before_id of the
    // last item until a page comes back empty.
    const page1 = await app.inject({
      method: "GET",
      url: "/ssh_certificate_authorities?limit=100",
      headers: GO_HEADERS,
    });
    expect(body(page1).ssh_certificate_authorities).toHaveLength(1);
    const page2 = await app.inject({
      method: "GET",
      url: `/ssh_certificate_authorities?before_id=${id}&limit=100`,
      headers: GO_HEADERS,
    });
    expect(body(page2).ssh_certificate_authorities).toEqual([]);

    // Update clears ID before marshalling; omitempty drops it and nil pointers.
    const updated = await app.inject({
      method: "PATCH",
      url: `/ssh_certificate_authorities/${id}`,
      headers: { ...GO_HEADERS, "content-type": "application/json" },
      payload: '{"metadata":"{\\"k\\":1}"}',
    });
    expect(body(updated).metadata).toBe('{"k":1}');

    const { edgeId, routeId } = await createEdgeAndRoute(app);
    // Replace sends arg.Module (flat) with omitempty: false booleans and zeros are absent.
    const replaced = await app.inject({
      method: "PUT",
      url: samlPath(edgeId, routeId),
      headers: { ...GO_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({ enabled: true, idp_metadata: OKTA_XML }),
    });
    expect(replaced.statusCode).toBe(200);

    const deleted = await app.inject({
      method: "DELETE",
      url: `/ssh_certificate_authorities/${id}`,
      headers: GO_HEADERS,
    });
    expect(deleted.statusCode).toBe(204);
  });

  it("ngrok-api-typescript: camelCase args serialised to snake_case, id in bodies, wrapper PUT", async () => {
    // create({description, privateKeyType, keySize}) → snake_case keys.
    const created = await app.inject({
      method: "POST",
      url: "/ssh_certificate_authorities",
      headers: TS_HEADERS,
      payload: JSON.stringify({ description: "ts", private_key_type: "rsa", key_size: 2048 }),
    });
    expect(created.statusCode).toBe(201);
    const id = body(created).id;

    // get/delete: Content-Type set, no body.
    expect(
      (
        await app.inject({
          method: "GET",
          url: `/ssh_certificate_authorities/${id}`,
          headers: TS_HEADERS,
        })
      ).statusCode,
    ).toBe(200);

    // list: _pagedList passes {limit: '100'} then {beforeId, limit} to .query().
    const first = await app.inject({
      method: "GET",
      url: "/ssh_certificate_authorities?limit=100",
      headers: TS_HEADERS,
    });
    expect(body(first).next_page_uri).toBeNull();
    const next = await app.inject({
      method: "GET",
      url: `/ssh_certificate_authorities?beforeId=${id}&limit=100`,
      headers: TS_HEADERS,
    });
    expect(next.statusCode).toBe(200);

    // update(arg) serialises the whole arg, id included.
    const updated = await app.inject({
      method: "PATCH",
      url: `/ssh_certificate_authorities/${id}`,
      headers: TS_HEADERS,
      payload: JSON.stringify({ id, description: "ts updated" }),
    });
    expect(updated.statusCode).toBe(200);
    expect(body(updated).description).toBe("ts updated");

    // Route create sends edgeId in the body; SAML replace sends {edgeId, id, module}.
    const edge = await app.inject({
      method: "POST",
      url: "/edges/https",
      headers: TS_HEADERS,
      payload: JSON.stringify({ description: "ts edge", hostports: ["a.ngrok.app:443"] }),
    });
    const edgeId = body(edge).id;
    const route = await app.inject({
      method: "POST",
      url: `/edges/https/${edgeId}/routes`,
      headers: TS_HEADERS,
      payload: JSON.stringify({ edge_id: edgeId, match_type: "path_prefix", match: "/" }),
    });
    expect(route.statusCode).toBe(201);
    const routeId = body(route).id;
    const replaced = await app.inject({
      method: "PUT",
      url: samlPath(edgeId, routeId),
      headers: TS_HEADERS,
      payload: JSON.stringify({
        edge_id: edgeId,
        id: routeId,
        module: {
          enabled: true,
          options_passthrough: false,
          cookie_prefix: "",
          inactivity_timeout: 0,
          maximum_duration: 0,
          idp_metadata: OKTA_XML,
          force_authn: false,
          allow_idp_initiated: true,
          authorized_groups: [],
          nameid_format: "",
        },
      }),
    });
    expect(replaced.statusCode).toBe(200);
    expect(body(replaced).nameid_format).toBe(
      "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
    );
    expect(
      (await app.inject({ method: "DELETE", url: samlPath(edgeId, routeId), headers: TS_HEADERS }))
        .statusCode,
    ).toBe(204);
  });

  it("ngrok-api-python: zero-value defaults, None stripped, next_page_uri followed as is", async () => {
    // create() sends every parameter with its default ("" / 0).
    const created = await app.inject({
      method: "POST",
      url: "/ssh_certificate_authorities",
      headers: { ...PY_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({
        description: "",
        metadata: "",
        private_key_type: "ed25519",
        elliptic_curve: "",
        key_size: 0,
      }),
    });
    expect(created.statusCode).toBe(201);
    await app.inject({
      method: "POST",
      url: "/ssh_certificate_authorities",
      headers: { ...PY_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({
        description: "",
        metadata: "",
        private_key_type: "",
        elliptic_curve: "",
        key_size: 0,
      }),
    });

    // list(limit="1"): params with falsy values dropped; then request("get", next_page_uri).
    const first = await app.inject({
      method: "GET",
      url: "/ssh_certificate_authorities?limit=1",
      headers: PY_HEADERS,
    });
    const nextUri = new URL(body(first).next_page_uri);
    const second = await app.inject({
      method: "GET",
      url: nextUri.pathname + nextUri.search,
      headers: PY_HEADERS,
    });
    expect(body(second).ssh_certificate_authorities).toHaveLength(1);
    expect(body(second).next_page_uri).toBeNull();

    // update(id, description="x") strips metadata=None.
    const id = body(created).id;
    const updated = await app.inject({
      method: "PATCH",
      url: `/ssh_certificate_authorities/${id}`,
      headers: { ...PY_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({ description: "x" }),
    });
    expect(body(updated).description).toBe("x");

    // delete(): payload dict() is falsy, so no body and no Content-Type.
    expect(
      (
        await app.inject({
          method: "DELETE",
          url: `/ssh_certificate_authorities/${id}`,
          headers: PY_HEADERS,
        })
      ).statusCode,
    ).toBe(204);
  });

  it("SSH certificates: Python's zero-value bodies and Go's omitempty bodies", async () => {
    const ca = await app.inject({
      method: "POST",
      url: "/ssh_certificate_authorities",
      headers: { ...GO_HEADERS, "content-type": "application/json" },
      payload: "{}",
    });
    const caId = body(ca).id;
    const publicKey = body(ca).public_key; // any OpenSSH public key will do
    // ngrok-api-python's SSHUserCertificatesClient.create sends every parameter, defaults
    // included: principals [], critical_options {}, extensions {}, "" for the rest.
    const python = await app.inject({
      method: "POST",
      url: "/ssh_user_certificates",
      headers: { ...PY_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({
        ssh_certificate_authority_id: caId,
        public_key: publicKey,
        principals: [],
        critical_options: {},
        extensions: {},
        valid_after: "",
        valid_until: "",
        description: "",
        metadata: "",
      }),
    });
    expect(python.statusCode).toBe(201);
    expect(body(python)).toMatchObject({
      principals: [],
      critical_options: {},
      extensions: { "permit-pty": "", "permit-user-rc": "" },
    });
    // ngrok-api-go omits empty fields (omitempty).
    const go = await app.inject({
      method: "POST",
      url: "/ssh_host_certificates",
      headers: { ...GO_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({ ssh_certificate_authority_id: caId, public_key: publicKey }),
    });
    expect(go.statusCode).toBe(201);
    expect(body(go).principals).toEqual([]);
  });

  it("SSH credentials: Python's zero-value bodies, Go's omitempty bodies and iterator", async () => {
    const keyOf = async () => {
      const ca = await app.inject({
        method: "POST",
        url: "/ssh_certificate_authorities",
        headers: { ...GO_HEADERS, "content-type": "application/json" },
        payload: "{}",
      });
      return `${body(ca).public_key} laptop@example`; // any OpenSSH public key will do
    };
    // ngrok-api-python's SSHCredentialsClient.create sends description "", metadata "", acl []
    // and strips owner_id=None.
    const python = await app.inject({
      method: "POST",
      url: "/ssh_credentials",
      headers: { ...PY_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({
        description: "",
        metadata: "",
        acl: [],
        public_key: await keyOf(),
      }),
    });
    expect(python.statusCode).toBe(201);
    expect(body(python)).toMatchObject({ acl: [], owner_id: expect.stringMatching(/^usr_/) });
    expect(body(python)).not.toHaveProperty("description");
    // ngrok-api-go omits empty fields; owner_id is a *string.
    const go = await app.inject({
      method: "POST",
      url: "/ssh_credentials",
      headers: { ...GO_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({
        acl: ["bind:example.ngrok.app"],
        public_key: await keyOf(),
        owner_id: "bot_2cSjwF6w6AynjfPtm4Ww5xTdkId",
      }),
    });
    expect(go.statusCode).toBe(201);
    const id = body(go).id;
    // The Go iterator: limit=100, then before_id of the last item until a page is empty.
    const page1 = await app.inject({
      method: "GET",
      url: "/ssh_credentials?limit=100",
      headers: GO_HEADERS,
    });
    expect(body(page1).ssh_credentials.map((c: { id: string }) => c.id)).toEqual([
      id,
      body(python).id,
    ]);
    const page2 = await app.inject({
      method: "GET",
      url: `/ssh_credentials?before_id=${body(python).id}&limit=100`,
      headers: GO_HEADERS,
    });
    expect(body(page2).ssh_credentials).toEqual([]);
    // Go's Update clears ID and omits nil pointers and an empty ACL; Python strips acl=None.
    for (const [headers, payload] of [
      [GO_HEADERS, '{"description":"go"}'],
      [PY_HEADERS, JSON.stringify({ metadata: "py" })],
    ] as const) {
      const updated = await app.inject({
        method: "PATCH",
        url: `/ssh_credentials/${id}`,
        headers: { ...headers, "content-type": "application/json" },
        payload,
      });
      expect(updated.statusCode).toBe(200);
      expect(body(updated).acl).toEqual(["bind:example.ngrok.app"]);
    }
    const deleted = await app.inject({
      method: "DELETE",
      url: `/ssh_credentials/${id}`,
      headers: PY_HEADERS,
    });
    expect(deleted.statusCode).toBe(204);
    expect(app.emulator.snapshot().sshCredentials.map((c) => c.id)).toEqual([body(python).id]);
  });
});
