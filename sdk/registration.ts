/**
 * What every resource class does when it is constructed, before and around its `super` call:
 * their base, `NgrokResource` (`./resourceClass.ts`), calls {@link registration} with the class's
 * facts (`./generated/classFacts.ts`, from the definitions), then registers the inputs it returns.
 *
 * In order: unknown `ngrok:` stack settings are refused (`./lookups/stackSettings`); the `import`
 * option is refused, naming what to do instead (`./importOption`); the declared special cases run
 * (`ProgramRule` of `provider/framework/sdkFacts.ts`); the inputs are every property, unset, so that
 * every output is set, by a create as by a get, with the arguments as given (a secret output
 * inside a document, such as a traffic policy's client secret, stays a secret of its own there:
 * the engine keeps what holds it secret in state, and the rest of the document readable), the
 * paths of the secret ones (`./secretInputs`),
 * and, for a create, the stack settings that need the URN (`./ownership`) and the claim; the
 * properties the definition says are secret (`secrets`: a write-only input, a value returned
 * once) are registered secret, inputs wrapped in `pulumi.secret` and every one in the options'
 * `additionalSecretOutputs`, so that the state holds them encrypted whatever the program gave;
 * last, the promise stacks are suspended until the `super` call returns (`./promiseStacks`).
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { claimedByOf } from "../provider/framework/names";
import type { ProgramRule } from "../provider/framework/sdkFacts";
import { refuseImportOption } from "./importOption";
import { refuseUnknownStackSettings } from "./lookups/stackSettings";
import { adoptedIdFromConfig, ownershipInputs } from "./ownership";
import { suspendPromiseStacks } from "./promiseStacks";
import { secretInputPaths } from "./secretInputs";

/** What a class hands to {@link registration}: generated from its definition. */
export interface ClassFacts {
  /** The type name under `ngrok`, e.g. `SshCredential`. */
  readonly type: string;
  /** One object in a sentence, e.g. `SSH credential` (the definition's `api.noun`). */
  readonly object: string;
  /** The input that adopts an existing object by id (`pendingCreates.adoptBy`), e.g. `adoptExistingId`. */
  readonly adoptBy?: string;
  /** The adoption argument the import refusal names, when it is not `adoptBy` (`sdk.importAdopt`). */
  readonly importAdopt?: string;
  /** What to do instead of importing, `{id}` for the id (`sdk.importInstead`). */
  readonly importInstead?: string;
  /** Whether a create passes the owner (`pendingCreates.writesOwnershipMarker`, `ngrok:ownershipMarker`). */
  readonly marked?: boolean;
  /** The internal input that names the declaring resource (`claimedBy`). */
  readonly claimedBy?: string;
  /** The special cases (`sdk.programRules`). */
  readonly programRules?: readonly ProgramRule[];
  /**
   * The properties always secret (`secret`, `writeOnly`, `returnedOnce` in the definition): each
   * input given is registered as a secret, and each is an additional secret output.
   */
  readonly secrets?: readonly string[];
  /** Its inputs, each `undefined`. */
  readonly inputs: Readonly<Record<string, undefined>>;
  /** The outputs ngrok computes, each `undefined`. */
  readonly outputs: Readonly<Record<string, undefined>>;
}

/**
 * The inputs and options to register, and what restores the promise stacks after the `super`
 * call.
 */
export interface Registration {
  readonly inputs: pulumi.Inputs;
  /** The options, with the secret outputs the definition names. */
  readonly opts: pulumi.CustomResourceOptions | undefined;
  /** Call it in a `finally` right after the `super` call. */
  readonly restore: () => void;
}

/** What each hook adds to a create's inputs (it may replace an argument). */
const PROGRAM_RULES: Readonly<Record<ProgramRule, (name: string, args: object) => pulumi.Inputs>> =
  {
    oneModulePerRoute,
  };

/**
 * Runs the checks of a construction and returns what to register (see the module comment);
 * `args` is `undefined` for a `get`, whose `opts.id` names the object.
 *
 * @throws Error when an `ngrok:` stack setting is unknown; when `opts.import` is set, naming the
 *   adoption argument (or that a new object is made) and `get`; from a hook.
 */
