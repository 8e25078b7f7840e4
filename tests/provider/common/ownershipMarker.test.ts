/**
 * The ownership marker (provider/common/ownershipMarker.ts), pure: how `check` folds the owner the
 * resource classes pass (`ownedBy`) into `metadata` without rewriting what the user wrote, and
 * the check errors that name the property and the rule (not a JSON object, a conflicting member,
 * over ngrok's 4096 bytes).
 */
import {
  sshCertificateAuthorityProvider as caProvider,
  sshHostCertificateProvider as hostProvider,
} from "../../../provider";
import { useConfigNamespace } from "../../../provider/client/settings";
import { asPluginCall } from "../../../provider/common/hints";
import {
  MARKER_KEY,
  markMetadata,
  ownerOf,
  urnOfOwner,
} from "../../../provider/common/ownershipMarker";
import { UNKNOWN } from "../../../provider/common/unknown";
import * as keys from "../../support/sshKeys";

const OWNER =
  "organization/urn:pulumi:prod::infra::pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority::user-ca";
const MEMBER = `"${MARKER_KEY}":${JSON.stringify(OWNER)}`;

describe("markMetadata", () => {
  test("no metadata, or empty: the metadata is the marker alone", () => {
    expect(markMetadata(undefined, OWNER, 4096)).toEqual({ ok: true, metadata: `{${MEMBER}}` });
    expect(markMetadata("", OWNER, 4096)).toEqual({ ok: true, metadata: `{${MEMBER}}` });
  });

  test("a JSON object: the member is inserted after the user's last one, every byte kept", () => {
    const declared = '{ "team" : "infra",\n  "note":"caf\\u00e9" \n}';
    const marked = markMetadata(declared, OWNER, 4096);
    expect(marked).toEqual({
      ok: true,
      metadata: `{ "team" : "infra",\n  "note":"caf\\u00e9",${MEMBER} \n}`,
    });
    expect(JSON.parse(marked.ok ? marked.metadata : "")).toEqual({
      team: "infra",
      note: "café",
      [MARKER_KEY]: OWNER,
    });
    expect(markMetadata("{ }", OWNER, 4096)).toEqual({ ok: true, metadata: `{${MEMBER} }` });
  });

  test("metadata that already carries this owner's marker is kept as it is", () => {
    const declared = `{"a":1,${MEMBER}}`;
    expect(markMetadata(declared, OWNER, 4096)).toEqual({ ok: true, metadata: declared });
  });

  test("text that is not a JSON object is refused: it would have to be rewritten", () => {
    for (const declared of ["team=infra", "[1,2]", '"text"', "42"]) {
      const marked = markMetadata(declared, OWNER, 4096);
      expect(marked.ok).toBe(false);
      expect(marked.ok ? "" : marked.reason).toMatch(
        /^metadata must be a JSON object \(or left out\) while ngrok:ownershipMarker is on/,
      );
    }
  });

  test("the hint for writing JSON: JavaScript for the Node.js classes, YAML's fn::toJSON through the plugin", () => {
    const reason = () => {
      const marked = markMetadata("team=infra", OWNER, 4096);
      return marked.ok ? "" : marked.reason;
    };
    expect(reason()).toContain(
      "Write metadata as JSON (e.g. JSON.stringify({ … })), or turn ngrok:ownershipMarker off",
    );
    const neutral = asPluginCall(reason);
    expect(neutral).toContain(
      "Write metadata as a JSON object's text (in YAML: metadata: { fn::toJSON: { … } }), or " +
        "turn ngrok:ownershipMarker off",
    );
    expect(neutral).not.toMatch(/JSON\.stringify/);
  });

  test("a member of the marker's name that names another owner is refused", () => {
    const marked = markMetadata(`{"${MARKER_KEY}":"organization/urn:pulumi:x"}`, OWNER, 4096);
    expect(marked).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^metadata has the member "pulumi-ngrok-dynamic:owner" with the owner "organization\/urn:pulumi:x", which conflicts with the ownership marker .*: remove that member from metadata$/,
      ),
    });
  });

  test("a result over the limit is refused, saying what the marker takes and what is left", () => {
    const markerBytes = Buffer.byteLength(`,${MEMBER}`);
    const fits = `{"p":"${"x".repeat(4096 - markerBytes - 8)}"}`;
    expect(Buffer.byteLength(fits) + markerBytes).toBe(4096);
    expect(markMetadata(fits, OWNER, 4096).ok).toBe(true);
    const over = `{"p":"${"x".repeat(4096 - markerBytes - 7)}"}`;
    expect(markMetadata(over, OWNER, 4096)).toEqual({
      ok: false,
      reason:
        `metadata with the ownership marker (ngrok:ownershipMarker) would be 4097 bytes of ` +
        `UTF-8, over ngrok's 4096: the marker takes ${markerBytes} bytes for this resource's ` +
        `URN, which leaves ${4096 - markerBytes} bytes for the metadata you write`,
    });
  });

  test("ownerOf and urnOfOwner read the marker back", () => {
    expect(ownerOf(`{"a":1,${MEMBER}}`)).toBe(OWNER);
    expect(ownerOf("not json")).toBeUndefined();
    expect(ownerOf(undefined)).toBeUndefined();
    expect(urnOfOwner(OWNER)).toBe(
      "urn:pulumi:prod::infra::pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority::user-ca",
    );
  });
});

