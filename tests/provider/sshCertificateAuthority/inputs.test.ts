import fc from "fast-check";
import { UNKNOWN } from "../../../provider/common/unknown";
import { checkSshCertificateAuthority } from "../../../provider/sshCertificateAuthority/definition";

const PROVIDER = { __provider: "exports.handler = …" };

function failuresOf(news: Record<string, unknown>) {
  return checkSshCertificateAuthority({ ...PROVIDER, ...news }).failures ?? [];
}

describe("check: SshCertificateAuthority", () => {
  test.each([
    [{ privateKeyType: "ed25519" }, { privateKeyType: "ed25519" }],
    [{ privateKeyType: "ecdsa" }, { privateKeyType: "ecdsa", ellipticCurve: "p256" }],
    [
      { privateKeyType: "ecdsa", ellipticCurve: "p521" },
      { privateKeyType: "ecdsa", ellipticCurve: "p521" },
    ],
    [{ privateKeyType: "rsa" }, { privateKeyType: "rsa", keySize: 4096 }],
    [
      { privateKeyType: "rsa", keySize: 2048 },
      { privateKeyType: "rsa", keySize: 2048 },
    ],
    [
      { privateKeyType: "ed25519", description: "é".repeat(127), metadata: "" },
      { privateKeyType: "ed25519", description: "é".repeat(127), metadata: "" },
    ],
    [{ privateKeyType: "ed25519", description: null }, { privateKeyType: "ed25519" }],
  ])("accepts valid inputs and applies defaults (case %#)", (news, inputs) => {
    const result = checkSshCertificateAuthority({ ...PROVIDER, ...news });
    expect(result.failures).toEqual([]);
    expect(result.inputs).toEqual(inputs);
  });

  test.each([
    ["privateKeyType", {}, /privateKeyType is required: one of "rsa", "ecdsa", "ed25519"/],
    [
      "privateKeyType",
      { privateKeyType: "dsa" },
      /privateKeyType must be one of "rsa", "ecdsa", "ed25519"; got "dsa"/,
    ],
    ["privateKeyType", { privateKeyType: 3 }, /must be one of .*got 3/],
    [
      "ellipticCurve",
      { privateKeyType: "ecdsa", ellipticCurve: "p192" },
      /ellipticCurve must be one of "p256", "p384", "p521"; got "p192"/,
    ],
    [
      "ellipticCurve",
      { privateKeyType: "rsa", ellipticCurve: "p256" },
      /ellipticCurve applies only when privateKeyType is "ecdsa"; privateKeyType is "rsa"/,
    ],
    [
      "keySize",
      { privateKeyType: "rsa", keySize: 1024 },
      /keySize must be one of 2048, 4096 \(bits\); got 1024/,
    ],
    [
      "keySize",
      { privateKeyType: "rsa", keySize: "4096" },
      /keySize must be one of 2048, 4096 \(bits\); got "4096"/,
    ],
    [
      "keySize",
      { privateKeyType: "ed25519", keySize: 4096 },
      /keySize applies only when privateKeyType is "rsa"; privateKeyType is "ed25519"/,
    ],
    [
      "description",
      { privateKeyType: "ed25519", description: "x".repeat(256) },
      /description must be at most 255 bytes of UTF-8; it is 256 bytes/,
    ],
    [
      "description",
      { privateKeyType: "ed25519", description: "é".repeat(128) },
      /at most 255 bytes of UTF-8; it is 256 bytes/,
    ],
    [
      "metadata",
      { privateKeyType: "ed25519", metadata: "€".repeat(1366) },
      /metadata must be at most 4096 bytes of UTF-8; it is 4098 bytes/,
    ],
    [
      "description",
      { privateKeyType: "ed25519", description: 42 },
      /description must be a string, not 42/,
    ],
    [
      "privateKeytype",
      { privateKeyType: "ed25519", privateKeytype: "rsa" },
      /privateKeytype is not a property of pulumi-nodejs:dynamic\/ngrok:SshCertificateAuthority; its properties are privateKeyType, ellipticCurve, keySize, description, metadata/,
    ],
  ])("rejects a bad %s (case %#)", (property, news, reason) => {
    const failures = failuresOf(news);
    expect(failures).toContainEqual({ property, reason: expect.stringMatching(reason) });
  });

  test("reports every failure at once, so one preview shows them all", () => {
    const failures = failuresOf({
      privateKeyType: "ed25519",
      ellipticCurve: "p256",
      keySize: 2048,
      description: "x".repeat(300),
    });
    expect(failures.map((f) => f.property).sort()).toEqual([
      "description",
      "ellipticCurve",
      "keySize",
    ]);
  });

  test("does not judge values that are unknown during preview", () => {
    expect(
      failuresOf({
        privateKeyType: UNKNOWN,
        ellipticCurve: "p384",
        keySize: UNKNOWN,
        description: UNKNOWN,
      }),
    ).toEqual([]);
    expect(failuresOf({ privateKeyType: "ecdsa", ellipticCurve: UNKNOWN })).toEqual([]);
    const { inputs } = checkSshCertificateAuthority({
      privateKeyType: "ecdsa",
      ellipticCurve: UNKNOWN,
    });
    expect(inputs).toEqual({ privateKeyType: "ecdsa", ellipticCurve: UNKNOWN });
  });

  test("property: check never throws, and every failure names a property and a rule", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            "privateKeyType",
            "ellipticCurve",
            "keySize",
            "description",
            "metadata",
            "other",
          ),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.boolean(),
            fc.constant(null),
            fc.constantFrom("rsa", "ecdsa", "ed25519", "p256", 2048, 4096),
          ),
        ),
        (news) => {
          const result = checkSshCertificateAuthority(news);
          for (const failure of result.failures ?? []) {
            expect(failure.property).not.toBe("");
            expect(failure.reason).toContain(failure.property);
          }
        },
      ),
    );
  });

  test("property: check is idempotent (checking checked inputs changes nothing)", () => {
    const valid = fc.oneof(
      fc.record({ privateKeyType: fc.constant("ed25519") }),
      fc.record(
        {
          privateKeyType: fc.constant("ecdsa"),
          ellipticCurve: fc.constantFrom("p256", "p384", "p521"),
        },
        { requiredKeys: ["privateKeyType"] },
      ),
      fc.record(
        { privateKeyType: fc.constant("rsa"), keySize: fc.constantFrom(2048, 4096) },
        { requiredKeys: ["privateKeyType"] },
      ),
    );
    fc.assert(
      fc.property(
        valid,
        fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
        (key, description) => {
          const news = description === undefined ? key : { ...key, description };
          const once = checkSshCertificateAuthority(news);
          expect(once.failures).toEqual([]);
          expect(
            checkSshCertificateAuthority(once.inputs as unknown as Record<string, unknown>).inputs,
          ).toEqual(once.inputs);
        },
      ),
    );
  });
});
