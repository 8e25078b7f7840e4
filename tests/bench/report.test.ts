/**
 * BENCHMARKS.md as the benchmark writes it (tools/bench/report.ts, tools/bench/splice.ts): the summary on its
 * first screen is rendered from the figures of the sections below it, each figure named with the
 * run it is from, so that a full run or a run with `--only` rewrites the summary with the figures;
 * a missing figure is said to be missing. The committed file is what the generator renders from
 * its own sections. Each run line names Node.js and the Pulumi CLI; a section measured again on
 * another toolchain keeps its previous figures, under a heading naming that toolchain, until the
 * next release, and the closing note says what changed (tools/bench/toolchain.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Machine, RunInfo, Section, SectionText } from "../../dist/tools/bench/report";
import { spawnSync } from "node:child_process";
import { renderSummary } from "../../dist/tools/bench/report";
import { dropPrevious, parseDocument, spliceReport } from "../../dist/tools/bench/splice";
import { isPrevious, toolchainOf } from "../../dist/tools/bench/toolchain";
import {
  coldStartMeasure,
  EXECUTABLE_TITLE,
  SIZE_MEASURES,
  stackMeasure,
} from "../../dist/tools/bench/executableRows";
import { REPO } from "../support/repo";

const FILE = path.join(REPO, "BENCHMARKS.md");
const committed = fs.readFileSync(FILE, "utf8");
const sections = parseDocument(committed);

const current = sections.filter((s) => !isPrevious(s));
// The pacing section's toolchain: a run on it replaces the section without keeping it.
const PACING = current.find((s) => s.title === "Pacing (real CLI)")!;
const SAME = toolchainOf(PACING);
const MACHINE: Machine = {
  date: "2030-01-02T03:04:05Z",
  node: `v${SAME.node!}`,
  cpu: "Test CPU, 2 logical CPUs",
  memory: "8.0 GiB",
  os: "Linux test x64",
};
const RUN: RunInfo = {
  machine: MACHINE,
  command: "node dist/tools/bench/index.js --only pacing",
  runtimeSeconds: 1234,
  cli: SAME.cli,
  pulumiSdk: "3.999.0",
};
/** A run on another toolchain. */
const NEW_RUN: RunInfo = {
  ...RUN,
  machine: { ...MACHINE, node: "v99.1.2" },
  cli: "3.999.0",
};
const PACED =
  "300 SSH CAs, pacing on: up + refresh + destroy, wall time ÷ (accepted requests ÷ rate)";

/** The summary: the text between `## Summary` and `## Results`. */
const summaryOf = (doc: string) => doc.slice(doc.indexOf("## Summary"), doc.indexOf("## Results"));
const cellOf = (all: readonly SectionText[], title: string, measure: string) =>
  all.find((s) => s.title.startsWith(title))!.rows.find((row) => row[0] === measure)![1];
const dateOf = (all: readonly SectionText[], title: string) =>
  /^Measured (\S+),/.exec(all.find((s) => s.title.startsWith(title))!.run)![1];

test("BENCHMARKS.md is what the generator renders from its own sections", () => {
  // What `node dist/tools/bench/index.js --render` writes, in a process of its own: formatMarkdown
  // loads Prettier as an ES module, which Jest cannot.
  const script = `
    const fs = require("node:fs");
    const report = require("./dist/tools/bench/report");
    const splice = require("./dist/tools/bench/splice");
    const file = ${JSON.stringify(FILE)};
    const doc = report.renderDocument(splice.parseDocument(fs.readFileSync(file, "utf8")));
    report.formatMarkdown(doc, file).then((text) => process.stdout.write(text));`;
  const rendered = spawnSync(process.execPath, ["-e", script], { cwd: REPO, encoding: "utf8" });
  expect(rendered.stderr).toBe("");
  expect(rendered.stdout).toBe(committed);
});

