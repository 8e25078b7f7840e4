/**
 * What the emulator takes from ngrok's OpenAPI document instead of its own code (issue #39 §4):
 * a property the document adds to a resource is accepted, typed, stored, updated and answered
 * with no emulator edit. Shown with `label`, a property ngrok's document does not have, added to
 * a copy of the document (the `openApiDocument` option) for two resources, SSH credentials and
 * SSH CAs — and the same request against the vendored document answers ERR_NGROK_214. Also: the
 * fields a request may hold and their types follow the document (its `required` and its types).
 */
import { ngrokOpenApiDocument, type OpenApiDocument } from "../../emulator/spec/document";
import { ECDSA_P256, ED25519 } from "../support/sshKeys";
import { api, body, expectError, newApp } from "./helpers";

/** A copy of ngrok's document with `label` (a string) added to the given schemas. */
function withLabel(schemas: readonly string[]): OpenApiDocument {
  const document = structuredClone(ngrokOpenApiDocument());
  for (const name of schemas) {
    const schema = document.components.schemas[name];
    schema.properties = { ...schema.properties, label: { type: "string" } };
  }
  return document;
}

describe("a property ngrok's document adds needs no emulator code", () => {
  const document = withLabel([
    ...["SSHCredentialCreate", "SSHCredentialUpdate", "SSHCredential"],
    ...["SSHCertificateAuthorityCreate", "SSHCertificateAuthority"],
  ]);

  test("SSH credentials: create, get, list and update carry it", async () => {
    const app = newApp({ openApiDocument: document });
    const created = await api(app, "POST", "/ssh_credentials", {
      public_key: ED25519,
      label: "laptop",
    });
    expect(created.statusCode).toBe(201);
    const credential = body(created);
    expect(credential.label).toBe("laptop");
    // In the document's order: after SSHCredential's own properties.
    expect(Object.keys(credential).pop()).toBe("label");
    const url = `/ssh_credentials/${credential.id}`;
    expect(body(await api(app, "GET", url)).label).toBe("laptop");
    expect(body(await api(app, "GET", "/ssh_credentials")).ssh_credentials[0].label).toBe("laptop");
    const updated = await api(app, "PATCH", url, { label: "desktop" });
    expect(body(updated).label).toBe("desktop");
    expect(body(await api(app, "PATCH", url, { description: "d" })).label).toBe("desktop");
    expect(app.emulator.snapshot().sshCredentials[0].label).toBe("desktop");
    expectError(await api(app, "PATCH", url, { label: 7 }), 400, "ERR_NGROK_215", "label");
    // Without a value: the zero value of its type, as ngrok's Go server answers an empty field.
    const other = await api(app, "POST", "/ssh_credentials", { public_key: ECDSA_P256 });
    expect(body(other).label).toBe("");
    await app.close();
  });

  test("SSH CAs: created with it; not in the update schema, so an update refuses it", async () => {
    const app = newApp({ openApiDocument: document });
    const ca = body(await api(app, "POST", "/ssh_certificate_authorities", { label: "hosts" }));
    expect(ca).toMatchObject({ label: "hosts", key_type: "ed25519" });
    const url = `/ssh_certificate_authorities/${ca.id}`;
    expectError(await api(app, "PATCH", url, { label: "x" }), 400, "ERR_NGROK_214", "label");
    await app.close();
  });

  test("the vendored document has no such property: 214", async () => {
    const app = newApp();
    const res = await api(app, "POST", "/ssh_credentials", { public_key: ED25519, label: "x" });
    expectError(res, 400, "ERR_NGROK_214", "parameter label is unknown");
    await app.close();
  });
});

describe("requests follow the document's types and required properties", () => {
  test("a required property of the document: 215 '… is required' (or ngrok's own code)", async () => {
    const app = newApp();
    const domain = { domain: "app.example.com" };
    expect((await api(app, "POST", "/reserved_domains", domain)).statusCode).toBe(201);
    // EndpointCreate requires url and traffic_policy ("" counts as missing, as in Go).
    for (const payload of [{ traffic_policy: "{}" }, { url: "https://app.example.com" }]) {
      expectError(await api(app, "POST", "/endpoints", payload), 400, "ERR_NGROK_215", "required");
    }
    // SSHCredentialCreate requires public_key: ngrok's own code for it, 611.
    expectError(await api(app, "POST", "/ssh_credentials", {}), 400, "ERR_NGROK_611");
    await app.close();
  });

  test("a type of the document: 215 naming the property; nested objects are closed too", async () => {
    const app = newApp();
    const policy = { domain: "b.example.com", certificate_management_policy: { authority: 1 } };
    expectError(
      await api(app, "POST", "/reserved_domains", policy),
      400,
      "ERR_NGROK_215",
      "authority",
    );
    const extra = { domain: "b.example.com", certificate_management_policy: { kind: "x" } };
    expectError(await api(app, "POST", "/reserved_domains", extra), 400, "ERR_NGROK_214", "kind");
    await app.close();
  });
});
