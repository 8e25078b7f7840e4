/**
 * CertificateAuthority (provider/certificateAuthority/definition.ts): its pure `check` and `diff`,
 * and its provider methods as the dynamic-provider host calls them, against the emulator, each
 * counting its requests. The CA and a leaf (not a CA) are made at run time
 * (`tests/support/x509Certificates.ts`). `caPem` has the shared format `pemCaCertificate`, parsed
 * with `node:crypto`'s `X509Certificate` at `check`, its expiry warned of.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  certificateAuthorityProvider as provider,
  listCertificateAuthorities,
  lookupCertificateAuthority,
  NgrokApiError,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import {
  type CertificateAuthorityInputs,
  certificateAuthorityDefinition,
} from "../../../provider/certificateAuthority/definition";
import { STRING_FORMATS } from "../../../provider/framework/formats";
import { secretsOf } from "../../../plugin/secrets";
import { clientFromConfiguration } from "../../../provider/client";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";
import { type MadeCertificates, makeCertificates } from "../../support/x509Certificates";

const { check, diff } = certificateAuthorityDefinition;
const PATH = "/certificate_authorities";
let emulator: RunningEmulator;
let made: MadeCertificates;
let other: MadeCertificates;
let warnings: string[];

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  [made, other] = await Promise.all([makeCertificates(), makeCertificates()]);
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
  const inputs = result.inputs as CertificateAuthorityInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts a CA certificate; one that expires within 30 days is warned of", async () => {
    const news = { caPem: made.caPem, description: "clients" };
    expect(check(news)).toEqual({ inputs: news, failures: [] });
    expect((await provider.check({}, news)).failures).toEqual([]);
    // makeCertificates' CA ends in 30 days (to the second): inside the warning's 30 days.
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: \[runtime\] CertificateAuthority: caPem's certificate \(CN=Example Test Root, O=Example; SHA-256 [0-9A-F:]+\) expires on \d{4}-\d\d-\d\d \(in (29|30) days\)\. /,
      ),
    ]);
  });

  it("refuses what ngrok refuses, naming the property and the rule", () => {
    const what = STRING_FORMATS.pemCaCertificate.what;
    expect(failuresOf({ caPem: made.leafPem })).toEqual([
      [
        "caPem",
        expect.stringMatching(
          new RegExp(
            `^caPem must be ${what.replace(/[()]/g, "\\$&")}: it is not a CA certificate \\(its basic constraints do not say CA:TRUE\\)`,
          ),
        ),
      ],
    ]);
    expect(failuresOf({ caPem: made.caKeyPem })).toEqual([
      ["caPem", expect.stringContaining("its block is a PRIVATE KEY, not a CERTIFICATE")],
    ]);
    expect(failuresOf({ caPem: "not pem" })).toEqual([
      ["caPem", expect.stringContaining("it has no -----BEGIN CERTIFICATE----- block")],
    ]);
    expect(failuresOf({ caPem: made.caPem, description: "x".repeat(256) })).toEqual([
      ["description", expect.stringMatching(/^description must be at most 255 bytes/)],
    ]);
    expect(failuresOf({})).toEqual([
      ["caPem", "caPem is required: the CA's certificate, PEM (-----BEGIN CERTIFICATE-----)"],
    ]);
    expect(check({ caPem: UNKNOWN }).failures).toEqual([]);
  });

  it("nothing of it is a secret (a CA certificate is public)", () => {
    expect(secretsOf("ngrok-dynamic:index:CertificateAuthority", [])).toEqual([]);
  });
});

describe("diff", () => {
  it("a new CA certificate replaces (the new one first); description and metadata update", () => {
    const before = { caPem: made.caPem, description: "clients" };
    expect(diff(before, { ...before, caPem: other.caPem })).toMatchObject({
      changes: true,
      replaces: ["caPem"],
      deleteBeforeReplace: false,
    });
    expect(diff(before, { ...before, description: "b", metadata: "{}" })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["description", "metadata"],
    });
    const crlf = `${made.caPem.trim().replace(/\n/g, "\r\n")}\r\n`;
    expect(diff(before, { ...before, caPem: crlf }).changes).toBe(false);
  });
});

describe("against the emulator", () => {
  it("creates with one POST; the certificate's fields read back, read-only", async () => {
    const { id, outs } = await created({ caPem: made.caPem, description: "clients" });
    expect(id).toMatch(/^ca_/);
    expect(outs).toMatchObject({
      caPem: made.caPem,
      description: "clients",
      subjectCommonName: made.ca.commonName,
      notBefore: made.ca.notBefore.toISOString().replace(".000", ""),
      notAfter: made.ca.notAfter.toISOString().replace(".000", ""),
      keyUsages: [],
      extendedKeyUsages: [],
      uri: expect.stringMatching(new RegExp(`${PATH}/${id}$`)),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("refresh: one GET; a description changed outside shows as drift; import reads every input", async () => {
    const { id, outs, inputs } = await created({ caPem: made.caPem });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { description: "by hand" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(diff(value!.props!, { ...inputs })).toMatchObject({
      changes: true,
      updates: ["description"],
    });
    const imported = await provider.read(id);
    expect(imported.inputs).toEqual({ caPem: made.caPem, description: "by hand" });
  });

  it("updates a description with one PATCH", async () => {
    const { id, outs, inputs } = await created({ caPem: made.caPem });
    const news = { ...inputs, description: "renamed" };
    const { value, calls } = await tracked(emulator, () => provider.update(id, outs, news));
    expect(calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(value!.outs).toMatchObject({ description: "renamed", caPem: made.caPem });
  });

  it("ngrok's refusal of a certificate that is not a CA names caPem", async () => {
    const { error, calls } = await tracked(emulator, () =>
      provider.create({ caPem: made.leafPem }),
    );
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_1913");
    expect(String(error)).toContain("ngrok refused caPem:");
  });

  it("an ambiguous create that acted records the CA it made, found by its certificate", async () => {
    const inputs = check({ caPem: other.caPem, metadata: "ambiguous" })
      .inputs as CertificateAuthorityInputs;
    emulator.faults.add({ method: "POST", path: PATH, drop: "after", count: 1 });
    const { value, error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(error).toBeUndefined();
    expect(calls).toEqual([`POST ${PATH} 0`, `GET ${PATH}?limit=100 200`]);
    const found = emulator.snapshot().collections[PATH].filter((c) => c.metadata === "ambiguous");
    expect(found.map((c) => c.id)).toEqual([value!.id]);
  });

  it("deletes with one DELETE; a CA already gone counts as deleted", async () => {
    const { id, outs } = await created({ caPem: made.caPem });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and the list by subject and metadata", async () => {
    const { id } = await created({ caPem: made.caPem, metadata: "lookup" });
    const client = clientFromConfiguration();
    expect(await lookupCertificateAuthority(client, id)).toMatchObject({
      id,
      caPem: made.caPem,
      subjectCommonName: made.ca.commonName,
    });
    const found = await listCertificateAuthorities(client, {
      subjectCommonName: made.ca.commonName,
      metadata: "lookup",
    });
    expect(found.map((c) => c.id)).toEqual([id]);
    expect(await listCertificateAuthorities(client, { metadata: "none" })).toEqual([]);
    await expect(lookupCertificateAuthority(client, "cert_1")).rejects.toThrow(TypeError);
  });
});
