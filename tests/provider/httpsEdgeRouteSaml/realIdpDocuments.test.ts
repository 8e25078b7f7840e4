/**
 * The table test over the corpus of real IdP metadata documents (tests/fixtures/idp-metadata,
 * listed with their origin and licence in `tests/fixtures/idp-metadata/corpus/SOURCES.json`): each one through
 * `HttpsEdgeRouteSaml`'s `check` as `pulumi preview` runs it, accepted or refused as the manifest
 * says, a refusal with the reason of the rule it names (in this package's words: no parser
 * wording), and each accepted one created through the provider against the emulator, with its
 * signing certificates in the outputs and no perpetual diff after a refresh; the aggregates under
 * both answers ngrok may give one (`idpMetadataAggregates`).
 *
 * The figures the report of issue #26 quotes (how many are accepted, refused, and carry an expired
 * signing certificate) are computed here against a fixed date, so that the test does not change
 * with the calendar.
 */
import * as fs from "node:fs";
import { X509Certificate } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import { httpsEdgeRouteSamlProvider as provider, resetStackConfig } from "../../../provider";
import { withoutClaim } from "../../../provider/httpsEdgeRouteSaml/claim";
import {
  idpMetadataToSend,
  parseIdpMetadata,
} from "../../../provider/httpsEdgeRouteSaml/idpMetadata";
import {
  checkHttpsEdgeRouteSaml,
  type HttpsEdgeRouteSamlInputs,
  type HttpsEdgeRouteSamlOutputs,
} from "../../../provider/httpsEdgeRouteSaml/definition";
import { expiryWarnings } from "../../../provider/httpsEdgeRouteSaml/expiry";
import { configureProvider } from "../../support/configureProvider";
import { createEdgeWithRoutes } from "../../support/emulatorApi";
import { idpMetadataPath, readIdpMetadata } from "../../support/fixtures";

interface Entry {
  file: string;
  producedBy: string;
  repository: string;
  path: string;
  commit: string;
  licence: string;
  expect: "accepted" | "refused";
  rule?: string;
  notes: string;
}

const manifest = JSON.parse(fs.readFileSync(idpMetadataPath("corpus/SOURCES.json"), "utf8")) as {
  documents: Entry[];
};
const DOCUMENTS = manifest.documents;
const text = (entry: Entry) => readIdpMetadata(`corpus/${entry.file}`);

/** The reason of each rule a refused document of the corpus breaks. */
const RULES: Record<string, RegExp> = {
  "service-provider":
    /^idpMetadata is service-provider metadata \(the EntityDescriptor ".+" has an SPSSODescriptor but no IDPSSODescriptor\)/,
  "base64-of-pem":
    /^idpMetadata has an invalid signing certificate: the 1st X509Certificate for signing \(in KeyDescriptor 1 of \d+ of the IDPSSODescriptor\) is a PEM file encoded in base64 a second time/,
  "xml-declaration-not-first":
    /^idpMetadata is not well-formed XML at line 2, column 1: the XML declaration \(<\?xml …\?>\) must be the very first thing in the document/,
  "document-element-namespace":
    /^idpMetadata has document element <EntityDescriptor> in (no namespace|namespace "urn:incorrect:namespace"), but SAML 2\.0 metadata of an identity provider must have an <EntityDescriptor> in namespace "urn:oasis:names:tc:SAML:2\.0:metadata"/,
  "no-signing-certificate":
    /^idpMetadata has no signing certificate \(no KeyDescriptor use="signing" with an X509Certificate in the IDPSSODescriptor\)$/,
  "keyinfo-namespace":
    /^idpMetadata has a signing certificate in the wrong namespace: its <KeyInfo> is in namespace "urn:oasis:names:tc:SAML:2\.0:metadata" .*use the prefix ns1:/,
  "aggregate-several-idps":
    /^idpMetadata is an aggregate \(an EntitiesDescriptor with 2 EntityDescriptors\), not the metadata of one identity provider; it holds 2 identity providers/,
  "aggregate-no-idp":
    /^idpMetadata is an aggregate \(an EntitiesDescriptor with 1 EntityDescriptor\), .*none of them is an identity provider/,
  "no-entity-id": /^idpMetadata has no entityID attribute on its EntityDescriptor/,
};

/** Words only a parser's own messages use; no reason may contain them. */
const LIBRARY_WORDING =
  /xmldom|DOMException|HierarchyRequest|NamespaceError|ParseError|\bposition \d|EntityRef|missed quot|Error constructing|error:[0-9A-F]{8}|asn1|OpenSSL/;

/** The date the corpus's figures are computed against (when the corpus was built). */
const CORPUS_DATE = Date.parse("2026-11-25T00:00:00Z");

const check = (idpMetadata: string) =>
  checkHttpsEdgeRouteSaml({
    edgeId: "edghts_2aaaaaaaaaaaaaaaaaaaaaaaaaa",
    routeId: "edghtsrt_2aaaaaaaaaaaaaaaaaaaaaaaaaa",
    idpMetadata,
    claimedBy: "corpus/test/sso",
  });

