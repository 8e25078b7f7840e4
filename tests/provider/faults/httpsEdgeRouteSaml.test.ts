/**
 * Every lifecycle step of HttpsEdgeRouteSaml under every kind of fault the emulator injects (a 429
 * with Retry-After, a 503, a 500, a connection dropped before or after the handler ran, an
 * answer slower than the request timeout). The provider methods are called as the
 * dynamic-provider host calls them, with what the engine would record kept in a small model of
 * the state. After each step: it completed, or it failed with a message that names the request
 * and the cause; and the emulator holds exactly the objects that state says exist, with the
 * values state says they have (no duplicate, no orphan, nothing lost).
 */
import { httpsEdgeRouteSamlProvider as saml } from "../../../provider";
import type { HttpsEdgeRouteSamlOutputs } from "../../../provider/httpsEdgeRouteSaml/definition";
import { createEdgeWithRoutes } from "../../support/emulatorApi";
import {
  casesOf,
  emulator,
  expectOutcome,
  FAULTS,
  OKTA,
  PROVIDER_TEXT,
  useFaultyEmulator,
} from "./faultCases";

useFaultyEmulator();

describe("HttpsEdgeRouteSaml under faults", () => {
  const RESOURCE = "HttpsEdgeRouteSaml";

  /** What the engine would hold: id → outputs. */
  type State = Map<string, HttpsEdgeRouteSamlOutputs>;

  /** Module id → cookie prefix (the field the update changes), in the API and in state. */
  function live(): Map<string, string> {
    return new Map(
      emulator()
        .snapshot()
        .samlModules.map((m) => [`${m.edgeId}/${m.routeId}`, m.cookie_prefix]),
    );
  }
  function recorded(state: State): Map<string, string> {
    return new Map([...state].map(([id, outs]) => [id, outs.cookiePrefix]));
  }

  async function checkedFor(edgeId: string, routeId: string, cookiePrefix = "v1-") {
    const result = await saml.check(
      {},
      { __provider: PROVIDER_TEXT, edgeId, routeId, idpMetadata: OKTA, cookiePrefix },
    );
    expect(result.failures ?? []).toEqual([]);
    return { ...result.inputs, __provider: PROVIDER_TEXT } as Record<string, unknown>;
  }

  const STEPS: Record<
    string,
    {
      method: string;
      run: (state: State, edgeId: string, routeId: string) => Promise<void>;
    }
  > = {
    create: {
      method: "PUT",
      run: async (state, edgeId, routeId) => {
        const { id, outs } = await saml.create((await checkedFor(edgeId, routeId)) as never);
        state.set(id, outs as HttpsEdgeRouteSamlOutputs);
      },
    },
    read: {
      method: "GET",
      run: async (state) => {
        const [[id, olds]] = [...state];
        const read = await saml.read(id, olds);
        if (read.id === "") state.delete(id);
        else state.set(id, read.props as HttpsEdgeRouteSamlOutputs);
      },
    },
    update: {
      method: "PUT",
      run: async (state, edgeId, routeId) => {
        const [[id, olds]] = [...state];
        const news = await checkedFor(edgeId, routeId, "v2-");
        const { outs } = await saml.update(id, olds, news as never);
        state.set(id, outs as HttpsEdgeRouteSamlOutputs);
      },
    },
    delete: {
      method: "DELETE",
      run: async (state) => {
        const [[id, olds]] = [...state];
        await saml.delete(id, olds as never);
        state.delete(id);
      },
    },
  };

  test.each(casesOf(STEPS))("%s under %s", async (step, fault) => {
    const { edgeId, routeIds } = await createEdgeWithRoutes(emulator(), 1);
    const [routeId] = routeIds;
    const state: State = new Map();
    if (step !== "create") {
      const { id, outs } = await saml.create((await checkedFor(edgeId, routeId)) as never);
      state.set(id, outs as HttpsEdgeRouteSamlOutputs);
    }
    const { method, run } = STEPS[step];
    emulator().faults.add({ method, path: `/edges/https/*/routes/*/saml`, ...FAULTS[fault] });

    await expectOutcome(`${RESOURCE} ${step} / ${fault}`, fault, () => run(state, edgeId, routeId));
    // No duplicate, no orphan, nothing lost: the API holds exactly what state holds.
    expect(live()).toEqual(recorded(state));
  });
});
