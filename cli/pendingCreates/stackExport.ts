/**
 * What `pulumi-ngrok-dynamic pending-creates` reads from a stack's state: the output of
 * `pulumi stack export` (`{"version": 3, "deployment": {…}}`), or a file backend's checkpoint
 * (`{"checkpoint": {"latest": {…}}}`).
 *
 * A pending create is an entry of the deployment's `pending_operations` of type `creating`: the
 * engine began the create and never recorded its end (the CLI died, or was killed, in between).
 * Its `resource` holds the URN, the type and the checked inputs the create was sent with.
 *
 * Secret inputs come as Pulumi's secret envelope: `plaintext` (JSON text) with
 * `pulumi stack export --show-secrets`, `ciphertext` without; a ciphertext cannot be compared, and
 * is read as {@link SECRET}.
 *
 * @module
 */
import { isBranded, NOT_COMPARABLE } from "../../provider";
import { isRecord } from "../../provider/client/brand";

/** Pulumi's signature key of a secret value in a state file, and its value. */
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** An input that was exported encrypted: it cannot be compared with a live value. */
export const SECRET = NOT_COMPARABLE;

/** One pending create. */
export interface PendingCreate {
  /** The resource's URN. */
  readonly urn: string;
  /** Its type token, e.g. `pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority`. */
  readonly type: string;
  /** The checked inputs the create was sent with; secrets decoded, or {@link SECRET}. */
  readonly inputs: Readonly<Record<string, unknown>>;
  /**
   * The URN of the provider resource the create was sent through (its `provider` reference
   * without the id), e.g. `urn:…::pulumi:providers:ngrok-dynamic::default_0_3_0`; a Node.js
   * class's create names the dynamic provider, which holds no settings.
   */
  readonly provider?: string;
}

/** What the command needs from a stack's state. */
export interface StackState {
  /** Every pending create, of any type, in the order of the state. */
  readonly pendingCreates: readonly PendingCreate[];
  /** How many other pending operations there are (updates, deletes…: `pulumi refresh` clears them). */
  readonly otherPendingOperations: number;
  /** The ids of the resources in state (any type). */
  readonly ids: ReadonlySet<string>;
  /** The id in state of each URN that is there. */
  readonly idsByUrn: ReadonlyMap<string, string>;
  /**
   * The `createdAt` output (RFC 3339) of the object in state for each URN that has one: a state
   * object older than what a pending create made is the one a replacement was replacing.
   */
  readonly createdAtByUrn: ReadonlyMap<string, string>;
  /** The state's write time (`manifest.time`), when it has one. */
  readonly writtenAt?: string;
  /**
   * The inputs of each provider resource in state (type `pulumi:providers:<package>`), by URN,
   * secrets decoded (or {@link SECRET}): for the plugin's package, its settings
   * (`apiKey`, `apiBaseUrl`…), the stack config `ngrok-dynamic:<setting>` of a default provider.
   */
  readonly providerInputs: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

/** A state file that cannot be read; the message says what is wrong. */
export class StackStateError extends Error {
  /** Brand checked by {@link StackStateError.isInstance}. */
  public readonly __stackStateError = true;

  constructor(message: string) {
    super(message);
    this.name = "StackStateError";
  }

  /** True when `obj` is a {@link StackStateError}, from any copy of this package. */
  public static isInstance(obj: unknown): obj is StackStateError {
    return isBranded(obj, "__stackStateError");
  }
}

/**
 * Reads the text of a `pulumi stack export` (or a file backend's checkpoint).
 *
 * @throws {@link StackStateError} when the text is not JSON or has no deployment.
 */
export function readStackState(text: string): StackState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StackStateError(
      `the state is not JSON (${error instanceof Error ? error.message : String(error)}): give the output of \`pulumi stack export\``,
    );
  }
  const deployment = deploymentOf(parsed);
  if (deployment === undefined) {
    throw new StackStateError(
      "the state has no deployment: give the output of `pulumi stack export` " +
        '({"version": 3, "deployment": {…}})',
    );
  }
  const resources = recordsOf(deployment.resources);
  const operations = recordsOf(deployment.pending_operations);
  const ids = new Set<string>();
  const idsByUrn = new Map<string, string>();
  const createdAtByUrn = new Map<string, string>();
  const providerInputs = new Map<string, Record<string, unknown>>();
  for (const resource of resources) {
    if (
      typeof resource.urn === "string" &&
      typeof resource.type === "string" &&
      resource.type.startsWith("pulumi:providers:")
    ) {
      providerInputs.set(resource.urn, recordOf(decodeSecrets(recordOf(resource.inputs))));
    }
    if (typeof resource.id === "string" && resource.id !== "") {
      ids.add(resource.id);
      if (typeof resource.urn === "string") {
        idsByUrn.set(resource.urn, resource.id);
        const { createdAt } = recordOf(resource.outputs);
        if (typeof createdAt === "string") createdAtByUrn.set(resource.urn, createdAt);
      }
    }
  }
  const pendingCreates: PendingCreate[] = [];
  let otherPendingOperations = 0;
  for (const operation of operations) {
    const resource = isRecord(operation.resource) ? operation.resource : undefined;
    if (
      operation.type !== "creating" ||
      typeof resource?.urn !== "string" ||
      typeof resource.type !== "string"
    ) {
      otherPendingOperations += 1;
      continue;
    }
    pendingCreates.push({
      urn: resource.urn,
      type: resource.type,
      inputs: recordOf(decodeSecrets(recordOf(resource.inputs))),
      provider: providerUrnOf(resource.provider),
    });
  }
  const manifest = recordOf(deployment.manifest);
  return {
    pendingCreates,
    otherPendingOperations,
    ids,
    idsByUrn,
    createdAtByUrn,
    writtenAt: typeof manifest.time === "string" ? manifest.time : undefined,
    providerInputs,
  };
}

/** The URN of a provider reference (`<urn>::<id>`), or undefined when there is none. */
function providerUrnOf(reference: unknown): string | undefined {
  if (typeof reference !== "string" || !reference.includes("::")) return undefined;
  return reference.slice(0, reference.lastIndexOf("::"));
}

function deploymentOf(parsed: unknown): Record<string, unknown> | undefined {
  const root = recordOf(parsed);
  if (typeof root.deployment === "object" && root.deployment !== null) {
    return recordOf(root.deployment);
  }
  const latest = recordOf(recordOf(root.checkpoint).latest);
  return Object.keys(latest).length > 0 ? latest : undefined;
}

/** Values with Pulumi's secret envelope replaced by their plaintext, or {@link SECRET}. */
function decodeSecrets(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(decodeSecrets);
  }
  if (!isRecord(value)) {
    return value;
  }
  const record = value;
  if (record[SECRET_SIG_KEY] === SECRET_SIG) {
    if (typeof record.plaintext !== "string") {
      return SECRET;
    }
    try {
      return decodeSecrets(JSON.parse(record.plaintext));
    } catch {
      return SECRET;
    }
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decodeSecrets(v)]));
}

/** `value` when it is a JSON object, else an empty one. */
function recordOf(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** The JSON objects of `value` when it is an array, else none. */
function recordsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
