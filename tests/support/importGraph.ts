/**
 * The import graph between folders and between files, and its cycles: what
 * `tests/repository/importCycles.test.ts` holds the repository to (issue #32, "No import cycle
 * between folders"; issue #39, no cycle between files, lazy `require`s counted).
 *
 * A folder is a directory of source files; there is an edge A → B when a file in A imports a file
 * in B by a relative path. What counts as an import:
 *
 * - `import … from "./x"`, `import type … from "./x"`, `import "./x"`: static, types included (a
 *   type-only cycle is still two folders that each need the other to be read);
 * - `export … from "./x"`, `export type … from "./x"`;
 * - `import x = require("./x")`;
 * - `require("./x")` anywhere outside a function body (run when the module loads).
 *
 * What does not count: a `require("./x")` inside a function body. That is the provider's
 * documented lazy loading (CONTRIBUTING.md, Boundaries): the serialized provider loads its
 * implementations at call time, so such a `require` adds no edge at load time; {@link parseImports}
 * still reports it as `lazy`. Nor do `import("./x")` expressions or `typeof import("./x")` types,
 * and nor do imports of packages (specifiers that do not start with `.`).
 *
 * Everything here is pure: the caller reads the files.
 *
 * @module
 */
import * as path from "node:path";
import * as ts from "typescript";

/** One relative import of a file. */
export interface ImportSite {
  /** The specifier as written, e.g. "../sshCertificateCommon/kinds". */
  readonly specifier: string;
  /** `true` for a `require` inside a function body: lazy loading, not an edge. */
  readonly lazy: boolean;
}

/** Whether `node` is a function body's boundary: what runs inside it runs at call time. */
function isFunctionLike(node: ts.Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** Whether `specifier` names a file by a relative path (not a package). */
function isRelative(specifier: string): boolean {
  return (
    specifier === "." ||
    specifier === ".." ||
    specifier.startsWith("./") ||
    specifier.startsWith("../")
  );
}

/**
 * The relative imports of one TypeScript source, in order of appearance, parsed with the
 * TypeScript compiler (so that comments and strings that merely look like imports are not ones).
 */
export function parseImports(fileName: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const sites: ImportSite[] = [];
  const add = (specifier: ts.Expression | undefined, lazy: boolean): void => {
    if (specifier && ts.isStringLiteralLike(specifier) && isRelative(specifier.text)) {
      sites.push({ specifier: specifier.text, lazy });
    }
  };
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, false);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      add(node.moduleReference.expression, false);
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "require" &&
      node.arguments.length === 1
    ) {
      add(node.arguments[0], inFunction);
    }
    const inside = inFunction || isFunctionLike(node);
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, false);
  return sites;
}

/** The extensions and index files a relative specifier may name, in the order Node16 tries them. */
const CANDIDATES = [".ts", ".tsx", ".d.ts", ".json", "/index.ts", "/index.tsx"];

/**
 * The file `specifier`, imported from `from`, names among `files` (paths relative to the
 * repository, `/`-separated), or `undefined` when it names none of them. A `.js` specifier names
 * its `.ts` source, as Node16 resolution has it.
 */
export function resolveImport(
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (files.has(base)) return base;
  const stem = base.replace(/\.(c|m)?js$/, "");
  for (const ending of CANDIDATES) {
    if (files.has(stem + ending)) return stem + ending;
  }
  return undefined;
}

/** A directed graph: each node's successors. */
export type Graph = ReadonlyMap<string, ReadonlySet<string>>;

/** One edge between folders, with a file import that makes it (for the failure message). */
export interface FolderEdge {
  readonly from: string;
  readonly to: string;
  /** e.g. `provider/sshCertificateCommon/kinds.ts → provider/sshHostCertificate/definition.ts`. */
  readonly because: string;
}

/**
 * The folder graph of `sources` (repository-relative, `/`-separated path → text): an edge for
 * each counted import (see the module's documentation) from one folder to another. Imports that
 * resolve to no file in `sources` (packages, generated or missing files) make no edge.
 */
export function folderGraph(sources: ReadonlyMap<string, string>): {
  graph: Graph;
  edges: FolderEdge[];
} {
  const files = new Set(sources.keys());
  const graph = new Map<string, Set<string>>();
  const edges = new Map<string, FolderEdge>();
  for (const [file, text] of sources) {
    const from = path.posix.dirname(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const site of parseImports(file, text)) {
      if (site.lazy) continue;
      const target = resolveImport(file, site.specifier, files);
      if (target === undefined) continue;
      const to = path.posix.dirname(target);
      if (to === from) continue;
      graph.get(from)?.add(to);
      if (!edges.has(`${from}\0${to}`)) {
        edges.set(`${from}\0${to}`, { from, to, because: `${file} → ${target}` });
      }
    }
  }
  return { graph, edges: [...edges.values()] };
}

/**
 * The file graph of `sources` (as {@link folderGraph} takes them): an edge from each file to each
 * file it imports by a relative path, a lazy `require` inside a function body included (it still
 * needs the other file, only later), types included. Its cycles are files that need each other.
 */
export function fileGraph(sources: ReadonlyMap<string, string>): Graph {
  const files = new Set(sources.keys());
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    const targets = new Set<string>();
    for (const site of parseImports(file, text)) {
      const target = resolveImport(file, site.specifier, files);
      if (target !== undefined) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The strongly connected components of `graph` with more than one node, or with a node that is
 * its own successor: its cycles (Tarjan's algorithm). Each component is sorted, and the list is
 * sorted by its first node, so the answer does not depend on the order of the map.
 */
export function findCycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;

  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const successor of graph.get(node) ?? []) {
      if (!index.has(successor)) {
        connect(successor);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(successor) ?? 0));
      } else if (onStack.has(successor)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(successor) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };

  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}
