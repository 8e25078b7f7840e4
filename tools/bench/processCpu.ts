/**
 * CPU time of this process's descendants, from Linux's `/proc`: how the benchmark tells how much
 * CPU Pulumi's dynamic-provider host spent (it runs as a grandchild, `sh` → `node
 * …/cmd/dynamic-provider`). Elsewhere the figures are simply not reported.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";

interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  /** User plus system CPU time, in milliseconds. */
  readonly cpuMs: number;
  readonly commandLine: string;
}

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (comm) ": state ppid … utime(14th field) stime(15th field).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    return { pid, ppid: Number(fields[1]), cpuMs: (ticks * 1000) / clockTicks(), commandLine };
  } catch {
    return undefined; // exited meanwhile
  }
}

function descendants(): ProcessInfo[] {
  const all = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== undefined);
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const info of all) {
      if (!ours.has(info.pid) && ours.has(info.ppid)) {
        ours.add(info.pid);
        grew = true;
      }
    }
  }
  return all.filter((info) => info.pid !== process.pid && ours.has(info.pid));
}

/**
 * CPU milliseconds spent so far by the running dynamic-provider host(s) started by this process,
 * or `undefined` where `/proc` is not available.
 */
export function providerHostCpuMs(): number | undefined {
  if (!fs.existsSync("/proc/self/stat")) {
    return undefined;
  }
  return descendants()
    .filter((info) => info.commandLine.includes("cmd/dynamic-provider"))
    .reduce((sum, info) => sum + info.cpuMs, 0);
}

/**
 * CPU milliseconds spent so far by process `pid`, all its threads (`utime + stime` of
 * `/proc/<pid>/stat`, in clock ticks of 10 ms), or `undefined` where `/proc` is not available or
 * the process is gone.
 */
export function processCpuMs(pid: number): number | undefined {
  return readProcess(pid)?.cpuMs;
}

/** CPU milliseconds spent so far by this process. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
