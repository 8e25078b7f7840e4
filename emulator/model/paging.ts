/**
 * List paging as ngrok does it: `limit` (1..100, default 100) and `before_id`; items newest
 * first; `next_page_uri` is the full URL of the next page
 * (`<list uri>?limit=<n>&before_id=<last id on this page>`) or `null` on the last page.
 *
 * Accepted query parameters: those of the list operation in ngrok's OpenAPI document (`limit`,
 * `before_id`, and e.g. the endpoints' `ids` and `urls`), and the overlay's `beforeId` (the
 * spelling ngrok's official TypeScript client sends, since it passes its camelCase paging object
 * to the query string unchanged) and `filter`. An empty `filter` is ignored; a non-empty one answers ERR_NGROK_230,
 * because the emulator does not evaluate CEL expressions and silently ignoring a filter would
 * return wrong results. An empty `limit` or `before_id` counts as omitted.
 */
import { apiErrors } from "../errors";
import { checkIdPrefix, checkQuery, type QueryParameters } from "./validation";

/** Largest and default page size. */
export const MAX_PAGE_LIMIT = 100;
/**
 * Query parameters of a list operation without its own (ngrok's `before_id` and `limit`, and the
 * overlay's `filter` and `beforeId`); lists take those ngrok's OpenAPI document gives them.
 */
export const LIST_QUERY_PARAMETERS: QueryParameters = {
  names: ["before_id", "limit", "filter", "beforeId"],
  repeatable: [],
};

/** A validated page request. */
export interface PageRequest {
  limit: number;
  beforeId: string | undefined;
}

/** Validates a list query string. */
export function parsePageQuery(
  query: unknown,
  idPrefix: string,
  supported: QueryParameters = LIST_QUERY_PARAMETERS,
): PageRequest {
  const params = checkQuery(query, supported);
  if (params.filter !== undefined && params.filter !== "") {
    throw apiErrors.invalidQuery(
      `the emulator does not evaluate filter expressions (filter=${params.filter})`,
    );
  }
  let limit = MAX_PAGE_LIMIT;
  if (params.limit !== undefined && params.limit !== "") {
    const parsed = /^\d{1,6}$/.test(params.limit) ? Number(params.limit) : NaN;
    if (!(parsed >= 1 && parsed <= MAX_PAGE_LIMIT)) {
      throw apiErrors.pageLimitInvalid(params.limit, MAX_PAGE_LIMIT);
    }
    limit = parsed;
  }
  if (
    params.before_id !== undefined &&
    params.beforeId !== undefined &&
    params.before_id !== params.beforeId
  ) {
    throw apiErrors.repeatedQueryParameter("before_id", [params.before_id, params.beforeId]);
  }
  const beforeId = params.before_id || params.beforeId || undefined;
  if (beforeId !== undefined) checkIdPrefix(beforeId, idPrefix);
  return { limit, beforeId };
}

/** One page of a list. */
export interface Page<T> {
  items: T[];
  /** `next_page_uri`, or null on the last page. */
  nextPageUri: string | null;
}

/**
 * Cuts one page out of `newestFirst` (sorted by id, descending; ids are time-ordered): the items
 * older than `before_id` (it need not exist any more), at most `limit` of them.
 */
export function paginate<T extends { id: string }>(
  newestFirst: readonly T[],
  request: PageRequest,
  listUri: string,
): Page<T> {
  const { beforeId } = request;
  const older =
    beforeId === undefined ? newestFirst : newestFirst.filter((item) => item.id < beforeId);
  const items = older.slice(0, request.limit);
  const hasMore = older.length > items.length;
  const last = items[items.length - 1];
  const nextPageUri =
    hasMore && last !== undefined
      ? `${listUri}?limit=${request.limit}&before_id=${encodeURIComponent(last.id)}`
      : null;
  return { items, nextPageUri };
}
