/**
 * The release's SDK packages (tools/scripts/sdkPackages.ts), each made into a temporary folder:
 *
 * - Node.js: an npm tarball of the compiled SDK (JavaScript and declarations, the package's name
 *   and version, `@pulumi/pulumi` at the tested range, no scripts) that loads with `require` and
 *   type-checks in a program against the repository's `@pulumi/pulumi`;
 * - Python: a wheel whose METADATA names the package, its version and the `pulumi` range from the
 *   floor (tools/scripts/pulumiFloors.ts), which byte-compiles once unpacked (tests/automation/
 *   pythonProgram installs it and runs a program on it), and an sdist holding pyproject.toml and
 *   the sources;
 * - Go: nothing in the folder, once the committed `sdks/go` is what `schema.json` gives; its tag
 *   is `sdks/go/v<version>`;
 * - .NET: the project's archive, its .csproj at the package's version and `Pulumi` range;
 * - docs/otherLanguages.md's "The SDKs" names each file and the Go tag and `go get` line.
 *
 * Each artifact runs Pulumi's generators (tools/devtools/go/sdkgen, Go): seconds once Go's build cache holds
 * them, minutes of CPU on a cold cache, like tests/automation/sdks.automation.test.ts.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  DOTNET_PULUMI_RANGE,
  dotnetSdkArchive,
  filesUnder,
  goSdkModule,
  goSdkRelease,
  nodejsSdkPackage,
  pythonSdkPackages,
  pythonWithBuild,
  testedPulumiRange,
} from "../../dist/tools/scripts/sdkPackages";
import {
  PYTHON_PULUMI_FLOOR,
  pythonPulumiRequirement,
} from "../../dist/tools/scripts/pulumiFloors";
import { describeWithGo } from "../support/goToolchain";
import { REPO } from "../support/repo";

const { version } = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
  version: string;
};
const { pluginDownloadURL: server } = JSON.parse(
  fs.readFileSync(path.join(REPO, "schema.json"), "utf8"),
) as { pluginDownloadURL: string };
const tested = testedPulumiRange();
const inCi = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-packages-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A new folder under the suite's temporary one. */
function folder(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
/** Unpacks a gzipped tar (or a wheel, with Python's zipfile) into a new folder; returns it. */
function unpack(archive: string, name: string): string {
  const dir = folder(name);
  if (archive.endsWith(".whl")) {
    execFileSync("python3", ["-m", "zipfile", "-e", archive, dir]);
  } else {
    execFileSync("tar", ["-xzf", archive, "-C", dir]);
  }
  return dir;
}

test("the Pulumi ranges: the tested release (npm) or the Python floor, up to the next major one", () => {
  expect(tested.version).toMatch(/^3\.\d+\.\d+$/);
  expect(tested.npm).toBe(`>=${tested.version} <4.0.0`);
  expect(pythonPulumiRequirement()).toBe(`pulumi>=${PYTHON_PULUMI_FLOOR},<4.0.0`);
});

test("the Go SDK is tagged sdks/go/v<version>, as Go finds a module in a subfolder", () => {
  const release = goSdkRelease();
  expect(release).toEqual({
    module: "github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go",
    tag: `sdks/go/v${version}`,
    goGet: `go get github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go@v${version}`,
  });
  expect(() => goSdkRelease("2.0.0")).toThrow(/needs the module path to end in \/v2/);
});

describeWithGo("The release's SDK packages", () => {
  // A cold build of the generators takes minutes on 2 cores.
  jest.setTimeout(900_000);

  test("Node.js: a compiled npm package that loads and type-checks", async () => {
    const out = folder("nodejs");
    const files = await nodejsSdkPackage().make(out);
    expect(files).toEqual([`pulumi-ngrok-dynamic-ngrok-dynamic-${version}.tgz`]);
    expect(fs.readdirSync(out)).toEqual(files);

    const program = folder("nodejs-program");
    const installed = path.join(program, "node_modules", "@pulumi-ngrok-dynamic", "ngrok-dynamic");
    fs.mkdirSync(installed, { recursive: true });
    execFileSync("tar", [
      "-xzf",
      path.join(out, files[0]),
      "-C",
      installed,
      "--strip-components=1",
    ]);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "@pulumi-ngrok-dynamic/ngrok-dynamic",
      version,
      main: "index.js",
      types: "index.d.ts",
      dependencies: { "@pulumi/pulumi": tested.npm },
      pulumi: { resource: true, name: "ngrok-dynamic", version },
    });
    expect(manifest.scripts).toBeUndefined();
    const packed = filesUnder(installed);
    expect(packed.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    for (const module of ["index", "sshCertificateAuthority", "types/enums/index", "config/vars"]) {
      expect(packed).toEqual(expect.arrayContaining([`${module}.js`, `${module}.d.ts`]));
    }

    // @pulumi/pulumi and @types/node from the repository, as npm would install them beside it.
    for (const scope of ["@pulumi", "@types"]) {
      fs.symlinkSync(
        path.join(REPO, "node_modules", scope),
        path.join(program, "node_modules", scope),
      );
    }
    const loaded = execFileSync(
      process.execPath,
      [
        "-e",
        'const sdk = require("@pulumi-ngrok-dynamic/ngrok-dynamic");' +
          "console.log(typeof sdk.SshCertificateAuthority, sdk.PrivateKeyType.Ed25519);",
      ],
      { cwd: program, encoding: "utf8" },
    );
    expect(loaded.trim()).toBe("function ed25519");

    fs.writeFileSync(
      path.join(program, "index.ts"),
      'import * as ngrok from "@pulumi-ngrok-dynamic/ngrok-dynamic";\n' +
        "export const ca = (name: string): ngrok.SshCertificateAuthority =>\n" +
        "  new ngrok.SshCertificateAuthority(name, { privateKeyType: ngrok.PrivateKeyType.Ed25519 });\n" +
        "export const args: ngrok.GetSshCertificateAuthorityArgs = { id: 'sshca_1' };\n",
    );
    execFileSync(
      process.execPath,
      [
        path.join(REPO, "node_modules", "typescript", "bin", "tsc"),
        ...["--noEmit", "--strict", "--module", "node16", "--moduleResolution", "node16"],
        ...["--types", "node", "--skipLibCheck", "index.ts"],
      ],
      { cwd: program, encoding: "utf8" },
    );
  });

  test("Python: a wheel requiring pulumi from its floor, that byte-compiles, and an sdist", async () => {
    let python: string;
    try {
      python = pythonWithBuild();
    } catch (error) {
      if (inCi) throw error;
      process.stderr.write(`skipped the Python SDK's packages: ${(error as Error).message}\n`);
      return;
    }
    const out = folder("python");
    const files = await pythonSdkPackages().make(out);
    const wheel = `pulumi_ngrok_dynamic-${version}-py3-none-any.whl`;
    const sdist = `pulumi_ngrok_dynamic-${version}.tar.gz`;
    expect(files).toEqual([sdist, wheel]);
    expect(fs.readdirSync(out).sort()).toEqual([...files].sort());

    const unpacked = unpack(path.join(out, wheel), "wheel");
    const metadata = fs.readFileSync(
      path.join(unpacked, `pulumi_ngrok_dynamic-${version}.dist-info`, "METADATA"),
      "utf8",
    );
    expect(metadata).toMatch(/^Name: pulumi[-_]ngrok[-_]dynamic$/m);
    expect(metadata).toMatch(new RegExp(`^Version: ${version.replace(/\./g, "\\.")}$`, "m"));
    const requiresPulumi = metadata
      .split("\n")
      .filter((line) => /^Requires-Dist: pulumi\b/.test(line))
      .map((line) => line.slice("Requires-Dist: pulumi".length).replace(/[\s()]/g, ""));
    expect(requiresPulumi).toHaveLength(1);
    expect(requiresPulumi[0].split(",").sort()).toEqual([`<4.0.0`, `>=${PYTHON_PULUMI_FLOOR}`]);

    const pkg = path.join(unpacked, "pulumi_ngrok_dynamic");
    expect(filesUnder(pkg)).toEqual(
      expect.arrayContaining([
        "__init__.py",
        "ssh_certificate_authority.py",
        "config/__init__.pyi",
        "py.typed",
        "pulumi-plugin.json",
      ]),
    );
    const plugin = JSON.parse(fs.readFileSync(path.join(pkg, "pulumi-plugin.json"), "utf8"));
    // The SDK names where the CLI fetches the plugin: the schema's pluginDownloadURL.
    expect(plugin).toEqual({ resource: true, name: "ngrok-dynamic", version, server });
    const compiled = execFileSync(python, ["-m", "compileall", "-q", pkg], { encoding: "utf8" });
    expect(compiled).toBe("");
    expect(filesUnder(pkg).filter((file) => file.endsWith(".pyc")).length).toBeGreaterThan(10);

    const source = path.join(
      unpack(path.join(out, sdist), "sdist"),
      `pulumi_ngrok_dynamic-${version}`,
    );
    const sources = filesUnder(source);
    expect(sources).toEqual(
      expect.arrayContaining([
        "pyproject.toml",
        "PKG-INFO",
        "README.md",
        "pulumi_ngrok_dynamic/__init__.py",
        "pulumi_ngrok_dynamic/ssh_certificate_authority.py",
        "pulumi_ngrok_dynamic/config/__init__.pyi",
      ]),
    );
    expect(fs.readFileSync(path.join(source, "pyproject.toml"), "utf8")).toContain(
      JSON.stringify(pythonPulumiRequirement()),
    );
  });

  test("Go: nothing in the folder, the committed SDK being what schema.json gives", async () => {
    const out = folder("go");
    expect(await goSdkModule().make(out)).toEqual([]);
    expect(fs.readdirSync(out)).toEqual([]);
  });

  test(".NET: the project's archive at the package's version and the Pulumi range", async () => {
    const out = folder("dotnet");
    const files = await dotnetSdkArchive().make(out);
    const name = `pulumi-ngrok-dynamic-dotnet-${version}`;
    expect(files).toEqual([`${name}.tar.gz`]);
    const project = path.join(unpack(path.join(out, files[0]), "dotnet-archive"), name);
    expect(filesUnder(project)).toEqual(
      expect.arrayContaining([
        "PulumiNgrokDynamic.NgrokDynamic.csproj",
        "SshCertificateAuthority.cs",
        "Provider.cs",
        "version.txt",
        "pulumi-plugin.json",
        "logo.png",
      ]),
    );
    const csproj = fs.readFileSync(
      path.join(project, "PulumiNgrokDynamic.NgrokDynamic.csproj"),
      "utf8",
    );
    expect(csproj.match(/<Version>[^<]*<\/Version>/g)).toEqual([`<Version>${version}</Version>`]);
    expect(csproj.match(/<PackageReference Include="Pulumi" [^>]*>/g)).toEqual([
      `<PackageReference Include="Pulumi" Version="${DOTNET_PULUMI_RANGE}" />`,
    ]);
    expect(DOTNET_PULUMI_RANGE).toMatch(/^\[3\.\d+\.\d+,4\)$/);
    expect(fs.readFileSync(path.join(project, "version.txt"), "utf8")).toBe(version);
    expect(JSON.parse(fs.readFileSync(path.join(project, "pulumi-plugin.json"), "utf8"))).toEqual({
      resource: true,
      name: "ngrok-dynamic",
      version,
      server,
    });
  });
});

test('docs/otherLanguages.md\'s "The SDKs" gives each file of the release and the Go tag', () => {
  const page = fs.readFileSync(path.join(REPO, "docs", "otherLanguages.md"), "utf8");
  const section = /^## The SDKs$([\s\S]*?)^## /m.exec(page)?.[1] ?? "";
  const go = goSdkRelease();
  for (const line of [
    `npm install ./release/pulumi-ngrok-dynamic-ngrok-dynamic-${version}.tgz`,
    `pip install ./release/pulumi_ngrok_dynamic-${version}-py3-none-any.whl`,
    `pulumi_ngrok_dynamic-${version}.tar.gz`,
    go.goGet,
    go.tag,
    `tar -xzf release/pulumi-ngrok-dynamic-dotnet-${version}.tar.gz`,
    `dotnet add reference pulumi-ngrok-dynamic-dotnet-${version}/PulumiNgrokDynamic.NgrokDynamic.csproj`,
    `dotnet add package PulumiNgrokDynamic.NgrokDynamic --version ${version}`,
    DOTNET_PULUMI_RANGE,
    pythonPulumiRequirement(),
    "npm run sdks",
  ]) {
    expect(section).toContain(line);
  }
});
