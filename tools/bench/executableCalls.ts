/**
 * A preview's calls without the engine, for the executable benchmark (executable.ts): one
 * Check and one Diff of each of `count` SSH CAs, ten resources at a time, sent over gRPC to the
 * executable and to the Node.js plugin, as the engine sends them in a preview of an unchanged
 * stack; the outputs are a created CA's fields, made up (a Diff of an unchanged CA makes no API
 * request). This tells the plugin's own handling of the calls apart from how the engine runs it.
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { makeUrn, startProviderHost } from "../devtools/providerHost";
import { type Consumer, PROJECT, STACK } from "./installedPackage";
import { processCpuMs } from "./processCpu";

/** The resources in flight at a time. */
const CONCURRENCY = 10;
const TYPE = "ngrok-dynamic:index:SshCertificateAuthority";

/** What a preview's calls cost: wall time, and the plugin process's CPU (`undefined` without `/proc`). */
export interface CallsCost {
  readonly ms: number;
  readonly cpuMs: number | undefined;
}

/**
 * The wall time and the plugin process's CPU, in ms, of a Check and a Diff of each of `count` SSH
 * CAs through the provider plugin `executable` (started and configured beforehand, outside both).
 *
 * @throws Error when a Check fails or a Diff finds a change.
 */
export async function previewCalls(
  consumer: Consumer,
  executable: string,
  count: number,
): Promise<CallsCost> {
  const host = await startProviderHost({ cwd: consumer.dir, project: PROJECT, executable });
  try {
    // The plugin's own settings (un-namespaced, as the engine sends them): it refuses unknown keys.
    await host.configure({ apiKey: "unused", apiBaseUrl: "http://127.0.0.1:9" });
    const cpu = () => (host.pid === undefined ? undefined : processCpuMs(host.pid));
    const cpuBefore = cpu();
    const start = performance.now();
    const lane = async (first: number) => {
      for (let i = first; i < count; i += CONCURRENCY) {
        const urn = makeUrn(STACK, PROJECT, TYPE, `ca-${i}`);
        const news = { privateKeyType: "ed25519", description: `bench CA ${i}` };
        const { inputs, failures } = await host.check(urn, news, news);
        if (failures.length > 0) throw new Error(`Check failed: ${JSON.stringify(failures)}`);
        const olds = {
          ...news,
          publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBench",
          keyType: "ed25519",
          uri: `https://api.ngrok.com/ssh_certificate_authorities/sshca_${i}`,
          createdAt: "2026-01-01T00:00:00Z",
        };
        const diff = await host.diff(urn, `sshca_${i}`, olds, inputs, news);
        if (diff.changes === "some") throw new Error(`Diff found changes: ${JSON.stringify(diff)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, first) => lane(first)));
    const ms = performance.now() - start;
    const cpuAfter = cpu();
    return {
      ms,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    };
  } finally {
    await host.close();
  }
}
