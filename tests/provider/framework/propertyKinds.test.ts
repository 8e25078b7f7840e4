/**
 * The property kinds of provider/framework/ (issue #50), each one declaration on a property and
 * derived everywhere: a reference (checked against the referenced id prefix, sent as `<name>_id`,
 * read back from ngrok's `Ref`), a write-only input (kept from state, never a drift, absent after
 * an import and then no change, with a warning), a value returned once (kept from the create
 * through a read and an update, absent from a lookup), the string formats shared with the Traffic
 * Policy (CIDR, URL, PEM certificates parsed with `X509Certificate`, their expiry warned at
 * `check`), and what each implies beyond the provider: secrets in the schema, the plugin's
 * answers and the Node.js classes' registration, the lookups' result, the docs.
 *
 * The resources with these kinds (VaultSecret, IpPolicyRule, IpRestriction, ReservedDomain) have
 * their own suites; here a definition is written for ngrok's credentials (`/credentials`, whose
 * `token` the emulator answers to the create only, as ngrok's docs say), which the package does
 * not have yet, to run a value returned once against the emulator.
 */
import * as pulumi from "@pulumi/pulumi";
import { type RunningEmulator, startEmulator } from "../../../emulator/index";
import { resetStackConfig } from "../../../provider";
import { clientFromConfiguration } from "../../../provider/client";
import { objectOutputs, TEXT_INPUTS } from "../../../provider/common/textProperties";
import { defineResource } from "../../../provider/framework/define";
import { formatRule, STRING_FORMATS, type StringFormat } from "../../../provider/framework/formats";
import { crudResource } from "../../../provider/framework/implementation";
import { unrecordedWarning } from "../../../provider/framework/kinds";
import { isSecret, outputWords, returnedOnceWords } from "../../../provider/framework/property";
import { answerField, withArticle } from "../../../provider/framework/reference";
import type { InputsOf } from "../../../provider/framework/resource";
import { outputsFrom, patchBody, requestBody } from "../../../provider/framework/wire";
import { ipRestrictionDefinition } from "../../../provider/ipRestriction/definition";
import { vaultSecretDefinition } from "../../../provider/vaultSecret/definition";
import { secretsOf } from "../../../plugin/secrets";
import { registration } from "../../../sdk/registration";
import { configureProvider } from "../../support/configureProvider";
import { callApi } from "../../support/emulatorApi";
import { tracked } from "../../support/requestLog";
import { makeCertificates } from "../../support/x509Certificates";

/** ngrok's credentials, their `token` returned once (not a resource of the package yet). */
const credentialDefinition = defineResource({
  name: "Credential",
  description: "An ngrok tunnel credential.",
  id: "ngrok's id (`cr_…`)",
  api: {
    path: "/credentials",
    noun: "credential",
    idPrefix: "cr_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /credentials[/{id}]`",
  },
  lookups: { one: { description: "One." }, list: { filters: [], description: "All." } },
  properties: {
    ...TEXT_INPUTS,
    token: {
      role: "output",
      type: { kind: "string" },
      wire: "token",
      returnedOnce: true,
      description: "The authtoken.",
    },
    ...objectOutputs("The API URI."),
  },
});
const credential = crudResource(credentialDefinition);

