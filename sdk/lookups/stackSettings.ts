/**
 * The resource classes refuse a stack config key under `ngrok:` that is no setting of this
 * package (issue #38 §2): a mistyped `ngrok:apikey` would otherwise be ignored, and the provider
 * would fall back to `NGROK_API_KEY`, which may hold another account's key. The provider plugin
 * refuses its `ngrok-dynamic:` keys the same way, at `CheckConfig` (`plugin/settings.ts`); both
 * name the setting probably meant (`unknownSettings` in `provider/client/settings.ts`).
 *
 * It lives beside the lookups' client (`./programClient`), which reads the same settings.
 *
 * Checked in the program, where every stack config key is known (`pulumi.runtime.allConfig()`),
 * when a resource is constructed: `pulumi preview` fails before any provider runs. The settings
 * of ngrok's bridged provider `@pulumi/ngrok` under the same namespace (`ngrok:apiKey`,
 * `ngrok:apiBaseUrl`) are settings of this package too, so a stack may use both.
 *
 * @module
 */
import * as pulumi from "@pulumi/pulumi";
import { unknownSettings } from "../../provider/client/settings";

/** The stack config namespace of the resource classes. */
const NAMESPACE = "ngrok";

/**
 * @throws Error naming each `ngrok:` stack config key that is no setting, the setting it
 *   probably meant, and the known ones; never quoting a value.
 */
export function refuseUnknownStackSettings(): void {
  const prefix = `${NAMESPACE}:`;
  const names = Object.keys(pulumi.runtime.allConfig())
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
  const problems = unknownSettings(names, NAMESPACE);
  if (problems.length > 0) {
    throw new Error(
      `the stack config is refused: ${problems.map((p) => p.reason).join("; ")} ` +
        `(pulumi config rm ${prefix}${problems[0].name})`,
    );
  }
}
