/**
 * Creating an SSH certificate authority exactly once.
 *
 * `POST /ssh_certificate_authorities` is not idempotent (ngrok has no idempotency key), so the
 * client never sends it twice after a failure that may have acted (a connection reset or a
 * timeout after the request was sent, or a 5xx). After such a failure this module looks for the
 * CA the request may have created, instead of leaving it orphaned:
 *
 * 1. It lists the CAs (`GET /ssh_certificate_authorities`, newest first, retried as usual) and
 *    keeps the candidates: created while the request could have been processed (by ngrok's
 *    clock: from the list answer's `Date` header minus the time since the request was sent, with
 *    {@link CLOCK_PRECISION_MS} for whole-second timestamps; by this machine's clock with
 *    {@link CLOCK_SKEW_MS} if there is no `Date`), with the same description, metadata, key type
 *    and (ECDSA) curve, and not already created or adopted by this process (the dynamic-provider
 *    host runs one deployment).
 * 2. Exactly one candidate, and no identical create still in flight in this process: it is the
 *    one this request created; it is returned as the result of the create (and logged).
 * 3. None after a timeout: the API may still be working on the request, so the list is read
 *    again with growing pauses (1 s, 2 s, 4 s, …) for up to {@link timeoutGraceMs}.
 * 4. Otherwise it fails with an {@link NgrokClientError} that says a CA may have been created,
 *    names the candidates, and says how to find and delete one.
 *
 * Residual risk, documented: another program creating an identical CA (same description,
 * metadata and key type) during this request, while this request's create did not act, would be
 * taken for this one.
 *
 * @module
 */
import { type NgrokClient, NgrokClientError } from "../client";
import {
  COLLECTION_PATH,
  createBody,
  sshCertificateAuthorityListSchema,
  sshCertificateAuthoritySchema,
  type SshCertificateAuthorityResponse,
} from "./api";
import type { SshCertificateAuthorityInputs } from "./inputs";

/**
 * Allowed difference between this machine's clock and ngrok's `created_at` when the list answer
 * has no `Date` header: 60 000 ms.
 */
export const CLOCK_SKEW_MS = 60_000;
/** Slack for whole-second timestamps (`Date` and `created_at`): 2000 ms. */
export const CLOCK_PRECISION_MS = 2_000;

/** Ids this process created or adopted: never adopted a second time. */
const owned = new Set<string>();
/** Creates in flight in this process, by {@link fingerprint}. */
const inFlight = new Map<string, number>();

/**
 * `POST /ssh_certificate_authorities` once, recovering the CA after an ambiguous failure (see
 * the module comment).
 *
 * @throws {@link NgrokApiError} when the API refused the request (nothing was created).
 * @throws {@link NgrokClientError} when the outcome stays unknown: the message says a CA may
 *   have been created and how to find it.
 */
export async function createOnce(
  client: NgrokClient,
  inputs: SshCertificateAuthorityInputs,
): Promise<SshCertificateAuthorityResponse> {
  const key = fingerprint(inputs);
  inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  const sentAt = Date.now();
  try {
    const created = await client.request({
      method: "POST",
      path: COLLECTION_PATH,
      body: createBody(inputs),
      schema: sshCertificateAuthoritySchema,
    });
    owned.add(created.id);
    return created;
  } catch (error) {
    if (!NgrokClientError.outcomeUnknown(error)) {
      throw error;
    }
    return await recover(client, inputs, key, sentAt, error as Error);
  } finally {
    const count = (inFlight.get(key) ?? 1) - 1;
    if (count === 0) inFlight.delete(key);
    else inFlight.set(key, count);
  }
}

