/**
 * The `__provider` of an entry: the text `pulumi.dynamic.Resource` writes for the class, made the
 * same way. The class passes the export of its module in `sdk/thinProviders/` to the resource's
 * constructor, which serializes `() => provider` with Pulumi's closure serializer
 * (`serializeProvider` in `@pulumi/pulumi/dynamic`); this does the same with the same module of
 * this installed package, so the text is the one a `new <Class>(…)` of this package version
 * writes: one `require` of the module from an installed package, the thin provider's methods from
 * a workspace link (see `sdk/thinProviders/thinProvider.ts`). It never holds a credential: the thin provider
 * captures none.
 *
 * @module
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { ImportableKind } from "./kinds";

/** The package's root folder (this file compiles to `dist/cli/importFile/`, or runs from `cli/importFile/`). */
function packageRoot(): string {
  const up = path.basename(path.resolve(__dirname, "../..")) === "dist" ? "../../.." : "../..";
  return path.resolve(__dirname, up);
}

const cache = new Map<string, Promise<string>>();

/**
 * The `__provider` the class of `kind` writes.
 *
 * @throws Error when the text would hold a path of this machine (it must run anywhere).
 */
export function serializedProvider(kind: ImportableKind): Promise<string> {
  let text = cache.get(kind.thinProviderModule);
  if (text === undefined) {
    text = serialize(kind);
    cache.set(kind.thinProviderModule, text);
  }
  return text;
}

async function serialize(kind: ImportableKind): Promise<string> {
  // The class's own value (`import provider = require("./thinProviders/<module>")`), so that the
  // serializer finds it as the module's export; the name `provider` and the arrow are those of
  // `pulumi.dynamic.Resource`, whose text the serializer writes.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const provider = require(
    `../../sdk/thinProviders/${kind.thinProviderModule}`,
  ) as pulumi.dynamic.ResourceProvider;
  const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  const root = packageRoot();
  if (text.includes(root)) {
    throw new Error(
      `the serialized provider of ${kind.name} holds this machine's path ${root}; ` +
        "it would not run elsewhere, so no file was written",
    );
  }
  return text;
}
