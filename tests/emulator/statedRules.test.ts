/**
 * What a field's description states (`emulator/spec/stated.ts`), read from the phrasings of
 * ngrok's document, and the formats it names checked (`emulator/model/formats.ts`); then that the
 * description alone drives the emulator: the same collection, served from a copy of the document
 * whose description of a field states other values, refuses what the copy refuses (issue #50 §4).
 */
import { statedRules } from "../../emulator/spec/stated";
import { formatFailure } from "../../emulator/model/formats";
import { ngrokOpenApiDocument } from "../../emulator/spec/document";
import { api, body, expectError, newApp } from "./helpers";

/** The description of `schema.property` in the vendored document. */
function described(schema: string, property: string): string | undefined {
  return ngrokOpenApiDocument().components.schemas[schema]?.properties?.[property]?.description;
}

describe("statedRules: the phrasings of ngrok's document", () => {
  test.each([
    ["IPPolicyRuleCreate", "action", { oneOf: ["allow", "deny"] }],
    ["IPRestrictionCreate", "type", { oneOf: ["dashboard", "api", "agent", "endpoints"] }],
    ["EventDestinationCreate", "format", { oneOf: ["JSON"] }],
    ["AgentIngressCertPolicy", "authority", { oneOf: ["letsencrypt"] }],
    ["AgentIngressCertPolicy", "private_key_type", { oneOf: ["rsa", "ecdsa"], default: "rsa" }],
    [
      "ReservedAddrCreate",
      "region",
      { oneOf: ["au", "eu", "ap", "us", "jp", "in", "sa"], default: "us" },
    ],
    ["IPPolicyRuleCreate", "cidr", { format: "cidr" }],
    ["TLSCertificateCreate", "private_key_pem", { format: "pem" }],
    ["CertificateAuthorityCreate", "ca_pem", { format: "pem" }],
    ["AWSRole", "role_arn", { format: "arn" }],
    ["EventTargetKinesis", "stream_arn", { format: "arn" }],
    ["EventTargetAzureLogsIngestion", "logs_ingestion_uri", { format: "uri" }],
    ["IPPolicyCreate", "description", { maxBytes: 255 }],
    ["EventSubscriptionCreate", "description", { maxChars: 255 }],
    // "Accepts one of: User ID, User email, or SCIM User ID." names kinds, not values.
    ["CredentialCreate", "owner_id", {}],
    // "The only allowed ACL rule at this time is the `bind` rule." is about a rule's kind.
    ["CredentialCreate", "acl", {}],
  ])("%s.%s", (schema, property, rules) => {
    const description = described(schema, property);
    expect(description).toBeDefined();
    expect(statedRules(description, "string")).toEqual(rules);
  });

  test("objects: exactly one of their properties", () => {
    expect(statedRules(described("EventDestinationCreate", "target"), "object")).toEqual({
      exactlyOne: true,
    });
    expect(statedRules(described("EventTargetKinesis", "auth"), "object")).toEqual({
      exactlyOne: true,
    });
    // Values and formats are for text only.
    expect(statedRules("either `a` or `b`, a CIDR", "integer")).toEqual({});
  });

  test.each([
    ["can be either rsa or ecdsa.", ["rsa", "ecdsa"]],
    ["one of `rsa`, `ecdsa`, `ed25519`", ["rsa", "ecdsa", "ed25519"]],
    ["one of `2048` or `4096`", ["2048", "4096"]],
    ["three values are supported: `a`, `b` and `c`", ["a", "b", "c"]],
    ["The only supported value is letsencrypt.", ["letsencrypt"]],
    ["where it runs. (au, eu)", ["au", "eu"]],
  ])("values: %s", (description, oneOf) => {
    expect(statedRules(description, "string").oneOf).toEqual(oneOf);
  });

  test("a default counts only when it is one of the values", () => {
    expect(statedRules("Defaults to the authenticated User or Bot.", "string")).toEqual({});
    expect(statedRules("Defaults to dsa, can be either rsa or ecdsa.", "string")).toEqual({
      oneOf: ["rsa", "ecdsa"],
    });
  });
});

