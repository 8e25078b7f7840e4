/**
 * What an executable file is, read from its headers: its format and machine, whether a Node.js
 * single-executable-application blob was injected (the sentinel fuse is flipped to `:1`), and,
 * for Mach-O, whether it carries a code signature. Nothing on this machine runs a macOS binary,
 * so this is how the darwin executables are checked.
 *
 * @module
 */
import type { BinaryFormat } from "./targets";

/** The fuse Node.js looks for; postject flips its last character to `1` when it injects. */
export const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** What {@link inspectBinary} finds. */
export interface BinaryFacts {
  /** The format and machine, or `undefined` when it is none of {@link BinaryFormat}. */
  readonly format: BinaryFormat | undefined;
  /** Whether the fuse reads `:1`: a blob was injected. */
  readonly seaInjected: boolean;
  /** Mach-O only: the names of its 64-bit segments (`__TEXT`, `NODE_SEA`, …). */
  readonly segments: readonly string[];
  /** Mach-O only: whether it has an `LC_CODE_SIGNATURE` load command. */
  readonly codeSigned: boolean;
}

const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;

function elfFormat(bytes: Buffer): BinaryFormat | undefined {
  const machine = bytes.readUInt16LE(18);
  if (machine === 0x3e) return "elf-x86-64";
  if (machine === 0xb7) return "elf-aarch64";
  return undefined;
}

function peFormat(bytes: Buffer): BinaryFormat | undefined {
  const pe = bytes.readUInt32LE(0x3c);
  if (bytes.toString("latin1", pe, pe + 4) !== "PE\0\0") return undefined;
  return bytes.readUInt16LE(pe + 4) === 0x8664 ? "pe-x86-64" : undefined;
}

/** The load commands of a thin 64-bit Mach-O: segment names and whether one is a signature. */
function machoCommands(bytes: Buffer): { segments: string[]; codeSigned: boolean } {
  const count = bytes.readUInt32LE(16);
  const segments: string[] = [];
  let codeSigned = false;
  let at = 32;
  for (let i = 0; i < count; i += 1) {
    const command = bytes.readUInt32LE(at);
    if (command === LC_SEGMENT_64) {
      segments.push(bytes.toString("latin1", at + 8, at + 24).replace(/\0+$/, ""));
    }
    if (command === LC_CODE_SIGNATURE) codeSigned = true;
    at += bytes.readUInt32LE(at + 4);
  }
  return { segments, codeSigned };
}

/** Reads `bytes` (a whole executable): see {@link BinaryFacts}. */
export function inspectBinary(bytes: Buffer): BinaryFacts {
  const seaInjected = bytes.includes(`${SEA_FUSE}:1`);
  if (bytes.toString("latin1", 0, 4) === "\x7fELF") {
    return { format: elfFormat(bytes), seaInjected, segments: [], codeSigned: false };
  }
  if (bytes.toString("latin1", 0, 2) === "MZ") {
    return { format: peFormat(bytes), seaInjected, segments: [], codeSigned: false };
  }
  if (bytes.readUInt32LE(0) === 0xfeedfacf) {
    const x86 = bytes.readUInt32LE(4) === 0x01000007;
    return { format: x86 ? "macho-x86-64" : undefined, seaInjected, ...machoCommands(bytes) };
  }
  return { format: undefined, seaInjected, segments: [], codeSigned: false };
}
