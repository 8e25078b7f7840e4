/**
 * Every relative link of a set of Markdown files, checked as GitHub renders them: the target file
 * or folder exists, and an anchor (`#…`) names a heading of the target Markdown file, by GitHub's
 * slug rules (github-slugger: lower case, punctuation dropped, spaces to hyphens, `-1`, `-2` …
 * for repeated headings). Links are read with markdown-it, so text in code blocks and code spans
 * is not taken for a link. Links with a scheme (`https:`, `mailto:`) are not checked.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import GithubSlugger from "github-slugger";
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: true });

type Token = ReturnType<typeof md.parse>[number];

/** The anchors GitHub gives the headings of a Markdown text, in order. */
export function headingAnchors(text: string): string[] {
  const slugger = new GithubSlugger();
  const tokens = md.parse(text, {});
  const anchors: string[] = [];
  tokens.forEach((token, i) => {
    if (token.type === "heading_open") {
      const inline = tokens[i + 1];
      const plain = (inline.children ?? [])
        .filter((child) => child.type === "text" || child.type === "code_inline")
        .map((child) => child.content)
        .join("");
      anchors.push(slugger.slug(plain));
    }
  });
  return anchors;
}

/** The link targets (`href` of links, `src` of images) of a Markdown text, in order. */
export function linkTargets(text: string): string[] {
  const targets: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "link_open") targets.push(token.attrGet("href") ?? "");
      if (token.type === "image") targets.push(token.attrGet("src") ?? "");
      if (token.children) visit(token.children);
    }
  };
  visit(md.parse(text, {}));
  return targets;
}

/**
 * The broken relative links of `files` (paths relative to `root`), as
 * `<file>: <target>: <why>` lines; empty when every link resolves.
 */
export function brokenLinks(root: string, files: readonly string[]): string[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let found = anchorsOf.get(file);
    if (found === undefined) {
      found = new Set(headingAnchors(fs.readFileSync(path.join(root, file), "utf8")));
      anchorsOf.set(file, found);
    }
    return found;
  };
  const broken: string[] = [];
  for (const file of files) {
    for (const target of linkTargets(fs.readFileSync(path.join(root, file), "utf8"))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
      const linked = rawPath === "" ? file : path.join(path.dirname(file), decodeURI(rawPath));
      if (linked.startsWith("..") || path.isAbsolute(linked)) {
        broken.push(`${file}: ${target}: leaves the repository`);
        continue;
      }
      if (!fs.existsSync(path.join(root, linked))) {
        broken.push(`${file}: ${target}: ${linked} does not exist`);
        continue;
      }
      if (anchor !== undefined && linked.endsWith(".md") && !anchors(linked).has(anchor)) {
        broken.push(`${file}: ${target}: ${linked} has no heading whose anchor is #${anchor}`);
      }
    }
  }
  return broken;
}
