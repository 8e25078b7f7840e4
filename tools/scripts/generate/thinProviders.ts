/**
 * The thin providers, `sdk/thinProviders/<resource>.ts`: what each SDK class serializes.
 *
 * @module
 */
import { moduleNameOf } from "../../../provider/framework/names";
import { generatedBanner } from "./text";
import { SDK_UNITS } from "./units";

/**
 * `sdk/thinProviders/<resource>.ts` of each resource: the provider its class serializes into
 * `__provider`, as the whole export of a module of its own (see `sdk/thinProviders/thinProvider.ts`).
 */
export function thinProviderFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const unit of SDK_UNITS.filter((u) => !u.fragment && !u.dataSource)) {
    const file = moduleNameOf({ name: unit.className });
    files.set(
      `sdk/thinProviders/${file}.ts`,
      `${generatedBanner(unit.source)}
/**
 * The provider that \`${unit.className}\` serializes into \`__provider\`, as the whole export of a
 * module of its own: \`pulumi-ngrok-dynamic/dist/sdk/thinProviders/${file}.js\`, exported under
 * that same path so that the \`require\` resolves however the serializer names it.
 *
 * Pulumi's closure serializer writes a value that is the \`module.exports\` of a module under
 * \`node_modules\` as a \`require\` of that module's package path, so the \`__provider\` of an
 * installed package is one \`require\` (about 300 bytes) rather than the seven serialized methods
 * of {@link thinProvider} (about 2.7 KiB). Where the package is not under \`node_modules\` (a
 * workspace link), the methods are serialized as before.
 *
 * @module
 */
import { thinProvider } from "./thinProvider";

export = thinProvider("${file}Provider");
`,
    );
  }
  return files;
}
