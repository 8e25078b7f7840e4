/**
 * ReservedDomain (provider/reservedDomain/): its pure `check` and `diff`, and its provider methods
 * as the dynamic-provider host calls them, against the emulator, each counting its requests:
 * create, read (refresh, drift, import without state), update, replace's order, delete, and the
 * lookups.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import {
  listReservedDomains,
  lookupReservedDomain,
  NgrokApiError,
  reservedDomainProvider as provider,
  resetStackConfig,
  UNKNOWN,
} from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import {
  type ReservedDomainInputs,
  reservedDomainDefinition,
} from "../../../provider/reservedDomain/definition";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";

const { check: checkReservedDomain, diff: diffReservedDomain } = reservedDomainDefinition;
const PATH = "/reserved_domains";
let emulator: RunningEmulator;
let serial = 0;
/** A domain no other test of this file reserved. */
const fresh = (suffix = "example.com") => `d${++serial}-${process.pid}.${suffix}`;

beforeAll(async () => {
  delete process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_BASE_URL;
  emulator = await startEmulator({ port: 0 });
});
beforeEach(() => configureProvider(emulator));
afterAll(async () => {
  resetStackConfig();
  await emulator?.close();
});

const failuresOf = (news: Record<string, unknown>) =>
  (checkReservedDomain(news).failures ?? []).map((f) => [f.property, f.reason]);

async function created(news: Record<string, unknown>) {
  const result = await provider.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  const inputs = result.inputs as ReservedDomainInputs;
  const { value, calls, error } = await tracked(emulator, () => provider.create(inputs));
  expect(error).toBeUndefined();
  expect(calls).toEqual([`POST ${PATH} 201`]);
  return { id: value!.id, outs: value!.outs!, inputs };
}

describe("check (no API call)", () => {
  it("accepts a domain with a description, metadata and a certificate policy", () => {
    const news = {
      domain: "api.example.com",
      description: "API",
      metadata: "{}",
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
    };
    expect(checkReservedDomain(news)).toEqual({ inputs: news, failures: [] });
  });

  it("refuses a missing domain, a policy field of the wrong value and an unknown field, naming the path", () => {
    expect(
      failuresOf({
        certificateManagementPolicy: { privateKeyType: "dsa", renew: "often" },
        region: "us",
      }),
    ).toEqual([
      [
        "region",
        expect.stringMatching(
          /^region is not a property of pulumi-nodejs:dynamic\/ngrok:ReservedDomain/,
        ),
      ],
      ["domain", expect.stringMatching(/^domain is required: the hostname to reserve/)],
      [
        "certificateManagementPolicy",
        'certificateManagementPolicy.privateKeyType must be one of "ecdsa", "rsa"; got "dsa"',
      ],
      [
        "certificateManagementPolicy",
        expect.stringMatching(
          /^certificateManagementPolicy\.renew is not a field of CertificateManagementPolicy/,
        ),
      ],
    ]);
    expect(
      failuresOf({ domain: "a.example.com", certificateManagementPolicy: "letsencrypt" }),
    ).toEqual([
      [
        "certificateManagementPolicy",
        expect.stringMatching(
          /^certificateManagementPolicy must be an object \(CertificateManagementPolicy\)/,
        ),
      ],
    ]);
  });

  it("certificateId: an id of a TLS certificate, and not beside a policy (ngrok: mutually exclusive)", () => {
    expect(failuresOf({ domain: "a.example.com", certificateId: "cert_2Zabc" })).toEqual([]);
    expect(failuresOf({ domain: "a.example.com", certificateId: "rd_2Zabc" })).toEqual([
      [
        "certificateId",
        'certificateId must be the id of a TLS certificate (cert_…), e.g. the id output of a TlsCertificate; got "rd_2Zabc"',
      ],
    ]);
    expect(
      failuresOf({
        domain: "a.example.com",
        certificateId: "cert_2Zabc",
        certificateManagementPolicy: { authority: "letsencrypt" },
      }),
    ).toEqual([
      [
        "certificateId",
        "certificateId and certificateManagementPolicy exclude each other: give a certificate uploaded to ngrok, or a policy for ngrok's automatic management",
      ],
    ]);
  });

  it("does not judge values not known yet", () => {
    expect(
      checkReservedDomain({ domain: UNKNOWN, certificateManagementPolicy: UNKNOWN }).failures,
    ).toEqual([]);
  });
});

