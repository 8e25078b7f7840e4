/**
 * Every relative link and anchor in the repository's Markdown files resolves
 * (tests/support/markdownLinks.ts: GitHub's anchor slug rules). The checker is first shown to
 * find each kind of broken link in files written for the purpose.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { brokenLinks, headingAnchors, linkTargets } from "../support/markdownLinks";
import { REPO } from "../support/repo";

/** The Markdown files of the repository: tracked, or new and not ignored. */
function markdownFiles(): string[] {
  return execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.md"],
    { cwd: REPO, encoding: "utf8" },
  )
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(REPO, file)));
}

describe("the checker", () => {
  test("slugs headings as GitHub does", () => {
    expect(
      headingAnchors(
        [
          "# Title",
          "## If a deployment is interrupted",
          "## `ngrok:apiKey` and `NGROK_API_KEY`",
          "## What's new? (0.2.0)",
          "## Title",
          "### Big stacks (300 SSH CAs, real CLI, #18)",
          "### Summary",
          "### Summary",
        ].join("\n\n"),
      ),
    ).toEqual([
      "title",
      "if-a-deployment-is-interrupted",
      "ngrokapikey-and-ngrok_api_key",
      "whats-new-020",
      "title-1",
      "big-stacks-300-ssh-cas-real-cli-18",
      "summary",
      "summary-1",
    ]);
  });

  test("reads links and images, not text in code", () => {
    expect(
      linkTargets(
        "[a](x.md) ![b](img.png) `[c](no.md)`\n\n```md\n[d](no.md)\n```\n\n[e](https://example.com)",
      ),
    ).toEqual(["x.md", "img.png", "https://example.com"]);
  });

  test("finds a missing file, a missing anchor, a missing anchor of its own file, and a path out", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "links-"));
    try {
      fs.mkdirSync(path.join(dir, "docs"));
      fs.writeFileSync(path.join(dir, "docs", "page.md"), "# Page\n\n## Inputs\n");
      fs.writeFileSync(
        path.join(dir, "README.md"),
        [
          "# Readme",
          "[ok](docs/page.md#inputs) [ok](#readme) [ok](docs/) [ok](https://x.invalid/#nope)",
          "[gone](docs/missing.md) [anchor](docs/page.md#outputs) [own](#usage) [out](../x.md)",
        ].join("\n\n"),
      );
      expect(brokenLinks(dir, ["README.md", "docs/page.md"])).toEqual([
        "README.md: docs/missing.md: docs/missing.md does not exist",
        "README.md: docs/page.md#outputs: docs/page.md has no heading whose anchor is #outputs",
        "README.md: #usage: README.md has no heading whose anchor is #usage",
        "README.md: ../x.md: leaves the repository",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test("every relative link and anchor in the repository's Markdown resolves", () => {
  const files = markdownFiles();
  expect(files).toEqual(expect.arrayContaining(["README.md", "docs/testing.md", "BENCHMARKS.md"]));
  expect(brokenLinks(REPO, files)).toEqual([]);
});
