/**
 * Writes `openapi/ngrok.json`, the JSON rendering of the vendored `openapi/ngrok.yaml` that the
 * emulator reads (JSON parses in milliseconds, the YAML in most of a second). Run it after
 * replacing `ngrok.yaml` with a newer copy of ngrok's document:
 *
 * ```sh
 * npm run build && node emulator/dist/spec/vendored.js          # writes openapi/ngrok.json
 * node emulator/dist/spec/vendored.js --check                   # exit 1 when it is stale
 * ```
 *
 * `tests/emulator/openApiDerived.test.ts` holds the two files equal.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { openApiFolder } from "./document";

/** The text of `ngrok.json` for the text of `ngrok.yaml`: one line, then a line break. */
export function openApiJson(yamlText: string): string {
  return `${JSON.stringify(parse(yamlText))}\n`;
}

function main(argv: readonly string[]): number {
  const folder = openApiFolder();
  const wanted = openApiJson(fs.readFileSync(path.join(folder, "ngrok.yaml"), "utf8"));
  const target = path.join(folder, "ngrok.json");
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : undefined;
  if (current === wanted) return 0;
  if (argv.includes("--check")) {
    process.stderr.write(`${target} is stale: run node emulator/dist/spec/vendored.js\n`);
    return 1;
  }
  fs.writeFileSync(target, wanted);
  process.stdout.write(`wrote ${target}\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
