/**
 * The SAML lifecycle under each way ngrok may store `idp_metadata` (issue #33 §3): create, no-op
 * (refresh and diff), update, rename, replace, adopt and destroy, against an emulator whose
 * `idpMetadataStore` is `"verbatim"` (what ngrok's reference shows), `"stripComments"` or
 * `"canonical"` (`emulator/model/idpMetadataStore.ts`). Written once, run through any
 * {@link SamlSteps}: the classes' provider objects (`./metadataStore.test.ts`) and the plugin
 * over gRPC (`tests/plugin/samlMetadataStore.test.ts`).
 *
 * What must hold under every store: no change that never settles (the program's document stays
 * what state records, and diff sees none); a rename or a replacement never leaves the route
 * without its module and never takes over a module it cannot prove is its stack's (under a store
 * that drops the claim, the create is refused with a message naming the store's behaviour, and
 * the old resource keeps the module); nothing happens silently (a write whose claim was dropped,
 * and an adoption of an unclaimed module, log a warning).
 */
import { IDP_METADATA_STORES } from "../../../emulator/model/idpMetadataStore";
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import { claimOf } from "../../../provider/httpsEdgeRouteSaml/claim";
import { callApi, createEdgeWithRoutes } from "../../support/emulatorApi";
import { readIdpMetadata } from "../../support/fixtures";

export type Properties = Record<string, unknown>;

/** The stack the resources belong to: `claimedBy` is `<PROJECT>/<STACK>/<resource name>`. */
export const PROJECT = "stores";
export const STACK = "dev";

/** The engine's calls, one implementation per path; each names the resource by its name. */
export interface SamlSteps {
  readonly name: "classes" | "plugin";
  configure(emulator: RunningEmulator): Promise<void>;
  /** Check's inputs for the program's `news` of resource `resource`; fails on a failure. */
  check(resource: string, news: Properties): Promise<Properties>;
  /** Whether diff sees a change, and what it replaces. */
  diff(
    resource: string,
    id: string,
    olds: Properties,
    news: Properties,
  ): Promise<{ changes: boolean; replaces: string[] }>;
  create(resource: string, inputs: Properties): Promise<{ id: string; outs: Properties }>;
  read(
    resource: string,
    id: string,
    outs: Properties,
    inputs: Properties,
  ): Promise<{ id: string; outs: Properties; inputs: Properties | undefined }>;
  update(
    resource: string,
    id: string,
    olds: Properties,
    news: Properties,
    oldInputs: Properties,
  ): Promise<Properties>;
  delete(resource: string, id: string, outs: Properties, oldInputs: Properties): Promise<void>;
  /**
   * The warnings logged since the last call of this method, once at least `expected` have come
   * (the plugin's reach its standard error a moment after the call that logged them).
   */
  warnings(expected?: number): Promise<string[]>;
}

/**
 * The program's document: an IdP's metadata with its own comment, indentation and CRLF line
 * ends, all of which a store may drop.
 */
export const PROGRAM_METADATA =
  `${readIdpMetadata("keycloak.xml").trimEnd()}\n<!-- the shop's IdP -->\n`
    .split("\n")
    .join("\r\n");
const OTHER_METADATA = readIdpMetadata("okta.xml");

const CLAIM_LOST = /ngrok stored the IdP metadata of route \S+ of HTTPS edge \S+ without the claim/;
const UNCLAIMED_MATCHING = /carries no Pulumi claim, although its IdP metadata is this resource's/;
const UNCLAIMED_ADOPTION = /adopts the SAML module of route \S+ .*which carries no Pulumi claim/;