export function registration(
  facts: ClassFacts,
  name: string,
  args: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): Registration {
  refuseUnknownStackSettings();
  const { type, adoptBy, importAdopt, importInstead } = facts;
  refuseImportOption(name, opts, {
    resource: type,
    object: facts.object,
    adopt:
      importAdopt !== undefined
        ? () => importAdopt
        : adoptBy === undefined
          ? undefined
          : (id) => `${adoptBy}: ${JSON.stringify(id)}`,
    instead: importInstead === undefined ? undefined : (id) => importInstead.replaceAll("{id}", id),
  });
  let created: pulumi.Inputs = {};
  if (args !== undefined) {
    // An adoption the arguments do not set may come from ngrok:adoptExistingIds.
    const adopted =
      adoptBy === undefined || Reflect.get(args, adoptBy) !== undefined
        ? undefined
        : adoptedIdFromConfig(type, name, opts);
    created = {
      ...(adopted === undefined ? {} : { [adoptBy ?? ""]: adopted }),
      // The owner, when ngrok:ownershipMarker is on; a get reads, and owns nothing.
      ...(facts.marked ? ownershipInputs(type, name, opts) : {}),
      ...(facts.claimedBy === undefined
        ? {}
        : { [facts.claimedBy]: claimedByOf(pulumi.getProject(), pulumi.getStack(), name) }),
    };
    for (const rule of facts.programRules ?? [])
      created = { ...created, ...PROGRAM_RULES[rule](name, args) };
  }
  const secretArgs: pulumi.Inputs = {};
  for (const name of facts.secrets ?? []) {
    const value: unknown = args === undefined ? undefined : Reflect.get(args, name);
    if (value !== undefined) secretArgs[name] = pulumi.secret(value);
  }
  const inputs = {
    ...facts.inputs,
    ...args,
    ...secretArgs,
    ...secretInputPaths({ ...args, ...secretArgs }),
    ...created,
    ...facts.outputs,
  };
  const secrets = facts.secrets ?? [];
  const withSecrets =
    secrets.length === 0
      ? opts
      : {
          ...opts,
          additionalSecretOutputs: [
            ...new Set([...(opts?.additionalSecretOutputs ?? []), ...secrets]),
          ],
        };
  return { inputs, opts: withSecrets, restore: suspendPromiseStacks(opts) };
}

/** Who declared each route's module in one program run: `<edge id>/<route id>` → resource. */
type RouteHolders = Map<string, { readonly token: symbol; readonly name: string }>;
/** Per program run (its Stack resource), so that an Automation API process can run many. */
const routesByRun = new WeakMap<object, RouteHolders>();
const outsideAnyRun = {};

/**
 * The `oneModulePerRoute` hook: a route has one SAML module, and two resources on it would
 * overwrite each other, so the second that declares it in one program run throws; at once when
 * `edgeId` and `routeId` are strings, else when both are known (then the module's `edgeId`
 * waits for the check).
 */
function oneModulePerRoute(name: string, args: object): pulumi.Inputs {
  const { edgeId, routeId }: { edgeId?: pulumi.Input<string>; routeId?: pulumi.Input<string> } =
    args;
  const token = Symbol(name);
  if (typeof edgeId === "string" && typeof routeId === "string") {
    holdRoute(token, name, edgeId, routeId);
    return {};
  }
  return {
    edgeId: pulumi.all([edgeId, routeId]).apply(([edge, route]) => {
      // Both are required arguments: the class's Args type holds them.
      holdRoute(token, name, `${edge}`, `${route}`);
      return edge;
    }),
  };
}

/** Records that `name` declares the module of the route, or throws when another one does. */
function holdRoute(token: symbol, name: string, edgeId: string, routeId: string): void {
  const run = pulumi.runtime.getStackResource() ?? outsideAnyRun;
  let holders = routesByRun.get(run);
  if (holders === undefined) {
    holders = new Map();
    routesByRun.set(run, holders);
  }
  const key = `${edgeId}/${routeId}`;
  const holder = holders.get(key);
  if (holder !== undefined && holder.token !== token) {
    throw new Error(
      `HttpsEdgeRouteSaml "${name}" and "${holder.name}" both declare the SAML module of route ` +
        `${routeId} of HTTPS edge ${edgeId}: a route has one SAML module, so declare one resource ` +
        `for it. If you are renaming a resource or moving it into a component, change the ` +
        `existing declaration instead of adding a second one, and add \`aliases\` so that ` +
        `Pulumi updates it in place.`,
    );
  }
  holders.set(key, { token, name });
}
