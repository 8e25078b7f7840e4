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

/** The Node.js class's type token of the resource `name`: `pulumi-nodejs:dynamic/ngrok:<name>`. */
export const classToken = (name: string) => `${CLASS_TYPE_PREFIX}${name}`;

/**
 * The resource `name` as messages name it to `caller`: the type token `pulumi preview` shows, the
 * plugin's or the Node.js class's.
 */
export const typeNameFor = (caller: Caller, name: string) =>
  caller === "plugin" ? pluginToken(name) : classToken(name);
