/**
 * A Node.js single executable application: a bundle's blob injected into a copy of a Node.js
 * binary, following Node.js's documented recipe (nodejs.org/api/single-executable-applications):
 *
 * 1. `node --experimental-sea-config` turns the bundle into a blob, with a Node.js of the
 *    runtime's major version (the tested one: devtools/nodeToolchain.ts). No code cache and no
 *    snapshot, so the blob is the same for every platform of that version.
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
import { installNode } from "../../scripts/installNode";
import { TESTED_NODES } from "../nodeToolchain";
import { inspectBinary, SEA_FUSE } from "./binaryFormat";
import { runtimeBinary } from "./runtimes";
import type { ExecutableTarget } from "./targets";

/** The tested Node.js of `major`, installed, to make blobs for runtimes of that major. */
function blobMaker(major: string): string {
  const release = TESTED_NODES.find((node) => node.version.split(".")[0] === major);
  if (release === undefined) throw new Error(`no tested Node.js ${major} to make a blob with`);
  return path.join(installNode(release), "node");
}

/** Makes the blob of `bundleFile` for Node.js `major` at `blobFile`. */
export function seaBlob(bundleFile: string, major: string, blobFile: string): void {
  const config = `${blobFile}.json`;
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: bundleFile,
      output: blobFile,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      useSnapshot: false,
    }),
  );
  execFileSync(blobMaker(major), ["--experimental-sea-config", config], {
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
