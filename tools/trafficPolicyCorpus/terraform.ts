/**
 * The policies of ngrok's Terraform provider (ngrok/terraform-provider-ngrok): each
 * `traffic_policy = jsonencode(…)` and `traffic_policy = <<EOT … EOT` of its examples, docs and
 * templates (`.tf`, `.md`, `.tmpl`), converted from HCL to JSON by HashiCorp's own parser
 * (`@cdktf/hcl2json`).
 *
 * Terraform evaluates what HCL writes as `${…}` (a reference to another resource, a template) and
 * reads `$${` as a literal `${` (how a CEL interpolation is written in HCL). A policy with
 * something to evaluate is passed over, and counted; `$${` becomes `${`.
 *
 * @module
 */
import type { Extracted } from "./sources";
import { entriesOf, skip } from "./sources";
import type { ActionPhases } from "./find";
import { findPolicies } from "./find";
import type { GitTree } from "./git";

/**
 * HashiCorp's converter, typed here rather than by its own declarations: they reference the DOM
 * library (`/// <reference lib="dom" />`), which would give every file of the compilation the
 * browser's globals (and the DOM's `Headers`, which global `fetch` then answers with).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const { parse } = require("@cdktf/hcl2json") as {
  parse(filename: string, contents: string): Promise<Record<string, unknown>>;
};

/** `traffic_policy = ` and what starts its value. */
const ATTRIBUTE = /\btraffic_policy\s*=\s*(jsonencode\(|<<(-?)([A-Za-z_]+)\n)/g;
/** A `${` that Terraform evaluates (not the escaped `$${`). */
const EVALUATED = /(^|[^$])\$\{/;

/** The index after the `)` closing the `(` just before `from`, strings skipped; or -1. */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let at = from; at < text.length; at++) {
    const character = text[at];
    if (character === '"') {
      for (at++; at < text.length && text[at] !== '"'; at++) if (text[at] === "\\") at++;
    } else if (character === "(") depth++;
    else if (character === ")" && --depth === 0) return at + 1;
  }
  return -1;
}

/** Every string of `value`, deeply. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** `value` with HCL's escapes of `${` and `%{` undone in every string. */
function unescaped(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("$${", "${").replaceAll("%%{", "%{");
  if (Array.isArray(value)) return value.map(unescaped);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unescaped(item)]));
}

/** The resource block `traffic_policy` sits in: its type and its literal `url`, if any. */
function resourceAround(text: string, at: number): { cloud: boolean; url?: string } {
  const start = text.lastIndexOf("resource ", at);
  const head = start < 0 ? "" : text.slice(start, at);
  const url = /\burl\s*=\s*"([^"$]*)"/.exec(head)?.[1];
  return { cloud: head.startsWith('resource "ngrok_cloud_endpoint"'), ...(url ? { url } : {}) };
}

/** Every policy of the Terraform provider's examples, docs and templates. */
export async function fromTerraform(tree: GitTree, actions: ActionPhases): Promise<Extracted> {
  const out: Extracted = { entries: [], skipped: {} };
  const files = tree.paths.filter((path) => /\.(tf|md|tmpl)$/.test(path));
  for (const [path, text] of tree.texts(files)) {
    let block = 0;
    for (const match of text.matchAll(ATTRIBUTE)) {
      block += 1;
      const start = match.index + match[0].length;
      const line = text.slice(0, match.index).split("\n").length;
      const around = resourceAround(text, match.index);
      const place = { source: "terraform-provider-ngrok" as const, tree, path, line, block };
      const endpoint = around.cloud ? { endpoint: "cloud" as const } : {};
      const context = { ...endpoint, ...(around.url ? { url: around.url } : {}) };
      if (match[1].startsWith("jsonencode")) {
        const end = closingParen(text, start);
        const hcl = end < 0 ? "" : text.slice(start, end - 1);
        const value = (await parse(`${path}.tf`, `value = ${hcl}\n`).catch(() => ({}))) as {
          value?: unknown;
        };
        if (value.value === undefined) {
          skip(out.skipped, "a jsonencode(…) HCL could not read");
        } else if (strings(value.value).some((text) => EVALUATED.test(text))) {
          skip(out.skipped, "a jsonencode(…) with a value Terraform evaluates (a reference)");
        } else {
          const policy = JSON.stringify(unescaped(value.value));
          const found = [{ at: "", line: 1, policy, ...context }];
          out.entries.push(...entriesOf({ ...place, language: "hcl" }, found));
        }
        continue;
      }
      const marker = new RegExp(`^[ \\t]*${match[3]}[ \\t]*$`, "m");
      const rest = text.slice(start);
      const body = rest.slice(0, Math.max(0, rest.search(marker)));
      if (EVALUATED.test(body)) {
        skip(out.skipped, "a heredoc with a value Terraform evaluates (a template)");
        continue;
      }
      const found = findPolicies(body.replaceAll("$${", "${"), actions, true);
      const withContext = found.map((policy) => ({ ...policy, ...context }));
      out.entries.push(
        ...entriesOf({ ...place, line: line + 1, language: "heredoc" }, withContext),
      );
    }
  }
  return out;
}
