/**
 * The program-side settings' one parser (provider/common/programSettings.ts), which the Node.js
 * classes (sdk/ownership.ts) and the plugin (plugin/settings.ts) both use, each naming the setting
 * its own way.
 */
import {
  parseAdoptExistingIds,
  parseOwnershipMarker,
} from "../../../provider/common/programSettings";

describe("parseOwnershipMarker", () => {
  test.each([
    [undefined, false],
    ["", false],
    ["false", false],
    [" 0 ", false],
    ["true", true],
    ["TRUE", true],
    ["1", true],
  ])("%j is %j", (raw, value) => {
    expect(parseOwnershipMarker(raw, "x:ownershipMarker")).toEqual({ value });
  });

  test("anything else is refused, off, with the label and the value", () => {
    expect(parseOwnershipMarker("maybe", "ngrok-dynamic:ownershipMarker")).toEqual({
      value: false,
      problem: 'ngrok-dynamic:ownershipMarker must be true or false, got "maybe"',
    });
  });
});

describe("parseAdoptExistingIds", () => {
  const urn = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority::ca";

  test("absent is no id; JSON text and a parsed object give the same map", () => {
    expect(parseAdoptExistingIds(undefined, "l")).toEqual({ value: {} });
    expect(parseAdoptExistingIds(JSON.stringify({ [urn]: "sshca_1" }), "l")).toEqual({
      value: { [urn]: "sshca_1" },
    });
    expect(parseAdoptExistingIds({ [urn]: "sshca_1" }, "l")).toEqual({
      value: { [urn]: "sshca_1" },
    });
  });

  test.each([["not json"], ["[]"], ['{"u": 1}'], [[urn]], ["null"]])(
    "%j is refused, naming the setting and the shape",
    (raw) => {
      const parsed = parseAdoptExistingIds(raw, "the stack config ngrok:adoptExistingIds");
      expect(parsed.value).toEqual({});
      expect(parsed.problem).toBe(
        "the stack config ngrok:adoptExistingIds must be a JSON object from resource URN to CA " +
          'id ({"urn:pulumi:…": "sshca_…"}), as pulumi-ngrok-dynamic pending-creates prints it',
      );
    },
  );
});
