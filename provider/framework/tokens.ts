/**
 * The names of the package's resources in Pulumi, written once: the provider plugin's package
 * name and type tokens, and the Node.js classes' type tokens.
 *
 * @module
 */
import type { Caller } from "../common/hints";

/**
 * The package's name as a Pulumi provider plugin (`pulumi-resource-ngrok-dynamic`): its tokens are
 * `ngrok-dynamic:index:<Resource>`, its configuration `ngrok-dynamic:<setting>`. Not `ngrok`, the
 * name of the bridged Terraform provider's package.
 */
export const PLUGIN_PACKAGE = "ngrok-dynamic";

/**
 * The namespace of the Node.js classes' type tokens, `pulumi-nodejs:dynamic/ngrok:<Resource>`
 * (`pulumi.dynamic.Resource` with module `ngrok`); the plugin's are `ngrok-dynamic:index:<Resource>`.
 */
export const CLASS_TYPE_PREFIX = "pulumi-nodejs:dynamic/ngrok:";

/** The plugin's token of the resource or lookup `name`: `ngrok-dynamic:index:<name>`. */
export const pluginToken = (name: string) => `${PLUGIN_PACKAGE}:index:${name}`;

/**
 * The resource `name` as messages name it to `caller`: the plugin's type token for a program
 * through the plugin, `ngrok:<name>` (its module and type) for the Node.js classes.
 */
export const typeNameFor = (caller: Caller, name: string) =>
  caller === "plugin" ? pluginToken(name) : `ngrok:${name}`;
