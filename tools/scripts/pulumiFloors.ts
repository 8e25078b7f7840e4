/**
 * The oldest Pulumi SDK each generated SDK package claims, for the languages whose registry
 * serves releases apart from the CLI's (the Node.js SDK requires the tested `@pulumi/pulumi`,
 * `testedPulumiRange` in `./sdkPackages`):
 *
 * - Python: `pulumi` 3.269.0 on PyPI, the first release with `pulumi.runtime.exists_resource`,
 *   which every generated class's `exists` calls (on 3.268.0 `SshCertificateAuthority.exists`
 *   fails with `AttributeError`); Pulumi's Python generator requires the same
 *   (`MinimumValidSDKVersion`, pkg/codegen/python/gen.go of pkg/v3 3.276.0). The wheel requires
 *   `pulumi>=3.269.0,<4.0.0` ({@link pythonPulumiRequirement}); tests/automation/pythonProgram
 *   installs it with a plain `pip install` on this release and on the newest PyPI serves
 *   (tests/fixtures/python/requirements-oldest.txt and requirements.txt).
 * - Go: `github.com/pulumi/pulumi/sdk/v3` v3.274.0. Every generated `<Resource>Exists` calls
 *   `Context.ExistsResource`, which v3.269.0 brought (v3.268.0 and older lack it), but v3.269.0
 *   to v3.273.0 require `github.com/pulumi/pulumi-cloud-sdk/go` v1.20260918.0, which the Go
 *   module proxy answers 403 ("not available"): nothing on them builds here. v3.274.0 is the
 *   oldest that builds and vets. The Go SDK's go.mod requires it (`npm run sdks`), and
 *   tests/automation/goProgram builds and vets a program on the SDK with it and with the tested
 *   release.
 *
 * How each was found (the releases tried, what broke below): contributing/toolchain.md, "The
 * other languages' SDKs".
 *
 * @module
 */

/** The oldest `pulumi` (PyPI) the Python SDK claims. */
export const PYTHON_PULUMI_FLOOR = "3.269.0";

/** The oldest `github.com/pulumi/pulumi/sdk/v3` the Go SDK's go.mod requires (no `v`). */
export const GO_PULUMI_SDK_FLOOR = "3.274.0";

/** The wheel's requirement: `pulumi>=3.269.0,<4.0.0`, from the floor up to the next major. */
export function pythonPulumiRequirement(floor: string = PYTHON_PULUMI_FLOOR): string {
  return `pulumi>=${floor},<${Number(floor.split(".")[0]) + 1}.0.0`;
}