describe("diff", () => {
  const olds = {
    domain: "a.example.com",
    certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
  };
  it("replaces on domain, old one first (an account holds a domain once)", () => {
    expect(diffReservedDomain(olds, { domain: "b.example.com" })).toMatchObject({
      changes: true,
      replaces: ["domain"],
    });
    // A forced replacement that keeps the domain deletes first (the framework's `unique`).
    expect(diffReservedDomain(olds, { domain: "b.example.com" }).deleteBeforeReplace).toBe(false);
  });
  it("certificateId left out is no change (ngrok's certificate); another certificate updates in place", () => {
    const managed = { ...olds, certificateId: "cert_2Zmanaged" };
    expect(diffReservedDomain(managed, { domain: "a.example.com" }).changes).toBe(false);
    expect(
      diffReservedDomain(managed, { domain: "a.example.com", certificateId: "cert_2Zmine" }),
    ).toMatchObject({ changes: true, replaces: [], updates: ["certificateId"] });
  });
  it("a policy left out, or given with ngrok's defaults left out, is no change; another key type updates", () => {
    expect(diffReservedDomain(olds, { domain: "a.example.com" }).changes).toBe(false);
    expect(
      diffReservedDomain(olds, { domain: "a.example.com", certificateManagementPolicy: {} })
        .changes,
    ).toBe(false);
    expect(
      diffReservedDomain(olds, {
        domain: "a.example.com",
        certificateManagementPolicy: { privateKeyType: "rsa" },
      }),
    ).toMatchObject({ changes: true, replaces: [], updates: ["certificateManagementPolicy"] });
  });
});

