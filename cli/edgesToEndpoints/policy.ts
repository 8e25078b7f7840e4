/**
 * The traffic policy a migration writes, before it becomes program text: rules and actions in
 * ngrok's spelling (snake_case, as the guide and the API write them), where a value the program
 * must take from its stack config (a client secret ngrok never answers, an IdP metadata document
 * ngrok only has the URL of) is a {@link ConfigRef}, and where an action or a rule may carry a
 * comment for the reader (what to fill in, what was not translated).
 *
 * `./plan` turns it into the program's description (`./program`): the phases and rule fields in
 * the SDKs' camelCase (`onHttpRequest`), each action's config in ngrok's snake_case as its docs
 * write it (the form `CloudEndpoint.trafficPolicy` takes); `./policyCheck.ts` fills the references with
 * sample values and runs the provider's own traffic policy check on it.
 *
 * @module
 */

/** A value the program reads from its stack config (see the module comment). */
export class ConfigRef {
  constructor(readonly key: string) {}
}

/** A value of an action's config. */
export type PolicyValue =
  | string
  | number
  | boolean
  | ConfigRef
  | readonly PolicyValue[]
  | { readonly [key: string]: PolicyValue };

/** One action: its type, its config (ngrok's field names), and a comment for the reader. */
export interface PlanAction {
  readonly type: string;
  readonly config?: Readonly<Record<string, PolicyValue>>;
  /** Printed above the action. */
  readonly comment?: string;
  /** An action to use instead, printed commented out after it (see `./modules`, `saml`). */
  readonly alternative?: PlanAction;
}

/** One rule: its name, its CEL expressions (all must hold), its actions in order. */
export interface PlanRule {
  readonly name: string;
  readonly expressions: readonly string[];
  readonly actions: readonly PlanAction[];
  /** Printed above the rule. */
  readonly comment?: string;
}

/** A stack config key the program declares. */
export interface ConfigKey {
  /** The key, e.g. `appExampleComOidcClientSecret` (in the project's namespace). */
  readonly name: string;
  /** Set with `pulumi config set --secret`. */
  readonly secret: boolean;
  /** What to set it to, for the comment beside it. */
  readonly description: string;
  /**
   * Used only by an {@link PlanAction.alternative}: not declared by the program (the comment of
   * the alternative says to declare it).
   */
  readonly alternativeOnly?: boolean;
}

/** The rules of one route before its endpoint's expressions are known. */
export interface RuleTemplate {
  /** Expressions added to the route's own (e.g. "the signed-in user is not allowed"). */
  readonly extra: readonly string[];
  readonly actions: readonly PlanAction[];
  readonly comment?: string;
}

/** A Go duration of whole seconds (`600` → `600s`), as the actions write durations. */
export const seconds = (value: number): string => `${value}s`;

/** The string `value` as a CEL string literal, single-quoted. */
export function celString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}