/** Registers the lifecycle's tests through `steps`, once per store. */
export function describeStoreLifecycle(steps: SamlSteps): void {
  describe.each(IDP_METADATA_STORES)(`${steps.name}, idpMetadataStore %s`, (store) => {
    const claimKept = store === "verbatim";
    let emulator: RunningEmulator;

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, idpMetadataStore: store });
      await steps.configure(emulator);
    });
    afterAll(() => emulator?.close());
    beforeEach(() => steps.warnings());
    /** The warnings matching `pattern` since the last look, `expected` of them awaited. */
    const warned = async (pattern: RegExp, expected: number) =>
      (await steps.warnings(expected)).filter((line) => pattern.test(line));

    /** What `call` gave (or threw), with its requests as `METHOD <saml|other> status`. */
    async function tracked<T>(call: () => Promise<T>) {
      const before = emulator.requests.length;
      const outcome = await call().then(
        (value) => ({ value, error: undefined }),
        (error: unknown) => ({ value: undefined, error }),
      );
      await new Promise((resolve) => setImmediate(resolve));
      const requests = emulator.requests
        .slice(before)
        .map((r) => `${r.method} ${r.path.endsWith("/saml") ? "saml" : r.path} ${r.status}`);
      return { ...outcome, requests };
    }

    const moduleOn = (routeId: string) =>
      emulator.snapshot().samlModules.find((m) => m.routeId === routeId);

    /** A resource created on a fresh route, as `pulumi up` creates it. */
    async function created(resource = "sso", extra: Properties = {}) {
      const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
      const routeId = routeIds[0];
      const program = { edgeId, routeId, idpMetadata: PROGRAM_METADATA, ...extra };
      const inputs = await steps.check(resource, program);
      const { id, outs } = await steps.create(resource, inputs);
      return { edgeId, routeId, program, inputs, id, outs };
    }

    test("create and no-op: the program's document stays in state; refresh and diff see no change", async () => {
      const { routeId, program, inputs, id, outs } = await created();
      const expected = claimKept ? 0 : 1;
      expect(await warned(CLAIM_LOST, expected)).toHaveLength(expected);
      expect(outs.idpMetadata).toBe(PROGRAM_METADATA);
      expect(claimOf(moduleOn(routeId)?.idp_metadata) !== undefined).toBe(claimKept);

      // Two refreshes, then a preview: nothing moves.
      const first = await tracked(() => steps.read("sso", id, outs, inputs));
      expect(first.requests).toEqual(["GET saml 200"]);
      expect(first.value?.outs).toEqual(outs);
      expect(first.value?.inputs?.idpMetadata).toBe(PROGRAM_METADATA);
      const second = await steps.read("sso", id, first.value!.outs, first.value!.inputs!);
      expect(second.outs).toEqual(outs);
      const news = await steps.check("sso", program);
      expect(await steps.diff("sso", id, second.outs, news)).toEqual({
        changes: false,
        replaces: [],
      });
      // A document that differs only by its comments, line ends and surrounding whitespace is the same.
      const reformatted = await steps.check("sso", {
        ...program,
        idpMetadata: PROGRAM_METADATA.replace(/<!--[^]*?-->/g, "<!-- renamed -->")
          .replace(/\r\n/g, "\n")
          .trim(),
      });
      expect((await steps.diff("sso", id, second.outs, reformatted)).changes).toBe(false);
    });

    test("update: one PUT; then no change", async () => {
      const { routeId, program, inputs, id, outs } = await created();
      await steps.warnings(claimKept ? 0 : 1);
      const news = await steps.check("sso", { ...program, forceAuthn: true });
      expect(await steps.diff("sso", id, outs, news)).toEqual({ changes: true, replaces: [] });
      const updated = await tracked(() => steps.update("sso", id, outs, news, inputs));
      expect(updated.requests).toEqual(["PUT saml 200"]);
      expect(moduleOn(routeId)?.force_authn).toBe(true);
      expect(await warned(CLAIM_LOST, claimKept ? 0 : 1)).toHaveLength(claimKept ? 0 : 1);
      expect(updated.value!.idpMetadata).toBe(PROGRAM_METADATA);
      expect((await steps.diff("sso", id, updated.value!, news)).changes).toBe(false);
    });

    test.each([
      ["a rename without aliases", "sso-renamed"],
      ["a forced replacement", "sso"],
    ])(
      "%s on the same route: the module is taken over only when its claim was kept, and the route is never left open",
      async (_label, newName) => {
        const old = await created();
        const inputs = await steps.check(newName, old.program);
        const create = await tracked(() => steps.create(newName, inputs));
        if (claimKept) {
          expect(create.error).toBeUndefined();
          expect(create.requests).toEqual(["GET saml 200", "PUT saml 200"]);
          // The old resource's delete leaves the module to the new one.
          const deleted = await tracked(() => steps.delete("sso", old.id, old.outs, old.inputs));
          expect(deleted.requests).toEqual(["GET saml 200"]);
          expect(claimOf(moduleOn(old.routeId)?.idp_metadata)?.token).toBe(
            create.value!.outs.claimToken,
          );
        } else {
          // Refused, with what happened and what to do; the old resource keeps the module.
          expect(String(create.error)).toMatch(UNCLAIMED_MATCHING);
          expect(String(create.error)).toMatch(/ngrok did not keep.*aliases.*deleteBeforeReplace/);
          expect(create.requests).toEqual(["GET saml 200"]);
          const read = await steps.read("sso", old.id, old.outs, old.inputs);
          expect(read.id).toBe(old.id);
          // deleteBeforeReplace: the delete, then the create on a route without a module.
          await steps.delete("sso", old.id, old.outs, old.inputs);
          expect(moduleOn(old.routeId)).toBeUndefined();
          const again = await tracked(() => steps.create(newName, inputs));
          expect(again.requests).toEqual([
            expect.stringMatching(/^GET saml (404|200)$/),
            "PUT saml 200",
          ]);
        }
        expect(moduleOn(old.routeId)).toBeDefined();
      },
    );

    test("adopt: a module configured by hand is refused, then adopted with adoptExisting and a warning", async () => {
      const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
      const path = `/edges/https/${edgeId}/routes/${routeIds[0]}/saml`;
      expect((await callApi(emulator, "PUT", path, { idp_metadata: OTHER_METADATA })).status).toBe(
        200,
      );
      const program = { edgeId, routeId: routeIds[0], idpMetadata: PROGRAM_METADATA };
      const refused = await tracked(async () =>
        steps.create("sso", await steps.check("sso", program)),
      );
      expect(String(refused.error)).toMatch(/that this stack did not write \(it carries no Pulumi/);
      expect(refused.requests).toEqual(["GET saml 200"]);

      const inputs = await steps.check("sso", { ...program, adoptExisting: true });
      await steps.warnings();
      const adopted = await tracked(() => steps.create("sso", inputs));
      expect(adopted.requests).toEqual(["GET saml 200", "PUT saml 200"]);
      expect(await warned(UNCLAIMED_ADOPTION, 1)).toHaveLength(1);
      expect(adopted.value!.outs.idpMetadata).toBe(PROGRAM_METADATA);
      expect(claimOf(moduleOn(routeIds[0])?.idp_metadata) !== undefined).toBe(claimKept);
    });

    test("destroy: GET, DELETE; the module is gone", async () => {
      const { routeId, inputs, id, outs } = await created();
      const deleted = await tracked(() => steps.delete("sso", id, outs, inputs));
      expect(deleted.requests).toEqual(["GET saml 200", "DELETE saml 204"]);
      expect(moduleOn(routeId)).toBeUndefined();
    });
  });
}
