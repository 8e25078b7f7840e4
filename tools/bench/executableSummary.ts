/**
 * The summary's line on the plugin's self-contained executable (report.ts), from the figures of
 * its section (executable.ts): its ratios against the Node.js plugin and the classes, and what
 * each takes installed.
 *
 * @module
 */
import {
  type Baseline,
  coldStartMeasure,
  EXECUTABLE_TITLE,
  SIZE_MEASURES,
  stackMeasure,
} from "./executableRows";
import type { Found } from "./report";

/** The stack size the summary quotes. */
const COUNT = 300;
const OPS = ["up", "preview", "refresh", "destroy"] as const;
const NOT_MEASURED = "(not in this file)";

/**
 * The summary's bullet on the executable. `find` looks a row's median up in the current
 * sections by title prefix and measure (noting it missing when absent); `runOf` names the runs
 * of the figures found.
 */
export function executableSummary(
  find: (titlePrefix: string, measure: string) => Found | undefined,
  runOf: (found: (Found | undefined)[]) => string,
): string {
  const of = (measure: string) => find(EXECUTABLE_TITLE, measure);
  const against = (baseline: Baseline) => {
    const found = [
      of(coldStartMeasure(baseline)),
      ...OPS.map((op) => of(stackMeasure(COUNT, op, baseline))),
    ];
    const names = ["cold start", ...OPS.map((op) => `${COUNT} SSH CAs ${op}`)];
    return {
      found,
      text: names.map((name, i) => `${name} ${found[i]?.median ?? NOT_MEASURED}`).join(", "),
    };
  };
  const plugin = against("plugin");
  const classes = against("classes");
  const sizes = [
    of(SIZE_MEASURES.executable),
    of(SIZE_MEASURES.overNode),
    of(SIZE_MEASURES.node),
    of(SIZE_MEASURES.plugin),
  ];
  const [executable, overNode, node, installed] = sizes.map((f) => f?.median ?? NOT_MEASURED);
  return (
    "- **The plugin as one self-contained executable** (a Node.js single executable " +
    "application, which needs no Node.js on the machine), executable ÷ Node.js plugin: " +
    `${plugin.text}; executable ÷ classes: ${classes.text}` +
    `${runOf([...plugin.found, ...classes.found])}. Installed, the executable is ${executable}, ` +
    `${overNode} a plain Node.js binary of ${node} (target ≤ 1.5×), against ${installed} for ` +
    `the Node.js plugin with its node_modules${runOf(sizes)}.`
  );
}