describe("the corpus of real IdP metadata documents", () => {
  it("holds at least 40 documents, each file listed once with its origin and licence", () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(40);
    const files = DOCUMENTS.map((entry) => entry.file);
    expect(new Set(files).size).toBe(files.length);
    const inCorpus = fs
      .readdirSync(idpMetadataPath("corpus"))
      .filter((name) => name.endsWith(".xml"))
      .sort();
    expect(files.filter((file) => !file.startsWith("../")).sort()).toEqual(inCorpus);
    for (const entry of DOCUMENTS) {
      expect(entry.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(entry.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(entry.path).not.toBe("");
      expect(entry.licence).not.toBe("");
      expect(entry.expect === "refused").toBe(entry.rule !== undefined);
      if (entry.rule !== undefined) expect(Object.keys(RULES)).toContain(entry.rule);
    }
  });

  it.each(DOCUMENTS.map((entry) => [entry.file, entry] as const))("check: %s", (_file, entry) => {
    const result = check(text(entry));
    const failures = result.failures ?? [];
    if (entry.expect === "accepted") {
      expect(failures).toEqual([]);
    } else {
      // A document is never one short line: the failure names no property (see inputs.ts).
      expect(failures).toEqual([
        { property: "", reason: expect.stringMatching(RULES[entry.rule!]) },
      ]);
      expect(failures[0].reason).not.toMatch(LIBRARY_WORDING);
    }
  });

  it("the figures: accepted, refused, and accepted with an expired signing certificate", () => {
    const accepted = DOCUMENTS.filter((entry) => entry.expect === "accepted");
    const expired = accepted.filter((entry) => {
      const parsed = parseIdpMetadata(text(entry));
      if (!parsed.ok) throw new Error(parsed.reason);
      // What the warning judges: any signing certificate expired or within 30 days.
      return (
        expiryWarnings(parsed.metadata.signingCertificateDetails, undefined, CORPUS_DATE).length > 0
      );
    });
    const figures = {
      documents: DOCUMENTS.length,
      accepted: accepted.length,
      refused: DOCUMENTS.length - accepted.length,
      acceptedAggregates: accepted.filter((entry) => idpMetadataToSend(text(entry)) !== text(entry))
        .length,
      acceptedWithExpiredOrExpiringCertificate: expired.length,
    };
    process.stdout.write(`corpus figures at 2026-11-25: ${JSON.stringify(figures)}\n`);
    expect(figures).toEqual({
      documents: 40,
      accepted: 27,
      refused: 13,
      acceptedAggregates: 4,
      acceptedWithExpiredOrExpiringCertificate: 16,
    });
  });
});

describe.each(["refuse", "first-idp"] as const)(
  "each accepted document creates its module (emulator: aggregates %s)",
  (aggregates) => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, idpMetadataAggregates: aggregates });
      await configureProvider(emulator);
    });
    afterAll(async () => {
      resetStackConfig();
      await emulator.close();
    });

    // Under "first-idp" only the aggregates answer differently, so only they run again.
    const accepted = DOCUMENTS.filter(
      (entry) =>
        entry.expect === "accepted" &&
        (aggregates === "refuse" || idpMetadataToSend(text(entry)) !== text(entry)),
    );
    it.each(accepted.map((entry) => [entry.file, entry] as const))(
      "%s: create, then read and diff find no change",
      async (_file, entry) => {
        const idpMetadata = text(entry);
        const {
          edgeId,
          routeIds: [routeId],
        } = await createEdgeWithRoutes(emulator, 1);
        const result = await provider.check(
          {},
          {
            edgeId,
            routeId,
            idpMetadata,
            claimedBy: "corpus/test/sso",
          },
        );
        expect(result.failures ?? []).toEqual([]);
        const inputs = result.inputs as HttpsEdgeRouteSamlInputs;
        const { id, outs } = await provider.create(inputs);
        const outputs = outs as HttpsEdgeRouteSamlOutputs;

        // ngrok holds the document, or the one IdP's EntityDescriptor of an aggregate.
        const sent = idpMetadataToSend(idpMetadata);
        const held = emulator.snapshot().samlModules.find((m) => m.routeId === routeId);
        expect(withoutClaim(held!.idp_metadata)).toBe(sent);
        expect(sent.includes("EntitiesDescriptor")).toBe(false);

        // Every signing certificate is in the outputs, with its end of validity.
        const parsed = parseIdpMetadata(idpMetadata);
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(outputs.idpSigningCertificates.map((c) => c.notAfter)).toEqual(
          parsed.metadata.signingCertificates.map((base64) =>
            new Date(new X509Certificate(Buffer.from(base64, "base64")).validTo).toISOString(),
          ),
        );

        // A refresh reads it back, and the program's document is no change against it.
        const read = await provider.read(id, outputs);
        expect(read.id).toBe(id);
        const diff = await provider.diff(
          id,
          read.props as unknown as Record<string, unknown>,
          inputs as unknown as Record<string, unknown>,
        );
        expect(diff.changes).toBe(false);
      },
    );
  },
);
