/**
 * The warnings `check` gives at preview (provider/common/previewWarnings.ts), through the
 * providers' own `check` as the dynamic-provider host calls it: no API key (once per process,
 * for every resource type), and a certificate whose validity has ended. Neither fails the check.
 * Outside an engine, Pulumi's `log.warn` writes `warning: [runtime] …` with `console.warn`, which
 * is what is watched here; tests/automation/previewWarnings.automation.test.ts shows the same
 * lines through the real CLI.
 */
import {
  configure,
  resetStackConfig,
  sshCertificateAuthorityProvider,
  sshHostCertificateProvider,
  sshUserCertificateProvider,
  UNKNOWN,
} from "../../../provider";
import { resetPreviewWarnings } from "../../../provider/common/previewWarnings";
import { expiredWarning } from "../../../provider/sshCertificateCommon/validity";
import * as keys from "../../support/sshKeys";

const CA_ID = "sshca_2Zq8yZ1dS0cKk3m3h2Qh1pQe8Yb";
const user = (extra: Record<string, unknown> = {}) => ({
  sshCertificateAuthorityId: CA_ID,
  publicKey: keys.ED25519,
  principals: ["deploy"],
  ...extra,
});

let warnings: string[];
let savedKey: string | undefined;
beforeEach(() => {
  savedKey = process.env.NGROK_API_KEY;
  delete process.env.NGROK_API_KEY;
  resetStackConfig();
  resetPreviewWarnings();
  warnings = [];
  jest.spyOn(console, "warn").mockImplementation((line: string) => void warnings.push(line));
});
afterEach(() => {
  jest.restoreAllMocks();
  if (savedKey !== undefined) process.env.NGROK_API_KEY = savedKey;
  resetStackConfig();
});

const stackConfig = (values: Record<string, string>) => ({
  config: { get: (key: string) => values[key] },
});

describe("no API key", () => {
  test("warns once per process, whatever the number and types of resources, and the checks pass", async () => {
    const checks = [
      await sshCertificateAuthorityProvider.check({}, { privateKeyType: "ed25519" }),
      await sshCertificateAuthorityProvider.check({}, { privateKeyType: "ecdsa" }),
      await sshUserCertificateProvider.check({}, user()),
      await sshHostCertificateProvider.check({}, user({ principals: ["web1"] })),
    ];
    expect(checks.map((c) => c.failures ?? [])).toEqual([[], [], [], []]);
    expect(warnings).toEqual([
      "warning: [runtime] no ngrok API key: neither the stack config ngrok:apiKey nor the environment variable NGROK_API_KEY is set. pulumi preview calls no API, so it passes without one, but pulumi up, refresh and destroy will fail at their first API call. Set it with pulumi config set ngrok:apiKey --secret, or export NGROK_API_KEY=… in the pipeline",
    ]);
  });

  test("warns even when the check fails for another reason", async () => {
    const result = await sshCertificateAuthorityProvider.check({}, { privateKeyType: "dsa" });
    expect(result.failures?.length).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("no ngrok API key");
  });

  test.each([
    ["the stack config ngrok:apiKey", () => configure(stackConfig({ "ngrok:apiKey": "k_1" }))],
    ["NGROK_API_KEY", async () => void (process.env.NGROK_API_KEY = "k_2")],
  ])("no warning with a key in %s", async (_where, setKey) => {
    await setKey();
    await sshCertificateAuthorityProvider.check({}, { privateKeyType: "ed25519" });
    expect(warnings).toEqual([]);
  });
});

describe("a certificate whose validity has ended", () => {
  beforeEach(() => void (process.env.NGROK_API_KEY = "k_3"));

  test("warns naming the resource, its principals, validUntil and the fix; the check passes", async () => {
    const result = await sshUserCertificateProvider.check(
      {},
      user({ validAfter: "2019-01-01T00:00:00Z", validUntil: "2020-06-01T02:00:00+02:00" }),
    );
    expect(result.failures ?? []).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^warning: \[runtime\] SshUserCertificate for principals "deploy": validUntil 2020-06-01T00:00:00Z has passed \(it is \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ now\)\. ngrok signs the certificate anyway, and sshd refuses it from the start\. Unless an expired certificate is what you want, set a later validUntil, or leave it out \(ngrok's default: 24 hours from the signing\)$/,
    );
  });

  test("a host certificate names its kind and default", async () => {
    await sshHostCertificateProvider.check(
      {},
      user({ principals: ["web1.example.com", "web1"], validUntil: "2020-06-01T00:00:00Z" }),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      'SshHostCertificate for principals "web1.example.com", "web1": validUntil 2020-06-01T00:00:00Z has passed',
    );
    expect(warnings[0]).toContain("(ngrok's default: 1 year from the signing)");
  });

  test.each([
    ["a validUntil to come", { validUntil: "2999-01-01T00:00:00Z" }],
    ["no validUntil (ngrok's default)", {}],
    ["a validUntil not known yet", { validUntil: UNKNOWN }],
  ])("no warning for %s", async (_name, extra) => {
    await sshUserCertificateProvider.check({}, user(extra));
    expect(warnings).toEqual([]);
  });

  test("no warning when the check fails (the failure says what to fix)", async () => {
    const result = await sshUserCertificateProvider.check(
      {},
      user({ validAfter: "2020-06-02T00:00:00Z", validUntil: "2020-06-01T00:00:00Z" }),
    );
    expect(result.failures?.length).toBe(1);
    expect(warnings).toEqual([]);
  });
});

describe("expiredWarning", () => {
  const now = Date.parse("2026-03-01T12:00:00.600Z");
  const warn = (validUntil: string, principals?: string[]) =>
    expiredWarning("SshUserCertificate", "24 hours", { validUntil, principals }, now);

  test("compares to the second, as the certificate holds time", () => {
    expect(warn("2026-03-01T12:00:00Z")).toContain("has passed (it is 2026-03-01T12:00:00Z now)");
    expect(warn("2026-03-01T12:00:01Z")).toBeUndefined();
  });

  test("names the principals when they are known, and leaves them out otherwise", () => {
    expect(warn("2020-01-01T00:00:00Z", [])).toMatch(/^SshUserCertificate: validUntil/);
    expect(warn("2020-01-01T00:00:00Z", ["a", UNKNOWN])).toMatch(/^SshUserCertificate: validUntil/);
    expect(warn("2020-01-01T00:00:00Z", ["a", "b"])).toMatch(
      /^SshUserCertificate for principals "a", "b": validUntil/,
    );
  });
});
