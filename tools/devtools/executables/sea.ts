/**
 * A Node.js single executable application: a bundle's blob injected into a copy of a Node.js
 * binary, following Node.js's documented recipe (nodejs.org/api/single-executable-applications):
 *
 * 1. `node --experimental-sea-config` turns the bundle into a blob, with a Node.js of the
 *    runtime's major version (the tested one: tools/devtools/nodeToolchain.ts). No snapshot. V8's code
 *    cache is platform-specific, so only the blob for this machine's platform and the blob
 *    maker's exact version carries one ({@link withCodeCache}: it starts the linux-amd64
 *    executable in about 0.75× the time, measured side by side); the others are the same for
 *    every platform of that version.
 * 2. A copy of the runtime's binary gets the blob as the resource `NODE_SEA_BLOB`, by `postject`,
 *    which flips the sentinel fuse. A Mach-O binary's signature is removed first
 *    (`macho-unsign`): injecting breaks it, and a broken signature is worse than none. The
 *    macOS executable is x86-64, which macOS (and Rosetta 2) runs unsigned.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { installNode } from "../nodeInstall";
import { type NodeRelease, TESTED_NODES } from "../nodeToolchain";
import { inspectBinary, SEA_FUSE } from "./binaryFormat";
import { runtimeBinary } from "./runtimes";
import { type ExecutableTarget, hostTarget, targetName } from "./targets";

/** The tested Node.js release of `major`, which makes the blobs for runtimes of that major. */
function blobMakerRelease(major: string): NodeRelease {
  const release = TESTED_NODES.find((node) => node.version.split(".")[0] === major);
  if (release === undefined) throw new Error(`no tested Node.js ${major} to make a blob with`);
  return release;
}

/**
 * Whether `target`'s blob carries V8's code cache: only when the target is this machine's
 * platform and embeds exactly the Node.js that makes the blob (a cache V8 cannot use is
 * rejected and the code compiled as without one, but it would only weigh the file).
 */
export function withCodeCache(target: ExecutableTarget): boolean {
  const host = hostTarget();
  const major = target.runtime.version.split(".")[0];
  return (
    host !== undefined &&
    targetName(host) === targetName(target) &&
    blobMakerRelease(major).version === target.runtime.version
  );
}

/** Makes the blob of `bundleFile` for Node.js `major` at `blobFile`, with code cache or not. */
export function seaBlob(
  bundleFile: string,
  major: string,
  blobFile: string,
  codeCache: boolean,
): void {
  const config = `${blobFile}.json`;
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: bundleFile,
      output: blobFile,
      disableExperimentalSEAWarning: true,
      useCodeCache: codeCache,
      useSnapshot: false,
    }),
  );
  const maker = path.join(installNode(blobMakerRelease(major)), "node");
  execFileSync(maker, ["--experimental-sea-config", config], {
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Writes the executable of `blob` for `target` at `outFile` (mode 755) and checks it: its
 * format is the target's, the fuse is flipped, a Mach-O has no signature and a `NODE_SEA`
 * segment.
 *
 * @throws Error when the runtime cannot be fetched or the result fails a check.
 */
export function injectBlob(target: ExecutableTarget, blobFile: string, outFile: string): void {
  const macho = target.format.startsWith("macho");
  let binary = fs.readFileSync(runtimeBinary(target.runtime));
  if (macho) {
    const { unsign } = require("macho-unsign") as {
      unsign(data: ArrayBufferView): ArrayBuffer | null;
    };
    const unsigned = unsign(binary);
    if (unsigned !== null) binary = Buffer.from(unsigned);
  }
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, binary, { mode: 0o755 });
  // postject's command line, whose output (LIEF's warnings about Node.js's own binaries) is
  // shown only when it fails.
  execFileSync(
    process.execPath,
    [
      require.resolve("postject/dist/cli.js"),
      outFile,
      "NODE_SEA_BLOB",
      blobFile,
      "--sentinel-fuse",
      SEA_FUSE,
      ...(macho ? ["--macho-segment-name", "NODE_SEA"] : []),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  fs.chmodSync(outFile, 0o755);
  const facts = inspectBinary(fs.readFileSync(outFile));
  const problems = [
    facts.format === target.format ? "" : `its format is ${facts.format ?? "unknown"}`,
    facts.seaInjected ? "" : "its fuse is not flipped",
    macho && facts.codeSigned ? "it still has a code signature" : "",
    macho && !facts.segments.includes("NODE_SEA") ? "it has no NODE_SEA segment" : "",
  ].filter((problem) => problem !== "");
  if (problems.length > 0) throw new Error(`${outFile}: ${problems.join("; ")}`);
}