let emulator: RunningEmulator;
let warnings: string[];
beforeAll(async () => {
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

describe("a reference", () => {
  const rule = ipRestrictionDefinition.properties.ipPolicyIds;

  test("its wire name is <name>_id (<name>_ids), its answer's field <name> (<names>)", () => {
    expect(answerField(rule)).toBe("ip_policies");
    expect(answerField(vaultSecretDefinition.properties.vaultId)).toBe("vault");
    expect(() =>
      defineResource({
        name: "Bad",
        description: "",
        id: "",
        api: { path: "/bad", noun: "bad", endpoints: "" },
        properties: {
          policy: {
            role: "input",
            type: rule.type,
            onChange: "update",
            wire: "ip_policies",
            description: "",
          },
        },
      }),
    ).toThrow("a reference's wire name is <name>_ids, not ip_policies");
  });

  test("check names the referenced resource, its prefix and where an id comes from", () => {
    expect(vaultSecretDefinition.check({ vaultId: "app", name: "x", value: "v" }).failures).toEqual(
      [
        {
          property: "vaultId",
          reason:
            'vaultId must be the id of a vault (vault_…), e.g. the id output of a Vault; got "app"',
        },
      ],
    );
    expect(
      ipRestrictionDefinition.check({ type: "api", ipPolicyIds: ["ipp_2Zok", 7, "vault_2Z"] })
        .failures,
    ).toEqual([
      { property: "ipPolicyIds", reason: "ipPolicyIds[1] must be a non-empty string; got 7" },
      {
        property: "ipPolicyIds",
        reason:
          'ipPolicyIds[2] must be the id of an IP policy (ipp_…), e.g. the id output of an IpPolicy; got "vault_2Z"',
      },
    ]);
    expect(
      ["IP policy", "SSH key", "vault", "TLS certificate", "user", "API key"].map(withArticle),
    ).toEqual([
      "an IP policy",
      "an SSH key",
      "a vault",
      "a TLS certificate",
      "a user",
      "an API key",
    ]);
  });

  test("sent as the id, read back from ngrok's Ref into the same input", () => {
    const inputs = { type: "api", ipPolicyIds: ["ipp_2Za", "ipp_2Zb"], enforced: true };
    expect(requestBody(ipRestrictionDefinition, inputs)).toEqual({
      type: "api",
      ip_policy_ids: ["ipp_2Za", "ipp_2Zb"],
      enforced: true,
    });
    expect(patchBody(ipRestrictionDefinition, { type: "api" })).toMatchObject({
      ip_policy_ids: [],
    });
    const answer = {
      id: "ipx_2Z",
      type: "api",
      enforced: true,
      ip_policies: [
        { id: "ipp_2Zb", uri: "https://api.ngrok.com/ip_policies/ipp_2Zb" },
        { id: "ipp_2Zc", uri: "https://api.ngrok.com/ip_policies/ipp_2Zc" },
      ],
      uri: "u",
      created_at: "t",
    };
    expect(outputsFrom(ipRestrictionDefinition, answer, {})).toMatchObject({
      ipPolicyIds: ["ipp_2Zb", "ipp_2Zc"],
    });
    // A set: the order is never a change; another policy is.
    const olds = { type: "api", ipPolicyIds: ["ipp_2Zb", "ipp_2Zc"] };
    expect(
      ipRestrictionDefinition.diff(olds, { type: "api", ipPolicyIds: ["ipp_2Zc", "ipp_2Zb"] })
        .changes,
    ).toBe(false);
    expect(
      ipRestrictionDefinition.diff(olds, { type: "api", ipPolicyIds: ["ipp_2Zb"] }).updates,
    ).toEqual(["ipPolicyIds"]);
  });
});

describe("a write-only input", () => {
  const value = vaultSecretDefinition.properties.value;
  const olds = { vaultId: "vault_2Z", name: "n", value: "old-s3cret" };

  test("is a secret, never read from an answer, kept from state", () => {
    expect(isSecret(value)).toBe(true);
    const answer = { id: "secret_2Z", name: "n", vault: { id: "vault_2Z" }, value: "leaked?" };
    const outputs = outputsFrom(vaultSecretDefinition, answer, { value: "kept" });
    expect(outputs).toMatchObject({ vaultId: "vault_2Z", name: "n", value: "kept" });
  });

  test("a change updates in place; the same value is no change", () => {
    expect(vaultSecretDefinition.diff(olds, { ...olds, value: "new-s3cret" })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["value"],
    });
    expect(vaultSecretDefinition.diff(olds, olds).changes).toBe(false);
  });

  test("absent from state (an import) is no change, and diff says the declared value is taken as ngrok's", async () => {
    const { value: _unknown, ...imported } = olds;
    const diff = await crudResource(vaultSecretDefinition).provider.diff(
      "secret_2Z",
      imported,
      olds,
    );
    expect(diff.changes).toBe(false);
    expect(warnings).toEqual([`warning: [runtime] ${unrecordedWarning("VaultSecret", "value")}`]);
    expect(warnings[0]).not.toContain("old-s3cret");
  });

  test("check never quotes it, even when the program did not make it secret", () => {
    const failures = vaultSecretDefinition.check({
      vaultId: "vault_2Z",
      name: "n",
      value: 42,
    }).failures;
    expect(failures).toEqual([
      { property: "value", reason: "value must be a string, not [secret]" },
    ]);
  });
});

describe("a value returned once", () => {
  test("kept from the create through a read and an update; a lookup and an import cannot recover it", async () => {
    const { provider, lookups } = credential;
    const inputs = (await provider.check({}, { description: "v1" })).inputs as InputsOf<
      typeof credentialDefinition
    >;
    const made = await tracked(emulator, () => provider.create(inputs));
    expect(made.calls).toEqual(["POST /credentials 201"]);
    const id = made.value!.id;
    const outs = made.value!.outs!;
    expect(outs.token).toMatch(/^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$/);
    expect((await callApi(emulator, "GET", `/credentials/${id}`)).body.token ?? null).toBeNull();

    const read = await tracked(emulator, () => provider.read(id, outs));
    expect(read.calls).toEqual([`GET /credentials/${id} 200`]);
    expect(read.value!.props).toMatchObject({ token: outs.token });

    const updated = await tracked(emulator, () => provider.update(id, outs, { description: "v2" }));
    expect(updated.calls).toEqual([`PATCH /credentials/${id} 200`]);
    expect(updated.value!.outs).toMatchObject({ description: "v2", token: outs.token });

    const imported = await provider.read(id);
    expect(imported.props).not.toHaveProperty("token");
    const looked = await lookups.one(clientFromConfiguration(), { id });
    expect(looked).not.toHaveProperty("token");
    expect(isSecret(credentialDefinition.properties.token)).toBe(true);
    expect(outputWords(credentialDefinition.properties.token)).toBe(
      `The authtoken. ${returnedOnceWords}`,
    );
  });
});

describe("the formats shared with the Traffic Policy", () => {
  const problem = (format: StringFormat, value: string) => formatRule(format).problem?.(value);

  test("CIDR: an address or a block; a CIDR block: its prefix length and no host bits", () => {
    expect(problem("cidr", "203.0.113.7")).toBeUndefined();
    expect(problem("cidr", "2001:db8::/32")).toBeUndefined();
    expect(problem("cidr", "203.0.113.0/33")).toBe(
      "its prefix length must be a number from 0 to 32",
    );
    expect(problem("cidrBlock", "203.0.113.0/24")).toBeUndefined();
    expect(problem("cidrBlock", "203.0.113.7")).toBe(
      "it has no prefix length: one address is 203.0.113.7/32",
    );
    expect(problem("cidrBlock", "10.1.2.3/8")).toBe(
      "its host bits are set: the block is 10.0.0.0/8",
    );
    expect(problem("cidrBlock", "2001:db8::1/32")).toBe(
      "its host bits are set: the block is 2001:db8::/32",
    );
    expect(problem("cidrBlock", "300.0.0.0/8")).toBe("its address is not an IPv4 or IPv6 address");
  });

  test("URLs: absolute, with a host, of the scheme the format names", () => {
    expect(problem("url", "http://example.com/x")).toBeUndefined();
    expect(problem("httpsUrl", "http://example.com")).toBe("its scheme is http");
    expect(problem("url", "example.com")).toBe("it is not an absolute URL (scheme://host/…)");
  });

  test("PEM certificates: parsed with X509Certificate; a key or a leaf where a CA goes is named, never quoted", async () => {
    const made = await makeCertificates();
    expect(problem("pemCertificate", made.leafPem)).toBeUndefined();
    expect(problem("pemCertificate", `${made.leafPem}${made.caPem}`)).toBeUndefined();
    expect(problem("pemCertificate", "MIIB…")).toBe("it has no -----BEGIN CERTIFICATE----- block");
    const key = problem("pemCertificate", made.leafKeyPem);
    expect(key).toBe("its block is a PRIVATE KEY, not a CERTIFICATE");
    expect(key).not.toContain(made.leafKeyPem.split("\n")[1]);
    expect(
      problem(
        "pemCertificate",
        "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----",
      ),
    ).toMatch(/^its block is not an X\.509 certificate \(/);
    expect(problem("pemCaCertificate", made.caPem)).toBeUndefined();
    expect(problem("pemCaCertificate", `${made.caPem}${made.leafPem}`)).toBe(
      "its certificate 2 is not a CA certificate (its basic constraints do not say CA:TRUE)",
    );
  });

  test("a property of a format is judged by its rule at check, and a certificate's expiry warned", async () => {
    const made = await makeCertificates();
    const uploaded = crudResource(
      defineResource({
        name: "Upload",
        description: "",
        id: "",
        api: { path: "/uploads", noun: "upload", idPrefix: "up_", endpoints: "" },
        properties: {
          cidr: {
            role: "input",
            type: { kind: "string", format: "cidrBlock" },
            onChange: "update",
            wire: "cidr",
            description: "",
          },
          certificatePem: {
            role: "input",
            type: { kind: "string", format: "pemCertificate" },
            onChange: "update",
            wire: "certificate_pem",
            description: "",
          },
        },
      }),
    ).provider;
    const refused = await uploaded.check({}, { cidr: "10.1.2.3/8", certificatePem: "x" });
    expect(refused.failures).toEqual([
      {
        property: "cidr",
        reason: `cidr must be ${STRING_FORMATS.cidrBlock.what}: its host bits are set: the block is 10.0.0.0/8; got "10.1.2.3/8"`,
      },
      {
        property: "certificatePem",
        reason: `certificatePem must be ${STRING_FORMATS.pemCertificate.what}: it has no -----BEGIN CERTIFICATE----- block; got "x"`,
      },
    ]);
    // The leaf of makeCertificates ends in 10 days: within the 30 days of the SAML certificates'.
    const accepted = await uploaded.check({}, { certificatePem: made.leafPem });
    expect(accepted.failures).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: \[runtime\] Upload: certificatePem's certificate \(CN=app\.example\.com, .*; SHA-256 [0-9A-F:]+\) expires on \d{4}-\d\d-\d\d \(in 1[01] days\)\. /,
      ),
    ]);
  });
});

describe("secrets, derived everywhere", () => {
  test("the plugin answers a write-only input as a secret, whatever the request held", () => {
    expect(secretsOf("ngrok-dynamic:index:VaultSecret", [])).toEqual([["value"]]);
  });

  test("a Node.js class registers them secret: the input wrapped, each an additional secret output", async () => {
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: "x", state: args.inputs }), call: (args) => args.inputs },
      "project",
      "stack",
      false,
    );
    const facts = {
      type: "VaultSecret",
      object: "vault secret",
      secrets: ["value"],
      inputs: { vaultId: undefined, name: undefined, value: undefined },
      outputs: { uri: undefined },
    };
    const { inputs, opts } = registration(
      facts,
      "s",
      { vaultId: "vault_2Z", name: "n", value: "plain-s3cret" },
      { protect: false },
    );
    expect(opts).toEqual({ protect: false, additionalSecretOutputs: ["value"] });
    expect(await pulumi.isSecret(pulumi.output(inputs.value))).toBe(true);
    expect(await pulumi.isSecret(pulumi.output(inputs.name))).toBe(false);
  });
});
