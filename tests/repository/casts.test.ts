/**
 * No type assertion in the product (`provider/`, `plugin/`, `sdk/`, `cli/`, `emulator/`; issue #32
 * §3 and #39, "no casts outside the one documented place"): no `x as T` and no `<T>x` (`as const`
 * is no assertion), outside the short {@link ALLOWED} list below, each entry with its reason. There
 * are two kinds: a lazy `require` typed as the module it loads (TypeScript types `require` as
 * `any`), and a value built by a loop from a description TypeScript cannot follow (a resource's
 * definition in provider/, ngrok's OpenAPI schema in the emulator, which may not share provider/'s
 * helper). The checker reads each file with the TypeScript compiler's parser; it runs over the
 * files git tracks, and over small sources that break the rule, so that it can fail.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import type { SourceFile } from "../support/sourceLimits";
import { REPO } from "../support/repo";

/** One type assertion: its file, its line (1-based), its text, and the function it is in. */
interface Cast {
  readonly path: string;
  readonly line: number;
  readonly text: string;
  /** The name of the nearest named function, method or variable around it, if any. */
  readonly within?: string;
}

/** Casts a file may hold: all of them, at most `count`, or those `within` one function. */
interface Allowed {
  readonly path: string;
  /** Only the casts in this function (or method, or variable) of the file. */
  readonly within?: string;
  /** At most this many (every cast of the entry's scope when absent). */
  readonly count?: number;
  readonly reason: string;
}

/** The type assertions the product may hold, each with its reason. */
const ALLOWED: readonly Allowed[] = [
  {
    path: "provider/lazy/index.ts",
    reason: "the one documented place: each lazy `require` typed as `typeof import(…)`",
  },
  {
    path: "provider/common/derived.ts",
    within: "derivedAs",
    count: 1,
    reason:
      "the one documented place: a value built property by property from a definition, as the " +
      "type the definition derives for it (TypeScript cannot follow a mapped type through a loop)",
  },
  {
    path: "emulator/spec/render.ts",
    within: "renderedAs",
    count: 1,
    reason:
      "the emulator's one documented place: an answer rendered from ngrok's OpenAPI schema, as " +
      "the interface declared for it (tests/emulator/openApiConformance holds answers to the schema)",
  },
  {
    path: "plugin/index.ts",
    within: "main",
    count: 1,
    reason:
      "`pending-creates` loads ./commands only when run (cold start), with a typed `require` as " +
      "provider/lazy does; plugin/ has no lazy loader of its own",
  },
  {
    path: "sdk/thinProviders/thinProvider.ts",
    within: "thinProvider",
    count: 1,
    reason:
      "the serialized provider: its methods `require` the implementation by package name inside " +
      "a function body, when they run (CONTRIBUTING, Boundaries), typed as that module",
  },
  {
    path: "sdk/lookups/programClient.ts",
    within: "implementation",
    count: 1,
    reason: "the lookups' typed `require` of the implementation by package name, at call time",
  },
  {
    path: "cli/importFile/serializedProvider.ts",
    within: "serialize",
    count: 1,
    reason:
      "the thin provider module of a kind, `require`d by its path so that Pulumi's serializer " +
      "finds it as that module's export, typed as a dynamic provider",
  },
];

/** The name a function-like or variable node goes by, if it has one. */
function nameOf(node: ts.Node): string | undefined {
  if (
    (ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isVariableDeclaration(node) ||
      ts.isPropertyAssignment(node) ||
      ts.isPropertyDeclaration(node) ||
      ts.isGetAccessorDeclaration(node)) &&
    node.name !== undefined &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
  ) {
    return node.name.text;
  }
  return undefined;
}

/** Every type assertion of `file` (`as const` excepted), in source order. */
function typeAssertions(file: SourceFile): Cast[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const found: Cast[] = [];
  const visit = (node: ts.Node, within: string | undefined): void => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "const")
    ) {
      found.push({
        path: file.path,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        text: node.getText(source).replace(/\s+/g, " ").slice(0, 80),
        within,
      });
    }
    // The outermost name wins: a cast in a helper inside `typedAs` is in `typedAs`.
    ts.forEachChild(node, (child) => visit(child, within ?? nameOf(node)));
  };
  visit(source, undefined);
  return found;
}

