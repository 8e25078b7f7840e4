/**
 * The hints of rule messages in the caller's terms (provider/common/hints.ts): JavaScript for the
 * Node.js classes, words (and YAML's functions) for a call through the provider plugin
 * (`asPluginCall`, which plugin/resources.ts wraps around every method). Each hint through the
 * rule that gives it; the UTF-16 hint is in ../httpsEdgeRouteSaml/idpMetadata/xmlText.test.ts and
 * the JSON metadata hint in ./ownershipMarker.test.ts.
 */
import { asPluginCall, currentCaller, HINTS, languageHint } from "../../../provider/common/hints";
import { parseIdpMetadata } from "../../../provider/httpsEdgeRouteSaml/idpMetadata";
import { sshHostCertificateProvider, sshUserCertificateProvider } from "../../../provider";
import { checkSshHostCertificate } from "../../../provider/sshHostCertificate/definition";
import { rejected } from "../../support/idpMetadataDocuments";
import * as keys from "../../support/sshKeys";

const CA = "sshca_2ZpXGdAbcDef0123456789abc";
const JAVASCRIPT_CODE = /new Date|toISOString|Date\.now|readFileSync|JSON\.stringify/;

/** The reason `check` gives for `validUntil: "30d"` on a host certificate. */
const relativeDuration = () =>
  checkSshHostCertificate({
    sshCertificateAuthorityId: CA,
    publicKey: keys.ED25519,
    validUntil: "30d",
  }).failures?.[0]?.reason;

describe("validUntil as a relative duration", () => {
  test("the Node.js classes get the JavaScript that computes the instant", () => {
    expect(relativeDuration()).toBe(
      'validUntil must be an RFC 3339 timestamp, not a relative duration ("30d"): compute the ' +
        "instant in the program, e.g. new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString()",
    );
  });

  test("a call through the plugin gets an RFC 3339 example, and no JavaScript", () => {
    const reason = asPluginCall(relativeDuration);
    expect(reason).toBe(
      'validUntil must be an RFC 3339 timestamp, not a relative duration ("30d"): write the ' +
        "instant itself, an RFC 3339 timestamp with a time and an offset such as " +
        "2027-01-01T00:00:00Z (a fixed date, or one your program computes)",
    );
    expect(reason).not.toMatch(JAVASCRIPT_CODE);
  });

  test("the providers' own check methods, as each caller runs them", async () => {
    const inputs = {
      sshCertificateAuthorityId: CA,
      publicKey: keys.ED25519,
      principals: ["deploy"],
      validUntil: "720h",
    };
    for (const provider of [sshHostCertificateProvider, sshUserCertificateProvider]) {
      const nodejs = await provider.check!({}, inputs);
      const plugin = await asPluginCall(() => provider.check!({}, inputs));
      expect(nodejs.failures?.[0]?.reason).toMatch(/toISOString\(\)$/);
      expect(plugin.failures?.[0]?.reason).toMatch(/such as 2027-01-01T00:00:00Z/);
      expect(plugin.failures?.[0]?.reason).not.toMatch(JAVASCRIPT_CODE);
    }
  });
});

describe("idpMetadata given as a file path", () => {
  const prefix =
    "is not well-formed XML at line 1, column 1: there is no element in it, only text; it " +
    "looks like a file path: pass the content of the file, not its name, e.g. ";

  test("the Node.js classes get fs.readFileSync", () => {
    expect(rejected(parseIdpMetadata("./okta.xml"))).toBe(
      `${prefix}idpMetadata: fs.readFileSync("./okta.xml", "utf8")`,
    );
  });

  test("a call through the plugin gets the XML text in words, and YAML's fn::readFile", () => {
    const reason = asPluginCall(() => rejected(parseIdpMetadata("./okta.xml")));
    expect(reason).toBe(
      `${prefix}the metadata document's XML text, read from the file as UTF-8 ` +
        '(in YAML: idpMetadata: { fn::readFile: "./okta.xml" })',
    );
    expect(reason).not.toMatch(JAVASCRIPT_CODE);
    // A long path is written `path` in both forms.
    const long = `/data/${"x".repeat(300)}/okta.xml`;
    expect(asPluginCall(() => rejected(parseIdpMetadata(long)))).toMatch(
      /\(in YAML: idpMetadata: \{ fn::readFile: path \}\)$/,
    );
  });
});

describe("the caller", () => {
  test("is the Node.js classes outside asPluginCall, the plugin inside, across awaits", async () => {
    expect(currentCaller()).toBe("nodejs");
    const seen = await asPluginCall(async () => {
      const before = currentCaller();
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [before, currentCaller(), languageHint(HINTS.relativeDuration)];
    });
    expect(seen).toEqual(["plugin", "plugin", HINTS.relativeDuration.neutral]);
    expect(currentCaller()).toBe("nodejs");
    expect(languageHint(HINTS.relativeDuration)).toBe(HINTS.relativeDuration.javascript);
  });

  test("is each call's own when calls of both kinds run at once", async () => {
    const later = (ms: number) =>
      new Promise<string>((resolve) =>
        setTimeout(() => resolve(languageHint(HINTS.jsonMetadata)), ms),
      );
    const [plugin, nodejs] = await Promise.all([asPluginCall(() => later(10)), later(5)]);
    expect([plugin, nodejs]).toEqual([HINTS.jsonMetadata.neutral, HINTS.jsonMetadata.javascript]);
  });

  test("every hint has both forms, the plugin's without JavaScript", () => {
    const hints = Object.values(HINTS).map((hint) =>
      typeof hint === "function" ? hint('"x.xml"') : hint,
    );
    for (const hint of hints) {
      expect(hint.javascript).toMatch(JAVASCRIPT_CODE);
      expect(hint.neutral).not.toMatch(JAVASCRIPT_CODE);
    }
  });
});