async function recover(
  client: NgrokClient,
  inputs: SshCertificateAuthorityInputs,
  key: string,
  sentAt: number,
  failure: Error,
): Promise<SshCertificateAuthorityResponse> {
  const timedOut = NgrokClientError.isInstance(failure) && failure.transportCode === "ETIMEDOUT";
  const graceEnds = Date.now() + (timedOut ? timeoutGraceMs(client) : 0);
  let pause = 1000;
  for (;;) {
    let candidates: SshCertificateAuthorityResponse[];
    try {
      candidates = await findCandidates(client, inputs, sentAt);
    } catch (listError) {
      throw ambiguousCreate(inputs, sentAt, failure, undefined, listError as Error);
    }
    if (candidates.length === 1 && inFlight.get(key) === 1) {
      const [found] = candidates;
      owned.add(found.id);
      client.debug(
        `ngrok API: POST ${COLLECTION_PATH} failed (${failure.message}) but created ${found.id}; recorded it instead of creating another`,
      );
      return found;
    }
    if (candidates.length > 0 || Date.now() + pause > graceEnds) {
      throw ambiguousCreate(inputs, sentAt, failure, candidates);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause *= 2;
  }
}

/**
 * How long to keep looking for a CA after a create timed out: twice the per-attempt timeout,
 * at most 60 000 ms.
 */
export function timeoutGraceMs(client: NgrokClient): number {
  return Math.min(2 * client.timeoutMs, 60_000);
}

/** CAs that the create sent at `sentAt` with `inputs` may have made (see the module comment). */
async function findCandidates(
  client: NgrokClient,
  inputs: SshCertificateAuthorityInputs,
  sentAt: number,
): Promise<SshCertificateAuthorityResponse[]> {
  let since = sentAt - CLOCK_SKEW_MS;
  let firstPage = true;
  const found: SshCertificateAuthorityResponse[] = [];
  for await (const ca of client.list(
    `${COLLECTION_PATH}?limit=100`,
    "ssh_certificate_authorities",
    sshCertificateAuthorityListSchema,
    (headers) => {
      const serverNow = Date.parse(headers.get("date") ?? "");
      if (firstPage && !Number.isNaN(serverNow)) {
        since = serverNow - (Date.now() - sentAt) - CLOCK_PRECISION_MS;
      }
      firstPage = false;
    },
  )) {
    const createdAt = Date.parse(ca.created_at);
    if (createdAt < since) {
      break; // newest first: the rest are older
    }
    if (!owned.has(ca.id) && matches(ca, inputs)) {
      found.push(ca);
    }
  }
  return found;
}

/** Whether `ca` has what a create with `inputs` would give it. */
function matches(ca: SshCertificateAuthorityResponse, inputs: SshCertificateAuthorityInputs) {
  if (
    (ca.description ?? "") !== (inputs.description ?? "") ||
    (ca.metadata ?? "") !== (inputs.metadata ?? "") ||
    ca.key_type !== inputs.privateKeyType
  ) {
    return false;
  }
  if (inputs.privateKeyType === "ecdsa" && inputs.ellipticCurve !== undefined) {
    const nistCurve = inputs.ellipticCurve.replace(/^p/, "nistp");
    return ca.public_key.startsWith(`ecdsa-sha2-${nistCurve} `);
  }
  return true;
}

/** What identifies a create request's payload. */
function fingerprint(inputs: SshCertificateAuthorityInputs): string {
  return JSON.stringify(createBody(inputs));
}

function ambiguousCreate(
  inputs: SshCertificateAuthorityInputs,
  sentAt: number,
  failure: Error,
  candidates: SshCertificateAuthorityResponse[] | undefined,
  listError?: Error,
): NgrokClientError {
  const since = new Date(sentAt - CLOCK_SKEW_MS).toISOString();
  const what =
    `description ${JSON.stringify(inputs.description ?? "")}, ` +
    `key type ${inputs.privateKeyType}, created since ${since}`;
  let found: string;
  if (listError !== undefined) {
    found = `Looking for it failed too (${listError.message}).`;
  } else if (candidates === undefined || candidates.length === 0) {
    found = `No matching CA (${what}) was found, so most likely none was created; nothing was recorded in state.`;
  } else {
    found =
      `${candidates.length} matching CAs exist (${candidates.map((ca) => ca.id).join(", ")}) and ` +
      `this provider cannot tell which one, if any, this request created; none was recorded in state.`;
  }
  const endpoint = { method: "POST", path: COLLECTION_PATH };
  return new NgrokClientError(
    `creating the SSH certificate authority failed after the request was sent (${failure.message}); ` +
      `ngrok may have created it. ${found} To check, list the CAs (GET ${COLLECTION_PATH}, or ` +
      `\`ngrok api ssh-certificate-authorities list\`) and look for ${what}; delete a stray one ` +
      `(\`ngrok api ssh-certificate-authorities delete <id>\`) before running \`pulumi up\` again.`,
    { endpoint, requestOutcome: "unknown" },
  );
}
