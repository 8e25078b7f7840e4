/**
 * `npm run generate`: writes what is derived from the resources' definitions
 * (`provider/<resource>/definition.ts`) and the provider's settings (`provider/client/settings.ts`):
 * the SDK's types (`sdk/generated/types.ts`), the Pulumi package schema (`schema.json`), the YAML
 * template's package declaration (tools/scripts/generate/yamlPackage.ts) and the generated tables,
 * examples in other languages, type tokens and import lines of the docs pages (between
 * `<!-- generated:… -->` markers). Each file is formatted with the repository's Prettier
 * settings.
 *
 * `--check` writes nothing: it lists the files that differ from what would be generated, and exits
 * 1 when there are any (`tests/repository/generated.test.ts` runs it). `--root <dir>` works on
 * another copy of the repository's files.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { docsExamples } from "./docsExamples";
import { docsImport } from "./docsImport";
import { startingPageOf } from "./docsPage";
import { docsTables } from "./docsTables";
import { PROVIDER_EXPORTS, providerExportsFile } from "./providerExports";
import { packageSchema } from "./schema";
import { sdkClassFiles } from "./sdkClasses";
import { sdkTypesFile } from "./sdkTypes";
import { readmeTerraform } from "./terraformTable";
import { thinProviderFiles } from "./thinProviders";
import { YAML_PACKAGE_DECLARATION, yamlPackageDeclaration } from "./yamlPackage";

/** The repository (`--root <dir>` reads and writes another copy of its files: for the tests). */
let REPO = path.resolve(__dirname, "../../../..");

/** Every generated file: its path in the repository and its text, before formatting. */
function generated(): Map<string, string> {
  const files = new Map<string, string>();
  const schema = packageSchema();
  files.set("sdk/generated/types.ts", sdkTypesFile());
  files.set(PROVIDER_EXPORTS, providerExportsFile(REPO));
  files.set("schema.json", `${JSON.stringify(schema, null, 2)}\n`);
  files.set(YAML_PACKAGE_DECLARATION, yamlPackageDeclaration(schema));
  for (const [file, text] of thinProviderFiles()) files.set(file, text);
  for (const [file, text] of sdkClassFiles(REPO)) files.set(file, text);
  const tables = docsTables();
  const examples = docsExamples(schema);
  const imports = docsImport();
  const readme = readmeTerraform();
  for (const file of new Set([
    ...tables.keys(),
    ...examples.keys(),
    ...imports.keys(),
    ...readme.keys(),
  ])) {
    const existing = path.join(REPO, file);
    let page = fs.existsSync(existing)
      ? fs.readFileSync(existing, "utf8")
      : (startingPageOf(file) ?? fs.readFileSync(existing, "utf8"));
    for (const splice of [
      tables.get(file),
      examples.get(file),
      imports.get(file),
      readme.get(file),
    ]) {
      if (splice) page = splice(page);
    }
    files.set(file, page);
  }
  return files;
}

/** `text` formatted as Prettier formats `file` in this repository. */
async function formatted(file: string, text: string): Promise<string> {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(path.join(REPO, file))) ?? {};
  return prettier.format(text, { ...options, filepath: path.join(REPO, file) });
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes("--check");
  const root = argv.indexOf("--root");
  if (root >= 0) REPO = path.resolve(argv[root + 1] ?? ".");
  const stale: string[] = [];
  for (const [file, text] of generated()) {
    const wanted = await formatted(file, text);
    const target = path.join(REPO, file);
    const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : undefined;
    if (current === wanted) continue;
    stale.push(file);
    if (!check) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, wanted);
    }
  }
  for (const file of stale) {
    process.stdout.write(`${check ? "stale" : "wrote"}: ${file}\n`);
  }
  if (check && stale.length > 0) {
    process.stdout.write("run `npm run generate` and commit the result\n");
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
