/**
 * What package.json promises a user: `@pulumi/pulumi` as a peer dependency (one copy, the
 * program's own, never a nested second one), a LICENSE that matches the license field, and a
 * CHANGELOG entry for the version.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../support/repo";

interface Manifest {
  version: string;
  license: string;
  repository?: { type: string; url: string; directory?: string };
  homepage?: string;
  bugs?: { url: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifest = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as Manifest;

test("@pulumi/pulumi is a peer dependency (and a dev dependency here), never a dependency", () => {
  expect(manifest.peerDependencies?.["@pulumi/pulumi"]).toMatch(/^>=3\.\d+\.\d+ <4\.0\.0$/);
  expect(manifest.devDependencies?.["@pulumi/pulumi"]).toBeDefined();
  expect(manifest.dependencies?.["@pulumi/pulumi"]).toBeUndefined();
});

test("the LICENSE file is the license package.json names", () => {
  expect(manifest.license).toBe("Apache-2.0");
  const license = fs.readFileSync(path.join(REPO, "LICENSE"), "utf8");
  expect(license).toContain("Apache License");
  expect(license).toContain("Version 2.0, January 2004");
});

test("the CHANGELOG has an entry for the version", () => {
  const changelog = fs.readFileSync(path.join(REPO, "CHANGELOG.md"), "utf8");
  expect(changelog).toMatch(
    new RegExp(`^## \\[${manifest.version.replace(/\./g, "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m"),
  );
});

test.each([
  ["package.json", undefined],
  ["emulator/package.json", "emulator"],
])("%s says where the code, the docs and the issue tracker are", (file, directory) => {
  const own = JSON.parse(fs.readFileSync(path.join(REPO, file), "utf8")) as Manifest;
  expect(own.repository?.type).toBe("git");
  const web = own.repository?.url.replace(/^git\+/, "").replace(/\.git$/, "");
  expect(web).toMatch(/^https:\/\/github\.com\/[\w-]+\/[\w-]+$/);
  expect(own.repository?.directory).toBe(directory);
  expect(own.homepage?.startsWith(web!)).toBe(true);
  expect(own.bugs?.url).toBe(`${web}/issues`);
  expect(own.version).toBe(manifest.version);
});
