/**
 * What a kill can tear in the file backend, and the repair the interrupted-deployment docs give
 * (tests/support/killedOperation.ts `repairTornCheckpoint`), through the real Pulumi CLI: an empty
 * attributes file beside the checkpoint (what a kill between its truncation and its write leaves)
 * makes `pulumi cancel` fail with "failed to load checkpoint: EOF", and `pending-creates` say so,
 * naming the torn file, the checkpoint that reads (which its `--file` then reads) and the repair;
 * after the repair `pulumi cancel` succeeds and the stack's resources are all still there.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { repairTornCheckpoint } from "../support/killedOperation";
import { runCommand } from "../support/goToolchain";
import { describeWithPulumi, openStack, succeeded } from "../support/realEngine";
import { REPO } from "../support/repo";

/** The plugin's entry point, which runs the plugin's commands (`pending-creates`). */
const PLUGIN = path.join(REPO, "dist", "plugin", "index.js");

/** `text` as a literal part of a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describeWithPulumi("A torn file backend, through the real Pulumi CLI", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  test("an empty .attrs fails every command with EOF; the documented repair restores the stack", async () => {
    const stack = await openStack("tests/programs/sshCertificateAuthority", "torn", emulator, {
      privateKeyType: "ed25519",
    });
    try {
      succeeded(await stack.up());
      const ids = stack.checkpointResources().map((r) => r.id);
      expect(ids).toHaveLength(1);
      const attrs = `${stack.checkpointPath()}.attrs`;
      expect(JSON.parse(fs.readFileSync(attrs, "utf8"))).toEqual(expect.any(Object));

      fs.writeFileSync(attrs, ""); // as a kill after the truncation leaves it
      await expect(stack.stack.cancel()).rejects.toThrow(/failed to load checkpoint: EOF/);

      // pending-creates (the plugin's, as a YAML stack's user runs it) says so and names the
      // torn file, the checkpoint that reads, and the repair; what it prints runs.
      const checkpoint = stack.checkpointPath();
      const run = await runCommand(
        process.execPath,
        [PLUGIN, "pending-creates", "--stack", path.basename(checkpoint, ".json")],
        stack.workspaceDir,
        stack.env,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        "pulumi-resource-ngrok-dynamic: `pulumi stack export --show-secrets` failed: error: " +
          "failed to load checkpoint: EOF\nPulumi cannot read the stack's checkpoint",
      );
      const root = checkpoint.slice(0, checkpoint.indexOf(`${path.sep}.pulumi${path.sep}`));
      expect(run.stderr).toMatch(
        new RegExp(
          `^  ${escape(path.relative(root, attrs))} +torn: empty \\(its attributes\\)$`,
          "m",
        ),
      );
      expect(run.stderr).toMatch(
        new RegExp(
          `^  ${escape(path.relative(root, checkpoint))} +reads, written \\S+ \\(the checkpoint\\)$`,
          "m",
        ),
      );
      const printed = run.stderr
        .split("\n")
        .filter((line) => line.startsWith("  $ "))
        .map((line) => line.slice(4));
      expect(printed).toEqual([
        `pulumi-resource-ngrok-dynamic pending-creates --file ${checkpoint}`,
        `rm ${attrs}`,
      ]);
      // The checkpoint reads as the command's --file: no pending create in this stack.
      const fromFile = await runCommand(
        process.execPath,
        [PLUGIN, "pending-creates", "--file", checkpoint],
        stack.workspaceDir,
        stack.env,
      );
      expect(fromFile.stdout).toContain("0 pending creates in the state.");
      expect(fromFile.code).toBe(0);

      expect(repairTornCheckpoint(stack)).toEqual(["removed the torn test.json.attrs"]);
      await stack.stack.cancel();
      expect(stack.checkpointResources().map((r) => r.id)).toEqual(ids);
      expect(succeeded(await stack.preview()).changeSummary).toEqual({ same: 2 });
      succeeded(await stack.destroy());
      expect(emulator.snapshot().sshCertificateAuthorities).toEqual([]);
    } finally {
      await stack.remove();
    }
  });
});
