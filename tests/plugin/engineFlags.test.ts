/**
 * The plugin started as the CLI starts it with `pulumi up --logflow -v=9 --tracing <endpoint>`:
 * the engine's flags come before its address (`buildPluginArguments`, Pulumi's
 * `sdk/go/common/resource/plugin/plugin.go`) (issue #38 §1). The plugin still finds the address:
 * its warnings reach that engine on their resource, and it exits once the engine is gone. And
 * when the process that started it dies (the plugin handed to another parent), it exits too
 * (issue #38 §11).
 *
 * Timing margins: the plugin checks its engine and its parent once a second
 * (`HEALTH_INTERVAL_MS`); each exit is allowed 6 s, for a busy 2-core machine.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { toStruct } from "../../plugin/properties";
import { REPO } from "../support/repo";
import * as harness from "./pluginProcess";

const CA = "ngrok-dynamic:index:SshCertificateAuthority";
const WARNING = 2; // engineProto.LogSeverity.WARNING

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks a CA with no API key set: the plugin warns about the key, on the CA's URN. */
async function checkWithoutKey(plugin: harness.PluginProcess, urn: string): Promise<void> {
  await harness.call(
    (r, cb) => plugin.client.configure(r, cb),
    new provproto.ConfigureRequest().setArgs(toStruct({})),
  );
  const request = new provproto.CheckRequest().setUrn(urn).setType(CA).setName("ca");
  request.setOlds(toStruct({})).setNews(toStruct({ privateKeyType: "ed25519" }));
  await harness.call((r, cb) => plugin.client.check(r, cb), request);
}

test.each([
  ["--logtostderr", "-v=9"],
  ["--tracing", "127.0.0.1:9"],
  ["--logtostderr", "-v=9", "--tracing", "127.0.0.1:9"],
])(
  "started with the engine's flags %s …, the plugin logs to the engine on the resource and exits with it",
  async (...flags: string[]) => {
    const engine = await harness.startFakeEngine();
    const plugin = await harness.startPlugin(engine.address, {}, flags);
    try {
      const urn = `urn:pulumi:dev::flags::${CA}::ca`;
      await checkWithoutKey(plugin, urn);
      await sleep(200); // the log line is sent after Check answers
      const warning = engine.records.find((r) => r.message.startsWith("no ngrok API key"));
      expect(warning).toEqual(expect.objectContaining({ severity: WARNING, urn }));
      expect(plugin.output()).not.toMatch(/no ngrok API key/); // not on stderr instead
      await sleep(1500); // the engine answered at least one health check
      const killedAt = Date.now();
      engine.kill();
      expect(await plugin.exited).toBe(0);
      expect((Date.now() - killedAt) / 1000).toBeLessThan(6);
    } finally {
      await plugin.close();
      engine.kill();
    }
  },
);

test("the plugin exits once the process that started it is gone", async () => {
  const engine = await harness.startFakeEngine();
  // A parent that starts the plugin, prints its pid and is then killed: the engine still answers,
  // so only the parent's death can end the plugin.
  const script = path.join(REPO, "dist", "plugin", "index.js");
  const parent = spawn(
    process.execPath,
    [
      "-e",
      `const c = require("node:child_process").spawn(process.execPath, [${JSON.stringify(script)}, ${JSON.stringify(engine.address)}], { stdio: ["ignore", "pipe", "inherit"] });
       c.stdout.once("data", () => console.log(c.pid));
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    const pid = await new Promise<number>((resolve) =>
      parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(true);
    const killedAt = Date.now();
    parent.kill("SIGKILL");
    while (alive() && Date.now() - killedAt < 6000) await sleep(100);
    expect(alive()).toBe(false);
  } finally {
    parent.kill("SIGKILL");
    engine.kill();
  }
});
