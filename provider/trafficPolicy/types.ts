/**
 * The TypeScript types of a traffic policy in its object form (the SDKs' spelling, camelCase),
 * derived from the table (`./actions`, `./phases`): a field added there is typed here.
 *
 * @module
 */
import type { ACTIONS } from "./actions";
import type {
  CamelCase,
  DurationField,
  EnumField,
  FieldSpec,
  IntegerField,
  ListField,
  MapField,
  NumberField,
  ObjectField,
  PhaseName,
  StringField,
  BooleanField,
} from "./schema";

/** The value a field of type `T` holds. */
export type FieldValue<T> = T extends StringField | DurationField
  ? string
  : T extends BooleanField
    ? boolean
    : T extends IntegerField | NumberField
      ? number
      : T extends EnumField
        ? T["values"][number]
        : T extends ListField
          ? T extends { readonly orOne: true }
            ? FieldValue<T["items"]> | FieldValue<T["items"]>[]
            : FieldValue<T["items"]>[]
          : T extends MapField
            ? Record<string, FieldValue<T["values"]>>
            : T extends ObjectField
              ? ConfigOf<T["fields"]>
              : unknown;

/** The keys of `F` whose field is required. */
type RequiredKeys<F> = {
  [K in keyof F]: F[K] extends { readonly required: true } ? K : never;
}[keyof F];

/** The keys of `F` whose field is an older spelling (`FieldSpec.legacyOf`): not typed. */
type LegacyKeys<F> = {
  [K in keyof F]: F[K] extends { readonly legacyOf: string } ? K : never;
}[keyof F];

/** A config object with fields `F` (by wire name), in the SDKs' spelling. */
export type ConfigOf<F> = {
  -readonly [K in keyof F & RequiredKeys<F> as CamelCase<K & string>]: F[K] extends FieldSpec
    ? FieldValue<F[K]["type"]>
    : never;
} & {
  -readonly [
    K in Exclude<keyof F, RequiredKeys<F> | LegacyKeys<F>> as CamelCase<K & string>
  ]?: F[K] extends FieldSpec ? FieldValue<F[K]["type"]> : never;
};

/** An action this version knows, with its typed config. */
export type KnownAction = {
  [T in keyof typeof ACTIONS]: { type: T; config?: ConfigOf<(typeof ACTIONS)[T]["fields"]> };
}[keyof typeof ACTIONS];

/**
 * An action of a rule: one this version knows ({@link KnownAction}), or another (ngrok adds
 * actions often; its config is sent as written, keys in camelCase converted to snake_case).
 */
export type TrafficPolicyAction = KnownAction | { type: string; config?: Record<string, unknown> };

/** One rule of a phase: when its expressions all hold, its actions run in order. */
export interface TrafficPolicyRule {
  /** A label for the rule. */
  name?: string;
  /** CEL expressions that must all be true for the actions to run; none: always. */
  expressions?: string[];
  /** The actions, in order. */
  actions: TrafficPolicyAction[];
}

/** A traffic policy in its object form: the rules of each phase, in the SDKs' spelling. */
export type TrafficPolicy = {
  [P in PhaseName as CamelCase<P>]?: TrafficPolicyRule[];
};
