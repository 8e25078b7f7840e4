/**
 * The SAML lifecycle under each way ngrok may store `idp_metadata` (`./storeLifecycle`), through
 * the classes' provider objects, called as the dynamic-provider host calls them; warnings are
 * caught by a log sink. The same scenarios run through the plugin in
 * `tests/plugin/samlMetadataStore.test.ts`.
 */
import { httpsEdgeRouteSamlProvider as provider, resetStackConfig } from "../../../provider";
import { setLogSink } from "../../../provider/client/log";
import type {
  HttpsEdgeRouteSamlInputs,
  HttpsEdgeRouteSamlOutputs,
} from "../../../provider/httpsEdgeRouteSaml/definition";
import { configureProvider } from "../../support/configureProvider";
import { describeStoreLifecycle, PROJECT, STACK, type Properties } from "./storeLifecycle";

/** What Pulumi puts into every dynamic resource's inputs. */
const PROVIDER_TEXT = "serialized provider text";

let logged: string[] = [];
beforeAll(() =>
  setLogSink({ log: (severity, line) => severity === "warning" && logged.push(line) }),
);
afterAll(() => {
  setLogSink(undefined);
  resetStackConfig();
});

const outputs = (props: Properties) => props as HttpsEdgeRouteSamlOutputs;
const inputsOf = (props: Properties) => props as HttpsEdgeRouteSamlInputs;

describeStoreLifecycle({
  name: "classes",
  configure: (emulator) => configureProvider(emulator),
  async check(resource, news) {
    const claimedBy = `${PROJECT}/${STACK}/${resource}`;
    const checked = await provider.check({}, { __provider: PROVIDER_TEXT, claimedBy, ...news });
    expect(checked.failures ?? []).toEqual([]);
    return { ...checked.inputs, __provider: PROVIDER_TEXT };
  },
  async diff(_resource, id, olds, news) {
    const result = await provider.diff(id, outputs(olds), news);
    return { changes: result.changes === true, replaces: result.replaces ?? [] };
  },
  async create(_resource, inputs) {
    const { id, outs } = await provider.create(inputsOf(inputs));
    return { id, outs: { ...outs } };
  },
  async read(_resource, id, outs) {
    const result = await provider.read(id, outputs(outs));
    return { id: result.id ?? "", outs: { ...result.props }, inputs: result.inputs };
  },
  async update(_resource, id, olds, news) {
    const { outs } = await provider.update(id, outputs(olds), inputsOf(news));
    return { ...outs };
  },
  delete: (_resource, id, outs) => provider.delete(id, outputs(outs)),
  async warnings() {
    const lines = logged;
    logged = [];
    return lines;
  },
});
