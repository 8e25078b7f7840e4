/**
 * Every example program in examples/ through the real Pulumi CLI, as an Automation API inline
 * program run in its project folder with its own Pulumi.yaml (as `pulumi up` there would, but
 * without the language host, which cannot be had here), against the emulator: preview (0
 * requests), a preview that fails on an invalid argument, up (the emulator holds exactly what the
 * program declares, the outputs are the emulator's), a no-op up, a config change that updates in
 * place, and destroy.
 *
 * Not here, because other real-CLI suites prove them once (issue #23, "cut tests that prove the
 * same thing twice"): drift and deletion behind Pulumi's back, which is the resources' `read`,
 * not the examples' (each resource's own suite: sshCertificateAuthority, sshCertificates,
 * httpsEdgeRouteSaml); the root Pulumi.yaml's quickstart (tests/e2e/demo.e2e.test.ts runs it
 * through the real CLI: up, outputs, a failing preview, an in-place update, a no-op preview,
 * destroy; secrets.automation deploys it too).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { idpMetadataPath } from "../support/fixtures";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  type StackConfig,
  succeeded,
  writes,
} from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const HTML_PAGE = "<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>\n";

interface Example {
  /** The folder of the example's Pulumi.yaml, relative to the repository. */
  readonly dir: string;
  /** Its config for a fresh edge and route. */
  config(edgeId: string, routeId: string): StackConfig;
  /** Config that makes preview fail, and the message; undefined when the program takes none. */
  readonly invalid?: { config: StackConfig; message: RegExp };
  /** What the program declares. */
  readonly declared: { cas: number; modules: number; certificates: number };
  /** Stack outputs and the emulator value each must equal. */
  outputs(emulator: RunningEmulator): Record<string, unknown>;
  /** A config change that updates resources in place, and how many. */
  readonly change: { config: StackConfig; updates: number };
}

const onlyModule = (emulator: RunningEmulator) => {
  const [module] = emulator.snapshot().samlModules;
  return module;
};

let keysDir: string | undefined;
/** A public key written to a file, as a user's `.pub` file: the example reads keys from paths. */
function publicKeyFile(name: string, line: string): string {
  keysDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "example-ssh-keys-"));
  const file = path.join(keysDir, name);
  fs.writeFileSync(file, `${line}\n`);
  return file;
}
afterAll(() => {
  if (keysDir !== undefined) fs.rmSync(keysDir, { recursive: true, force: true });
});

const examples: Example[] = [
  {
    dir: "examples/ssh-certificate-authorities",
    config: () => ({}),
    declared: { cas: 6, modules: 0, certificates: 0 },
    outputs: (emulator) => {
      const cas = emulator.snapshot().sshCertificateAuthorities;
      return {
        ids: expect.objectContaining({ ed25519: expect.stringMatching(/^sshca_/) }),
        trustedUserCaKeys:
          cas
            .map((ca) => `${ca.public_key} ${ca.id}`)
            .sort()
            .join("\n") + "\n",
      };
    },
    change: { config: { owner: "security" }, updates: 6 },
  },
  {
    dir: "examples/ssh-certificates",
    config: () => ({
      userPublicKeyPath: publicKeyFile("id_ed25519.pub", keys.ED25519),
      userName: "deploy",
      hostPublicKeyPath: publicKeyFile("ssh_host_ecdsa_key.pub", keys.ECDSA_P256),
      hostName: "web1.example.com",
    }),
    // An HTML page where the public key should be: refused at preview.
    invalid: {
      config: { userPublicKeyPath: "id_ed25519.pub" },
      message: /publicKey must be one key on one line; it has 2 lines/,
    },
    declared: { cas: 1, modules: 0, certificates: 2 },
    outputs: (emulator) => {
      const snapshot = emulator.snapshot();
      const [ca] = snapshot.sshCertificateAuthorities;
      const [user] = snapshot.sshUserCertificates;
      return {
        caPublicKey: ca.public_key,
        userCertificate: user.certificate,
        userCertificateValidUntil: user.valid_until,
        hostCertificate: snapshot.sshHostCertificates[0].certificate,
        knownHostsLine: `@cert-authority web1.example.com ${ca.public_key}`,
      };
    },
    change: { config: { owner: "security" }, updates: 3 },
  },
  {
    dir: "examples/saml-route",
    config: (edgeId, routeId) => ({
      edgeId,
      routeId,
      idpMetadataPath: idpMetadataPath("okta.xml"),
    }),
    invalid: { config: { idpMetadataPath: "login.html" }, message: /idpMetadata is an HTML page/ },
    declared: { cas: 0, modules: 1, certificates: 0 },
    outputs: (emulator) => ({
      entityId: onlyModule(emulator).entity_id,
      assertionConsumerServiceUrl: onlyModule(emulator).assertion_consumer_service_url,
      metadataUrl: onlyModule(emulator).metadata_url,
      singleLogoutUrl: onlyModule(emulator).single_logout_url,
    }),
    change: { config: { forceAuthn: "false" }, updates: 1 },
  },
];

