/**
 * `npm run release`'s packing step (tools/scripts/release.ts): both packages packed into one folder
 * with their checksums, each packed package.json free of install-time scripts, the `pulumi new`
 * templates copied as folders, a previous release replaced and anything else left alone, and one
 * more artifact being one more entry.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  ARTIFACT_GROUPS,
  ARTIFACTS,
  artifactsOf,
  PACKAGE_ARTIFACTS,
  type Artifact,
  CHECKSUMS,
  INSTALL_SCRIPTS,
  installLines,
  makeRelease,
  packedManifestProblems,
} from "../../dist/tools/scripts/release";
import { SDK_PACKAGE_ARTIFACTS } from "../../dist/tools/scripts/sdkPackages";
import {
  TEMPLATE_ARTIFACT,
  templateFiles,
  templateNames,
} from "../../dist/tools/scripts/templates";
import { REPO } from "../support/repo";

const version = (
  JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
    version: string;
  }
).version;
const TARBALLS = [`pulumi-ngrok-dynamic-${version}.tgz`, `ngrok-api-emulator-${version}.tgz`];

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "release-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const packedFile = (tarball: string, file: string) =>
  execFileSync("tar", ["-xzOf", tarball, `package/${file}`], { encoding: "utf8" });
const packedList = (tarball: string) =>
  execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");

describe("makeRelease", () => {
  let out: string;
  let files: string[];
  beforeAll(async () => {
    out = path.join(tmp, "release");
    // The packages only: the executables and SDK packages are made by the real-engine tier
    // (tests/automation/pluginDownload.automation.test.ts), which serves them to the CLI.
    files = await makeRelease(out, PACKAGE_ARTIFACTS);
  }, 120_000);

  test("a release is the two packages, the executables' archives and the SDK packages", () => {
    const targets = "linux-amd64, linux-arm64, darwin-amd64, darwin-arm64, windows-amd64";
    expect(ARTIFACTS.map((a) => a.describe)).toEqual([
      `the npm package pulumi-ngrok-dynamic ${version}`,
      `the npm package ngrok-api-emulator ${version}`,
      `the provider plugin ngrok-dynamic for ${targets}`,
      `the emulator ngrok-api-emulator for ${targets}`,
      ...SDK_PACKAGE_ARTIFACTS.map((a) => a.describe),
      "the pulumi new templates (templates/)",
    ]);
  });

  test("packs both packages and their checksums into one folder", () => {
    expect(files).toEqual([...TARBALLS, CHECKSUMS]);
    expect(fs.readdirSync(out).sort()).toEqual([...files].sort());
    const sums = fs.readFileSync(path.join(out, CHECKSUMS), "utf8");
    expect(sums).toBe(
      TARBALLS.map((file) => {
        const digest = createHash("sha256").update(fs.readFileSync(path.join(out, file)));
        return `${digest.digest("hex")}  ${file}\n`;
      }).join(""),
    );
  });

  test("each packed package.json has no install-time script and builds in prepack", () => {
    for (const tarball of TARBALLS) {
      const manifest = JSON.parse(packedFile(path.join(out, tarball), "package.json")) as {
        scripts: Record<string, string>;
      };
      expect(Object.keys(manifest.scripts).filter((s) => INSTALL_SCRIPTS.includes(s))).toEqual([]);
      expect(manifest.scripts.prepack).toBe("npm run build");
    }
  });

  test("the tarballs hold the build: the CLI's guide, the docs, the emulator's fixtures", () => {
    const root = packedList(path.join(out, TARBALLS[0]));
    expect(root).toEqual(
      expect.arrayContaining([
        "package/dist/cli/index.js",
        "package/dist/cli/pendingCreates/guide.js",
        "package/docs/interruptedDeployments.md",
        "package/docs/testing.md",
      ]),
    );
    const emulator = packedList(path.join(out, TARBALLS[1]));
    expect(emulator).toEqual(
      expect.arrayContaining(["package/dist/index.js", "package/dist/fixtures/idpMetadata.js"]),
    );
  });

  test("a second release replaces the first; a folder holding anything else is refused", async () => {
    fs.writeFileSync(path.join(out, TARBALLS[0]), "stale");
    expect(await makeRelease(out, PACKAGE_ARTIFACTS)).toEqual([...TARBALLS, CHECKSUMS]);
    expect(fs.statSync(path.join(out, TARBALLS[0])).size).toBeGreaterThan(1000);

    const mine = path.join(tmp, "mine");
    fs.mkdirSync(mine);
    fs.writeFileSync(path.join(mine, "notes.txt"), "keep me");
    await expect(makeRelease(mine, PACKAGE_ARTIFACTS)).rejects.toThrow(
      /holds files that are not a previous release's \(notes\.txt\): give an empty folder with --out, or remove them$/,
    );
    expect(fs.readFileSync(path.join(mine, "notes.txt"), "utf8")).toBe("keep me");
  });

  test("one more artifact is one more entry, checksummed with the others", async () => {
    const extra: Artifact = {
      describe: "a plugin archive",
      make(outDir) {
        fs.writeFileSync(path.join(outDir, "plugin.tar.gz"), "archive");
        return ["plugin.tar.gz"];
      },
    };
    const out2 = path.join(tmp, "with-extra");
    expect(await makeRelease(out2, [...PACKAGE_ARTIFACTS, extra])).toEqual([
      ...TARBALLS,
      "plugin.tar.gz",
      CHECKSUMS,
    ]);
    expect(fs.readFileSync(path.join(out2, CHECKSUMS), "utf8")).toMatch(
      /^[0-9a-f]{64} {2}plugin\.tar\.gz$/m,
    );
  }, 120_000);

  test("the templates are copied file for file into templates/<name>/, checksummed", async () => {
    const out3 = path.join(tmp, "templates");
    const made = await makeRelease(out3, [TEMPLATE_ARTIFACT]);
    expect(templateNames()).toEqual(["ngrok-ssh-typescript", "ngrok-ssh-yaml"]);
    expect(made).toEqual([...templateFiles(), CHECKSUMS]);
    expect(made).toEqual(
      expect.arrayContaining([
        "templates/ngrok-ssh-yaml/Pulumi.yaml",
        "templates/ngrok-ssh-yaml/sdks/ngrok-dynamic/ngrok-dynamic.yaml",
        "templates/ngrok-ssh-typescript/index.ts",
      ]),
    );
    for (const file of templateFiles()) {
      expect(fs.readFileSync(path.join(out3, file))).toEqual(
        fs.readFileSync(path.join(REPO, file)),
      );
    }
    const sums = execFileSync("sha256sum", ["-c", CHECKSUMS], { cwd: out3, encoding: "utf8" });
    expect(sums.trim().split("\n")).toHaveLength(templateFiles().length);

    // A second release replaces the folders too; a file of someone else's in them is refused.
    fs.writeFileSync(path.join(out3, "templates/ngrok-ssh-yaml/Pulumi.yaml"), "stale");
    expect(await makeRelease(out3, PACKAGE_ARTIFACTS)).toEqual([...TARBALLS, CHECKSUMS]);
    expect(fs.readdirSync(out3).sort()).toEqual([...TARBALLS, CHECKSUMS].sort());
    await makeRelease(out3, [TEMPLATE_ARTIFACT]);
    fs.writeFileSync(path.join(out3, "templates/ngrok-ssh-yaml/notes.txt"), "keep me");
    await expect(makeRelease(out3, [TEMPLATE_ARTIFACT])).rejects.toThrow(
      "(templates/ngrok-ssh-yaml/notes.txt)",
    );
  }, 120_000);

  test("an artifact that fails names itself and the reason", async () => {
    const broken: Artifact = {
      describe: "a broken artifact",
      make() {
        throw new Error("no such tool");
      },
    };
    await expect(makeRelease(path.join(tmp, "broken"), [broken])).rejects.toThrow(
      "could not make a broken artifact: no such tool",
    );
  });
});

test("the release's summary says how to start from each template it made, and only then", () => {
  const files = [...TARBALLS, "templates/ngrok-ssh-yaml/Pulumi.yaml", CHECKSUMS];
  expect(installLines("/r", files, version)).toEqual([
    "Install in a Pulumi project (README.md, Install):",
    `  npm install /r/${TARBALLS[0]}`,
    `  npm install --save-dev /r/${TARBALLS[1]}`,
    "Start a project from a template (README.md, Quick start):",
    "  pulumi new /r/templates/ngrok-ssh-yaml",
  ]);
  expect(installLines("/r", TARBALLS, version).join("\n")).not.toContain("pulumi new");
});

describe("packedManifestProblems", () => {
  const expected = { name: "pulumi-ngrok-dynamic", version: "1.2.3" };

  test.each(INSTALL_SCRIPTS)("refuses a %s script, naming it and the fix", (script) => {
    expect(
      packedManifestProblems({ ...expected, scripts: { [script]: "npm run build" } }, expected),
    ).toEqual([
      `package.json has a "${script}" script, which npm runs when the package is installed; a release installs prebuilt (build in "prepack" instead)`,
    ]);
  });

  test("accepts prepack and other scripts; refuses another name or version", () => {
    expect(
      packedManifestProblems({ ...expected, scripts: { prepack: "x", test: "y" } }, expected),
    ).toEqual([]);
    expect(packedManifestProblems({ name: "other", version: "1.2.3" }, expected)).toEqual([
      "package.json says other@1.2.3, not pulumi-ngrok-dynamic@1.2.3",
    ]);
  });
});

test("every release file the Markdown names is this version's", () => {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.md"],
    {
      cwd: REPO,
      encoding: "utf8",
    },
  )
    .split("\0")
    .filter(
      (file) => file !== "" && file !== "CHANGELOG.md" && fs.existsSync(path.join(REPO, file)),
    );
  const named = files.flatMap((file) =>
    [...fs.readFileSync(path.join(REPO, file), "utf8").matchAll(/\$RELEASE\/([\w.-]+\.tgz)/g)].map(
      (match) => `${file}: ${match[1]}`,
    ),
  );
  expect(named.length).toBeGreaterThanOrEqual(10);
  expect(
    named.filter((line) => !TARBALLS.some((tarball) => line.endsWith(`: ${tarball}`))),
  ).toEqual([]);
});

test("every template the Markdown starts from is one the release carries", () => {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.md"],
    { cwd: REPO, encoding: "utf8" },
  )
    .split("\0")
    .filter(
      (file) => file !== "" && file !== "CHANGELOG.md" && fs.existsSync(path.join(REPO, file)),
    );
  const texts = files.map((file) => [file, fs.readFileSync(path.join(REPO, file), "utf8")]);
  const named = texts.flatMap(([file, text]) =>
    [...text.matchAll(/\$RELEASE\/templates\/([\w.-]+)/g)].map((match) => `${file}: ${match[1]}`),
  );
  expect(named).toEqual(
    expect.arrayContaining(["README.md: ngrok-ssh-yaml", "README.md: ngrok-ssh-typescript"]),
  );
  expect(
    named.filter((line) => !templateNames().some((name) => line.endsWith(`: ${name}`))),
  ).toEqual([]);
  // The release is all a user has: no page reaches back into the clone for a template.
  expect(texts.filter(([, text]) => text.includes("$RELEASE/../")).map(([file]) => file)).toEqual(
    [],
  );
});

describe("artifactsOf (--only)", () => {
  test("names groups of the release, in release order; none names all", () => {
    expect(artifactsOf(undefined)).toBe(ARTIFACTS);
    expect(artifactsOf("packages")).toEqual(PACKAGE_ARTIFACTS);
    expect(artifactsOf("sdks,packages")).toEqual([
      ...ARTIFACT_GROUPS.packages,
      ...ARTIFACT_GROUPS.sdks,
    ]);
    expect(artifactsOf("packages,executables,sdks,templates")).toEqual(ARTIFACTS);
  });

  test("refuses a group it does not know, naming the groups", () => {
    expect(() => artifactsOf("packages,plugins")).toThrow(
      "--only plugins: the groups are packages, executables, sdks, templates",
    );
  });
});
