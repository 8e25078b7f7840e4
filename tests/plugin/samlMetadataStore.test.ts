/**
 * The SAML lifecycle under each way ngrok may store `idp_metadata` (issue #33 §3), through the
 * provider plugin over gRPC (tools/devtools/providerHost.ts driving `dist/plugin/index.js`, one plugin
 * process for the suite, configured again for each store's emulator): the scenarios of
 * `tests/provider/httpsEdgeRouteSaml/storeLifecycle.ts`, which the classes' provider objects run
 * in `tests/provider/httpsEdgeRouteSaml/metadataStore.test.ts`. The plugin names each resource
 * by its URN, from which it sets `claimedBy`; its warnings, which its engine (an unreachable
 * address here) cannot take, go to its standard error.
 */
import * as path from "node:path";
import { PLUGIN_EXECUTABLE, pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import {
  makeUrn,
  type ProviderHost,
  startProviderHost,
} from "../../dist/tools/devtools/providerHost";
import {
  describeStoreLifecycle,
  PROJECT,
  STACK,
} from "../provider/httpsEdgeRouteSaml/storeLifecycle";
import { REPO } from "../support/repo";

let plugin: ProviderHost;
let warningsSeen = 0;

beforeAll(async () => {
  plugin = await startProviderHost({
    cwd: REPO,
    project: PROJECT,
    executable: path.join(pluginBinDir(), PLUGIN_EXECUTABLE),
  });
});
afterAll(() => plugin?.close());

const urn = (resource: string) =>
  makeUrn(STACK, PROJECT, "ngrok-dynamic:index:HttpsEdgeRouteSaml", resource);

describeStoreLifecycle({
  name: "plugin",
  configure: (emulator) => plugin.configure({ apiKey: emulator.apiKey, apiBaseUrl: emulator.url }),
  async check(resource, news) {
    const { inputs, failures } = await plugin.check(urn(resource), {}, news);
    expect(failures).toEqual([]);
    return inputs;
  },
  async diff(resource, id, olds, news) {
    const { changes, replaces } = await plugin.diff(urn(resource), id, olds, news, olds);
    return { changes: changes === "some", replaces };
  },
  async create(resource, inputs) {
    const { id, properties } = await plugin.create(urn(resource), inputs);
    return { id, outs: properties };
  },
  async read(resource, id, outs, inputs) {
    const read = await plugin.read(urn(resource), id, outs, inputs);
    return { id: read.id, outs: read.properties, inputs: read.inputs };
  },
  async update(resource, id, olds, news, oldInputs) {
    return (await plugin.update(urn(resource), id, olds, news, oldInputs)).properties;
  },
  delete: (resource, id, outs, oldInputs) => plugin.delete(urn(resource), id, outs, oldInputs),
  async warnings(expected = 0) {
    const lines = () => plugin.stderr.split("\n").filter((line) => line.startsWith("warning: "));
    // Until `expected` have come (at most 5 s), then 300 ms more for any other.
    for (let waited = 0; lines().length - warningsSeen < expected && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = lines();
    const fresh = all.slice(warningsSeen).map((line) => line.slice("warning: ".length));
    warningsSeen = all.length;
    return fresh;
  },
});
