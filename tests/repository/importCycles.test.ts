/**
 * No import cycle between folders (issue #32): a folder's files may import another folder's only
 * if that folder's files never import back, directly or through others. What counts as an import
 * (static imports and re-exports, types included; a `require` at load time, not the lazy
 * `require` inside a function body that provider/ loads its implementations with) is written in
 * `../support/importGraph`, whose cycle finder is tested here on graphs made to have a cycle, so
 * that the repository check cannot pass by finding nothing.
 *
 * No cycle is allowed: the last one (tools/scripts/generate ↔ tools/scripts/generate/examples) was broken by
 * handing the package schema to the example renderers instead of having them import it.
 *
 * Nor a cycle between files (issue #39 §1), counting every relative import, types and the lazy
 * `require`s inside function bodies included: a file that needs another, now or later, is not
 * needed back. The last ones (53 files of provider/ through `provider/lazy`, which required
 * `provider/index.ts` back) were broken by loading only packages lazily.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { fileGraph, findCycles, folderGraph, parseImports } from "../support/importGraph";
import { REPO } from "../support/stack";

/** The repository's source (tests/ excluded), each folder with its subfolders. */
const ROOTS = ["provider", "plugin", "sdk", "cli", "tools", "emulator"];

/**
 * The folders held to no cycle between files, type-only imports counted. `tools/bench/` is not yet
 * (`tools/bench/{executableSummary,report,toolchain}.ts` form one); add it when it is clear.
 * `emulator/model` had eight files in one (issue #50): the store now declares the records it
 * holds, and the base URLs (`emulator/model/urls.ts`) and `ResourceRecord` (`emulator/model/recordTable.ts`) sit in
 * leaves, so no behaviour file is imported back.
 */
const FILE_ROOTS = [
  ...["provider", "plugin", "sdk", "cli", "tools/devtools", "tools/scripts"],
  "emulator",
];

/** Every `.ts` file under `dir` (repository-relative), without `node_modules/` and `dist/`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return entry.name === "node_modules" || entry.name === "dist" ? [] : sourceFiles(file);
    }
    return entry.name.endsWith(".ts") ? [file] : [];
  });
}

/** `sources` as the map {@link folderGraph} takes. */
const sourcesOf = (sources: Record<string, string>) => new Map(Object.entries(sources));

describe("parseImports", () => {
  test("counts static imports, re-exports, import = require and load-time require", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "../b/b";',
      'import "./side";',
      'export { c } from "./c";',
      'export * from "./d";',
      'import e = require("./e");',
      'const f = require("./f");',
      'import * as g from "node:path";',
      '// import { h } from "./h";',
      "const text = \"import { i } from './i'\";",
    ].join("\n");
    expect(parseImports("x/y.ts", text)).toEqual(
      ["./a", "../b/b", "./side", "./c", "./d", "./e", "./f"].map((specifier) => ({
        specifier,
        lazy: false,
      })),
    );
  });

  test("marks a require inside a function body as lazy", () => {
    const text = [
      'function api() { return require("./api"); }',
      'const create = () => require("./create");',
      'const provider = { read() { return require("./read"); } };',
    ].join("\n");
    expect(parseImports("x/y.ts", text)).toEqual(
      ["./api", "./create", "./read"].map((specifier) => ({ specifier, lazy: true })),
    );
  });
});

describe("findCycles", () => {
  const graph = (edges: Record<string, string[]>) =>
    new Map(Object.entries(edges).map(([node, next]) => [node, new Set(next)]));

  test("finds a cycle made on purpose, and only the folders in it", () => {
    const cyclic = graph({ a: ["b"], b: ["c"], c: ["a", "d"], d: [], e: ["e"] });
    expect(findCycles(cyclic)).toEqual([["a", "b", "c"], ["e"]]);
  });

  test("finds none in a graph without one", () => {
    expect(findCycles(graph({ a: ["b", "c"], b: ["c"], c: [], d: ["a"] }))).toEqual([]);
  });
});

