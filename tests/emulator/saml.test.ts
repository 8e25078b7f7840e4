/**
 * The HTTPS edge route SAML module: replace (both body shapes), get, delete, defaults,
 * validation, the request-signing certificate, and the SP metadata served at metadata_url.
 */
import "reflect-metadata";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as x509 from "@peculiar/x509";
import { DOMParser, type Element } from "@xmldom/xmldom";
import type { EmulatorApp } from "../../emulator/index";
import * as certificates from "../../emulator/model/certificates";
import {
  api,
  body,
  createEdgeAndRoute,
  expectError,
  FIXTURES_DIR,
  newApp,
  OKTA_XML,
  readFixture,
  samlPath,
} from "./helpers";

const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";

/** The IdP metadata of ngrok's docs example request, leading and trailing newline included. */
const DOCS_EXAMPLE_XML =
  '\n<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" validUntil="2020-09-14T12:53:23.691Z" cacheDuration="PT1M" entityID="http://127.0.0.1:12345/metadata"><IDPSSODescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:transient</NameIDFormat><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="http://127.0.0.1:12345/sso"></SingleSignOnService><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="http://127.0.0.1:12345/sso"></SingleSignOnService></IDPSSODescriptor></EntityDescriptor>\n';

const NAMEID_FORMATS = [
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:entity",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
];

function pemToDerBase64(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
}

function firstChild(parent: Element, ns: string, name: string): Element {
  const found = parent.getElementsByTagNameNS(ns, name)[0];
  if (found === undefined) throw new Error(`no ${name} in ${parent.tagName}`);
  return found;
}

