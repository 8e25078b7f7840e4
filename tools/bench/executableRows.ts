/**
 * The names of the executable benchmark's section and rows (executable.ts), shared with the
 * summary that quotes them (report.ts), so that a renamed row cannot leave the summary behind.
 *
 * @module
 */

/** The section's title. */
export const EXECUTABLE_TITLE = "Plugin executable ÷ Node.js plugin and classes";

/** What the executable is compared with: the Node.js plugin, or the classes through the host. */
export type Baseline = "plugin" | "classes";

/** The baseline as a row names it. */
const BASELINE_NAME: Record<Baseline, string> = {
  plugin: "Node.js plugin",
  classes: "classes",
};

/** The cold start row of the executable against `baseline`. */
export function coldStartMeasure(baseline: Baseline): string {
  const against = baseline === "plugin" ? "Node.js plugin" : "dynamic-provider host";
  return `cold start (spawn → first Check answered), executable ÷ ${against}`;
}

/** The row of `op` on a stack of `count` SSH CAs, the executable against `baseline`. */
export function stackMeasure(count: number, op: string, baseline: Baseline): string {
  return `${count} SSH CAs, pulumi ${op}: executable ÷ ${BASELINE_NAME[baseline]}`;
}

/** The row of a preview's calls (Check and Diff) sent without the engine, executable ÷ plugin. */
export function callsMeasure(count: number): string {
  return `${count} SSH CAs, Check + Diff over gRPC without the engine: executable ÷ Node.js plugin`;
}

/** The row of a preview's calls' plugin CPU without the engine, executable ÷ Node.js plugin. */
export function callsCpuMeasure(count: number): string {
  return `${count} SSH CAs, Check + Diff over gRPC without the engine, plugin process CPU: executable ÷ Node.js plugin`;
}

/** The row of the plugin process's CPU in `op` on a stack of `count` SSH CAs, executable ÷ plugin. */
export function pluginCpuMeasure(count: number, op: string): string {
  return `${count} SSH CAs, pulumi ${op}, plugin process CPU: executable ÷ Node.js plugin`;
}

/** The size rows. */
export const SIZE_MEASURES = {
  executable: "installed size: the executable (linux-amd64), one file",
  plugin: "installed size: the Node.js plugin (`npm install --omit=dev` of the packed package)",
  node: "a plain Node.js binary (the runtime the executable embeds)",
  overNode: "executable ÷ plain Node.js binary",
  overPlugin: "executable ÷ Node.js plugin as installed",
  bundle: "bundle embedded in the executable (esbuild)",
} as const;

/** The row of one package's bytes in the bundle. */
export function bundlePackageMeasure(name: string): string {
  return `bundle: ${name}`;
}