describe("folderGraph", () => {
  const parent = 'import type { Kind } from "./kinds";\nexport const SHARED = 1;\n';
  const child = 'import type { Kind } from "../common/kinds";\nexport const HOST = 1;\n';

  test("an import back from a child folder is a cycle", () => {
    const { graph, edges } = folderGraph(
      sourcesOf({
        "p/common/kinds.ts": `${parent}export { HOST } from "../host/definition";\n`,
        "p/host/definition.ts": child,
      }),
    );
    expect(findCycles(graph)).toEqual([["p/common", "p/host"]]);
    expect(edges.map((edge) => edge.because)).toEqual([
      "p/common/kinds.ts → p/host/definition.ts",
      "p/host/definition.ts → p/common/kinds.ts",
    ]);
  });

  test("one way, or through a lazy require, is not", () => {
    const lazy = 'export function host() { return require("../host/definition"); }\n';
    const { graph } = folderGraph(
      sourcesOf({ "p/common/kinds.ts": `${parent}${lazy}`, "p/host/definition.ts": child }),
    );
    expect(findCycles(graph)).toEqual([]);
  });

  test("resolves index files, .js specifiers and files of the same folder", () => {
    const { graph } = folderGraph(
      sourcesOf({
        "a/x.ts": 'import "../b";\nimport "../c/z.js";\nimport "./y";\n',
        "a/y.ts": "",
        "b/index.ts": "",
        "c/z.ts": "",
      }),
    );
    expect(graph.get("a")).toEqual(new Set(["b", "c"]));
  });
});

describe("fileGraph", () => {
  const a = 'import { b } from "./b";\nexport const a = 1;\n';

  test("a lazy require back is a cycle between files", () => {
    const lazy = 'export function a() { return require("./a"); }\nexport const b = 2;\n';
    const graph = fileGraph(sourcesOf({ "p/a.ts": a, "p/b.ts": lazy }));
    expect(findCycles(graph)).toEqual([["p/a.ts", "p/b.ts"]]);
  });

  test("imports one way, between files of one folder, are not", () => {
    const graph = fileGraph(sourcesOf({ "p/a.ts": a, "p/b.ts": "export const b = 2;\n" }));
    expect(findCycles(graph)).toEqual([]);
  });
});

describe("the repository", () => {
  const sources = new Map(
    ROOTS.flatMap(sourceFiles).map((file) => [
      file,
      fs.readFileSync(path.join(REPO, file), "utf8"),
    ]),
  );
  const { graph, edges } = folderGraph(sources);
  const cycles = findCycles(graph);
  /** A cycle with the imports that make it, for the failure message. */
  const explained = (cycle: string[]) => ({
    folders: cycle,
    imports: edges
      .filter((edge) => cycle.includes(edge.from) && cycle.includes(edge.to))
      .map((edge) => edge.because),
  });

  test("reads every root's source", () => {
    for (const root of ROOTS) {
      expect([...sources.keys()].some((file) => file.startsWith(`${root}/`))).toBe(true);
    }
    expect(graph.get("provider/sshCertificateCommon")).toBeDefined();
  });

  test("has no import cycle between folders", () => {
    expect(cycles.map(explained)).toEqual([]);
  });

  test("has no import cycle between files, lazy requires counted", () => {
    const held = new Map(
      [...sources].filter(([file]) => FILE_ROOTS.some((root) => file.startsWith(`${root}/`))),
    );
    expect(held.size).toBeGreaterThan(200);
    expect(findCycles(fileGraph(held))).toEqual([]);
  });

  test("would find a type-only cycle planted in the emulator's model", () => {
    const planted = new Map(sources);
    const table = "emulator/model/recordTable.ts";
    planted.set(
      table,
      `${sources.get(table) ?? ""}\nimport type { EmulatorStore } from "./store";\n`,
    );
    const found = findCycles(fileGraph(planted)).flat();
    expect(found).toEqual(expect.arrayContaining([table, "emulator/model/store.ts"]));
  });

  test("would find a cycle planted in the repository's provider", () => {
    const planted = new Map(sources);
    const registry = "provider/registry.ts";
    planted.set(
      "provider/framework/names.ts",
      `${sources.get("provider/framework/names.ts") ?? ""}\nexport const r = () => require("../registry");\n`,
    );
    const found = findCycles(fileGraph(planted)).flat();
    expect(found).toContain(registry);
    expect(found).toContain("provider/framework/names.ts");
  });
});
