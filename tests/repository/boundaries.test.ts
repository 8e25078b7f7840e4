/**
 * The boundary between the emulator and the provider, enforced by the lint configuration
 * (`eslint.config.mjs`, `no-restricted-imports`): the emulator is the independent oracle the
 * provider is tested against, so neither imports the other (nor the SDK the emulator). These
 * tests lint code that crosses the boundary, as if it were in each folder, and expect the rule to
 * fail it; then lint the real folders and expect them clean, so `npm run lint` in CI fails a
 * change that breaks the boundary.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { REPO } from "../support/repo";

const RULE = "no-restricted-imports";

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; message: string }[];
}

/**
 * ESLint's Node API (which cannot load `eslint.config.mjs` inside Jest's module sandbox, hence a
 * process of its own), run once over every sample below and over the real folders: one process,
 * one configuration load, as `npm run lint` loads it.
 */
const LINT = `
import { ESLint } from "eslint";
const { samples, folders } = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const { file, code } of samples) {
  const [result] = await eslint.lintText(code, { filePath: file });
  results.push(result.messages.filter((m) => m.ruleId === ${JSON.stringify(RULE)}).map((m) => m.message));
}
const linted = (await eslint.lintFiles(folders)).map(({ filePath, messages }) => ({
  filePath,
  messages: messages.map(({ ruleId, line, message }) => ({ ruleId, line, message })),
}));
process.stdout.write(JSON.stringify({ samples: results, folders: linted }));
`;

/** The boundary errors of each sample, in order, and what ESLint says of every file of `folders`. */
function lint(
  samples: { file: string; code: string }[],
  folders: string[],
): { samples: string[][]; folders: LintResult[] } {
  const run = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", LINT, JSON.stringify({ samples, folders })],
    { cwd: REPO, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.stdout.trim() === "") throw new Error(`eslint printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as { samples: string[][]; folders: LintResult[] };
}

const CROSSING = [
  ["emulator/routes/example.ts", 'import { NgrokClient } from "../../provider/client";'],
  [
    "emulator/model/example.ts",
    'import { parseIdpMetadata } from "../../provider/httpsEdgeRouteSaml/idpMetadata";',
  ],
  ["emulator/example.ts", 'import { SshCertificateAuthority } from "../sdk";'],
  ["emulator/example.ts", 'export * from "pulumi-ngrok-dynamic/provider";'],
  ["provider/client/example.ts", 'import { startEmulator } from "../../emulator/index";'],
  ["provider/example.ts", 'import { EmulatorErrorBody } from "../emulator/errors";'],
  ["sdk/example.ts", 'import { startEmulator } from "ngrok-api-emulator";'],
] as const;
const ALLOWED = [
  ["emulator/routes/example.ts", 'import { ApiContext } from "../context";'],
  ["provider/example.ts", 'import { NgrokClient } from "./client";'],
  [
    "tests/example.test.ts",
    'import { startEmulator } from "../emulator/index";\nimport "../provider";',
  ],
] as const;
const COMPILED_EMULATOR = [
  ["tests/emulator/example.test.ts", 'import { startEmulator } from "../../emulator";'],
  ["tools/devtools/example.ts", 'import { startEmulator } from "../../emulator";'],
] as const;

const samples = [
  ...[...CROSSING, ...ALLOWED].map(([file, code]) => ({
    file,
    code: `${code}\nexport const used = 1;\n`,
  })),
  ...COMPILED_EMULATOR.map(([file, code]) => ({
    file,
    code: `${code}\nexport const used = startEmulator;\n`,
  })),
];
let errors: Map<string, string[]>;
let folders: LintResult[];
beforeAll(() => {
  const found = lint(samples, ["emulator", "provider", "sdk"]);
  errors = new Map(
    samples.map((sample, i) => [sample.file + "\0" + sample.code, found.samples[i]]),
  );
  folders = found.folders;
});
/** The boundary errors ESLint gave the sample of `file` and `code`. */
function boundaryErrors(code: string, file: string): string[] {
  const found = errors.get(file + "\0" + code);
  if (found === undefined) throw new Error(`no sample ${file}: ${code}`);
  return found;
}

test.each(CROSSING)("%s may not say %s", (file, code) => {
  const errors = boundaryErrors(`${code}\nexport const used = 1;\n`, file);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/must not import .*independent oracle/);
});

test.each(ALLOWED)("%s may say %s", (file, code) => {
  expect(boundaryErrors(`${code}\nexport const used = 1;\n`, file)).toEqual([]);
});

test("no file in emulator/, provider/ or sdk/ crosses the boundary", () => {
  const results = folders;
  expect(results.length).toBeGreaterThan(20);
  const crossings = results.flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId === RULE)
      .map((m) => `${path.relative(REPO, r.filePath)}:${m.line}: ${m.message}`),
  );
  expect(crossings).toEqual([]);
});

test.each(COMPILED_EMULATOR)(
  "%s may not load the emulator's compiled build with %s",
  (file, code) => {
    const errors = boundaryErrors(`${code}\nexport const used = startEmulator;\n`, file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/import "\.\.\/emulator\/index"/);
  },
);