/** Whether `entry` covers `cast` (its file, and its function when the entry names one). */
const covers = (entry: Allowed, cast: Cast) =>
  entry.path === cast.path && (entry.within === undefined || entry.within === cast.within);

/**
 * `<path>:<line>: <cast>` for every type assertion of `files` that `allowed` does not cover: one
 * that no entry covers, or every one an entry covers when there are more than its `count`.
 */
function castsOutside(
  files: readonly SourceFile[],
  allowed: readonly Allowed[] = ALLOWED,
): string[] {
  const casts = files.flatMap(typeAssertions);
  const refused = new Set<Cast>(casts.filter((cast) => !allowed.some((e) => covers(e, cast))));
  for (const entry of allowed) {
    const covered = casts.filter((cast) => covers(entry, cast));
    if (entry.count !== undefined && covered.length > entry.count) {
      covered.forEach((cast) => refused.add(cast));
    }
  }
  return casts
    .filter((cast) => refused.has(cast))
    .map((cast) => `${cast.path}:${cast.line}: ${cast.text}`);
}

/** The product's folders. */
const PRODUCT = ["provider", "plugin", "sdk", "cli", "emulator"] as const;

/** The TypeScript of the product that git tracks (and that exists). */
function sources(): SourceFile[] {
  const globs = PRODUCT.map((folder) => `${folder}/*.ts`);
  return execFileSync("git", ["ls-files", "-z", "--", ...globs], {
    cwd: REPO,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .filter((file) => fs.existsSync(path.join(REPO, file)))
    .map((file) => ({ path: file, text: fs.readFileSync(path.join(REPO, file), "utf8") }));
}

describe("type assertions", () => {
  test("the product has none outside the allowlist", () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(200);
    const folders = new Set(files.map((f) => f.path.split("/")[0]));
    expect([...folders].sort()).toEqual([...PRODUCT].sort());
    expect(castsOutside(files)).toEqual([]);
  });

  test("every entry of the allowlist gives its reason", () => {
    for (const entry of ALLOWED) expect(entry.reason.length).toBeGreaterThan(10);
  });

  test("a cast in a small source is reported with its file and line; `as const` is not", () => {
    const file = {
      path: "provider/example.ts",
      text: [
        "const sizes = [1, 2] as const;",
        "export function f(v: unknown) {",
        "  const s = v as string;",
        "  return <number>(s.length as unknown);",
        "}",
      ].join("\n"),
    };
    expect(castsOutside([file])).toEqual([
      "provider/example.ts:3: v as string",
      "provider/example.ts:4: <number>(s.length as unknown)",
      "provider/example.ts:4: s.length as unknown",
    ]);
  });

  test("the allowlist covers its file, its function, and no more than its count", () => {
    const text = [
      "function typedAs<T>(v: unknown): T {",
      "  return v as T;",
      "}",
      "export const other = (v: unknown) => v as string;",
    ].join("\n");
    const files = [
      { path: "provider/framework/wire.ts", text },
      { path: "provider/lazy/index.ts", text },
      { path: "plugin/counted.ts", text },
    ];
    expect(
      castsOutside(files, [
        { path: "provider/framework/wire.ts", within: "typedAs", reason: "documented" },
        { path: "provider/lazy/index.ts", reason: "documented" },
        { path: "plugin/counted.ts", count: 1, reason: "being removed" },
      ]),
    ).toEqual([
      "provider/framework/wire.ts:4: v as string",
      "plugin/counted.ts:2: v as T",
      "plugin/counted.ts:4: v as string",
    ]);
  });

  test("the repository's checker would fail on a cast added to a provider file", () => {
    const files = sources();
    const server = files.find((f) => f.path === "plugin/server.ts");
    expect(server).toBeDefined();
    const broken = files.map((f) =>
      f === server ? { ...f, text: `${f.text}\nexport const n = Number("1") as 1;\n` } : f,
    );
    const lines = (server?.text ?? "").split("\n").length + 1;
    expect(castsOutside(broken)).toEqual([`plugin/server.ts:${lines}: Number("1") as 1`]);
  });
});
