/**
 * `npm run bench -- --only <modules>`: the sections just measured spliced into the BENCHMARKS.md
 * already written, in place of the sections of the same title (new ones at the end), every other
 * section's rows, closing-note entries and method notes kept as they were. The first paragraph
 * says which sections were measured again, and when.
 *
 * @module
 */
import { type Machine, renderTable, type Row, type Section } from "./report";

/** A section of the existing document: its table lines, missed-target notes and method lines. */
interface Kept {
  readonly title: string;
  readonly rows: string[];
  readonly missed: string[];
  readonly method: string[];
}

/** The cells of a markdown table line, split on the pipes that are not escaped. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** Reads the sections of a document written by `renderReport`. */
function parse(existing: string): { intro: string[]; sections: Kept[] } {
  const lines = existing.split("\n");
  const tableStart = lines.findIndex((line) => line.startsWith("| Area"));
  if (tableStart < 0) {
    throw new Error("BENCHMARKS.md has no table to splice into: run the whole benchmark");
  }
  const intro = lines.slice(0, tableStart);
  const sections: Kept[] = [];
  let index = tableStart + 2;
  for (; index < lines.length && lines[index].startsWith("|"); index++) {
    const title = /^\*\*(.*)\*\*$/.exec(cells(lines[index])[0])?.[1];
    if (title !== undefined) {
      sections.push({ title, rows: [], missed: [], method: [] });
    }
    sections.at(-1)?.rows.push(lines[index]);
  }
  const byTitle = new Map(sections.map((s) => [s.title, s]));
  let inMethod = false;
  let current: Kept | undefined;
  for (; index < lines.length; index++) {
    const line = lines[index];
    if (line === "## Method") inMethod = true;
    const heading = /^### (.*)$/.exec(line)?.[1];
    if (inMethod && heading !== undefined) {
      current = byTitle.get(heading);
    } else if (inMethod && current !== undefined && line !== "") {
      current.method.push(line);
    } else if (!inMethod && line.startsWith("- **")) {
      const owner = sections.find((s) => line.startsWith(`- **${s.title}, `));
      owner?.missed.push(line);
    }
  }
  return { intro, sections };
}

function missedLine(section: Section, row: Row): string {
  return `- **${section.title}, ${row.measure}**: ${row.why ?? "see the method notes"}`;
}

/**
 * `existing` (a BENCHMARKS.md) with `measured` in place of the sections of the same titles.
 *
 * @throws when `existing` has no table (nothing to splice into).
 */
export function spliceReport(
  existing: string,
  measured: readonly Section[],
  machine: Machine,
  runtimeSeconds: number,
): string {
  const { intro, sections } = parse(existing);
  const fresh = new Map(measured.map((s) => [s.title, s]));
  const all: Array<Kept | Section> = sections.map((kept) => fresh.get(kept.title) ?? kept);
  for (const section of measured) {
    if (!sections.some((kept) => kept.title === section.title)) all.push(section);
  }
  const isFresh = (s: Kept | Section): s is Section => fresh.has(s.title);

  const table = renderTable([]).split("\n");
  let targeted = 0;
  const missed: string[] = [];
  for (const section of all) {
    if (isFresh(section)) {
      table.push(...renderTable([section]).split("\n").slice(2));
      for (const row of section.rows.filter((r) => r.met !== undefined)) {
        targeted += 1;
        if (!row.met) missed.push(missedLine(section, row));
      }
    } else {
      table.push(...section.rows);
      targeted += section.rows.filter((row) => ["yes", "**no**"].includes(cells(row)[7])).length;
      missed.push(...section.missed);
    }
  }

  const header = remeasuredNotes(
    intro.join("\n"),
    measured.map((s) => s.title),
    `Measured again with \`--only\` on ${machine.date} (${Math.round(runtimeSeconds)} s, ` +
      `Node ${machine.node}, ${machine.cpu}): ${measured.map((s) => s.title).join(", ")}.`,
  );
  const parts = [
    header,
    table.join("\n"),
    "",
    "## Closing note",
    "",
    `${targeted - missed.length} of ${targeted} targets met.` +
      (missed.length === 0 ? " None missed." : " Not met:"),
    ...missed,
    "",
    "## Method",
  ];
  for (const section of all) {
    parts.push("", `### ${section.title}`, "");
    parts.push(...(isFresh(section) ? section.notes.map((n) => `- ${n}`) : section.method));
  }
  return parts.join("\n") + "\n";
}

const REMEASURED =
  / Measured again with `--only` on \S+ \([^)]*\): ([^\n]*?)\.(?= Measured again|\n|$)/g;

/**
 * `header` with `note` added to its first paragraph, after the notes of earlier `--only` runs,
 * from which the titles measured again now are removed (a note left with none is dropped).
 */
function remeasuredNotes(header: string, titles: readonly string[], note: string): string {
  const kept: string[] = [];
  for (const match of header.matchAll(REMEASURED)) {
    const left = match[1].split(", ").filter((title) => !titles.includes(title));
    if (left.length > 0) {
      kept.push(match[0].replace(match[1], left.join(", ")).trim());
    }
  }
  const bare = header.replace(REMEASURED, "");
  const end = bare.indexOf("\n\n", bare.indexOf("Written by"));
  const notes = [...kept, note].map((n) => ` ${n}`).join("");
  return end < 0 ? `${bare}${notes}` : `${bare.slice(0, end)}${notes}${bare.slice(end)}`;
}
