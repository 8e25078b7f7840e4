/**
 * ReservedAddr and AgentIngress through the real Pulumi CLI (issue #50), against the emulator:
 *
 * - as a YAML program, through the provider plugin's self-contained executable and Pulumi's YAML
 *   language host (`../support/yamlProject`): a preview with no request, `up`, a no-op preview, an
 *   update (an agent ingress's new description: one PATCH), a replacement (an address's new
 *   region: the new address reserved first, then the old one deleted), a refresh after an
 *   address's description was changed outside Pulumi and the `up` that sets it back, `destroy`;
 *   then `pulumi import` of one object of each made with the API outside Pulumi, the generated
 *   code put in the program, a preview with no change, and the lookups (`fn::invoke` of the
 *   plugin's functions) finding both;
 * - as a TypeScript program of the Node.js classes (`tests/programs/addressesAndSessions`, the
 *   Automation API), whose lookups find what it made: `up`, no-op preview and refresh, `destroy`.
 *
 * Neither resource has a secret input or output: the API key is the only secret, and it never
 * appears in clear in the state file nor in anything the CLI printed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { callApi } from "../support/emulatorApi";
import { yamlLanguageHost } from "../support/pulumiCommand";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  succeeded,
  writes,
} from "../support/realEngine";
import { recordedCli } from "../support/recordedCli";
import { openYamlProject, type YamlProject } from "../support/yamlProject";

const PROJECT = "addresses-and-sessions";

const PROGRAM = `name: ${PROJECT}
runtime: yaml
config:
  addrRegion:
    type: string
    default: eu
  ingressDescription:
    type: string
    default: Our agents' ingress
resources:
  ssh:
    type: ngrok-dynamic:index:ReservedAddr
    properties:
      region: \${addrRegion}
      description: SSH bastion
  agents:
    type: ngrok-dynamic:index:AgentIngress
    properties:
      domain: connect.example.com
      description: \${ingressDescription}
      certificateManagementPolicy:
        privateKeyType: ecdsa
outputs:
  addr: \${ssh.addr}
`;

/** The collections this suite manages. */
const COLLECTIONS = ["/reserved_addrs", "/agent_ingresses"];

