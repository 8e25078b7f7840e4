/**
 * The test fixtures kept in the repository (`tests/fixtures/`), the one place that knows where they
 * are. No test reads outside the repository.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** IdP metadata documents from public repositories; `SOURCES.md` says where each came from. */
export const IDP_METADATA_DIR = path.resolve(__dirname, "../fixtures/idp-metadata");

/** The path of one IdP metadata fixture, e.g. `idpMetadataPath("okta.xml")`. */
export function idpMetadataPath(name: string): string {
  return path.join(IDP_METADATA_DIR, name);
}

/** The text of one IdP metadata fixture, e.g. `readIdpMetadata("okta.xml")`. */
export function readIdpMetadata(name: string): string {
  return fs.readFileSync(idpMetadataPath(name), "utf8");
}

/**
 * The package as released in 0.2.0, `npm pack` of commit 99573d7 (`tests/fixtures/released/README.md` says how it
 * was made, with its sha256): the starting point of the upgrade test.
 */
export const RELEASED_0_2_0_TARBALL = path.resolve(
  __dirname,
  "../fixtures/released/pulumi-ngrok-dynamic-0.2.0.tgz",
);
