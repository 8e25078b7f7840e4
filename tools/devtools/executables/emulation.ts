/**
 * Running another platform's executable on this linux-amd64 machine, with Debian's emulators (as
 * `.ci/run` installs them):
 *
 * - linux-arm64: `qemu-aarch64-static -L /usr/aarch64-linux-gnu` (packages `qemu-user-static`,
 *   `libc6-arm64-cross`, `libstdc++6-arm64-cross`: Node.js for arm64 is dynamically linked).
 * - windows-amd64: `wine64` (package `wine64`), in a prefix of its own that reports Windows 10
 *   (a new prefix reports a version older than Node.js accepts). Node.js under wine dies when its
 *   standard output is a pipe (`EBADF`), so it runs under `script`, which gives it a
 *   pseudo-terminal and copies what it prints to the pipe.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type ExecutableTarget, hostTarget, targetName } from "./targets";

const QEMU = "/usr/bin/qemu-aarch64-static";
const ARM64_LIBS = "/usr/aarch64-linux-gnu";
const WINE = "/usr/lib/wine/wine64";

/** How to run a target's executable here: rewrite its command line, with extra environment. */
export interface Emulation {
  /** What runs it, for messages: `qemu-aarch64-static`, `wine64`, or `native`. */
  readonly name: string;
  /** Rewrites `[executable, ...args]` into the command line to spawn. */
  launch(argv: string[]): string[];
  /** Environment variables the emulator needs. */
  readonly env: NodeJS.ProcessEnv;
  /** Stops what the emulator left running (wine's server). */
  stop(): void;
}

/** Quotes one word for `sh -c`. */
const shellWord = (word: string): string => `'${word.replace(/'/g, "'\\''")}'`;

/** A wine prefix of its own, set to report Windows 10. */
function winePrefix(): string {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "wine-prefix-"));
  const env = { ...process.env, WINEPREFIX: prefix, WINEDEBUG: "-all" };
  execFileSync(
    WINE,
    ["reg", "add", "HKCU\\Software\\Wine", "/v", "Version", "/t", "REG_SZ", "/d", "win10", "/f"],
    { env, stdio: "ignore", timeout: 120_000 },
  );
  return prefix;
}

/**
 * The emulation that runs `target`'s executables here.
 *
 * @throws Error naming the Debian packages to install when the emulator is missing, or for a
 *   target nothing here runs (macOS).
 */
export function emulationFor(target: ExecutableTarget): Emulation {
  const name = targetName(target);
  if (hostTarget() !== undefined && targetName(hostTarget()!) === name) {
    return { name: "native", launch: (argv) => argv, env: {}, stop: () => undefined };
  }
  if (name === "linux-arm64") {
    if (!fs.existsSync(QEMU) || !fs.existsSync(path.join(ARM64_LIBS, "lib/libstdc++.so.6"))) {
      throw new Error(
        "running linux-arm64 executables needs Debian's qemu-user-static, libc6-arm64-cross " +
          "and libstdc++6-arm64-cross (.ci/run installs them)",
      );
    }
    return {
      name: "qemu-aarch64-static",
      launch: (argv) => [QEMU, "-L", ARM64_LIBS, ...argv],
      env: {},
      stop: () => undefined,
    };
  }
  if (name === "windows-amd64") {
    if (!fs.existsSync(WINE)) {
      throw new Error(
        "running windows-amd64 executables needs Debian's wine64 (.ci/run installs it)",
      );
    }
    const prefix = winePrefix();
    const env = { WINEPREFIX: prefix, WINEDEBUG: "-all" };
    return {
      name: "wine64",
      launch: (argv) => [
        "script",
        "--quiet",
        "--flush",
        "--command",
        [WINE, ...argv].map(shellWord).join(" "),
        "/dev/null",
      ],
      env,
      stop() {
        try {
          execFileSync("wineserver", ["--kill"], {
            env: { ...process.env, ...env },
            stdio: "ignore",
          });
        } catch {
          // Already stopped.
        }
        fs.rmSync(prefix, { recursive: true, force: true });
      },
    };
  }
  throw new Error(`nothing here runs ${name} executables: check their format instead`);
}