describe("against the emulator", () => {
  it("creates a custom domain with one POST: ngrok's CNAME target, certificate and status in the outputs", async () => {
    const domain = fresh();
    const { id, outs } = await created({
      domain,
      description: "API",
      certificateManagementPolicy: { privateKeyType: "rsa" },
    });
    expect(id).toMatch(/^rd_/);
    expect(outs).toMatchObject({
      domain,
      description: "API",
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
      cnameTarget: expect.stringMatching(/\.ngrok-cname\.com$/),
      certificateId: expect.stringMatching(/^cert_/),
      certificateManagementStatus: { renewsAt: expect.any(String) },
      uri: expect.stringMatching(new RegExp(`${PATH}/${id}$`)),
      createdAt: expect.any(String),
    });
    expect(outs).not.toHaveProperty("acmeChallengeCnameTarget");
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body.certificate_management_policy).toEqual({
      authority: "letsencrypt",
      private_key_type: "rsa",
    });
  });

  it("a wildcard domain has an ACME challenge target; a subdomain of ngrok's has neither target", async () => {
    const wildcard = await created({ domain: `*.${fresh()}` });
    expect(wildcard.outs.acmeChallengeCnameTarget).toMatch(/\.ngrok-cname\.com$/);
    const own = await created({ domain: fresh("ngrok.app") });
    expect(own.outs).not.toHaveProperty("cnameTarget");
    expect(own.outs).not.toHaveProperty("certificateManagementPolicy");
  });

  it("a domain the account already holds fails naming domain, and nothing more is created", async () => {
    const domain = fresh();
    await created({ domain });
    const inputs = checkReservedDomain({ domain }).inputs as ReservedDomainInputs;
    const { error, calls } = await tracked(emulator, () => provider.create(inputs));
    expect(calls).toEqual([`POST ${PATH} 400`]);
    expect(NgrokApiError.isInstance(error) && error.errorCode).toBe("ERR_NGROK_413");
    expect(String(error)).toContain("ngrok refused domain:");
  });

  it("refresh: one GET; a change outside Pulumi shows as drift; a domain deleted outside is gone", async () => {
    const { id, outs, inputs } = await created({ domain: fresh(), description: "v1" });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, {
      description: "by hand",
      certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" },
    });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ description: "by hand" });
    expect(diffReservedDomain(value!.props!, { ...inputs })).toMatchObject({
      changes: true,
      updates: ["description"],
    });
    expect(
      diffReservedDomain(value!.props!, {
        ...inputs,
        certificateManagementPolicy: { privateKeyType: "ecdsa" },
      }).updates,
    ).toEqual(["description", "certificateManagementPolicy"]);
    await callApi(emulator, "DELETE", `${PATH}/${id}`);
    const gone = await tracked(emulator, () => provider.read(id, outs));
    expect(gone.value).toEqual({ id: "", props: {} });
  });

  it("import: a read without state gives the inputs that reproduce the domain, which diff as no change", async () => {
    const { id, inputs } = await created({ domain: fresh(), metadata: '{"team":"api"}' });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.inputs).toMatchObject({ domain: inputs.domain, metadata: '{"team":"api"}' });
    const checked = checkReservedDomain(value!.inputs!);
    expect(checked.failures).toEqual([]);
    expect(diffReservedDomain(value!.props!, checked.inputs!).changes).toBe(false);
  });

  it("updates description, metadata and the policy with one PATCH; the domain is kept", async () => {
    const { id, outs, inputs } = await created({
      domain: fresh(),
      description: "v1",
      metadata: "m",
    });
    const news = checkReservedDomain({
      domain: inputs.domain,
      description: "v2",
      certificateManagementPolicy: { privateKeyType: "rsa" },
    }).inputs as ReservedDomainInputs;
    const { value, calls } = await tracked(emulator, () => provider.update(id, outs, news));
    expect(calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(value!.outs).toMatchObject({
      domain: inputs.domain,
      description: "v2",
      certificateManagementPolicy: { privateKeyType: "rsa" },
    });
    expect(value!.outs).not.toHaveProperty("metadata"); // left out: cleared
  });

  it("certificateId: sent as certificate_id, read back from the answer's certificate; a change outside Pulumi is drift", async () => {
    const { id, outs, inputs } = await created({
      domain: fresh(),
      certificateId: "cert_2Zuploaded1",
    });
    expect(outs).toMatchObject({ certificateId: "cert_2Zuploaded1" });
    expect(outs).not.toHaveProperty("certificateManagementPolicy");
    const live = await callApi(emulator, "GET", `${PATH}/${id}`);
    expect(live.body.certificate).toMatchObject({ id: "cert_2Zuploaded1" });
    await callApi(emulator, "PATCH", `${PATH}/${id}`, { certificate_id: "cert_2Zbyhand" });
    const { value, calls } = await tracked(emulator, () => provider.read(id, outs));
    expect(calls).toEqual([`GET ${PATH}/${id} 200`]);
    expect(value!.inputs).toMatchObject({ certificateId: "cert_2Zbyhand" });
    expect(diffReservedDomain(value!.props!, { ...inputs })).toMatchObject({
      changes: true,
      updates: ["certificateId"],
    });
    const back = await tracked(emulator, () =>
      provider.update(id, { ...outs, ...value!.props }, inputs),
    );
    expect(back.calls).toEqual([`PATCH ${PATH}/${id} 200`]);
    expect(back.value!.outs).toMatchObject({ certificateId: "cert_2Zuploaded1" });
  });

  it("a managed domain's certificate is an output, never an input a read or an import hands back", async () => {
    const { id } = await created({ domain: fresh() });
    const { value } = await tracked(emulator, () => provider.read(id));
    expect(value!.props).toMatchObject({ certificateId: expect.stringMatching(/^cert_/) });
    expect(value!.inputs).not.toHaveProperty("certificateId");
    const checked = checkReservedDomain(value!.inputs!);
    expect(checked.failures).toEqual([]);
    expect(diffReservedDomain(value!.props!, checked.inputs!).changes).toBe(false);
  });

  it("deletes with one DELETE; a domain already gone counts as deleted", async () => {
    const { id, outs } = await created({ domain: fresh() });
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 204`,
    ]);
    expect((await tracked(emulator, () => provider.delete(id, outs))).calls).toEqual([
      `DELETE ${PATH}/${id} 404`,
    ]);
  });

  it("lookups: one by id, and the list filtered by domain", async () => {
    const { id, inputs } = await created({ domain: fresh(), description: "looked up" });
    const client = clientFromConfiguration();
    expect(await lookupReservedDomain(client, id)).toMatchObject({
      id,
      domain: inputs.domain,
      description: "looked up",
    });
    const found = await listReservedDomains(client, { domain: inputs.domain });
    expect(found.map((d) => d.id)).toEqual([id]);
    await expect(lookupReservedDomain(client, "sshcr_1")).rejects.toThrow(TypeError);
  });
});
