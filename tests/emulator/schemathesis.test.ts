/**
 * Fuzzes the emulator against its OpenAPI document with Schemathesis (issue #39 §4): over every
 * operation the emulator serves (`GET /__emulator/openapi.json`: ngrok's document with the
 * overlay, answers strict), generated requests, valid and invalid, must never get a 5xx, and
 * every answer must match its documented status (errors: ngrok's error body, the overlay's
 * `default`), content type and schema.
 *
 * Bounded to stay cheap: the `examples` and `fuzzing` phases, at most 10 cases per operation,
 * deterministic generation, one worker (≈ 1 300 requests over 119 operations since issue #50's
 * collections, ≈ 90 s on a loaded 2-core machine). A second, one-operation run
 * against a document that demands a field the emulator never answers must fail, so that the
 * check can fail. Schemathesis is pinned in tests/fixtures/python/schemathesis-requirements.txt and
 * installed once into a cached virtual environment (tests/support/pythonVenv.ts; the first run
 * downloads ≈ 20 MB). Without a Python that makes virtual environments the suite is skipped with
 * the reason, except in CI, where it fails.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { runCommand, type Finished } from "../support/goToolchain";
import {
  cachedVenv,
  describeWithVenvPython,
  venvOnlyPython,
  type Venv,
} from "../support/pythonVenv";

const REQUIREMENTS = path.join(
  __dirname,
  "..",
  "fixtures",
  "python",
  "schemathesis-requirements.txt",
);
/** A cold virtual environment downloads and installs Schemathesis: give it minutes. */
const SETUP_TIMEOUT_MS = 10 * 60 * 1000;
const RUN_TIMEOUT_MS = 3 * 60 * 1000;

describeWithVenvPython("Schemathesis: the emulator's answers against its OpenAPI document", () => {
  let venv: Venv;
  let emulator: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    venv = await cachedVenv(venvOnlyPython(), process.env, REQUIREMENTS);
    emulator = await startEmulator({ port: 0, apiKey: "fuzz_key" });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "schemathesis-"));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await emulator?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs Schemathesis on `document` (written to a file) against the emulator. */
  async function schemathesis(document: unknown, ...extra: string[]): Promise<Finished> {
    const file = path.join(dir, `openapi-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify(document));
    // As `python -m`: the venv's bin/ scripts name the staging folder it was made in.
    return runCommand(
      venv.python,
      [
        ...[
          "-m",
          "schemathesis.cli",
          "run",
          file,
          "--url",
          emulator.url,
          "--no-color",
          "--workers",
          "1",
        ],
        ...["--header", `Authorization: Bearer ${emulator.apiKey}`, "--header", "Ngrok-Version: 2"],
        ...["--phases", "examples,fuzzing", "--max-examples", "10", "--generation-deterministic"],
        "--checks",
        "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        ...extra,
      ],
      dir,
    );
  }

  test(
    "no 5xx, every answer of every served operation as documented",
    async () => {
      const document = (await fetch(`${emulator.url}/__emulator/openapi.json`)).json();
      // Every operation the emulator serves is selected (119 with issue #50's collections).
      const served = Object.values(emulator.openApiDocument().paths).flatMap(Object.keys).length;
      const run = await schemathesis(await document);
      const summary = /(\d+) generated, (\d+) passed/.exec(run.stdout);
      process.stderr.write(
        `schemathesis: ${summary?.[0] ?? "no summary"} in ${run.seconds.toFixed(1)} s\n`,
      );
      const output = { code: run.code, out: run.stdout.slice(-3000), err: run.stderr.slice(-2000) };
      expect(output).toMatchObject({ code: 0 });
      expect(served).toBeGreaterThanOrEqual(119);
      expect(run.stdout).toContain(`Selected: ${served}/${served}`);
      expect(Number(summary?.[1])).toBeGreaterThanOrEqual(300);
      expect(summary?.[1]).toBe(summary?.[2]);
      expect(emulator.requests.some((request) => request.status >= 500)).toBe(false);
    },
    RUN_TIMEOUT_MS,
  );

  test(
    "fails when the document demands what the emulator does not answer",
    async () => {
      const document = emulator.openApiDocument();
      const ca = document.components.schemas.SSHCertificateAuthority;
      ca.properties = { ...ca.properties, fingerprint: { type: "string" } };
      ca.required = [...(ca.required ?? []), "fingerprint"];
      const run = await schemathesis(
        document,
        "--include-operation-id",
        "SshCertificateAuthoritiesCreate",
      );
      expect({ code: run.code, err: run.stderr }).toMatchObject({ code: 1 });
      expect(run.stdout).toMatch(/fingerprint/);
    },
    RUN_TIMEOUT_MS,
  );
});
