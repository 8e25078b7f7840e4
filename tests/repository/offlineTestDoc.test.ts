/**
 * docs/testing.md prints the complete offline test, and the repository keeps it as a file
 * (examples/offline-test/ngrok.test.ts, type-checked by `npm run typecheck`): the printed block is
 * that file, byte for byte, and the commands around it name what the example and the release use.
 * tests/automation/offlineTestDoc.automation.test.ts runs the printed block.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { codeBlockAfter, commandLines } from "../support/docsBlocks";
import { REPO } from "../support/repo";

const DOC = "docs/testing.md";
const FILE = "examples/offline-test/ngrok.test.ts";
const version = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(REPO, dir, "package.json"), "utf8")) as { version: string })
    .version;

test("docs/testing.md prints examples/offline-test/ngrok.test.ts byte for byte", () => {
  const printed = codeBlockAfter(
    DOC,
    "byte for byte (tests/repository/offlineTestDoc.test.ts)",
    "ts",
  );
  expect(printed).toBe(fs.readFileSync(path.join(REPO, FILE), "utf8"));
});

test("the printed run command is the example's npm test", () => {
  const [run] = commandLines(codeBlockAfter(DOC, "Run it:", "sh"));
  const manifest = JSON.parse(
    fs.readFileSync(path.join(REPO, "examples/offline-test/package.json"), "utf8"),
  ) as { scripts: { test: string } };
  expect(run).toBe("node --import tsx --test ngrok.test.ts");
  expect(manifest.scripts.test).toBe(run);
});

test("the install lines name the files of this version's release", () => {
  const lines = commandLines(codeBlockAfter(DOC, "## What it needs", "sh"));
  expect(lines).toEqual([
    `npm install "$RELEASE/pulumi-ngrok-dynamic-${version(".")}.tgz"`,
    `npm install --save-dev "$RELEASE/ngrok-api-emulator-${version("emulator")}.tgz" tsx`,
  ]);
});
