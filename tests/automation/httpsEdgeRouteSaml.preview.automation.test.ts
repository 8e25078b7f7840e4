/**
 * What `pulumi preview` shows of HttpsEdgeRouteSaml's check, through the real Pulumi CLI (one
 * stack of tests/programs/httpsEdgeRouteSaml, previews only, no API request):
 * - the warning about an expired signing certificate, naming the resource, while the preview
 *   succeeds;
 * - a failure about a whole document, which names no property: the output stays small;
 * - a failure about one short line (a URL given instead of the document), which names the
 *   property, so that the CLI shows the value beside it.
 * And the measurement behind that choice, on a second program whose check names the property
 * `idpMetadata` for the same 200 KB document (tests/programs/checkFailureProperty): the CLI prints
 * the whole document.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath, readIdpMetadata } from "../support/fixtures";
import { describeWithPulumi, openStack, requestsDuring, succeeded } from "../support/realEngine";

const PROJECT = "automation-saml-preview";

describeWithPulumi("HttpsEdgeRouteSaml's check through pulumi preview", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  let work: string;
  /** A 200 KB document without a signing certificate: okta.xml, KeyDescriptor removed, padded. */
  let largePath: string;
  const PADDING = "PADDING-LINE-0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const {
      edgeId,
      routeIds: [routeId],
    } = await createEdgeWithRoutes(emulator, 1);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "saml-preview-"));
    largePath = path.join(work, "large.xml");
    const padding = `<!--\n${`${PADDING}\n`.repeat(4000)}-->\n`;
    fs.writeFileSync(
      largePath,
      readIdpMetadata("okta.xml").replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, "") +
        padding,
    );
    stack = await openStack("tests/programs/httpsEdgeRouteSaml", PROJECT, emulator, {
      edgeId,
      routeId,
      idpMetadataPath: idpMetadataPath("google-workspace.xml"),
    });
  }, 120000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test("an expired signing certificate: a warning naming the resource, and the preview goes on", async () => {
    const requests = await requestsDuring(emulator, async () => {
      const result = succeeded(await stack.preview());
      expect(result.changeSummary).toEqual({ create: 2 });
      const warning =
        `warning: [runtime] HttpsEdgeRouteSaml "sso" (stack ${PROJECT}/${stack.name}): ` +
        "idpMetadata's signing certificate (";
      expect(result.stdout).toContain(warning);
      expect(result.stdout).toMatch(
        /idpMetadata's signing certificate \(.*CN=Google.*\) expired on 2021-01-03 \(\d+ days ago\)\. If your identity provider signs with this key/,
      );
      // The engine records it as a diagnostic of the preview (the provider's standard error).
      expect(
        result.diagnostics.some(
          (d) => d.severity.startsWith("info") && d.message.includes(warning),
        ),
      ).toBe(true);
    });
    expect(requests).toEqual([]);
  });

  test("a failure about a 200 KB document names no property: the output does not hold it", async () => {
    await stack.setConfig({ [`${PROJECT}:idpMetadataPath`]: { value: largePath } });
    const result = await stack.preview();
    expect(result.ok).toBe(false);
    expect(result.stdout).toContain(
      "resource 'sso' has a problem: idpMetadata has no signing certificate",
    );
    expect(result.stdout).not.toContain(PADDING);
    expect(result.stdout.length).toBeLessThan(10_000);
  });

  test("a failure about a URL given instead of the document names the property and its value", async () => {
    const urlPath = path.join(work, "url.txt");
    fs.writeFileSync(urlPath, "https://idp.example.com/app/sso/saml/metadata");
    await stack.setConfig({ [`${PROJECT}:idpMetadataPath`]: { value: urlPath } });
    const result = await stack.preview();
    expect(result.ok).toBe(false);
    expect(result.stdout).toContain(
      "resource 'sso': property idpMetadata value {https://idp.example.com/app/sso/saml/metadata} " +
        "has a problem: idpMetadata is not well-formed XML at line 1, column 1: there is no " +
        "element in it, only text; it looks like a URL: pass the content of the metadata " +
        "document, not its address",
    );
  });

  test("the measurement: a failure naming idpMetadata makes the CLI print the whole 200 KB document", async () => {
    const contrast = await openStack(
      "tests/programs/checkFailureProperty",
      "automation-check-failure-property",
      emulator,
      { idpMetadataPath: largePath },
    );
    try {
      const result = await contrast.preview();
      expect(result.ok).toBe(false);
      const size = fs.statSync(largePath).size;
      expect(size).toBeGreaterThan(200_000);
      expect(result.stdout).toContain("resource 'document': property idpMetadata value {<?xml");
      // Every line of it, under "Diagnostics" (the progress display shows the first line; a
      // one-line document is printed there whole as well, so twice).
      expect(result.stdout.split(PADDING).length - 1).toBe(4000);
      expect(result.stdout.length).toBeGreaterThan(size);
      expect(result.error?.length).toBeGreaterThan(size);
      process.stdout.write(
        `measured: a ${size}-byte document named as the failing property made pulumi preview ` +
          `print ${result.stdout.length} bytes (the Automation API error: ${result.error?.length} bytes)\n`,
      );
    } finally {
      await contrast.remove();
    }
  });
});
