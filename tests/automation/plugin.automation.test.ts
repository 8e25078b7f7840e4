/**
 * The provider plugin (`pulumi-resource-ngrok-dynamic`) against the Node.js resource classes,
 * through the real Pulumi CLI: the same four resources (tests/programs/parity: an SSH CA, a host
 * and a user certificate it signs, a SAML module on a route), declared once with the classes
 * (dynamic providers) and once by type token for the plugin on PATH, each against its own
 * emulator, through the same steps: a preview with an invalid argument, a preview, up, a no-op up,
 * an in-place update, refresh, destroy.
 *
 * At every step the two make the same API requests (method and path, ids aside, as multisets:
 * the engine runs independent steps in parallel), fail with the same check failure, and end with
 * the same outputs (ids, keys and times aside). The table of requests is printed for the docs.
 */
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { pluginBinDir } from "../../dist/tools/devtools/pluginBin";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import { describeWithPulumi, openStack, requestsDuring, succeeded } from "../support/realEngine";
import * as keys from "../support/sshKeys";

/** A request without its ids: `PATCH /ssh_certificate_authorities/{sshca}`. */
const normalize = (request: string) =>
  request.replace(/\b(sshca|shcrt|sucrt|edghts|edghtsrt)_[0-9A-Za-z]+/g, "{$1}");

/** Outputs without what differs between two accounts: ids, key material, times, URLs' ids. */
function comparable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replace(/\b(sshca|shcrt|sucrt|edghts|edghtsrt)_[0-9A-Za-z]+/g, "{$1}")
      .replace(/AAAA[0-9A-Za-z+/=]+/g, "{key}")
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "{time}")
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, "{emulator}"),
  );
}

interface Side {
  emulator: RunningEmulator;
  stack: RealStack;
}

const STEPS = ["preview", "up", "no-op up", "update", "refresh", "destroy"] as const;

describeWithPulumi(
  "The provider plugin and the Node.js classes, through the real Pulumi CLI",
  () => {
    const bin = pluginBinDir();
    const sides: Record<"dynamic" | "plugin", Side> = {} as never;
    const table: Record<string, Record<string, string[]>> = {};

    beforeAll(async () => {
      for (const side of ["dynamic", "plugin"] as const) {
        const emulator = await startEmulator({ port: 0 });
        const {
          edgeId,
          routeIds: [routeId],
        } = await createEdgeWithRoutes(emulator, 1);
        const config = {
          description: "v1",
          hostKey: keys.ECDSA_P256,
          userKey: keys.ED25519,
          edgeId,
          routeId,
          idpMetadataPath: idpMetadataPath("okta.xml"),
          ...(side === "plugin"
            ? {
                "ngrok-dynamic:apiBaseUrl": emulator.url,
                "ngrok-dynamic:apiKey": { value: emulator.apiKey, secret: true },
              }
            : {}),
        };
        const stack = await openStack(
          `tests/programs/parity/${side}`,
          `parity-${side}`,
          emulator,
          config,
          {
            env: side === "plugin" ? { PATH: `${bin}:${process.env.PATH ?? ""}` } : {},
          },
        );
        sides[side] = { emulator, stack };
      }
    }, 120_000);

    afterAll(async () => {
      for (const side of Object.values(sides)) {
        await side.stack?.remove();
        await side.emulator?.close();
      }
      process.stderr.write(
        `parity of requests (dynamic classes = plugin):\n${Object.entries(table)
          .map(([step, row]) => `  ${step}: ${(row.dynamic ?? []).join(", ") || "none"}`)
          .join("\n")}\n`,
      );
    });

    /** Runs `step` on both sides; the requests each made, normalized and sorted. */
    async function both(name: string, step: (stack: RealStack) => Promise<unknown>) {
      const row: Record<string, string[]> = {};
      for (const [side, { emulator, stack }] of Object.entries(sides)) {
        row[side] = (await requestsDuring(emulator, () => step(stack))).map(normalize).sort();
      }
      table[name] = row;
      expect(row.plugin).toEqual(row.dynamic);
      return row;
    }

    test("an invalid argument fails the preview with the same failure, before any request", async () => {
      const reasons: string[] = [];
      await both("invalid preview", async (stack) => {
        await stack.setConfig({ keySizeWithEd25519: { value: "true" } });
        const result = await stack.preview();
        expect(result.ok).toBe(false);
        reasons.push(
          /keySize applies only when privateKeyType is "rsa"[^\n]*/.exec(result.error ?? "")?.[0] ??
            "",
        );
        await stack.setConfig({ keySizeWithEd25519: { value: "false" } });
      });
      expect(reasons[0]).toMatch(
        /^keySize applies only when privateKeyType is "rsa"; privateKeyType is "ed25519"/,
      );
      expect(reasons[1]).toBe(reasons[0]);
    });

    test.each(STEPS)("%s: the same requests, and the same outcome", async (step) => {
      const summaries: unknown[] = [];
      const row = await both(step, async (stack) => {
        if (step === "preview") summaries.push(succeeded(await stack.preview()).changeSummary);
        if (step === "up" || step === "no-op up")
          summaries.push(succeeded(await stack.up()).summary?.resourceChanges);
        if (step === "update") {
          await stack.setConfig({ description: { value: "v2" }, forceAuthn: { value: "true" } });
          summaries.push(succeeded(await stack.up()).summary?.resourceChanges);
        }
        if (step === "refresh")
          summaries.push(succeeded(await stack.refresh()).summary?.resourceChanges);
        if (step === "destroy")
          summaries.push(succeeded(await stack.destroy()).summary?.resourceChanges);
      });
      expect(summaries[1]).toEqual(summaries[0]);
      if (step === "up") expect(row.dynamic.length).toBeGreaterThan(3);
      if (step === "no-op up" || step === "refresh") {
        expect(row.dynamic.filter((r) => !r.startsWith("GET "))).toEqual([]);
      }
      if (step === "up" || step === "update") {
        const outputs = await Promise.all(Object.values(sides).map(({ stack }) => stack.outputs()));
        expect(comparable(outputs[1].outputs)).toEqual(comparable(outputs[0].outputs));
      }
      if (step === "destroy") {
        for (const { emulator } of Object.values(sides)) {
          const snapshot = emulator.snapshot();
          expect([snapshot.sshCertificateAuthorities, snapshot.samlModules]).toEqual([[], []]);
        }
      }
    });
  },
);
