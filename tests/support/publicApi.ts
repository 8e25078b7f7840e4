/**
 * The package's public API as users meet it, read from the built package (`dist/`): every export
 * of the SDK's declarations (`dist/sdk/index.d.ts`) with its kind and shape (the members of a
 * class or an interface, a function's signatures, an alias's type, each as the compiler prints
 * it), the runtime keys of the SDK and of `pulumi-ngrok-dynamic/provider` (what serialized
 * providers, `pending-creates` and the plugin require), and the thin providers' modules
 * (`dist/sdk/thinProviders/<resource>.js`, required by the `__provider` of every deployed state).
 *
 * `tests/repository/publicApi.test.ts` compares it with `tests/fixtures/publicApi.json`, taken from
 * the package before its SDK was generated (issue #39 §3: "the public API is unchanged").
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

/** One export of the SDK's declarations: its kind and what its shape prints as. */
export interface ExportShape {
  readonly kind: string;
  readonly shape: readonly string[];
}

/** Everything {@link publicApi} reads. */
export interface PublicApi {
  readonly sdkExports: Readonly<Record<string, ExportShape>>;
  readonly sdkRuntimeKeys: readonly string[];
  readonly providerRuntimeKeys: readonly string[];
  readonly thinProviders: readonly string[];
}

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrayAsGenericType;

/** `text` without the files' paths the compiler prints for types out of scope (`import("…").`). */
const withoutPaths = (text: string) => text.replace(/import\("[^"]*"\)\./g, "");

/** `a | b` and `b | a` print alike: a union's members sorted, at the outermost level. */
function printed(checker: ts.TypeChecker, type: ts.Type): string {
  const print = (t: ts.Type) => withoutPaths(checker.typeToString(t, undefined, FLAGS));
  return type.isUnion() ? type.types.map(print).sort().join(" | ") : print(type);
}

/** `name?: type` of each property of `type`, sorted. */
function members(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): string[] {
  return checker
    .getPropertiesOfType(type)
    .map((property) => {
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
      const readonly = isReadonly(property) ? "readonly " : "";
      return `${readonly}${property.name}${optional}: ${printed(checker, checker.getTypeOfSymbolAtLocation(property, at))}`;
    })
    .sort();
}

/** The compiler's `CheckFlags.Readonly`: a property a mapped type made `readonly`. */
const MAPPED_READONLY = 8;

/**
 * Whether `symbol` is `readonly`: declared so, or made so by a mapped type (the generated outputs,
 * `Outputs` of `sdk/shapes/`). The compiler keeps the latter on the symbol's `links.checkFlags`,
 * which its public API does not expose; `tests/types` proves the outputs refuse assignment.
 */
function isReadonly(symbol: ts.Symbol): boolean {
  const links: unknown = Reflect.get(symbol, "links");
  const flags: unknown = typeof links === "object" ? Reflect.get(links ?? {}, "checkFlags") : 0;
  if (typeof flags === "number" && (flags & MAPPED_READONLY) !== 0) return true;
  return (symbol.declarations ?? []).some(
    (d) => (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly) !== 0,
  );
}

/** Each signature of `type`, of calls or of constructs, printed. */
function signatures(checker: ts.TypeChecker, type: ts.Type, kind: ts.SignatureKind): string[] {
  return checker
    .getSignaturesOfType(type, kind)
    .map((s) => withoutPaths(checker.signatureToString(s, undefined, FLAGS)));
}

/** The kind and shape of one export (see the module comment). */
function shapeOf(checker: ts.TypeChecker, exported: ts.Symbol, at: ts.Node): ExportShape {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const { flags } = symbol;
  if (flags & ts.SymbolFlags.Class) {
    const staticSide = checker.getTypeOfSymbolAtLocation(symbol, at);
    return {
      kind: "class",
      shape: [
        ...signatures(checker, staticSide, ts.SignatureKind.Construct).map((s) => `new ${s}`),
        ...members(checker, staticSide, at)
          .filter((m) => !m.startsWith("prototype:"))
          .map((m) => `static ${m}`),
        ...members(checker, checker.getDeclaredTypeOfSymbol(symbol), at),
      ],
    };
  }
  if (flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, at);
    return { kind: "function", shape: signatures(checker, type, ts.SignatureKind.Call) };
  }
  if (flags & ts.SymbolFlags.Interface) {
    return {
      kind: "interface",
      shape: members(checker, checker.getDeclaredTypeOfSymbol(symbol), at),
    };
  }
  if (flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    return {
      kind: "type",
      shape: [printed(checker, type), ...(type.isUnion() ? [] : members(checker, type, at))],
    };
  }
  return {
    kind: "value",
    shape: [printed(checker, checker.getTypeOfSymbolAtLocation(symbol, at))],
  };
}

/** The exports of `dist/sdk/index.d.ts` under `repo`, by name, with their kinds and shapes. */
export function sdkExports(repo: string): Record<string, ExportShape> {
  const entry = path.join(repo, "dist/sdk/index.d.ts");
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    types: ["node"],
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (source === undefined) throw new Error(`no ${entry}: build first`);
  const module = checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${entry} is not a module`);
  const found: Record<string, ExportShape> = {};
  for (const exported of checker
    .getExportsOfModule(module)
    .sort((a, b) => a.name.localeCompare(b.name))) {
    found[exported.name] = shapeOf(checker, exported, source);
  }
  return found;
}

/** The public API of the package built under `repo` (see the module comment). */
export function publicApi(repo: string): PublicApi {
  // The built modules, as a program loads them (their keys are what is compared, not their types).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const keys = (file: string) => Object.keys(require(path.join(repo, file))).sort();
  return {
    sdkExports: sdkExports(repo),
    sdkRuntimeKeys: keys("dist/sdk/index.js"),
    providerRuntimeKeys: keys("dist/provider/index.js"),
    thinProviders: fs
      .readdirSync(path.join(repo, "dist/sdk/thinProviders"))
      .filter((file) => file.endsWith(".js"))
      .sort(),
  };
}
