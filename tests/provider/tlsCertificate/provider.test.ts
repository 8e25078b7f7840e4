/**
 * TlsCertificate (provider/tlsCertificate/definition.ts): its pure `check` and `diff`, and its
 * provider methods as the dynamic-provider host calls them, against the emulator, each counting
 * its requests; and ReservedDomain's `certificateId`, a reference to it. The certificate and keys
 * are made at run time (`tests/support/x509Certificates.ts`). `privateKeyPem` is write-only: sent,
 * never answered, kept from state by a read (never a drift), absent after an import (then no
 * change), and never in a message.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  listTlsCertificates,
  lookupTlsCertificate,
  NgrokApiError,
  NgrokClientError,
  reservedDomainProvider,
  resetStackConfig,
  tlsCertificateProvider as provider,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type ReservedDomainInputs,
  reservedDomainDefinition,
} from "../../../provider/reservedDomain/definition";
import {
  type TlsCertificateInputs,
  tlsCertificateDefinition,
} from "../../../provider/tlsCertificate/definition";
import { secretsOf } from "../../../plugin/secrets";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";
import { type MadeCertificates, makeCertificates } from "../../support/x509Certificates";

const { check, diff } = tlsCertificateDefinition;
const PATH = "/tls_certificates";
let emulator: RunningEmulator;
let made: MadeCertificates;
let other: MadeCertificates;
let warnings: string[];

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  [made, other] = await Promise.all([makeCertificates(), makeCertificates({ leafKey: "rsa" })]);
  emulator = await startEmulator({ port: 0 });
});
beforeEach(async () => {
  await configureProvider(emulator);
  warnings = [];
  jest.spyOn(console, "warn").mockImplementation((line: string) => void warnings.push(line));
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const failuresOf = (news: Record<string, unknown>) =>
  (check(news).failures ?? []).map((f) => [f.property, f.reason]);

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as TlsCertificateInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

const upload = () => ({ certificatePem: made.leafPem, privateKeyPem: made.leafKeyPem });

describe("check (no API call)", () => {
  it("accepts a chain and its leaf's key; the leaf's expiry within 30 days is warned of", async () => {
    const news = { ...upload(), description: "app" };
    expect(check(news)).toEqual({ inputs: news, failures: [] });
    const chain = { ...news, certificatePem: `${made.leafPem}\n${made.caPem}` };
    expect((await provider.check({}, chain)).failures).toEqual([]);
    // The leaf ends in 10 days, the CA in 30: each a warning, naming the certificate, not the key.
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: \[runtime\] TlsCertificate: certificatePem's certificate 1 of 2 \(CN=app\.example\.com, .*\) expires on .* \(in 1[01] days\)/,
      ),
      expect.stringMatching(/certificatePem's certificate 2 of 2 \(CN=Example Test Root, /),
    ]);
    expect(warnings.join("\n")).not.toContain(made.leafKeyPem.split("\n")[1]);
  });

  it("refuses what ngrok refuses, naming the property and the rule, never quoting the key", () => {
    const keyLine = made.leafKeyPem.split("\n")[1];
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { ...upload(), certificatePem: made.leafKeyPem },
        "certificatePem",
        /^certificatePem must be one or more PEM X\.509 certificates .*: its block is a PRIVATE KEY, not a CERTIFICATE/,
      ],
      [
        { ...upload(), privateKeyPem: made.leafPem },
        "privateKeyPem",
        /^privateKeyPem must be a PEM private key \(a PRIVATE KEY block\): its block is a CERTIFICATE, not a PRIVATE KEY$/,
      ],
      [
        { ...upload(), privateKeyPem: other.leafKeyPem },
        "privateKeyPem",
        /^privateKeyPem must be the private key of certificatePem's leaf \(its first certificate\): the two do not match$/,
      ],
      [
        {
          ...upload(),
          privateKeyPem: made.leafKeyPem
            .replace(/^-----BEGIN PRIVATE KEY-----/, "-----BEGIN ENCRYPTED PRIVATE KEY-----")
            .replace(/-----END PRIVATE KEY-----/, "-----END ENCRYPTED PRIVATE KEY-----"),
        },
        "privateKeyPem",
        /: it is encrypted: ngrok takes the key without a passphrase$/,
      ],
      [
        {
          ...upload(),
          privateKeyPem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        },
        "privateKeyPem",
        /: it is not a private key node:crypto reads/,
      ],
      [{ ...upload(), privateKeyPem: "" }, "privateKeyPem", /^privateKeyPem must not be empty$/],
    ];
    for (const [news, property, reason] of cases) {
      const failures = failuresOf(news);
      expect(failures).toEqual([[property, expect.stringMatching(reason)]]);
      expect(JSON.stringify(failures)).not.toContain(keyLine);
      expect(JSON.stringify(failures)).not.toContain(other.leafKeyPem.split("\n")[1]);
    }
    expect(failuresOf({})).toEqual([
      ["certificatePem", "certificatePem is required: the certificate chain, PEM, the leaf first"],
      [
        "privateKeyPem",
        "privateKeyPem is required: the leaf certificate's private key, PEM (a PRIVATE KEY block)",
      ],
    ]);
  });

  it("does not judge values not known yet, and judges the key alone while the certificate is unknown", () => {
    expect(check({ certificatePem: UNKNOWN, privateKeyPem: UNKNOWN }).failures).toEqual([]);
    expect(check({ certificatePem: UNKNOWN, privateKeyPem: made.leafKeyPem }).failures).toEqual([]);
    expect(failuresOf({ certificatePem: UNKNOWN, privateKeyPem: made.leafPem })).toEqual([
      ["privateKeyPem", expect.stringMatching(/its block is a CERTIFICATE/)],
    ]);
  });

  it("the private key is the one secret: the plugin answers it secret", () => {
    expect(secretsOf("ngrok-dynamic:index:TlsCertificate", [])).toEqual([["privateKeyPem"]]);
  });
});

describe("diff", () => {
  let olds: Record<string, unknown>;
  beforeAll(() => {
    olds = { ...upload(), description: "app" };
  });
  it("a new certificate or key replaces (the new one first); description and metadata update", () => {
    expect(diff(olds, { ...olds, certificatePem: other.leafPem })).toMatchObject({
      changes: true,
      replaces: ["certificatePem"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, { ...olds, privateKeyPem: other.leafKeyPem })).toMatchObject({
      changes: true,
      replaces: ["privateKeyPem"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, { ...olds, description: "b", metadata: "{}" })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["description", "metadata"],
    });
  });
  it("a PEM that differs only in line endings and whitespace is no change", () => {
    const crlf = `${made.leafPem.trim().replace(/\n/g, "\r\n")}\r\n\r\n`;
    expect(diff(olds, { ...olds, certificatePem: crlf }).changes).toBe(false);
  });
});

describe("against the emulator", () => {
  it("creates with one POST: the key sent, never answered; the leaf's fields read back", async () => {
    const { id, outs } = await created({ ...upload(), description: "app" });
    expect(id).toMatch(/^cert_/);
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.text).not.toContain(made.leafKeyPem.split("\n")[1]);
    expect(outs).toMatchObject({
      certificatePem: made.leafPem,
      privateKeyPem: made.leafKeyPem, // from the inputs: ngrok never answers it
      description: "app",
      subjectCommonName: made.leaf.commonName,
      subjectOrganization: made.leaf.organization,
      subjectLocality: made.leaf.locality,
      subjectCountry: made.leaf.country,
      subjectAlternativeNames: { dnsNames: made.leaf.dnsNames, ips: made.leaf.ips },
      issuerCommonName: made.ca.commonName,
      serialNumber: made.leaf.serialHex,
      privateKeyType: "ecdsa",
      notBefore: made.leaf.notBefore.toISOString().replace(".000", ""),
      notAfter: made.leaf.notAfter.toISOString().replace(".000", ""),
      keyUsages: [],
      uri: expect.stringMatching(new RegExp(`${PATH}/${id}$`)),
    });
    // ngrok answers what it read; an empty field (the province here, issued_at) is left out.
    expect(outs).not.toHaveProperty("subjectProvince");
    expect(outs).not.toHaveProperty("issuedAt");
  });

  it("refresh: one GET; the key kept from state (never a drift); a description changed outside shows", async () => {
    const { id, outs, inputs } = await created(upload());
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { description: "by hand" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ description: "by hand", privateKeyPem: made.leafKeyPem });
    expect(diff(value!.props!, { ...inputs })).toMatchObject({
      changes: true,
      updates: ["description"],
    });
  });

  it("import: a read without state has no key; the declared one is then no change", async () => {
    const { id, inputs } = await created(upload());
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toEqual({ certificatePem: made.leafPem });
    expect(value!.props).not.toHaveProperty("privateKeyPem");
    expect(diff(value!.props!, { ...inputs }).changes).toBe(false);
  });

  it("updates a description with one PATCH; the key stays in the outputs", async () => {
    const { id, outs, inputs } = await created(upload());
    const news = { ...inputs, description: "renamed" };
    const { value, calls } = await tracked(emulator, () => provider.update(id, outs, news));
    expect(calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(value!.outs).toMatchObject({ description: "renamed", privateKeyPem: made.leafKeyPem });
  });

  it("ngrok's refusal of a key names privateKeyPem, without the key in the message", async () => {
    // What check refuses, sent all the same: ngrok's own answer (ERR_NGROK_1923).
    const inputs = { certificatePem: made.leafPem, privateKeyPem: other.leafKeyPem };
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_1923");
    expect(String(error)).toContain("ngrok refused privateKeyPem:");
    expect(String(error)).not.toContain(other.leafKeyPem.split("\n")[1]);
  });

  it("an ambiguous create that acted records the certificate it made, found by its PEM", async () => {
    const inputs = check({ ...upload(), description: "ambiguous" }).inputs as TlsCertificateInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const made2 = emulator
      .snapshot()
      .collections[PATH].filter((c) => c.description === "ambiguous");
    expect(made2.map((c) => c.id)).toEqual([value!.id]);
    expect(value!.outs).toMatchObject({ privateKeyPem: made.leafKeyPem });
  });

  it("an ambiguous create that did not act says so, with no second POST and no key", async () => {
    const inputs = check({ ...upload(), description: "lost" }).inputs as TlsCertificateInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "before", count: 1 });
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(NgrokClientError.isInstance(error)).toBe(true);
    expect(String(error)).toMatch(/creating the TLS certificate failed after the request was sent/);
    expect(String(error)).not.toContain(made.leafKeyPem.split("\n")[1]);
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
  });

  it("deletes with one DELETE; a certificate already gone counts as deleted", async () => {
    const { id, outs } = await created(upload());
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and the list by subject, without keys", async () => {
    const { id } = await created({ ...upload(), metadata: "lookup" });
    const client = clientFromConfiguration();
    const one = await lookupTlsCertificate(client, id);
    expect(one).toMatchObject({ id, certificatePem: made.leafPem, metadata: "lookup" });
    expect(one).not.toHaveProperty("privateKeyPem");
    const found = await listTlsCertificates(client, {
      subjectCommonName: made.leaf.commonName,
      metadata: "lookup",
    });
    expect(found.map((c) => c.id)).toEqual([id]);
    expect(await listTlsCertificates(client, { subjectCommonName: "nobody" })).toEqual([]);
    await expect(lookupTlsCertificate(client, "ca_1")).rejects.toThrow(TypeError);
  });
});

describe("ReservedDomain.certificateId, a reference to a TlsCertificate", () => {
  it("check refuses an id of another kind, naming the TLS certificate", () => {
    const failures = reservedDomainDefinition.check({
      domain: "app.example.com",
      certificateId: "ca_2Zabc",
    }).failures;
    expect(failures).toEqual([
      {
        property: "certificateId",
        reason:
          'certificateId must be the id of a TLS certificate (cert_…), e.g. the id output of a TlsCertificate; got "ca_2Zabc"',
      },
    ]);
  });

  it("a domain created with a certificate's id reads it back from ngrok's Ref", async () => {
    const { id: certificateId } = await created(upload());
    const inputs = reservedDomainDefinition.check({ domain: "cert.example.com", certificateId })
      .inputs as ReservedDomainInputs;
    const domain = await reservedDomainProvider.create(inputs);
    expect(domain.outs).toMatchObject({ certificateId });
    const read = await reservedDomainProvider.read(domain.id, domain.outs);
    expect(read.inputs).toMatchObject({ certificateId });
  });
});
