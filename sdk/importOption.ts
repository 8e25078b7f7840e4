/**
 * The `import` resource option, refused when a resource is constructed.
 *
 * Pulumi cannot import dynamic resources (pulumi/pulumi#3550, #16175): the engine's import reads
 * the object with no inputs, so its dynamic-provider host finds no provider to load and the
 * deployment fails late, with a message about `toJavaScript` that names neither the resource nor
 * a way out. The resource classes call {@link refuseImportOption} first, so a program that sets
 * `import` fails at once with a message that names what to do instead.
 *
 * @module
 */
import type * as pulumi from "@pulumi/pulumi";

/** How a resource adopts an existing object, and how it reads one without managing it. */
export interface ImportAlternatives {
  /** The resource class, e.g. `SshCertificateAuthority`. */
  readonly resource: string;
  /**
   * The adoption argument to set instead, e.g. `adoptExistingId: "sshca_…"`; `undefined` for a
   * resource that cannot adopt an existing object (an SSH certificate: a new one is signed).
   */
  readonly adopt?: (id: string) => string;
  /** The kind of object, e.g. `SSH certificate authority`. */
  readonly object: string;
  /**
   * Without `adopt`: what to do instead of importing `id`, a clause after `cannot be adopted: `;
   * default: remove `import`, and the resource creates a new one.
   */
  readonly instead?: (id: string) => string;
}

/**
 * Throws when `opts.import` is set (see the module comment).
 *
 * @throws Error naming the resource, the adoption argument (or, without one, that a new object is
 *   made) and `<Resource>.get`.
 */
export function refuseImportOption(
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
  alternatives: ImportAlternatives,
): void {
  const id = opts?.import;
  if (id === undefined) {
    return;
  }
  const { resource, adopt, object, instead } = alternatives;
  const manage =
    adopt === undefined
      ? `An existing ${object} cannot be adopted: ` +
        (instead?.(id) ??
          `remove import, and this resource creates a new one (delete ${id} when it is no longer ` +
            `wanted; see "Import and adopt" in the resource's documentation)`)
      : `To manage the existing ${object} ${id} with this resource, remove import and set the ` +
        `argument ${adopt(id)} (see "Import and adopt" in the resource's documentation)`;
  throw new Error(
    `${resource} "${name}": the import resource option is not supported, since Pulumi cannot ` +
      `import dynamic resources (pulumi/pulumi#3550). ${manage}; to read it without managing ` +
      `it, use ${resource}.get(${JSON.stringify(name)}, ${JSON.stringify(id)}).`,
  );
}
