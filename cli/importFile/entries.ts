/**
 * One entry of a Pulumi import file for one object: read with the resource's own provider `read`
 * (one `GET`, the same request and the same output mapping as `pulumi refresh`, whose outputs are
 * those create returns), with the class's type token and `__provider` added to its inputs and
 * outputs as the class's own state holds them.
 *
 * The API key and base URL are the provider's (`clientFromConfiguration`), read from the
 * environment when the request is made, as `pending-creates` reads them: `NGROK_API_KEY`,
 * `NGROK_API_BASE_URL` and the other `NGROK_*` settings of docs/configuration.md.
 *
 * @module
 */
import type { ImportableKind } from "./kinds";
import { serializedProvider } from "./serializedProvider";

/** One resource of a Pulumi import file with inputs and outputs (Pulumi 3.254 and later). */
export interface ImportEntry {
  readonly type: string;
  readonly name: string;
  readonly id: string;
  readonly inputs: Record<string, unknown>;
  readonly outputs: Record<string, unknown>;
}

/** A Pulumi import file (`pulumi import --file`). */
export interface ImportFile {
  readonly resources: ImportEntry[];
}

/** What the command was asked to import: an object, its resource and its logical name. */
export interface ImportRequest {
  readonly kind: ImportableKind;
  readonly name: string;
  readonly id: string;
}

/**
 * The entry of `request`'s object.
 *
 * @throws Error when there is no such object (the provider's read found none), or when the API
 *   refuses the read (the provider's message, which never holds the key).
 */
export async function importEntry(request: ImportRequest): Promise<ImportEntry> {
  const { kind, name, id } = request;
  const found = await kind.provider.read(id);
  if (found.id === "") {
    throw new Error(`there is no ${kind.noun} ${id} (the API answered that it does not exist)`);
  }
  const __provider = await serializedProvider(kind);
  return {
    type: kind.type,
    name,
    id: found.id,
    inputs: { ...asObject(found.inputs), __provider },
    outputs: { ...asObject(found.props), __provider },
  };
}

/** `value`'s own entries, when it is an object (a provider's inputs and outputs are). */
function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? { ...value } : {};
}

/** The file of `requests`' objects, read one after the other (the API's pacing applies). */
export async function importFile(requests: readonly ImportRequest[]): Promise<ImportFile> {
  const resources: ImportEntry[] = [];
  for (const request of requests) resources.push(await importEntry(request));
  return { resources };
}
