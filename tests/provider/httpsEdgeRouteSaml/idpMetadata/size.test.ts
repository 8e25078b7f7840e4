/**
 * The size limit of `idpMetadata` is the API's: a document that passes `check` (what
 * `pulumi preview` runs) is never refused by the API for its size. The API limits `idp_metadata`
 * to 262144 bytes of UTF-8 (the emulator's default, ERR_NGROK_7080), and what the provider sends
 * is the document with the resource's claim comment appended, whose length depends on the stack
 * and resource names: the largest document `check` accepts, for short and for long names, is
 * written by `create` with exactly 262144 bytes, and one byte more is refused at `check`.
 */
import { startEmulator, type RunningEmulator } from "../../../../emulator/index";
import { httpsEdgeRouteSamlProvider as provider, resetStackConfig } from "../../../../provider";
import { claimBytes } from "../../../../provider/httpsEdgeRouteSaml/claim";
import {
  IDP_METADATA_MAX_BYTES,
  parseIdpMetadata,
} from "../../../../provider/httpsEdgeRouteSaml/idpMetadata";
import type { HttpsEdgeRouteSamlInputs } from "../../../../provider/httpsEdgeRouteSaml/definition";
import { configureProvider } from "../../../support/configureProvider";
import { createEdgeWithRoutes } from "../../../support/emulatorApi";
import { readIdpMetadata } from "../../../support/fixtures";

const OKTA = readIdpMetadata("okta.xml");

/** The Okta fixture padded with a comment to exactly `bytes` bytes of UTF-8. */
function oktaOfSize(bytes: number): string {
  const head = OKTA.indexOf("<md:IDPSSODescriptor");
  const filler = bytes - Buffer.byteLength(OKTA) - "<!---->".length;
  return `${OKTA.slice(0, head)}<!--${"x".repeat(filler)}-->${OKTA.slice(head)}`;
}

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  await configureProvider(emulator);
});
afterAll(async () => {
  resetStackConfig();
  await emulator.close();
});

test("the limit is the emulator's default, ngrok's 256 KiB", () => {
  expect(IDP_METADATA_MAX_BYTES).toBe(262144);
});

test.each([
  ["short names", "shop/prod/sso"],
  ["long names, multibyte and escaped", `shop/prod/${"ü sso-- ".repeat(40)}`],
  ["no claimedBy (a resource of version 0.1)", undefined],
])(
  "with %s: the largest document check accepts is written with 262144 bytes; one byte more fails check",
  async (_label, claimedBy) => {
    const room = IDP_METADATA_MAX_BYTES - claimBytes(claimedBy ?? "");
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
    const base = { __provider: "p", edgeId, routeId: routeIds[0], claimedBy };

    const largest = oktaOfSize(room);
    const accepted = await provider.check({}, { ...base, idpMetadata: largest });
    expect(accepted.failures ?? []).toEqual([]);
    await provider.create(accepted.inputs as HttpsEdgeRouteSamlInputs);
    const [module] = emulator.snapshot().samlModules.filter((m) => m.routeId === routeIds[0]);
    expect(Buffer.byteLength(module.idp_metadata)).toBe(IDP_METADATA_MAX_BYTES);

    const over = await provider.check({}, { ...base, idpMetadata: oktaOfSize(room + 1) });
    expect(over.failures).toEqual([
      {
        property: "",
        reason:
          `idpMetadata is ${room + 1} bytes of UTF-8, 262145 with the resource's claim comment ` +
          `(${IDP_METADATA_MAX_BYTES - room} bytes) that is appended to it when the module is ` +
          "written; ngrok accepts at most 262144 bytes (ERR_NGROK_7080), so the document may " +
          `have at most ${room}: pass the EntityDescriptor of your IdP only (the metadata of one ` +
          "identity provider is a few KB to about 100 KB)",
      },
    ]);
  },
);

test("parseIdpMetadata alone judges the document without a claim, at ngrok's limit", () => {
  expect(parseIdpMetadata(oktaOfSize(IDP_METADATA_MAX_BYTES)).ok).toBe(true);
  expect(parseIdpMetadata(oktaOfSize(IDP_METADATA_MAX_BYTES + 1))).toEqual({
    ok: false,
    reason:
      "is 262145 bytes of UTF-8; ngrok accepts at most 262144 bytes (ERR_NGROK_7080): pass the " +
      "EntityDescriptor of your IdP only (the metadata of one identity provider is a few KB to " +
      "about 100 KB)",
  });
});

test("the API refuses what is over its limit: the check is not looser than the emulator", async () => {
  const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
  const put = await fetch(`${emulator.url}/edges/https/${edgeId}/routes/${routeIds[0]}/saml`, {
    method: "PUT",
    headers: {
      Authorization: `Bearer ${emulator.apiKey}`,
      "Ngrok-Version": "2",
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ idp_metadata: oktaOfSize(IDP_METADATA_MAX_BYTES + 1) }),
  });
  expect(put.status).toBe(400);
  expect(((await put.json()) as { error_code: string }).error_code).toBe("ERR_NGROK_7080");
});