describe("check with the owner (ownedBy)", () => {
  const news = { privateKeyType: "ed25519", description: "d", __provider: "p" };

  test("without ownedBy the check is unchanged and metadata stays unset", async () => {
    const { inputs, failures } = await caProvider.check({}, news);
    expect(failures ?? []).toEqual([]);
    expect(inputs?.metadata).toBeUndefined();
  });

  test("ownedBy is folded into metadata and never kept as an input of its own", async () => {
    const { inputs, failures } = await caProvider.check(
      {},
      { ...news, metadata: '{"team":"infra"}', ownedBy: OWNER },
    );
    expect(failures ?? []).toEqual([]);
    expect(inputs?.metadata).toBe(`{"team":"infra",${MEMBER}}`);
    expect(inputs).not.toHaveProperty("ownedBy");
    expect(inputs?.description).toBe("d");
  });

  test("metadata that cannot carry the marker is a check failure on metadata", async () => {
    const { failures } = await caProvider.check({}, { ...news, metadata: "plain", ownedBy: OWNER });
    expect(failures).toEqual([
      {
        property: "metadata",
        reason: expect.stringMatching(/^metadata must be a JSON object/),
      },
    ]);
    const tooLong = await caProvider.check(
      {},
      { ...news, metadata: `{"p":"${"x".repeat(4000)}"}`, ownedBy: OWNER },
    );
    expect(tooLong.failures).toEqual([
      { property: "metadata", reason: expect.stringMatching(/over ngrok's 4096/) },
    ]);
  });

  test("an owner or a metadata not known yet (preview) makes metadata unknown", async () => {
    const unknownOwner = await caProvider.check({}, { ...news, ownedBy: UNKNOWN });
    expect(unknownOwner.inputs?.metadata).toBe(UNKNOWN);
    const unknownMetadata = await caProvider.check(
      {},
      { ...news, metadata: UNKNOWN, ownedBy: OWNER },
    );
    expect(unknownMetadata.inputs?.metadata).toBe(UNKNOWN);
  });

  test("an ownedBy that is not <organization>/<URN> is refused on ownedBy", async () => {
    const { failures } = await caProvider.check({}, { ...news, ownedBy: "someone" });
    expect(failures).toEqual([
      { property: "ownedBy", reason: expect.stringContaining('got "someone"') },
    ]);
  });

  test("the certificates fold it the same way", async () => {
    const { inputs, failures } = await hostProvider.check(
      {},
      {
        sshCertificateAuthorityId: "sshca_1",
        publicKey: keys.ED25519,
        principals: ["web1"],
        ownedBy: OWNER,
        __provider: "p",
      },
    );
    expect(failures ?? []).toEqual([]);
    expect(inputs?.metadata).toBe(`{${MEMBER}}`);
  });
});

test("messages name the setting under the plugin's namespace once the plugin has set it", () => {
  useConfigNamespace("ngrok-dynamic");
  try {
    const marked = markMetadata("team=infra", OWNER, 4096);
    expect(marked.ok ? "" : marked.reason).toMatch(
      /^metadata must be a JSON object \(or left out\) while ngrok-dynamic:ownershipMarker is on: .*, or turn ngrok-dynamic:ownershipMarker off for this stack$/,
    );
  } finally {
    useConfigNamespace("ngrok");
  }
});
