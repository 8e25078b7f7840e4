/**
 * `samlModuleAbsent`: what `GET …/saml` answers for a route without a SAML module, which ngrok
 * does not document (it documents the route's `"saml": null`). Each answer, the `DELETE` that
 * goes with it, what stays the same whatever the answer, the option's validation and its CLI flag.
 */
import { parseCliArguments } from "../../emulator/cli";
import { api, body, createEdgeAndRoute, expectError, newApp, OKTA_XML, samlPath } from "./helpers";

/** The zero-valued module of `"zero"`: every field of the module, empty. */
const ZERO_MODULE = {
  enabled: false,
  options_passthrough: false,
  cookie_prefix: "",
  inactivity_timeout: 0,
  maximum_duration: 0,
  idp_metadata: "",
  force_authn: false,
  allow_idp_initiated: false,
  authorized_groups: [],
  entity_id: "",
  assertion_consumer_service_url: "",
  single_logout_url: "",
  request_signing_certificate_pem: "",
  metadata_url: "",
  nameid_format: "",
  idp_metadata_url: "",
};

describe.each([
  ["null", null],
  ["empty", {}],
  ["zero", ZERO_MODULE],
] as const)("samlModuleAbsent %j", (answer, expected) => {
  it("GET of a route without a module answers 200 with that body; DELETE answers 204", async () => {
    const app = newApp({ samlModuleAbsent: answer });
    const { edgeId, routeId } = await createEdgeAndRoute(app);
    const path = samlPath(edgeId, routeId);
    const get = await api(app, "GET", path);
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(get.body)).toEqual(expected);
    const del = await api(app, "DELETE", path);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expect(app.emulator.snapshot().samlModules).toEqual([]);
    await app.close();
  });

  it("a module written then deleted reads as absent again; its route shows saml null", async () => {
    const app = newApp({ samlModuleAbsent: answer });
    const { edgeId, routeId } = await createEdgeAndRoute(app);
    const path = samlPath(edgeId, routeId);
    const module = body(await api(app, "PUT", path, { idp_metadata: OKTA_XML }));
    expect(body(await api(app, "GET", path))).toEqual(module);
    expect((await api(app, "DELETE", path)).statusCode).toBe(204);
    expect(JSON.parse((await api(app, "GET", path)).body)).toEqual(expected);
    expect(body(await api(app, "GET", `/edges/https/${edgeId}/routes/${routeId}`)).saml).toBe(null);
    await app.close();
  });

  it("a missing route or edge still answers 404; the public SP metadata of the route too", async () => {
    const app = newApp({ samlModuleAbsent: answer });
    const { edgeId, routeId } = await createEdgeAndRoute(app);
    for (const method of ["GET", "DELETE"] as const) {
      expectError(
        await api(app, method, samlPath(edgeId, "edghtsrt_2aaaaaaaaaaaaaaaaaaaaaaaaaa")),
        404,
        "ERR_NGROK_7124",
      );
      expectError(
        await api(app, method, samlPath("edghts_2aaaaaaaaaaaaaaaaaaaaaaaaaa", routeId)),
        404,
        "ERR_NGROK_7000",
      );
    }
    const metadata = await app.inject({ method: "GET", url: `/saml/${routeId}` });
    expectError(metadata, 404, "ERR_NGROK_7124");
    await app.close();
  });
});

describe("samlModuleAbsent: the default and the option's values", () => {
  it.each([[undefined], ["404" as const]])(
    "%j answers 404 ERR_NGROK_7124 for GET and DELETE",
    async (answer) => {
      const app = newApp(answer === undefined ? {} : { samlModuleAbsent: answer });
      const { edgeId, routeId } = await createEdgeAndRoute(app);
      for (const method of ["GET", "DELETE"] as const) {
        expectError(await api(app, method, samlPath(edgeId, routeId)), 404, "ERR_NGROK_7124");
      }
      await app.close();
    },
  );

  it.each([["204"], ["none"], [404], [true]])("rejects %j with a TypeError", (answer) => {
    expect(() => newApp({ samlModuleAbsent: answer as never })).toThrow(
      /^samlModuleAbsent must be one of "404", "null", "empty", "zero", got /,
    );
  });

  it("the CLI takes --saml-module-absent", () => {
    expect(parseCliArguments([]).samlModuleAbsent).toBeUndefined();
    for (const answer of ["404", "null", "empty", "zero"]) {
      expect(parseCliArguments(["--saml-module-absent", answer]).samlModuleAbsent).toBe(answer);
    }
    expect(() => parseCliArguments(["--saml-module-absent", "nothing"])).toThrow(
      /--saml-module-absent must be one of 404, null, empty, zero, got nothing/,
    );
  });
});