describeWithPulumi(
  "Reserved addresses and agent ingresses through the plugin executable and the real CLI",
  () => {
    const yamlHost = yamlLanguageHost({
      suite: "the addresses and sessions suite",
      test: "reserved addresses and agent ingresses",
    });
    if (yamlHost === undefined) return;

    let emulator: RunningEmulator;
    let project: YamlProject;
    /** The CLI, recorded: what it printed, and each operation's summary and requests. */
    const { printed, pulumi, operation } = recordedCli(
      () => project,
      () => emulator,
    );

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      project = await openYamlProject(yamlHost, emulator, { "Pulumi.yaml": PROGRAM });
    }, 120_000);

    afterAll(async () => {
      await emulator?.close();
      project?.remove();
    });

    test("preview, up, no-op, update, replace, drift, destroy", async () => {
      const preview = await operation(["preview"]);
      expect(preview.summary).toEqual({ create: 3 });
      expect(preview.requests).toEqual([]); // check and diff call no API

      const up = await operation(["up", "--yes", "--skip-preview"]);
      expect(up.summary).toEqual({ create: 3 });
      expect(writes(up.requests).sort()).toEqual(COLLECTIONS.map((c) => `POST ${c}`).sort());
      const [made] = (await callApi(emulator, "GET", "/reserved_addrs")).body.reserved_addrs as {
        id: string;
        addr: string;
      }[];
      expect(made.addr).toMatch(/^1\.tcp\.eu\.ngrok\.io:\d+$/);

      const same = await operation(["preview", "--expect-no-changes"]);
      expect(same.summary).toEqual({ same: 3 });

      // A new description updates the agent ingress in place: one PATCH.
      await pulumi(["config", "set", "ingressDescription", "Agents, renamed"]);
      const updated = await operation(["up", "--yes", "--skip-preview"]);
      expect(updated.summary).toEqual({ same: 2, update: 1 });
      expect(writes(updated.requests)).toEqual([
        expect.stringMatching(/^PATCH \/agent_ingresses\/agin_/),
      ]);

      // A new region replaces the address: a new one first, then the old one deleted.
      await pulumi(["config", "set", "addrRegion", "us"]);
      const replaced = await operation(["up", "--yes", "--skip-preview"]);
      expect(replaced.summary).toEqual({ same: 2, replace: 1 });
      expect(writes(replaced.requests)).toEqual([
        "POST /reserved_addrs",
        `DELETE /reserved_addrs/${made.id}`,
      ]);
      const [address] = (await callApi(emulator, "GET", "/reserved_addrs")).body.reserved_addrs as {
        id: string;
        addr: string;
      }[];
      expect(address.addr).toMatch(/^1\.tcp\.ngrok\.io:\d+$/);

      // The description changed outside Pulumi: drift, set back by the next up.
      await callApi(emulator, "PATCH", `/reserved_addrs/${address.id}`, { description: "by hand" });
      const refresh = await operation(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.summary).toEqual({ same: 2, update: 1 });
      const drift = await operation(["preview"]);
      expect(drift.summary).toEqual({ same: 2, update: 1 });
      const back = await operation(["up", "--yes", "--skip-preview"]);
      expect(writes(back.requests)).toEqual([`PATCH /reserved_addrs/${address.id}`]);
      const restored = await callApi(emulator, "GET", `/reserved_addrs/${address.id}`);
      expect(restored.body.description).toBe("SSH bastion");

      const state = await pulumi(["stack", "export"]);
      expect(state.stdout).not.toContain(emulator.apiKey);
      expect(printed.join("\n")).not.toContain(emulator.apiKey);

      const destroy = await operation(["destroy", "--yes", "--skip-preview"]);
      expect(destroy.summary).toEqual({ delete: 3 });
      for (const collection of COLLECTIONS) {
        const listed = await callApi(emulator, "GET", collection);
        expect({ collection, left: Object.values(listed.body).find(Array.isArray) }).toEqual({
          collection,
          left: [],
        });
      }
    });

    test("pulumi import of objects made outside Pulumi: no change, and the lookups find them", async () => {
      const address = await callApi(emulator, "POST", "/reserved_addrs", {
        region: "jp",
        description: "made outside Pulumi",
      });
      const ingress = await callApi(emulator, "POST", "/agent_ingresses", {
        domain: "agents.example.net",
        metadata: '{"by":"hand"}',
        certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" },
      });
      expect([address.status, ingress.status]).toEqual([201, 201]);
      const imports: [string, string, string][] = [
        ["ReservedAddr", "importedAddr", address.body.id as string],
        ["AgentIngress", "importedIngress", ingress.body.id as string],
      ];
      const generated: string[] = [];
      const requests = await requestsDuring(emulator, async () => {
        for (const [type, name, id] of imports) {
          const out = path.join(project.dir, "..", `${name}.yaml`);
          await pulumi(["import", `ngrok-dynamic:index:${type}`, name, id, "--yes", "--out", out]);
          generated.push(fs.readFileSync(out, "utf8"));
        }
      });
      expect(writes(requests)).toEqual([]);
      process.stderr.write(`pulumi import generated:\n${generated.join("\n")}\n`);
      expect(generated[0]).toContain("region: jp");
      expect(generated[1]).toContain("domain: agents.example.net");
      const entries = generated.map((code) => code.replace(/^resources:\n/m, "")).join("");
      fs.writeFileSync(
        path.join(project.dir, "Pulumi.yaml"),
        `name: ${PROJECT}\nruntime: yaml\nresources:\n${entries}`,
      );

      const check = await operation(["preview", "--expect-no-changes"]);
      expect(check.summary).toEqual({ same: 3 });
      expect(writes(check.requests)).toEqual([]);

      // The plugin's functions find both objects.
      const lookups = `variables:
  foundAddrs:
    fn::invoke:
      function: ngrok-dynamic:index:getReservedAddrs
      arguments:
        addr: ${address.body.addr as string}
  foundIngress:
    fn::invoke:
      function: ngrok-dynamic:index:getAgentIngress
      arguments:
        id: ${ingress.body.id as string}
outputs:
  foundAddrId: \${foundAddrs.reservedAddrs[0].id}
  foundAddrCount: \${foundAddrs.reservedAddrs}
  foundIngressDomain: \${foundIngress.domain}
`;
      fs.appendFileSync(path.join(project.dir, "Pulumi.yaml"), lookups);
      const found = await operation(["up", "--yes", "--skip-preview"]);
      expect(writes(found.requests)).toEqual([]);
      const outputs = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout) as Record<
        string,
        unknown
      >;
      expect(outputs.foundAddrId).toBe(address.body.id);
      expect(outputs.foundAddrCount).toHaveLength(1);
      expect(outputs.foundIngressDomain).toBe("agents.example.net");
    });
  },
);

describeWithPulumi(
  "Reserved addresses and agent ingresses as Node.js classes through the real CLI",
  () => {
    let emulator: RunningEmulator;
    let stack: RealStack;

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0 });
      stack = await openStack("tests/programs/addressesAndSessions", "addresses-classes", emulator);
    }, 120_000);

    afterAll(async () => {
      await stack?.remove();
      await emulator?.close();
    });

    test("up, its lookups finding what it made, preview and refresh with no change, destroy", async () => {
      const up = succeeded(await stack.up());
      expect(up.summary?.resourceChanges).toEqual({ create: 3 });
      const [address] = (await callApi(emulator, "GET", "/reserved_addrs")).body.reserved_addrs as {
        id: string;
        addr: string;
      }[];
      const outputs = await stack.outputs();
      expect(outputs.addr).toBe(address.addr);
      expect(outputs.foundAddrIds).toEqual([address.id]);
      expect(outputs.foundIngressDomain).toBe("connect.example.com");

      const preview = succeeded(await stack.preview({ expectNoChanges: true }));
      expect(preview.changeSummary).toEqual({ same: 3 });
      const refresh = succeeded(await stack.refresh());
      expect(refresh.summary?.resourceChanges).toEqual({ same: 3 });
      expect(stack.checkpointText()).not.toContain(emulator.apiKey);

      const destroy = succeeded(await stack.destroy());
      expect(destroy.summary?.resourceChanges).toEqual({ delete: 3 });
      for (const collection of COLLECTIONS) {
        const listed = await callApi(emulator, "GET", collection);
        expect(Object.values(listed.body).find(Array.isArray)).toEqual([]);
      }
    });
  },
);
