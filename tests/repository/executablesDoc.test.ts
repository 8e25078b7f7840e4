/**
 * docs/otherLanguages.md's table of the plugin's archives says what tools/devtools/executables/targets.ts
 * makes: one row per target, its archive's name (tools/scripts/executableArchives.ts) and the Node.js
 * each embeds (or, for Apple silicon, that it is the Intel executable under Rosetta 2).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { EXECUTABLE_TARGETS, PLUGIN_PROGRAM } from "../../dist/tools/devtools/executables";
import { archiveName } from "../../dist/tools/scripts/executableArchives";
import { REPO } from "../support/repo";

const page = fs.readFileSync(path.join(REPO, "docs", "otherLanguages.md"), "utf8");
const { version } = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
  version: string;
};

test.each(EXECUTABLE_TARGETS.map((t) => [`${t.os}-${t.arch}`, t] as const))(
  "%s: its archive and runtime are in the platform table",
  (_name, target) => {
    const archive = archiveName(PLUGIN_PROGRAM, target, version);
    const row = page.split("\n").find((line) => line.startsWith("|") && line.includes(archive));
    expect(row).toBeDefined();
    if (target.os === "darwin" && target.arch === "arm64") {
      expect(row).toMatch(/Intel executable, run by Rosetta 2/);
    } else {
      expect(row).toContain(`Node.js ${target.runtime.version}`);
    }
  },
);
