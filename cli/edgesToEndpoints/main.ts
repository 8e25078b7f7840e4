/**
 * `pulumi-ngrok-dynamic edges-to-endpoints [--language yaml|typescript]`: reads the account's
 * HTTPS edges and reserved domains (`GET` requests only, `./account`; an account whose edges are
 * read-only still answers them) and, for each edge with a SAML, OIDC or OAuth module on a route,
 * prints a program that imports the edge's reserved domains and declares one `CloudEndpoint` per
 * hostport with the traffic policy of its routes (`./plan`), as a Pulumi YAML program and as a
 * TypeScript one (`./yamlProgram`, `./typescriptProgram`, both rendered from one description,
 * `./program`). It writes nothing to the account.
 *
 * The API key and base URL are the provider's environment settings (`NGROK_API_KEY`,
 * `NGROK_API_BASE_URL`, docs/configuration.md). Each policy printed is checked by the provider's
 * own traffic policy check (`./policyCheck.ts`); a failure is reported on standard error and makes the exit
 * status 1 (a defect of this command: please report it). The same command ships with the provider
 * plugin (`pulumi-resource-ngrok-dynamic edges-to-endpoints`, plugin/commands.ts).
 *
 * Exit status: 0 printed (or no edge to move), 1 a printed policy fails the check, 2 an error.
 *
 * @module
 */
import { clientFromConfiguration } from "../../provider";
import { parseCommandLine } from "../common/arguments";
import { ENVIRONMENT_ONLY } from "../common/environment";
import { readAccount } from "./account";
import { checkProgram } from "./policyCheck";
import { planAccount } from "./plan";
import { typescriptProgram } from "./typescriptProgram";
import { yamlProgram } from "./yamlProgram";

/** The usage line. */
export const USAGE = "usage: pulumi-ngrok-dynamic edges-to-endpoints [--language yaml|typescript]";

/** What `edges-to-endpoints --help` prints. */
export const EDGES_TO_ENDPOINTS_HELP = [
  USAGE,
  "",
  "Prints, for each HTTPS edge of the account with a SAML, OIDC or OAuth module on a route, a",
  "Pulumi program that moves it to cloud endpoints: it imports the edge's reserved domains and",
  "declares one CloudEndpoint per hostport, whose traffic policy turns each route's match into an",
  "expression and each module into its action. It only reads the account (GET requests).",
  "",
  "  --language <l>  yaml or typescript: print that program only (default: both).",
  "  --help, -h      this text.",
  "",
  "The API key: NGROK_API_KEY (NGROK_API_BASE_URL for another API than ngrok's).",
  "Exit status: 0 printed (or no edge to move), 1 a printed policy fails the provider's check, 2 an",
  "error. Guide: docs/migratingFromEdges.md.",
].join("\n");

/** The languages a program is printed in. */
const LANGUAGES = ["yaml", "typescript"] as const;

/**
 * Parses the arguments after `edges-to-endpoints`.
 *
 * @throws Error naming the mistake, followed by {@link USAGE}.
 */
export function parseArgs(argv: readonly string[]): { help?: boolean; languages: string[] } {
  const { values } = parseCommandLine(
    argv,
    { language: { type: "string" }, help: { type: "boolean", short: "h" } },
    USAGE,
    false,
  );
  if (values.help === true) return { help: true, languages: [] };
  if (values.language === undefined) return { languages: [...LANGUAGES] };
  if (!LANGUAGES.some((language) => language === values.language)) {
    throw new Error(`--language ${values.language}: give yaml or typescript\n${USAGE}`);
  }
  return { languages: [values.language] };
}

/**
 * Runs the command; resolves to its exit status. `out` receives the programs, `err` the check's
 * failures. `program` names the executable in the messages.
 *
 * @throws Error on a mistake in the arguments, a missing API key, or an error of ngrok's API.
 */
export async function edgesToEndpoints(
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void = (text) => process.stderr.write(text),
  { program = "pulumi-ngrok-dynamic" }: { program?: string } = {},
): Promise<number> {
  const args = parseArgs(argv);
  if (args.help === true) {
    out(`${EDGES_TO_ENDPOINTS_HELP.replace(/pulumi-ngrok-dynamic /g, `${program} `)}\n`);
    return 0;
  }
  if ((process.env.NGROK_API_KEY ?? "") === "") {
    throw new Error(
      "NGROK_API_KEY is not set: give the API key of the account whose edges to read",
    );
  }
  const account = await readAccount(clientFromConfiguration(ENVIRONMENT_ONLY));
  const programs = planAccount(account);
  if (programs.length === 0) {
    out(
      `No HTTPS edge of the account has a SAML, OIDC or OAuth module on a route: nothing to move.\n`,
    );
    return 0;
  }
  let status = 0;
  for (const plan of programs) {
    for (const endpoint of checkProgram(plan)) {
      for (const failure of endpoint.failures) {
        status = 1;
        err(
          `${program}: the policy printed for ${endpoint.resource} fails the check: ${failure.reason}\n`,
        );
      }
    }
    const rule = "=".repeat(24);
    if (args.languages.includes("yaml")) {
      out(`# ${rule} ${plan.project}: Pulumi.yaml ${rule}\n${yamlProgram(plan)}\n`);
    }
    if (args.languages.includes("typescript")) {
      out(`// ${rule} ${plan.project}: index.ts ${rule}\n${typescriptProgram(plan)}\n`);
    }
  }
  return status;
}
