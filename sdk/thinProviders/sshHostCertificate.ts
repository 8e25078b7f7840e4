/**
 * The provider that `SshHostCertificate` serializes into `__provider`, as the whole export of a
 * module of its own: `pulumi-ngrok-dynamic/dist/sdk/thinProviders/sshHostCertificate.js`, exported under
 * that same path so that the `require` resolves however the serializer names it.
 *
 * Pulumi's closure serializer writes a value that is the `module.exports` of a module under
 * `node_modules` as a `require` of that module's package path, so the `__provider` of an
 * installed package is one `require` (about 300 bytes) rather than the seven serialized methods
 * of {@link thinProvider} (about 2.7 KiB), and every resource's state is that much smaller.
 * Where the package is not under `node_modules` (a workspace link), the methods are serialized
 * as before.
 *
 * @module
 */
import { thinProvider } from "../thinProvider";

export = thinProvider("sshHostCertificateProvider");