describe("SAML module", () => {
  let app: EmulatorApp;
  let edgeId: string;
  let routeId: string;
  let path: string;

  beforeEach(async () => {
    app = newApp();
    ({ edgeId, routeId } = await createEdgeAndRoute(app));
    path = samlPath(edgeId, routeId);
  });
  afterEach(() => app.close());

  describe("replace", () => {
    it("takes the flat body of the docs example and answers the full module with defaults", async () => {
      const res = await api(app, "PUT", path, { enabled: true, idp_metadata: DOCS_EXAMPLE_XML });
      expect(res.statusCode).toBe(200);
      const module = body(res);
      const sp = `http://localhost:80/saml/${routeId}`;
      expect(module).toEqual({
        enabled: true,
        options_passthrough: false,
        cookie_prefix: "",
        inactivity_timeout: 0,
        maximum_duration: 0,
        idp_metadata: DOCS_EXAMPLE_XML,
        force_authn: false,
        allow_idp_initiated: true,
        authorized_groups: [],
        entity_id: sp,
        assertion_consumer_service_url: `${sp}/acs`,
        single_logout_url: `${sp}/slo`,
        request_signing_certificate_pem: expect.stringMatching(
          /^-----BEGIN CERTIFICATE-----\r?\n[\s\S]+\r?\n-----END CERTIFICATE-----\r?\n?$/,
        ),
        metadata_url: sp,
        nameid_format: PERSISTENT,
        idp_metadata_url: "",
      });
      // Byte for byte, leading and trailing newline included.
      expect(module.idp_metadata).toBe(DOCS_EXAMPLE_XML);
    });

    it("takes the wrapped body ngrok's TypeScript client sends", async () => {
      // ngrok-api-typescript serialises {edgeId, id, module: {...}} with camelCase → snake_case.
      const res = await api(app, "PUT", path, {
        edge_id: edgeId,
        id: routeId,
        module: {
          enabled: false,
          idp_metadata: OKTA_XML,
          allow_idp_initiated: false,
          authorized_groups: ["eng"],
          nameid_format: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        },
      });
      expect(res.statusCode).toBe(200);
      const module = body(res);
      expect(module.enabled).toBe(false);
      expect(module.allow_idp_initiated).toBe(false);
      expect(module.authorized_groups).toEqual(["eng"]);
      expect(module.nameid_format).toBe("urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress");
      expect(module.idp_metadata).toBe(OKTA_XML);
      expect(body(await api(app, "GET", path))).toEqual(module);
    });

    it("validates the wrapper", async () => {
      expectError(
        await api(app, "PUT", path, { edge_id: edgeId, id: routeId, module: null }),
        400,
        "ERR_NGROK_7091",
      );
      expectError(
        await api(app, "PUT", path, { id: routeId, module: { idp_metadata: OKTA_XML }, extra: 1 }),
        400,
        "ERR_NGROK_214",
        "parameter extra is unknown",
      );
      expectError(await api(app, "PUT", path, { module: "x" }), 400, "ERR_NGROK_215", "module");
      expectError(
        await api(app, "PUT", path, { edge_id: 5, module: { idp_metadata: OKTA_XML } }),
        400,
        "ERR_NGROK_215",
        "edge_id",
      );
    });

    it("echoes every writable field", async () => {
      const sent = {
        enabled: true,
        options_passthrough: true,
        cookie_prefix: "myapp.",
        inactivity_timeout: 4294967295,
        maximum_duration: 86400,
        idp_metadata: OKTA_XML,
        force_authn: true,
        allow_idp_initiated: false,
        authorized_groups: ["admins", "dev ops", "ünïcode"],
        nameid_format: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
      };
      const module = body(await api(app, "PUT", path, sent));
      expect(module).toMatchObject(sent);
      expect(module.idp_metadata_url).toBe("");
    });

    it("replaces the whole module: omitted fields go back to their defaults", async () => {
      await api(app, "PUT", path, {
        idp_metadata: OKTA_XML,
        enabled: false,
        options_passthrough: true,
        cookie_prefix: "x.",
        inactivity_timeout: 10,
        maximum_duration: 20,
        force_authn: true,
        allow_idp_initiated: false,
        authorized_groups: ["a"],
        nameid_format: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
      });
      const module = body(await api(app, "PUT", path, { idp_metadata: OKTA_XML }));
      expect(module).toMatchObject({
        enabled: true,
        options_passthrough: false,
        cookie_prefix: "",
        inactivity_timeout: 0,
        maximum_duration: 0,
        force_authn: false,
        allow_idp_initiated: true,
        authorized_groups: [],
        nameid_format: PERSISTENT,
      });
    });

    it("treats null and empty nameid_format as the defaults", async () => {
      const module = body(
        await api(app, "PUT", path, {
          idp_metadata: OKTA_XML,
          enabled: null,
          allow_idp_initiated: null,
          authorized_groups: null,
          nameid_format: "",
        }),
      );
      expect(module.enabled).toBe(true);
      expect(module.allow_idp_initiated).toBe(true);
      expect(module.authorized_groups).toEqual([]);
      expect(module.nameid_format).toBe(PERSISTENT);
    });

    it.each(NAMEID_FORMATS)("accepts nameid_format %s", async (format) => {
      const res = await api(app, "PUT", path, { idp_metadata: OKTA_XML, nameid_format: format });
      expect(res.statusCode).toBe(200);
      expect(body(res).nameid_format).toBe(format);
    });

    it.each([
      "urn:oasis:names:tc:SAML:2.0:nameid-format:emailAddress",
      "urn:oasis:names:tc:SAML:1.1:nameid-format:persistent",
      "persistent",
      "urn:oasis:names:tc:SAML:2.0:nameid-format:encrypted",
    ])("answers 400 ERR_NGROK_1693 for nameid_format %s", async (format) => {
      const res = await api(app, "PUT", path, { idp_metadata: OKTA_XML, nameid_format: format });
      expectError(res, 400, "ERR_NGROK_1693", `"${format}" is not a supported SAML nameid format.`);
    });

    it("stores idp_metadata_url without fetching it", async () => {
      const module = body(
        await api(app, "PUT", path, { idp_metadata_url: "https://idp.example.test/metadata" }),
      );
      expect(module.idp_metadata_url).toBe("https://idp.example.test/metadata");
      expect(module.idp_metadata).toBe("");
    });

    it("answers 400 ERR_NGROK_7081 for both idp_metadata and idp_metadata_url", async () => {
      const res = await api(app, "PUT", path, {
        idp_metadata: OKTA_XML,
        idp_metadata_url: "https://idp.example.test/metadata",
      });
      expectError(res, 400, "ERR_NGROK_7081", /not both/);
    });

    it("answers 400 ERR_NGROK_7091 for neither", async () => {
      expectError(await api(app, "PUT", path, {}), 400, "ERR_NGROK_7091");
      expectError(await api(app, "PUT", path), 400, "ERR_NGROK_7091");
      expectError(
        await api(app, "PUT", path, { idp_metadata: "", idp_metadata_url: "", enabled: true }),
        400,
        "ERR_NGROK_7091",
      );
    });

    it("answers 400 ERR_NGROK_7080 for idp_metadata over the limit", async () => {
      const small = newApp({ idpMetadataMaxBytes: 2000 });
      const ids = await createEdgeAndRoute(small);
      const res = await api(small, "PUT", samlPath(ids.edgeId, ids.routeId), {
        idp_metadata: OKTA_XML,
      });
      expectError(res, 400, "ERR_NGROK_7080", /maximum length of 2000 bytes, got 2539/);
      await small.close();
    });

    it.each([
      ["inactivity_timeout", -1],
      ["inactivity_timeout", 4294967296],
      ["inactivity_timeout", 1.5],
      ["maximum_duration", "3600"],
      ["maximum_duration", 1e20],
      ["enabled", "true"],
      ["force_authn", 1],
      ["cookie_prefix", 5],
      ["authorized_groups", "admins"],
      ["authorized_groups", ["a", 1]],
      ["idp_metadata", { xml: "<x/>" }],
      ["nameid_format", 1],
    ])("answers 400 ERR_NGROK_215 for %s = %j", async (field, value) => {
      const res = await api(app, "PUT", path, { idp_metadata: OKTA_XML, [field]: value });
      expectError(res, 400, "ERR_NGROK_215", `parameter ${field} is invalid`);
    });

    it("answers 400 ERR_NGROK_214 for read-only and unknown fields", async () => {
      for (const field of ["entity_id", "metadata_url", "request_signing_certificate_pem", "idp"]) {
        const res = await api(app, "PUT", path, { idp_metadata: OKTA_XML, [field]: "x" });
        expectError(res, 400, "ERR_NGROK_214", `parameter ${field} is unknown`);
      }
    });

    it("answers 404 ERR_NGROK_7000 on a missing edge and 7124 on a missing route", async () => {
      const missingEdge = "edghts_2bMmXGZh5RnDO7bAgszNuVae4M3";
      const missingRoute = "edghtsrt_2bMmXFkaPTLE9xyXTTTxigBRREN";
      expectError(
        await api(app, "PUT", samlPath(missingEdge, routeId), { idp_metadata: OKTA_XML }),
        404,
        "ERR_NGROK_7000",
      );
      expectError(
        await api(app, "PUT", samlPath(edgeId, missingRoute), { idp_metadata: OKTA_XML }),
        404,
        "ERR_NGROK_7124",
        `The edge route ${missingRoute} could not be found.`,
      );
      expectError(
        await api(app, "PUT", samlPath("nope", routeId), { idp_metadata: OKTA_XML }),
        400,
        "ERR_NGROK_227",
      );
    });

    it("answers 404 when the route is deleted while the module is being saved", async () => {
      // Hold the certificate generation until the route has been deleted.
      const real = await certificates.createSigningCertificate("held");
      let release: (() => void) | undefined;
      const spy = jest
        .spyOn(certificates, "createSigningCertificate")
        .mockImplementation(() => new Promise((resolve) => (release = () => resolve(real))));
      try {
        const put = api(app, "PUT", path, { idp_metadata: OKTA_XML });
        while (release === undefined) await new Promise((resolve) => setImmediate(resolve));
        const del = await api(app, "DELETE", `/edges/https/${edgeId}/routes/${routeId}`);
        expect(del.statusCode).toBe(204);
        release();
        expectError(await put, 404, "ERR_NGROK_7124");
        expect(app.emulator.snapshot().samlModules).toEqual([]);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe("get and delete", () => {
    it("shows the module on the route and in the snapshot", async () => {
      const module = body(await api(app, "PUT", path, { idp_metadata: OKTA_XML }));
      const route = body(await api(app, "GET", `/edges/https/${edgeId}/routes/${routeId}`));
      expect(route.saml).toEqual(module);
      const snapshot = app.emulator.snapshot();
      expect(snapshot.samlModules).toEqual([{ edgeId, routeId, ...module }]);
      expect(snapshot.routes[0].saml).toEqual(module);
    });

    it("answers 404 ERR_NGROK_7124 for GET or DELETE of a route without a module", async () => {
      for (const method of ["GET", "DELETE"] as const) {
        expectError(
          await api(app, method, path),
          404,
          "ERR_NGROK_7124",
          `The SAML module of the edge route ${routeId} could not be found.`,
        );
      }
    });

    it("deletes the module with 204 and the route shows saml null again", async () => {
      await api(app, "PUT", path, { idp_metadata: OKTA_XML });
      const del = await api(app, "DELETE", path);
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe("");
      expectError(await api(app, "GET", path), 404, "ERR_NGROK_7124");
      expectError(await api(app, "DELETE", path), 404, "ERR_NGROK_7124");
      expect(
        body(await api(app, "GET", `/edges/https/${edgeId}/routes/${routeId}`)).saml,
      ).toBeNull();
      expect(app.emulator.snapshot().samlModules).toEqual([]);
    });
  });

  describe("request-signing certificate", () => {
    it("is a real self-signed RSA 2048 / SHA-256 certificate that openssl reads", async () => {
      const pem = body(await api(app, "PUT", path, { idp_metadata: OKTA_XML }))
        .request_signing_certificate_pem as string;

      const text = execFileSync("/usr/bin/openssl", ["x509", "-noout", "-text"], {
        input: pem,
        encoding: "utf8",
      });
      expect(text).toMatch(/Public-Key: \(2048 bit\)/);
      expect(text).toMatch(/Signature Algorithm: sha256WithRSAEncryption/);
      expect(text).toContain(routeId);

      const certificate = new x509.X509Certificate(pem);
      expect(certificate.subject).toBe(certificate.issuer);
      expect(certificate.subject).toContain(routeId);
      expect(await certificate.isSelfSigned()).toBe(true);
      expect(certificate.publicKey.algorithm).toMatchObject({
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: 2048,
      });
      expect(certificate.signatureAlgorithm).toMatchObject({ hash: { name: "SHA-256" } });
      expect(certificate.notBefore.getTime()).toBeLessThanOrEqual(Date.now());
      expect(certificate.notAfter.getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    });

    it("stays the same across PUTs and changes after the module is deleted", async () => {
      const first = body(await api(app, "PUT", path, { idp_metadata: OKTA_XML }));
      const second = body(
        await api(app, "PUT", path, { idp_metadata: DOCS_EXAMPLE_XML, enabled: false }),
      );
      expect(second.request_signing_certificate_pem).toBe(first.request_signing_certificate_pem);
      await api(app, "DELETE", path);
      const third = body(await api(app, "PUT", path, { idp_metadata: OKTA_XML }));
      expect(third.request_signing_certificate_pem).not.toBe(first.request_signing_certificate_pem);
    });

    it("is one certificate for concurrent first PUTs on one route", async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          api(app, "PUT", path, { idp_metadata: OKTA_XML, cookie_prefix: `p${i}.` }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const pems = new Set(results.map((r) => body(r).request_signing_certificate_pem));
      expect(pems.size).toBe(1);
      const stored = body(await api(app, "GET", path)).request_signing_certificate_pem;
      expect(pems.has(stored)).toBe(true);
    });

    it("differs between routes", async () => {
      const other = await createEdgeAndRoute(app);
      const a = body(await api(app, "PUT", path, { idp_metadata: OKTA_XML }));
      const b = body(
        await api(app, "PUT", samlPath(other.edgeId, other.routeId), { idp_metadata: OKTA_XML }),
      );
      expect(a.request_signing_certificate_pem).not.toBe(b.request_signing_certificate_pem);
      expect(a.entity_id).not.toBe(b.entity_id);
    });
  });

  describe("SP metadata at metadata_url", () => {
    it("serves an SP EntityDescriptor naming the same ACS, SLO and certificate, without auth", async () => {
      const module = body(
        await api(app, "PUT", path, {
          idp_metadata: OKTA_XML,
          nameid_format: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        }),
      );
      const url = new URL(module.metadata_url);
      const res = await app.inject({ method: "GET", url: url.pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/samlmetadata\+xml/);

      const problems: string[] = [];
      const doc = new DOMParser({
        onError: (level, msg) => problems.push(`${level}: ${msg}`),
      }).parseFromString(res.body, "text/xml");
      expect(problems).toEqual([]);
      const root = doc.documentElement!;
      expect(root.namespaceURI).toBe(MD);
      expect(root.localName).toBe("EntityDescriptor");
      expect(root.getAttribute("entityID")).toBe(module.entity_id);

      const sp = firstChild(root, MD, "SPSSODescriptor");
      expect(sp.getAttribute("protocolSupportEnumeration")).toContain(
        "urn:oasis:names:tc:SAML:2.0:protocol",
      );
      expect(sp.getAttribute("AuthnRequestsSigned")).toBe("true");

      const keyDescriptor = firstChild(sp, MD, "KeyDescriptor");
      expect(keyDescriptor.getAttribute("use")).toBe("signing");
      const certificate = firstChild(keyDescriptor, DS, "X509Certificate").textContent;
      expect(certificate).toBe(pemToDerBase64(module.request_signing_certificate_pem));

      const acs = firstChild(sp, MD, "AssertionConsumerService");
      expect(acs.getAttribute("Binding")).toBe("urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST");
      expect(acs.getAttribute("Location")).toBe(module.assertion_consumer_service_url);
      expect(firstChild(sp, MD, "SingleLogoutService").getAttribute("Location")).toBe(
        module.single_logout_url,
      );
      expect(firstChild(sp, MD, "NameIDFormat").textContent).toBe(
        "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
      );
    });

    it("answers 404 when the route has no module or does not exist", async () => {
      expectError(
        await app.inject({ method: "GET", url: `/saml/${routeId}` }),
        404,
        "ERR_NGROK_7124",
      );
      expectError(
        await app.inject({ method: "GET", url: "/saml/whatever" }),
        404,
        "ERR_NGROK_7124",
      );
    });

    it("follows samlBaseUrl, including its path", async () => {
      const custom = newApp({ samlBaseUrl: "https://idp.example.test/sp/" });
      const ids = await createEdgeAndRoute(custom);
      const module = body(
        await api(custom, "PUT", samlPath(ids.edgeId, ids.routeId), { idp_metadata: OKTA_XML }),
      );
      expect(module.entity_id).toBe(`https://idp.example.test/sp/saml/${ids.routeId}`);
      expect(module.metadata_url).toBe(module.entity_id);
      expect(module.assertion_consumer_service_url).toBe(`${module.entity_id}/acs`);
      const res = await custom.inject({ method: "GET", url: `/sp/saml/${ids.routeId}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`entityID="${module.entity_id}"`);
      await custom.close();
    });
  });

  it("accepts a large real metadata document (AD FS, 73 KB) within the default limit", async () => {
    const adfs = readFixture("adfs.xml");
    expect(Buffer.byteLength(adfs)).toBe(fs.statSync(`${FIXTURES_DIR}/adfs.xml`).size);
    const res = await api(app, "PUT", path, { idp_metadata: adfs });
    expect(res.statusCode).toBe(200);
    expect(body(res).idp_metadata).toBe(adfs);
  });
});
