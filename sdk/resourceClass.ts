/**
 * What every resource class of the package is built on: {@link NgrokResource} (its `get` and its
 * construction) and {@link resourceClass}, which gives a resource's class its facts and thin
 * provider. A generated class (`./<resource>.ts`, written by `npm run generate`) is then one line,
 * `export class SshCredential extends resourceClass<SshCredentialArgs>(SSH_CREDENTIAL_CLASS,
 * provider) {}`, with its outputs merged in from `./generated/types`.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { type ClassFacts, registration } from "./registration";

/**
 * The base of every resource class of the package (`SshCertificateAuthority`, `SshCredential`,
 * …): a Pulumi dynamic resource of type `ngrok:<Type>` whose provider is its thin provider
 * (`./thinProviders/`), registered as `./registration` says.
 */
export abstract class NgrokResource extends pulumi.dynamic.Resource {
  /**
   * Reads the existing object `id` into the program without managing it (Pulumi's
   * `ReadResource`): one `GET` of the object (the class's API endpoint with the id) at each
   * `pulumi up`, `preview` and `refresh`; `pulumi destroy` leaves it in place. Every output is
   * set. An id that names no object fails the deployment.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param id the Pulumi id: ngrok's id of the object (its prefix: see the class).
   * @param opts Pulumi resource options (`import` is refused).
   * @returns an instance of the class it is called on, e.g. `SshCredential.get(…)` an
   *   `SshCredential`.
   */
  public static get<T>(
    this: new (name: string, args: undefined, opts: pulumi.CustomResourceOptions) => T,
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): T {
    return new this(name, undefined, { ...opts, id });
  }

  /**
   * @param facts what the class hands to `registration` (`./generated/classFacts`).
   * @param provider the class's thin provider (`./thinProviders/<resource>`).
   * @param name the Pulumi resource name (part of the URN).
   * @param args the resource's arguments; `undefined` for a `get` (then `opts.id` names it).
   * @param opts Pulumi resource options.
   * @throws Error from `registration`: an unknown `ngrok:` stack setting, `opts.import` set.
   * @internal
   */
  protected constructor(
    facts: ClassFacts,
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    args: object | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const registered = registration(facts, name, args, opts);
    try {
      super(provider, name, registered.inputs, registered.opts, "ngrok", facts.type);
    } finally {
      registered.restore();
    }
  }
}

/**
 * The class {@link resourceClass} returns, for a resource whose arguments are `Args` and whose
 * instances are `Instance`: the statics of {@link NgrokResource} (`get`, Pulumi's `isInstance`)
 * and its two constructors.
 */
export type ResourceClass<Args, Instance> = Pick<
  typeof NgrokResource,
  keyof typeof NgrokResource
> & {
  /**
   * Declares the resource.
   *
   * @param name the Pulumi resource name (part of the URN).
   * @param args the resource's arguments (the class's `…Args` type).
   * @param opts Pulumi resource options. `import` is refused at construction (Pulumi cannot
   *   import dynamic resources): the class's documentation says how to adopt an existing object,
   *   where it can be adopted; `get` reads one.
   * @throws Error when `opts.import` is set, naming what to do instead; when an `ngrok:` stack
   *   setting is unknown; when another resource of the program declares the same object (SAML
   *   modules).
   */
  new (name: string, args: Args, opts?: pulumi.CustomResourceOptions): Instance;
  /**
   * What `get` calls: no arguments, `opts.id` names the object.
   * @internal
   */
  new (name: string, args: undefined, opts: pulumi.CustomResourceOptions): Instance;
};

/**
 * The class of a resource: `base` (default {@link NgrokResource}; the SSH certificates'
 * `SshCertificate`) with the resource's `facts` and thin `provider`.
 *
 * @param facts what the class hands to `registration` (`./generated/classFacts`).
 * @param provider the resource's thin provider (`./thinProviders/<resource>`).
 * @param base the class it extends.
 */
export function resourceClass<
  Args extends object,
  Base extends typeof NgrokResource = typeof NgrokResource,
>(
  facts: ClassFacts,
  provider: pulumi.dynamic.ResourceProvider,
  base?: Base,
): ResourceClass<Args, Base["prototype"]>;
export function resourceClass(
  facts: ClassFacts,
  provider: pulumi.dynamic.ResourceProvider,
  base: typeof NgrokResource = NgrokResource,
): ResourceClass<object, NgrokResource> {
  return class extends base {
    constructor(name: string, args: object | undefined, opts?: pulumi.CustomResourceOptions) {
      super(facts, provider, name, args, opts);
    }
  };
}
