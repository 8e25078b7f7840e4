/**
 * What `pulumi-ngrok-dynamic import-file --help` prints, and the lines the command prints after
 * writing a file: the steps that bring the objects under the program.
 *
 * @module
 */
import * as path from "node:path";
import { INTERRUPTED_DEPLOYMENTS_URL } from "../pendingCreates/guide";
import { USAGE } from "./args";
import type { ImportFile } from "./entries";
import { CLASS_TYPE_PREFIX } from "../../provider/framework/tokens";
import { GENERIC_DYNAMIC_TOKEN, IMPORTABLE_KINDS } from "./kinds";

/** The page that documents the import file: "Import" of docs/otherLanguages.md, online and here. */
export const IMPORT_GUIDE_LINE =
  `Guide: "Import", ${new URL("otherLanguages.md#import", INTERRUPTED_DEPLOYMENTS_URL).href}\n` +
  `       (also in this package: ${path.resolve(__dirname, "../../../docs/otherLanguages.md")})`;

/** The Pulumi CLI that reads an import file's inputs and outputs. */
export const MINIMUM_PULUMI_CLI = "3.254.0";

/** What `import-file --help` prints. */
export const IMPORT_FILE_HELP = [
  USAGE,
  "",
  "Writes a Pulumi import file that brings existing ngrok objects under pulumi-ngrok-dynamic's",
  "Node.js classes. Each object is read through the API with its class's provider, and its entry",
  `carries the class's own type token (${CLASS_TYPE_PREFIX}<Class>), the __provider`,
  "the class writes into state, and the object's inputs and outputs. Then declare each resource",
  "in your program (same name, arguments that match the entry's inputs), run",
  "pulumi import --file <file> --generate-code=false (Pulumi CLI " +
    `${MINIMUM_PULUMI_CLI} or later), and pulumi preview shows no change.`,
  "",
  "  <id>              the object's id; the class is picked from it:",
  ...IMPORTABLE_KINDS.map((kind) => `                      ${kind.idForm.padEnd(22)}${kind.name}`),
  "  <name>=<id>       the same, with the resource's name (default: the id; a SAML module's route id).",
  "  --out, -o <file>  write the file there (default: standard output).",
  "  --type <type>     check that every id is of this class (its name or type token). The generic",
  `                    ${GENERIC_DYNAMIC_TOKEN} is refused: with it the import succeeds under`,
  "                    another URN, and the next pulumi up creates a new object and deletes the",
  "                    imported one. So is an id of no class.",
  "  --help, -h        this text.",
  "",
  "The API key comes from NGROK_API_KEY (NGROK_API_BASE_URL for another API than ngrok's); the",
  "file never holds it. Exit status: 0 the file written, 2 an error or a refusal (the message says which).",
  IMPORT_GUIDE_LINE,
].join("\n");

/** What the command prints after writing `file` to `out`: the entries and the next steps. */
export function writtenSummary(out: string, file: ImportFile): string {
  return [
    `wrote ${out}: ${file.resources.length} resource${file.resources.length === 1 ? "" : "s"}`,
    ...file.resources.map((entry) => `  ${entry.type} ${JSON.stringify(entry.name)} ${entry.id}`),
    "Next: declare each in your program with that name and arguments that match its inputs, then",
    `  pulumi import --file ${out} --generate-code=false   (Pulumi CLI ${MINIMUM_PULUMI_CLI} or later)`,
    "  pulumi preview   (shows no change)",
  ].join("\n");
}
