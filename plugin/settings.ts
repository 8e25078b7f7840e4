/**
 * The provider plugin's settings (`ngrok-dynamic:<setting>`), as the engine hands them over: the
 * values of `Configure`, the refusals of `CheckConfig` and the changes `DiffConfig` reports.
 *
 * What the engine does with a change (Pulumi 3.276.0, measured through the CLI): for the default
 * provider, the one the stack config configures, `DiffConfig`'s answer makes an update step that
 * the engine hides (`pkg/engine/update.go` `isInternalStep` → `isDefaultProviderStep`: no line,
 * no count in the summary, no event in `--json`), so `pulumi preview` says `unchanged`; the
 * update still configures the provider with the new settings, and `pulumi up` saves them in the
 * state, which is where `pulumi destroy` takes them from. For an explicit provider resource
 * (`pulumi:providers:ngrok-dynamic`), the same answer is shown as `~ update` with the changed
 * settings, from the detailed diff (without it the display diffs the inputs itself, where two
 * secrets compare equal as `[secret]`, so a changed API key would not be named).
 *
 * @module
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { isUnknown, settingsProblems, CONFIG_KEYS } from "../provider";
import { readStackConfig } from "../provider/client/configuration";
import { unknownSettings } from "../provider/client/settings";
import { parseAdoptExistingIds, parseOwnershipMarker } from "../provider/common/programSettings";
import { fromStruct, toStruct } from "./properties";
import { configSecrets } from "./secrets";
import type { ProgramSettings } from "./resources";

/** A refused setting: its name (`apiKey`…) and why. */
export interface SettingProblem {
  readonly name: string;
  readonly reason: string;
}

/** The configuration's values by setting name (`apiKey`…), plain, from a `ConfigureRequest`. */
export function settingsOf(request: {
  getArgs(): Struct | undefined;
  getVariablesMap(): { toObject(): [string, string][] };
}): Record<string, unknown> {
  const args = fromStruct(request.getArgs()).values;
  if (Object.keys(args).length > 0) return args;
  // Older engines send only variables, `<package>:config:<name>` → value.
  return Object.fromEntries(
    request
      .getVariablesMap()
      .toObject()
      .map(([key, value]) => [key.slice(key.lastIndexOf(":") + 1), value]),
  );
}

/** `value` as a setting's string, as `pulumi config set` stores it. */
const asText = (value: unknown) =>
  value === undefined || value === null
    ? undefined
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

/** A config source for the provider's `configure`, answering `<namespace>:<name>`. */
export function configSource(values: Record<string, unknown>): {
  get(key: string): string | undefined;
} {
  return {
    get(key: string) {
      return asText(values[key.slice(key.lastIndexOf(":") + 1)]);
    },
  };
}

/** The plugin's config namespace, `ngrok-dynamic` (the prefix of its config keys). */
const namespaceOf = () => CONFIG_KEYS.apiKey.slice(0, CONFIG_KEYS.apiKey.indexOf(":"));

/** The program-side settings, checked: `ownershipMarker`, `adoptExistingIds`. */
export function programSettings(values: Record<string, unknown>): {
  settings: ProgramSettings;
  problems: SettingProblem[];
} {
  const namespace = namespaceOf();
  const marker = parseOwnershipMarker(
    asText(values.ownershipMarker),
    `${namespace}:ownershipMarker`,
  );
  const ids = parseAdoptExistingIds(values.adoptExistingIds, `${namespace}:adoptExistingIds`);
  const problems: SettingProblem[] = [];
  if (marker.problem !== undefined)
    problems.push({ name: "ownershipMarker", reason: marker.problem });
  if (ids.problem !== undefined) problems.push({ name: "adoptExistingIds", reason: ids.problem });
  return {
    settings: { ownershipMarker: marker.value, adoptExistingIds: ids.value },
    problems,
  };
}

/**
 * Every refused setting among `values` (`CheckConfig`): a key that is no setting (did-you-mean,
 * among `keys`, default every key of `values`), then the provider's and the program's values.
 */
export function settingProblems(
  values: Record<string, unknown>,
  keys: readonly string[] = Object.keys(values),
): SettingProblem[] {
  return [
    ...unknownSettings(keys, namespaceOf()),
    ...settingsProblems({}, readStackConfig(configSource(values))).map((p) => ({
      name: p.name,
      reason: p.reason,
    })),
    ...programSettings(values).problems,
  ];
}

const { Kind } = provproto.PropertyDiff;

/**
 * `DiffConfig`'s answer: `DIFF_SOME` with each setting that changed, in `diffs` and in the
 * detailed diff (added, deleted or updated; never a replacement: the provider is configured
 * again in place), or `DIFF_NONE`. Values are compared unwrapped, so a changed secret counts;
 * the answer holds names only, never a value.
 */
export function configDiff(request: provproto.DiffRequest): provproto.DiffResponse {
  const olds = fromStruct(request.getOlds()).values;
  const news = fromStruct(request.getNews()).values;
  const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])]
    .filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]))
    .sort();
  const response = new provproto.DiffResponse();
  response.setChanges(
    changed.length > 0
      ? provproto.DiffResponse.DiffChanges.DIFF_SOME
      : provproto.DiffResponse.DiffChanges.DIFF_NONE,
  );
  response.setDiffsList(changed);
  const detailed = response.getDetaileddiffMap();
  for (const key of changed) {
    const diff = new provproto.PropertyDiff();
    diff.setKind(!(key in olds) ? Kind.ADD : !(key in news) ? Kind.DELETE : Kind.UPDATE);
    diff.setInputdiff(true);
    detailed.set(key, diff);
  }
  response.setHasdetaileddiff(true);
  return response;
}

/** `values` without the settings whose value is not known yet (another resource's output). */
function knownOnly(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isUnknown(value)));
}

/**
 * `CheckConfig`'s answer: the settings as given (the secret ones wrapped, `./secrets`), and the
 * refusals of those that are known. A setting that is not known yet (an explicit provider whose
 * `apiBaseUrl` is another resource's output, in a preview) is passed through as the unknown
 * value and checked at `Configure` instead: the engine never configures a provider with unknown
 * settings (`pkg/resource/deploy/providers`: it waits until they are known, and answers the
 * preview's resource calls itself meanwhile).
 */
export function checkConfigResponse(request: provproto.CheckRequest): provproto.CheckResponse {
  const news = fromStruct(request.getNews());
  const response = new provproto.CheckResponse();
  response.setInputs(toStruct(news.values, configSecrets(news.secrets)));
  response.setFailuresList(
    settingProblems(knownOnly(news.values), Object.keys(news.values)).map((problem) => {
      const failure = new provproto.CheckFailure();
      failure.setProperty(problem.name);
      failure.setReason(problem.reason);
      return failure;
    }),
  );
  return response;
}

/**
 * The settings of a `ConfigureRequest`, checked as `CheckConfig` checks the known ones: those it
 * passed through unknown are checked here, once known.
 *
 * @throws Error naming every refused setting, or any setting still unknown.
 */
export function checkedSettings(request: provproto.ConfigureRequest): Record<string, unknown> {
  const values = settingsOf(request);
  const unknown = Object.keys(values).filter((name) => isUnknown(values[name]));
  const namespace = namespaceOf();
  const reasons = [
    ...unknown.map(
      (name) => `${namespace}:${name} is not known yet: it cannot configure the provider`,
    ),
    ...settingProblems(knownOnly(values), Object.keys(values)).map((problem) => problem.reason),
  ];
  if (reasons.length > 0)
    throw new Error(`the provider's settings are refused: ${reasons.join("; ")}`);
  return values;
}