describe("formatFailure", () => {
  test.each([
    ["10.0.0.0/8", undefined],
    ["0.0.0.0/0", undefined],
    ["2001:db8::/32", undefined],
    ["::/0", undefined],
    ["10.0.0.1/32", undefined],
    ["not a cidr", "format"],
    ["10.0.0.0/33", "format"],
    ["10.0.0.0/08", "format"],
    ["010.0.0.0/8", "format"],
    ["10.0.0.0/8/8", "format"],
    ["2001:db8::/129", "format"],
    ["10.0.0.1", "noMask"],
    ["2001:db8::1", "noMask"],
    ["10.0.0.1/8", "notNetwork"],
    ["2001:db8::1/32", "notNetwork"],
  ])("cidr %s", (value, kind) => {
    expect(formatFailure("cidr", value)?.kind).toBe(kind);
  });

  test("a CIDR's suggestions: the network, or the single host", () => {
    expect(formatFailure("cidr", "10.0.0.1/8")?.suggestion).toBe("10.0.0.0/8");
    expect(formatFailure("cidr", "2001:db8::1/32")?.suggestion).toBe("2001:db8::/32");
    expect(formatFailure("cidr", "10.0.0.1")?.suggestion).toBe("10.0.0.1/32");
    expect(formatFailure("cidr", "2001:db8::1")?.suggestion).toBe("2001:db8::1/128");
  });

  test.each([
    ["arn", "arn:aws:iam::123456789012:role/example", true],
    ["arn", "arn:ngrok-local:kinesis:us-east-2:123456789012:stream/mystream2", true],
    ["arn", "aws:iam::123456789012:role/example", false],
    ["arn", "arn:aws:iam", false],
    ["uri", "https://example.ingest.monitor.azure.com", true],
    ["uri", "example.ingest.monitor.azure.com", false],
    ["uri", "mailto:a@example.com", false],
    ["pem", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", true],
    ["pem", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END PRIVATE KEY-----\n", false],
    ["pem", "MIIB…", false],
  ] as const)("%s %s", (format, value, ok) => {
    expect(formatFailure(format, value) === undefined).toBe(ok);
  });
});

describe("the description drives the emulator", () => {
  test("a copy of the document stating other values for a field is held to them", async () => {
    const document = structuredClone(ngrokOpenApiDocument());
    const action = document.components.schemas.IPPolicyRuleCreate?.properties?.action;
    if (action === undefined) throw new Error("no IPPolicyRuleCreate.action");
    action.description = "the action to apply to the policy rule, either `permit` or `drop`";
    const app = newApp({ openApiDocument: document });
    const policy = body(await api(app, "POST", "/ip_policies", {})).id;
    const rule = { ip_policy_id: policy, cidr: "10.0.0.0/8" };
    expect(
      (await api(app, "POST", "/ip_policy_rules", { ...rule, action: "drop" })).statusCode,
    ).toBe(201);
    // ngrok's code for this field's refusal stays ngrok's (ERR_NGROK_1422).
    const refused = await api(app, "POST", "/ip_policy_rules", { ...rule, action: "allow" });
    expectError(refused, 400, "ERR_NGROK_1422");
    await app.close();
  });

  test("a field of another collection stating values answers ERR_NGROK_215 with them", async () => {
    const document = structuredClone(ngrokOpenApiDocument());
    const description = document.components.schemas.IPPolicyCreate?.properties?.description;
    if (description === undefined) throw new Error("no IPPolicyCreate.description");
    description.description = "what the policy is for: one of `office` or `vpn`";
    const app = newApp({ openApiDocument: document });
    expect((await api(app, "POST", "/ip_policies", { description: "vpn" })).statusCode).toBe(201);
    const refused = await api(app, "POST", "/ip_policies", { description: "home" });
    expectError(refused, 400, "ERR_NGROK_215", "home is not one of office, vpn");
    await app.close();
  });
});
