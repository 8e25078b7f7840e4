/**
 * The report of `pulumi-ngrok-dynamic pending-creates`: for each pending create, what it made and
 * why, then the exact commands that resolve them all.
 *
 * `pulumi refresh --import-pending-creates <urn> <id>` is not printed: with Pulumi 3.248.0 and
 * these dynamic resources it exits 0 and drops the pending creates without importing any (the CLI
 * turns each into a pending "importing" operation and the refresh then makes no call for it;
 * docs/interruptedDeployments.md). The commands instead:
 *
 * - a CA made by a pending create whose resource is not in state, or whose resource's object in
 *   state is older (a create-before-delete replacement cut short: the next `up` replaces again):
 *   adopted by the next `up`, through the stack setting `<namespace>:adoptExistingIds` (URN → id,
 *   the same as the resource's `adoptExistingId`): `ngrok:adoptExistingIds`, read by the Node.js
 *   `SshCertificateAuthority` class, for its tokens (`pulumi-nodejs:dynamic/ngrok:*`), and
 *   `ngrok-dynamic:adoptExistingIds`, read by the provider plugin, for the plugin's
 *   (`ngrok-dynamic:index:*`, a YAML, Go, Python… program); a stack with both gets both;
 * - an object the resource does not need (a certificate, which cannot be adopted, or any object
 *   whose resource a later `up` already created again): deleted (`ngrok api … delete <id>`);
 * - then `pulumi refresh --clear-pending-creates`, safe once every made object is adopted or
 *   deleted, and `pulumi up`.
 *
 * Pure: the caller prints the text.
 *
 * @module
 */
import type { Judgement } from "./judge";
import { PLUGIN_PACKAGE } from "../../provider/registry";
import { namespaceOf } from "./settings";

/**
 * How a program run by the Automation API (Go, Python, …), which has no program folder to run
 * the commands in, does the same: the printed config keys are its stack's.
 */
export const AUTOMATION_NOTE = [
  "From an Automation API program (Go, Python, …): run the same commands with the stack's",
  "backend and --stack, or set the same config key on its stack (Go stack.SetConfig, Python",
  "stack.set_config), refresh with clear-pending-creates (Go optrefresh.ClearPendingCreates()),",
  "up, then remove the key (RemoveConfig, remove_config).",
];

/** The report's text and the commands it prints, one shell line each. */
export interface Report {
  readonly text: string;
  readonly commands: readonly string[];
  /** Whether every pending create was resolved (no ambiguous one, no type it cannot handle). */
  readonly resolved: boolean;
}

/** POSIX shell quoting of one argument. */
export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The report on `judgements`; `stack` (when given) is added as `--stack` to every `pulumi`
 * command, and `otherPending` says how many pending operations are not creates.
 */
export function formatReport(
  judgements: readonly Judgement[],
  options: { stack?: string; otherPending?: number } = {},
): Report {
  const stackFlag = options.stack === undefined ? "" : ` --stack ${shellQuote(options.stack)}`;
  const lines: string[] = [];
  /** URN → id, by stack config namespace (`ngrok`, `ngrok-dynamic`). */
  const adopt = new Map<string, Record<string, string>>();
  const deletes: string[] = [];
  let resolved = true;
  lines.push(
    `${judgements.length} pending create${judgements.length === 1 ? "" : "s"} in the state` +
      (options.otherPending ? `, and ${options.otherPending} other pending operations` : "") +
      ".",
  );
  for (const { pending, kind, verdict } of judgements) {
    const name = pending.urn.slice(pending.urn.lastIndexOf("::") + 2);
    const resource =
      kind?.resource ??
      (verdict.kind === "repeatable"
        ? pending.type.slice(pending.type.lastIndexOf(":") + 1)
        : pending.type);
    const head = `- ${name} (${resource})`;
    switch (verdict.kind) {
      case "unsupported":
        resolved = false;
        lines.push(`${head}: not a type this command resolves; \`pulumi refresh\` asks about it.`);
        break;
      case "repeatable":
        lines.push(
          `${head}: its create is a PUT that the next up repeats without making a second object; clearing it leaves no orphan.`,
        );
        break;
      case "none":
        lines.push(
          `${head}: no live object matches it, so it made none; clearing it leaves no orphan.` +
            (verdict.inState === undefined ? "" : ` (State holds ${verdict.inState} for it.)`),
        );
        for (const miss of verdict.nearMisses) {
          lines.push(
            `    closest: ${miss.id}, created ${miss.createdAt}: ${miss.differences.join("; ")}`,
          );
        }
        break;
      case "ambiguous":
        resolved = false;
        lines.push(`${head}: several live objects fit it; decide which one it made:`);
        for (const c of verdict.candidates) {
          lines.push(
            `    ${c.id}, created ${c.createdAt}` +
              (c.marked ? ", its ownership marker names this resource" : "") +
              (c.alsoFits.length > 0 ? `; fits ${c.alsoFits.join(", ")} too` : ""),
          );
        }
        break;
      case "match": {
        const { candidate } = verdict;
        const inState = verdict.inState !== undefined;
        const made = `${head}: made ${candidate.id} (created ${candidate.createdAt}${candidate.marked ? ", its ownership marker names this resource" : ""})`;
        if (kind?.adoptable && (!inState || verdict.replacing)) {
          const namespace = namespaceOf(pending.type);
          adopt.set(namespace, { ...adopt.get(namespace), [pending.urn]: candidate.id });
          lines.push(
            verdict.replacing
              ? `${made} to replace ${verdict.inState ?? "?"}; the next up adopts it as the replacement, then deletes ${verdict.inState ?? "?"}.`
              : `${made}; the next up adopts it.`,
          );
        } else {
          deletes.push(`ngrok api ${kind?.cli ?? "?"} delete ${candidate.id}`);
          const why = verdict.replacing
            ? `it was to replace ${verdict.inState ?? "?"} and cannot be adopted, so the next up makes it again`
            : inState
              ? "a later up made the resource again, so it is an orphan"
              : "it cannot be adopted, so the next up makes it again";
          lines.push(`${made}; ${why}: delete it.`);
        }
        break;
      }
    }
  }
  const commands: string[] = [...deletes];
  const namespaces = [...adopt.keys()].sort();
  for (const namespace of namespaces) {
    commands.push(
      `pulumi config set${stackFlag} ${namespace}:adoptExistingIds ${shellQuote(JSON.stringify(adopt.get(namespace)))}`,
    );
  }
  if (judgements.length > 0 && resolved) {
    commands.push(`pulumi refresh${stackFlag} --clear-pending-creates --yes --skip-preview`);
    commands.push(`pulumi up${stackFlag}`);
    for (const namespace of namespaces) {
      commands.push(`pulumi config rm${stackFlag} ${namespace}:adoptExistingIds`);
    }
  }
  if (commands.length > 0) {
    lines.push("", resolved ? "Run:" : "When the ones above are decided, run:");
    lines.push(...commands.map((c) => `  $ ${c}`));
    if (namespaces.includes(PLUGIN_PACKAGE)) lines.push("", ...AUTOMATION_NOTE);
  }
  return { text: lines.join("\n"), commands, resolved };
}
