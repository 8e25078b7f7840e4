/**
 * The package's public API is the one pinned in `tests/fixtures/publicApi.json`, taken from the
 * package before its SDK was generated from the definitions (issue #39 §3): the same exports of
 * `dist/sdk/index.d.ts` with the same shapes, the same runtime keys of the SDK and of
 * `pulumi-ngrok-dynamic/provider` (the `<resource>Provider` exports that the `__provider` of a
 * state deployed with 0.2.0 requires, `configure`, the lookups), and the same thin providers
 * (`dist/sdk/thinProviders/<resource>.js`, the path that such a state requires). A change of the
 * API is a decision: change the fixture with it (`PIN_PUBLIC_API=1`, below), and say so in
 * CHANGELOG.md.
 *
 * Reads the build (`npm run build`, which the test runner does first).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { type PublicApi, publicApi } from "../support/publicApi";
import { REPO } from "../support/stack";

const FIXTURE = path.join(REPO, "tests/fixtures/publicApi.json");

/**
 * With `PIN_PUBLIC_API=1`, the API read now becomes the pinned one (formatted by the repository's
 * Prettier): for a change decided on, such as a new resource (CONTRIBUTING, "Adding a resource").
 */
if (process.env.PIN_PUBLIC_API === "1") {
  fs.writeFileSync(FIXTURE, `${JSON.stringify(publicApi(REPO), null, 2)}\n`);
  const prettier = path.join(REPO, "node_modules/prettier/bin/prettier.cjs");
  execFileSync(process.execPath, [prettier, "--write", FIXTURE], { cwd: REPO });
}

const PINNED: PublicApi = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));

describe("the public API", () => {
  const api = publicApi(REPO);

  test("reads every export with its shape", () => {
    expect(Object.keys(api.sdkExports).length).toBeGreaterThan(50);
    expect(api.sdkExports.SshCredential.kind).toBe("class");
    expect(api.sdkExports.SshCredential.shape).toContain(
      "static get: <T>(this: new (name: string, args: undefined, opts: CustomResourceOptions) => T, name: string, id: Input<string>, opts?: CustomResourceOptions | undefined) => T",
    );
    expect(api.providerRuntimeKeys).toContain("sshCredentialProvider");
  });

  test("the SDK's declarations export what they exported, with the same shapes", () => {
    expect(api.sdkExports).toEqual(PINNED.sdkExports);
  });

  test("the SDK and pulumi-ngrok-dynamic/provider have the same runtime keys", () => {
    expect(api.sdkRuntimeKeys).toEqual(PINNED.sdkRuntimeKeys);
    expect(api.providerRuntimeKeys).toEqual(PINNED.providerRuntimeKeys);
  });

  test("every thin provider a deployed state requires is still built", () => {
    expect(api.thinProviders).toEqual(PINNED.thinProviders);
  });
});
