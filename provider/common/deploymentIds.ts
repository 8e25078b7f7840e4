/**
 * What this process did to which object ids: the dynamic-provider host runs one deployment, so
 * this is what the deployment did. The create recoveries (`./createOnce`, `./takeOver`) never
 * hand the same object to two resources, never take an object this deployment deleted, and the
 * deletes leave in place an object that a create of this deployment took over.
 *
 * @module
 */

/** Ids a create of this process made, recovered or took over. */
const claimed = new Set<string>();
/** Ids a create of this process took over from an interrupted deployment (see `./takeOver`). */
const takenOver = new Set<string>();
/** Ids a delete of this process deleted (or found gone). */
const deleted = new Set<string>();

/** Records that a create of this process made or recovered the object `id`. */
export function claim(id: string): void {
  claimed.add(id);
}

/** True when a create of this process made, recovered or took over `id`. */
export function isClaimed(id: string): boolean {
  return claimed.has(id);
}

/** Records that a create of this process took over `id` (it is claimed too). */
export function markTakenOver(id: string): void {
  claimed.add(id);
  takenOver.add(id);
}

/**
 * True when a create of this process took over `id`: the delete of another resource that holds
 * the same id in this deployment (the resource being replaced by `pulumi up --replace`) must then
 * leave the object in place, since the new resource manages it now.
 */
export function takenOverInThisDeployment(id: string): boolean {
  return takenOver.has(id);
}

/** Records that a delete of this process removed `id` (or found it gone). */
export function markDeleted(id: string): void {
  deleted.add(id);
}

/** True when a delete of this process removed `id`. */
export function deletedInThisDeployment(id: string): boolean {
  return deleted.has(id);
}

/** Forgets everything, as a new deployment starts with nothing (for tests). */
export function resetDeploymentIds(): void {
  claimed.clear();
  takenOver.clear();
  deleted.clear();
}