test("it opens with the summary, whose figures are the tables' and name their runs", () => {
  const summary = summaryOf(committed);
  expect(committed.indexOf("## Summary")).toBeLessThan(committed.indexOf("### "));
  for (const op of ["up", "preview", "refresh", "destroy"]) {
    const cell = cellOf(sections, "Per-resource cost", `300 SSH CAs: pulumi ${op}, ours ÷ bare`);
    expect(summary).toContain(`${op} ${cell}`);
  }
  expect(summary).toContain(`(run of ${dateOf(sections, "Per-resource cost")})`);
  expect(summary).toContain(`took ${cellOf(sections, "Pacing", PACED)} of the time`);
  expect(summary).toContain(`(run of ${dateOf(sections, "Pacing")})`);
  expect(summary).toMatch(
    /\d+ of \d+ targets met; the misses and why: \[Closing note\]\(#closing-note\)/,
  );
  expect(summary).toContain("Reproduce: `npm run pulumi:install` once");
  expect(summary).not.toContain("not in this file");
});

test("the summary quotes the executable's ratios and sizes from its section", () => {
  const summary = summaryOf(committed);
  const cell = (measure: string) => cellOf(sections, EXECUTABLE_TITLE, measure);
  for (const baseline of ["plugin", "classes"] as const) {
    const quoted = [
      `cold start ${cell(coldStartMeasure(baseline))}`,
      ...["up", "preview", "refresh", "destroy"].map(
        (op) => `300 SSH CAs ${op} ${cell(stackMeasure(300, op, baseline))}`,
      ),
    ].join(", ");
    const against = baseline === "plugin" ? "Node.js plugin" : "classes";
    expect(summary).toContain(`executable ÷ ${against}: ${quoted}`);
  }
  expect(summary).toContain(
    `Installed, the executable is ${cell(SIZE_MEASURES.executable)}, ` +
      `${cell(SIZE_MEASURES.overNode)} a plain Node.js binary of ${cell(SIZE_MEASURES.node)}`,
  );
  expect(summary).toContain(`against ${cell(SIZE_MEASURES.plugin)} for the Node.js plugin`);
  expect(cell(SIZE_MEASURES.executable)).toMatch(/^\d+\.\d MB$/);
});

test("each section says which run its figures are from, on which Node.js and Pulumi CLI", () => {
  expect(current.length).toBeGreaterThanOrEqual(10);
  for (const section of sections) {
    expect(section.run).toMatch(
      /^Measured \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, by .* \(\d+ s\), on Node v\d+\.\d+\.\d+, (Pulumi CLI \d+\.\d+\.\d+ with|no Pulumi CLI \(its sections do not run one\),) @pulumi\/pulumi \d+\.\d+\.\d+, /,
    );
    expect(section.rows.length).toBeGreaterThan(0);
  }
});

test("the sections of the previous toolchain are kept apart, named by their toolchain", () => {
  const previous = sections.filter(isPrevious);
  for (const section of previous) {
    const { node, cli } = toolchainOf(section);
    expect(section.title).toMatch(
      // A run that named no CLI (before 2026-11-27) is kept as "Pulumi not recorded".
      new RegExp(
        ` — Node\\.js ${node!}, Pulumi ${cli ?? "not recorded"}, kept until the next release$`,
      ),
    );
    expect(committed.indexOf(`### ${section.title}`)).toBeGreaterThan(
      committed.indexOf("## Previous toolchain"),
    );
  }
  if (previous.length > 0) {
    expect(committed.slice(committed.indexOf("## Closing note"))).toContain(
      "What changed with the toolchain:",
    );
  }
});

describe("a run with --only", () => {
  const measured: Section = {
    title: "Pacing (real CLI)",
    rows: [
      {
        measure: PACED,
        figure: { median: 1.01, min: 1.0, max: 1.02, runs: 1 },
        unit: "×",
        target: "≤ 1.1",
        met: true,
      },
    ],
    notes: ["Measured again for the test."],
  };

  test("replaces its sections with their new run, keeps the others, and rewrites the summary", () => {
    const doc = spliceReport(committed, [measured], RUN);
    const after = parseDocument(doc);
    expect(after.map((s) => s.title)).toEqual(sections.map((s) => s.title));
    const pacing = after.find((s) => s.title === "Pacing (real CLI)")!;
    expect(pacing.run).toBe(
      `Measured 2030-01-02T03:04:05Z, by \`node dist/tools/bench/index.js --only pacing\` (1234 s), on Node v${SAME.node!}, Pulumi CLI ${SAME.cli!} with @pulumi/pulumi 3.999.0, Test CPU, 2 logical CPUs, 8.0 GiB RAM, Linux test x64.`,
    );
    expect(pacing.rows).toEqual([[PACED, "1.01×", "1.00×", "1.02×", "1", "≤ 1.1", "yes"]]);
    for (const kept of after.filter((s) => s.title !== "Pacing (real CLI)")) {
      expect(kept).toEqual(sections.find((s) => s.title === kept.title));
    }
    const summary = summaryOf(doc);
    expect(summary).toContain("took 1.01× of the time");
    expect(summary).toContain("(run of 2030-01-02T03:04:05Z)");
    // The pacing section no longer has the 429 rows: said missing, not invented.
    expect(summary).toContain("with (not in this file) of requests answered 429");
    expect(summary).toMatch(
      /Not in this file, so missing above: Pacing: 300 SSH CAs, pacing on: requests answered 429 ÷ requests sent; Pacing: 300 SSH CAs, pacing off: requests answered 429 ÷ requests sent\./,
    );
    expect(summary).toContain("Test CPU, 2 logical CPUs");
  });

  test("with --raw keeps the section's earlier run, saying the rows were rendered again", () => {
    const once = spliceReport(committed, [measured], RUN, { raw: true });
    const twice = spliceReport(
      once,
      [measured],
      { ...RUN, machine: { ...MACHINE, date: "2031-01-01T00:00:00Z" } },
      { raw: true },
    );
    const run = parseDocument(twice).find((s) => s.title === "Pacing (real CLI)")!.run;
    expect(run).toBe(
      `${sections.find((s) => s.title === "Pacing (real CLI)")!.run} Rows and notes rendered again from that run's measurements with \`--raw\` on 2031-01-01T00:00:00Z.`,
    );
  });

  test("adds a section it measured that the file did not have, at the end", () => {
    const doc = spliceReport(committed, [{ ...measured, title: "Something new" }], RUN);
    // The current sections, then the previous toolchain's.
    expect(parseDocument(doc).map((s) => s.title)).toEqual([
      ...current.map((s) => s.title),
      "Something new",
      ...sections.filter(isPrevious).map((s) => s.title),
    ]);
  });
});

test("without the sections, the summary says each headline figure is missing", () => {
  const summary = renderSummary(
    sections.filter((s) => !/^(Per-resource|Pacing|Provider overhead|Real engine)/.test(s.title)),
  );
  expect(summary).toContain("ours ÷ bare: up (not in this file), preview (not in this file)");
  expect(summary).toMatch(
    /Not in this file, so missing above: Per-resource cost: 300 SSH CAs: pulumi up, ours ÷ bare;/,
  );
  expect(summary).toContain(
    "`node dist/tools/bench/index.js --only <module>` measures a section again",
  );
});

describe("a run on another toolchain", () => {
  const measured: Section = {
    title: "Pacing (real CLI)",
    rows: [
      {
        measure: PACED,
        figure: { median: 1.5, min: 1.4, max: 1.6, runs: 3 },
        unit: "×",
        target: "≤ 1.1",
        met: false,
        why: "slower on the new toolchain",
      },
    ],
    notes: ["Measured again for the test."],
  };
  const doc = spliceReport(committed, [measured], NEW_RUN);
  const after = parseDocument(doc);
  const keptTitle = `Pacing (real CLI) — Node.js ${SAME.node!}, Pulumi ${SAME.cli!}, kept until the next release`;

  test("keeps the replaced section, as it was, under a heading naming its toolchain", () => {
    const kept = after.find((s) => s.title === keptTitle)!;
    expect(kept).toEqual({ ...PACING, title: keptTitle, missed: [] });
    expect(after.find((s) => s.title === "Pacing (real CLI)")!.run).toContain(
      "on Node v99.1.2, Pulumi CLI 3.999.0 with @pulumi/pulumi 3.999.0, ",
    );
    expect(doc.indexOf("## Previous toolchain")).toBeLessThan(doc.indexOf(`### ${keptTitle}`));
    expect(doc.indexOf(`### ${keptTitle}`)).toBeLessThan(doc.indexOf("## Closing note"));
  });

  test("counts the targets of the current sections only, and says what changed", () => {
    const closing = doc.slice(doc.indexOf("## Closing note"));
    const before = PACING.rows.find((row) => row[0] === PACED)!;
    expect(closing).toContain("What changed with the toolchain:");
    expect(closing).toContain(
      `- ${PACED}: ${before[1]} (${before[2]}–${before[3]}, ${before[4]} runs) → 1.50× (1.40×–1.60×, 3 runs), above the previous spread; target ≤ 1.1 now **no**`,
    );
    expect(closing).toContain(
      "- **Pacing (real CLI), " + PACED + "**: slower on the new toolchain",
    );
    expect(closing).not.toContain(`- **${keptTitle}`);
    const count = (text: string) => /(\d+) of (\d+) targets met/.exec(text)!.slice(1).map(Number);
    const [metBefore, allBefore] = count(committed.slice(committed.indexOf("## Closing note")));
    const targetedBefore = PACING.rows.filter((row) => ["yes", "**no**"].includes(row[6]));
    const metOf = (rows: readonly (readonly string[])[]) => rows.filter((r) => r[6] === "yes");
    expect(count(closing)).toEqual([
      metBefore - metOf(targetedBefore).length,
      allBefore - targetedBefore.length + 1,
    ]);
  });

  test("gives the summary's figures of both toolchains, the current ones first", () => {
    const COST = current.find((s) => s.title.startsWith("Per-resource cost"))!;
    const OPS = ["up", "preview", "refresh", "destroy"];
    const cost: Section = {
      title: COST.title,
      rows: OPS.map((op) => ({
        measure: `300 SSH CAs: pulumi ${op}, ours ÷ bare`,
        figure: { median: 0.5, min: 0.4, max: 0.6, runs: 3 },
        unit: "×",
        target: "≤ 1.1",
        met: true,
      })),
      notes: [],
    };
    const summary = summaryOf(spliceReport(committed, [cost], NEW_RUN));
    expect(summary).toContain("what this package adds costs nothing measurable at that size.");
    // A median over the target is not called nothing measurable.
    const slow = cost.rows.map((row) =>
      row.measure.includes("refresh") ? { ...row, figure: { ...row.figure!, median: 1.5 } } : row,
    );
    expect(summaryOf(spliceReport(committed, [{ ...cost, rows: slow }], NEW_RUN))).toContain(
      "without validation, retries or pacing; above the 1.1× target in refresh: see the closing note.",
    );
    const old = OPS.map(
      (op) => `${op} ${cellOf([COST], COST.title, `300 SSH CAs: pulumi ${op}, ours ÷ bare`)}`,
    );
    const { node, cli } = toolchainOf(COST);
    expect(summary).toContain(
      `ours ÷ bare: up 0.50×, preview 0.50×, refresh 0.50×, destroy 0.50× (run of 2030-01-02T03:04:05Z) ` +
        `(on the previous toolchain, Node.js ${node!}, Pulumi ${cli!}: ${old.join(", ")}).`,
    );
  });

  test("keeps the first toolchain's section through later runs on the new one", () => {
    const again = spliceReport(doc, [measured], { ...NEW_RUN, runtimeSeconds: 1 });
    const titles = parseDocument(again).map((s) => s.title);
    expect(titles.filter((t) => t === keptTitle)).toHaveLength(1);
    expect(parseDocument(again).find((s) => s.title === keptTitle)).toEqual(
      after.find((s) => s.title === keptTitle),
    );
  });

  test("--drop-previous removes the kept sections once the release is out", () => {
    expect(dropPrevious(after).map((s) => s.title)).toEqual(current.map((s) => s.title));
  });
});
