/**
 * Uploaded X.509 (issue #50): a TLS certificate's chain and private key, a certificate
 * authority's certificate, parsed for the answer's fields and refused with the codes of ngrok's
 * catalogue (ERR_NGROK_1901–1925, `emulator/model/documented.ts`). The certificates are made at
 * run time (`support/x509Certificates`) and the answers compared with what they were made with.
 */
import type { EmulatorApp } from "../../emulator/index";
import { makeCertificates, type MadeCertificates } from "../support/x509Certificates";
import { api, body, expectError, newApp } from "./helpers";

let certificates: MadeCertificates;
let app: EmulatorApp;
beforeAll(async () => {
  certificates = await makeCertificates();
});
beforeEach(() => {
  app = newApp();
});
afterEach(() => app.close());

const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

describe("TLS certificates", () => {
  const upload = (fields: Record<string, unknown>) =>
    api(app, "POST", "/tls_certificates", {
      certificate_pem: `${certificates.leafPem}\n${certificates.caPem}`,
      private_key_pem: certificates.leafKeyPem,
      ...fields,
    });

  test("the leaf's fields, the chain as sent", async () => {
    const { leaf, ca } = certificates;
    const created = await upload({ description: "app" });
    expect(created.statusCode).toBe(201);
    const answer = body(created);
    expect(answer).toMatchObject({
      certificate_pem: `${certificates.leafPem}\n${certificates.caPem}`,
      subject_common_name: leaf.commonName,
      issuer_common_name: ca.commonName,
      serial_number: leaf.serialHex,
      not_before: rfc3339(leaf.notBefore),
      not_after: rfc3339(leaf.notAfter),
      subject_alternative_names: { dns_names: leaf.dnsNames, ips: leaf.ips },
      private_key_type: "ecdsa",
      subject_organization: leaf.organization,
      subject_organizational_unit: "",
      subject_locality: leaf.locality,
      subject_province: "",
      subject_country: leaf.country,
      issued_at: null,
      key_usages: [],
      extended_key_usages: [],
      description: "app",
    });
    expect(answer).not.toHaveProperty("private_key_pem");
    expect(body(await api(app, "GET", `/tls_certificates/${answer.id}`))).toEqual(answer);
  });

  test("an RSA leaf answers rsa", async () => {
    const rsa = await makeCertificates({ leafKey: "rsa" });
    const created = await api(app, "POST", "/tls_certificates", {
      certificate_pem: rsa.leafPem,
      private_key_pem: rsa.leafKeyPem,
    });
    expect([created.statusCode, body(created).private_key_type]).toEqual([201, "rsa"]);
  });

  test.each([
    ["no certificate", { certificate_pem: "" }, "ERR_NGROK_1922"],
    ["no PEM", { certificate_pem: "MIIB not pem" }, "ERR_NGROK_1920"],
    ["a key as the certificate", { certificate_pem: "KEY" }, "ERR_NGROK_1925"],
    ["another PEM type", { certificate_pem: "CSR" }, "ERR_NGROK_1911"],
    ["PEM headers", { certificate_pem: "HEADERS" }, "ERR_NGROK_1910"],
    ["a block that is not DER", { certificate_pem: "GARBLED" }, "ERR_NGROK_1920"],
    ["no private key", { private_key_pem: "" }, "ERR_NGROK_1901"],
    ["a certificate as the key", { private_key_pem: "CERT" }, "ERR_NGROK_1924"],
    ["an encrypted key", { private_key_pem: "ENCRYPTED" }, "ERR_NGROK_1902"],
    ["a key that does not parse", { private_key_pem: "BADKEY" }, "ERR_NGROK_1903"],
    ["the CA's key for the leaf", { private_key_pem: "CAKEY" }, "ERR_NGROK_1923"],
  ])("%s: %s", async (_name, fields, code) => {
    const block = (label: string, text = "AAAA") =>
      `-----BEGIN ${label}-----\n${text}\n-----END ${label}-----\n`;
    const stand: Record<string, string> = {
      KEY: certificates.leafKeyPem,
      CSR: block("CERTIFICATE REQUEST"),
      HEADERS: block("CERTIFICATE", "Proc-Type: 4,ENCRYPTED\n\nAAAA"),
      GARBLED: block("CERTIFICATE", "bm90IGEgY2VydGlmaWNhdGU="),
      CERT: certificates.leafPem,
      ENCRYPTED: block("ENCRYPTED PRIVATE KEY"),
      BADKEY: block("PRIVATE KEY", "bm90IGEga2V5"),
      CAKEY: certificates.caKeyPem,
    };
    const sent = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, stand[value] ?? value]),
    );
    expectError(await upload(sent), 400, code);
  });

  test("only description and metadata change", async () => {
    const id = body(await upload({})).id;
    const changed = await api(app, "PATCH", `/tls_certificates/${id}`, { description: "x" });
    expect(body(changed).description).toBe("x");
    const refused = await api(app, "PATCH", `/tls_certificates/${id}`, {
      private_key_pem: certificates.leafKeyPem,
    });
    expectError(refused, 400, "ERR_NGROK_214", "private_key_pem");
  });
});

describe("certificate authorities", () => {
  test("the CA's fields", async () => {
    const created = await api(app, "POST", "/certificate_authorities", {
      ca_pem: certificates.caPem,
      metadata: '{"team":"pki"}',
    });
    expect(created.statusCode).toBe(201);
    expect(body(created)).toEqual({
      id: expect.stringMatching(/^ca_/),
      uri: expect.stringContaining("/certificate_authorities/ca_"),
      created_at: expect.any(String),
      metadata: '{"team":"pki"}',
      ca_pem: certificates.caPem,
      subject_common_name: certificates.ca.commonName,
      not_before: rfc3339(certificates.ca.notBefore),
      not_after: rfc3339(certificates.ca.notAfter),
      key_usages: [],
      extended_key_usages: [],
    });
  });

  test.each([
    ["no certificate", "", "ERR_NGROK_1919"],
    ["no PEM", "hello", "ERR_NGROK_1920"],
    ["a private key", "KEY", "ERR_NGROK_1925"],
    ["a certificate that is not a CA", "LEAF", "ERR_NGROK_1913"],
  ])("%s", async (_name, pem, code) => {
    const stand: Record<string, string> = {
      KEY: certificates.caKeyPem,
      LEAF: certificates.leafPem,
    };
    const response = await api(app, "POST", "/certificate_authorities", {
      ca_pem: stand[pem] ?? pem,
    });
    expectError(response, 400, code);
  });
});