/** The project name and `main` of a Pulumi.yaml. */
function projectOf(dir: string): { name: string; main: string } {
  const yaml = fs.readFileSync(path.join(REPO, dir, "Pulumi.yaml"), "utf8");
  const field = (key: string) => new RegExp(`^${key}:\\s*(\\S+)\\s*$`, "m").exec(yaml)?.[1];
  return { name: field("name")!, main: field("main") ?? "." };
}

describe.each(examples)("$dir", (example) => {
  describeWithPulumi(`the example in ${example.dir} through the real Pulumi CLI`, () => {
    let emulator: RunningEmulator;
    let stack: RealStack;
    let edgeId: string;
    let routeId: string;
    const project = projectOf(example.dir);
    const held = () => {
      const snapshot = emulator.snapshot();
      return {
        cas: snapshot.sshCertificateAuthorities.length,
        modules: snapshot.samlModules.length,
        certificates: snapshot.sshHostCertificates.length + snapshot.sshUserCertificates.length,
      };
    };
    const total = example.declared.cas + example.declared.modules + example.declared.certificates;

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      ({
        edgeId,
        routeIds: [routeId],
      } = await createEdgeWithRoutes(emulator, 1));
      stack = await openStack(
        example.dir,
        project.name,
        emulator,
        example.config(edgeId, routeId),
        {
          main: project.main,
        },
      );
    }, 120000);

    afterAll(async () => {
      await stack?.remove();
      await emulator?.close();
    });

    test("preview plans the creates and sends no API request", async () => {
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.preview()).changeSummary).toEqual({ create: total + 1 });
      });
      expect(requests).toEqual([]);
    });

    if (example.invalid !== undefined) {
      const invalid = example.invalid;
      test("preview with an invalid argument fails naming the rule; no API request", async () => {
        const work = fs.mkdtempSync(path.join(os.tmpdir(), "example-invalid-"));
        const config = Object.fromEntries(
          Object.entries(invalid.config).map(([key, value]) => {
            fs.writeFileSync(path.join(work, String(value)), HTML_PAGE);
            return [key, { value: path.join(work, String(value)) }];
          }),
        );
        const requests = await requestsDuring(emulator, async () => {
          await stack.setConfig(config);
          const result = await stack.preview();
          expect(result.ok).toBe(false);
          expect(result.error).toMatch(invalid.message);
        });
        expect(requests).toEqual([]);
        await stack.setConfig(
          Object.fromEntries(
            Object.entries(example.config(edgeId, routeId))
              .filter(([key]) => key in invalid.config)
              .map(([key, value]) => [key, { value: String(value) }]),
          ),
        );
        fs.rmSync(work, { recursive: true, force: true });
      });
    }

    test("up creates exactly what the program declares; the outputs are the emulator's", async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: total + 1 });
      expect(held()).toEqual(example.declared);
      const outputs = await stack.outputs();
      const expected = example.outputs(emulator);
      if ("trustedUserCaKeys" in outputs) {
        outputs.trustedUserCaKeys =
          String(outputs.trustedUserCaKeys).trim().split("\n").sort().join("\n") + "\n";
      }
      expect(outputs).toMatchObject(expected);
    });

    test("up again with no change: every resource the same, no write request", async () => {
      const requests = await requestsDuring(emulator, async () => {
        expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ same: total + 1 });
      });
      expect(writes(requests)).toEqual([]);
    });

    test("a config change updates in place", async () => {
      await stack.setConfig(
        Object.fromEntries(
          Object.entries(example.change.config).map(([k, v]) => [k, { value: String(v) }]),
        ),
      );
      const result = succeeded(await stack.up());
      expect(result.summary?.resourceChanges).toEqual({
        same: total + 1 - example.change.updates,
        update: example.change.updates,
      });
      expect(held()).toEqual(example.declared);
    });

    test("destroy leaves the emulator empty; the edge and route remain", async () => {
      expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({
        delete: total + 1,
      });
      expect(held()).toEqual({ cas: 0, modules: 0, certificates: 0 });
      expect(emulator.snapshot().routes.map((r) => r.id)).toEqual([routeId]);
    });
  });
});
