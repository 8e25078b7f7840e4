/**
 * `parseIdpMetadata` as a whole (provider/httpsEdgeRouteSaml/idpMetadata/index.ts): every fixture
 * accepted or rejected as SOURCES.md classifies it, and properties over arbitrary and mutated
 * documents. The rules of each module are tested in `httpsEdgeRouteSaml.idpMetadata.<module>.test.ts`.
 */
import { X509Certificate } from "node:crypto";
import * as fs from "node:fs";
import fc from "fast-check";
import {
  parseIdpMetadata,
  SAML_METADATA_NS,
  type IdpMetadata,
  type IdpMetadataResult,
} from "../../../../provider/httpsEdgeRouteSaml/idpMetadata";
import {
  IDP_METADATA_DIR,
  idpMetadataPath,
  readIdpMetadata as fixture,
} from "../../../support/fixtures";
import {
  accepted,
  rejected,
  subjectOf,
  POST,
  REDIRECT,
  SOAP,
  CERT_B,
} from "../../../support/idpMetadataDocuments";

describe("the fixtures", () => {
  const sources = fs.readFileSync(idpMetadataPath("SOURCES.md"), "utf8");
  const classified = new Map<string, "POSITIVE" | "NEGATIVE">();
  for (const match of sources.matchAll(/^- `([^`]+\.xml)`:.*\b(POSITIVE|NEGATIVE)\b/gm)) {
    classified.set(match[1], match[2] as "POSITIVE" | "NEGATIVE");
  }

  const positives: Record<string, (metadata: IdpMetadata) => void> = {
    "okta.xml": (m) => {
      expect(m.entityId).toBe("http://www.okta.com/exk9u78i8aMSxvkV70h7");
      const location =
        "https://dev-599847.oktapreview.com/app/expresssaml2dev599847_esaml2sp_1/exk9u78i8aMSxvkV70h7/sso/saml";
      expect(m.singleSignOnServices).toEqual([
        { binding: POST, location },
        { binding: REDIRECT, location },
      ]);
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=dev-599847");
      expect(m.nameIdFormats).toEqual([
        "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
      ]);
      expect(m.validUntil).toBeUndefined();
    },
    "entra-id.xml": (m) => {
      expect(m.entityId).toBe("https://sts.windows.net/8b966979-910b-487c-a604-69229b1ac75c/");
      const location =
        "https://login.microsoftonline.com/8b966979-910b-487c-a604-69229b1ac75c/saml2";
      expect(m.singleSignOnServices).toEqual([
        { binding: REDIRECT, location },
        { binding: POST, location },
      ]);
      // 3 signing KeyDescriptors in the IDPSSODescriptor, 3 different certificates (the
      // RoleDescriptors repeat them, and are not read).
      expect(m.signingCertificates).toHaveLength(3);
      expect(new Set(m.signingCertificates).size).toBe(3);
      expect(m.signingCertificates.map(subjectOf)).toEqual([
        "CN=accounts.accesscontrol.windows.net",
        "CN=accounts.accesscontrol.windows.net",
        "CN=login.microsoftonline.us",
      ]);
      expect(m.nameIdFormats).toEqual([]);
    },
    "adfs.xml": (m) => {
      expect(m.entityId).toBe("http://msts.maybank.com/adfs/services/trust");
      expect(m.singleSignOnServices).toEqual([
        { binding: REDIRECT, location: "https://msts.maybank.com/adfs/ls/" },
        { binding: POST, location: "https://msts.maybank.com/adfs/ls/" },
      ]);
      // The IdP role's signing certificate, not its encryption one.
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toBe("CN=ADFS Signing - msts.maybank.com");
      // The IdP role's NameIDFormats (the SP role before it has its own).
      expect(m.nameIdFormats).toHaveLength(3);
    },
    "shibboleth-samltest.xml": (m) => {
      expect(m.entityId).toBe("https://samltest.id/saml/idp");
      const base = "https://samltest.id/idp/profile";
      expect(m.singleSignOnServices).toEqual([
        {
          binding: "urn:mace:shibboleth:1.0:profiles:AuthnRequest",
          location: `${base}/Shibboleth/SSO`,
        },
        { binding: POST, location: `${base}/SAML2/POST/SSO` },
        {
          binding: "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST-SimpleSign",
          location: `${base}/SAML2/POST-SimpleSign/SSO`,
        },
        { binding: REDIRECT, location: `${base}/SAML2/Redirect/SSO` },
        { binding: SOAP, location: `${base}/SAML2/SOAP/ECP` },
      ]);
      // 2 signing + 1 encryption KeyDescriptors.
      expect(m.signingCertificates).toHaveLength(2);
      expect(m.signingCertificates[0]).not.toBe(m.signingCertificates[1]);
      expect(m.signingCertificates.map(subjectOf)).toEqual(["CN=samltest.id", "CN=samltest.id"]);
      expect(m.validUntil).toBe("2100-01-01T00:00:42Z");
    },
    "google-workspace.xml": (m) => {
      expect(m.entityId).toBe("https://accounts.google.com/o/saml2?idpid=C02dfl1r1");
      // crewjam's edit left two identical HTTP-POST endpoints; both are kept, in order.
      const location = "https://accounts.google.com/o/saml2/idp?idpid=C02dfl1r1";
      expect(m.singleSignOnServices).toEqual([
        { binding: POST, location },
        { binding: POST, location },
      ]);
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=Google");
      // Expired in 2021, returned as written and not rejected.
      expect(m.validUntil).toBe("2021-01-03T16:17:49.000Z");
    },
    "onelogin.xml": (m) => {
      expect(m.entityId).toBe("https://app.onelogin.com/saml/metadata/486670");
      expect(m.singleSignOnServices).toEqual([
        {
          binding: REDIRECT,
          location: "https://esaml2.onelogin.com/trust/saml2/http-post/sso/486670",
        },
        { binding: POST, location: "https://esaml2.onelogin.com/trust/saml2/http-post/sso/486670" },
        { binding: SOAP, location: "https://esaml2.onelogin.com/trust/saml2/soap/sso/486670" },
      ]);
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=OneLogin Account 70609");
    },
    "keycloak.xml": (m) => {
      expect(m.entityId).toBe("http://localhost:8080/auth/realms/master");
      const location = "http://localhost:8080/auth/realms/master/protocol/saml";
      expect(m.singleSignOnServices).toEqual([
        { binding: POST, location },
        { binding: REDIRECT, location },
        { binding: SOAP, location },
      ]);
      expect(m.signingCertificates).toEqual([CERT_B]);
      expect(subjectOf(CERT_B)).toBe("CN=master");
      expect(m.nameIdFormats).toHaveLength(4);
    },
    "openam.xml": (m) => {
      expect(m.entityId).toBe("http://localhost:8080/OpenAM-14.1.13");
      const base = "http://localhost:8080/OpenAM-14.1.13";
      expect(m.singleSignOnServices).toEqual([
        { binding: REDIRECT, location: `${base}/SSORedirect/metaAlias/idp` },
        { binding: POST, location: `${base}/SSOPOST/metaAlias/idp` },
        { binding: SOAP, location: `${base}/SSOSoap/metaAlias/idp` },
      ]);
      // Split by spaces in the file.
      expect(m.signingCertificates).toHaveLength(1);
      expect(subjectOf(m.signingCertificates[0])).toContain("CN=Unknown");
      expect(m.nameIdFormats).toEqual([
        "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
        "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName",
        "urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName",
      ]);
    },
    "entities-aggregate.xml": (m) => {
      // An aggregate holding one IdP (and one SP): read as that IdP's EntityDescriptor, which is
      // what is sent to ngrok, a document of its own that the rules accept unchanged.
      expect(m.entityId).toBe("https://idp.testshib.org/idp/shibboleth");
      expect(m.singleSignOnServices.map((s) => s.binding)).toContain(REDIRECT);
      expect(m.entityDescriptor).toBeDefined();
      expect(m.entityDescriptor).not.toContain("https://sp.testshib.org/shibboleth-sp");
      const alone = accepted(parseIdpMetadata(m.entityDescriptor!));
      expect(alone.entityDescriptor).toBeUndefined();
      expect({ ...alone, entityDescriptor: m.entityDescriptor }).toEqual(m);
    },
  };

  const negatives: Record<string, (reason: string) => void> = {
    "sp-only.xml": (reason) => {
      expect(reason).toBe(
        "is service-provider metadata (the EntityDescriptor " +
          '"https://gitlab.example.com/users/auth/saml/metadata" has an SPSSODescriptor but no ' +
          "IDPSSODescriptor), not the identity provider's: pass the metadata that your identity " +
          "provider publishes",
      );
    },
  };

  it("SOURCES.md classifies every XML file, and every one has expectations here", () => {
    const files = fs.readdirSync(IDP_METADATA_DIR).filter((name) => name.endsWith(".xml"));
    expect([...classified.keys()].sort()).toEqual(files.sort());
    const expectedPositives = [...classified].filter(([, kind]) => kind === "POSITIVE");
    expect(Object.keys(positives).sort()).toEqual(expectedPositives.map(([name]) => name).sort());
    const expectedNegatives = [...classified].filter(([, kind]) => kind === "NEGATIVE");
    expect(Object.keys(negatives).sort()).toEqual(expectedNegatives.map(([name]) => name).sort());
  });

  it("entra-id.xml starts with a byte order mark", () => {
    expect(fixture("entra-id.xml").charCodeAt(0)).toBe(0xfeff);
  });

  it.each(Object.keys(positives))("accepts POSITIVE %s", (name) => {
    const metadata = accepted(parseIdpMetadata(fixture(name)));
    positives[name](metadata);
    for (const certificate of metadata.signingCertificates) {
      expect(certificate).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    }
    expect(new Set(metadata.signingCertificates).size).toBe(metadata.signingCertificates.length);
  });

  it.each(Object.keys(negatives))("rejects NEGATIVE %s", (name) => {
    negatives[name](rejected(parseIdpMetadata(fixture(name))));
  });
});

describe("properties", () => {
  function wellFormedResult(result: IdpMetadataResult): void {
    if (result.ok) {
      expect(result.metadata.entityId).not.toBe("");
      expect(result.metadata.singleSignOnServices.length).toBeGreaterThan(0);
      expect(result.metadata.signingCertificates.length).toBeGreaterThan(0);
      for (const certificate of result.metadata.signingCertificates) {
        expect(() => new X509Certificate(Buffer.from(certificate, "base64"))).not.toThrow();
      }
    } else {
      expect(typeof result.reason).toBe("string");
      expect(result.reason.trim()).not.toBe("");
    }
  }

  it("never throws for arbitrary strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" })), (input) => {
        wellFormedResult(parseIdpMetadata(input));
      }),
      { numRuns: 300 },
    );
  });

  it("never throws for arbitrary strings with XML markup", () => {
    const token = fc.constantFrom(
      "<",
      ">",
      "</",
      "/>",
      "<?xml ",
      "?>",
      "<!--",
      "-->",
      "<!DOCTYPE",
      "<![CDATA[",
      "]]>",
      "&",
      ";",
      "&amp;",
      '"',
      "'",
      "=",
      " ",
      "\n",
      "md:",
      "xmlns:md=",
      SAML_METADATA_NS,
      "EntityDescriptor",
      "IDPSSODescriptor",
      "entityID",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.string()), { maxLength: 40 }), (parts) => {
        wellFormedResult(parseIdpMetadata(parts.join("")));
      }),
      { numRuns: 300 },
    );
  });

  it("never throws for non-string values", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = parseIdpMetadata(input as string);
        wellFormedResult(result);
        if (typeof input !== "string") {
          expect(result.ok).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  const positiveFixtures = [
    "okta.xml",
    "entra-id.xml",
    "adfs.xml",
    "shibboleth-samltest.xml",
    "google-workspace.xml",
    "onelogin.xml",
    "keycloak.xml",
    "openam.xml",
  ].map((name) => fixture(name));

  it("rejects every truncation of a positive fixture before its last '>'", () => {
    const arbitrary = fc
      .constantFrom(...positiveFixtures)
      .chain((text) =>
        fc.tuple(
          fc.constant(text),
          fc.integer({ min: text.indexOf("<") + 1, max: text.lastIndexOf(">") }),
        ),
      );
    fc.assert(
      fc.property(arbitrary, ([text, end]) => {
        const reason = rejected(parseIdpMetadata(text.slice(0, end)));
        expect(reason).toMatch(/^is not well-formed XML at line [1-9]\d*, column [1-9]\d*: /);
      }),
      { numRuns: 300 },
    );
  });

  it("accepts a positive fixture with its end cut after the last '>'", () => {
    for (const text of positiveFixtures) {
      const end = text.lastIndexOf(">") + 1;
      expect(parseIdpMetadata(text.slice(0, end)).ok).toBe(true);
    }
  });

  it("never throws for random edits of a positive fixture", () => {
    const edit = fc.record({
      at: fc.nat(),
      deleteCount: fc.nat({ max: 20 }),
      insert: fc.oneof(
        fc.string({ maxLength: 5 }),
        fc.constantFrom("<", ">", "&", '"', "</x>", "<!--"),
      ),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...positiveFixtures),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (text, edits) => {
          let mutated = text;
          for (const { at, deleteCount, insert } of edits) {
            const offset = at % (mutated.length + 1);
            mutated = mutated.slice(0, offset) + insert + mutated.slice(offset + deleteCount);
          }
          wellFormedResult(parseIdpMetadata(mutated));
        },
      ),
      { numRuns: 300 },
    );
  });
});
