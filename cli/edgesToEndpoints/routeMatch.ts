/**
 * Which requests a route of an HTTPS edge took, as CEL expressions of a traffic policy rule.
 *
 * ngrok's migration guide (https://ngrok.com/docs/guides/migration/edges-to-endpoints/, "Migrate
 * routes") maps a route's `match_type` to an expression: `exact_path` `/foo` to
 * `req.url.path == "/foo"`, `path_prefix` `/api` to `req.url.path.startsWith("/api")`. A route's
 * `match` may also name a host (`example.com` or `example.com/blog`, ngrok's `HTTPSEdgeRoute`):
 * such a route serves the endpoint of that host only.
 *
 * An edge gave a request to its most specific route (an exact path before any prefix, a longer
 * prefix before a shorter one); the rules of a policy all run, in order, until one terminates.
 * So each rule also excludes what a more specific route of the same endpoint takes
 * (`!req.url.path.startsWith('/api/admin')` on the rule of `/api`): whatever the order of the
 * rules, a request meets the modules of the route the edge gave it, and an `/admin` route with a
 * sign-in is never served by the rule of `/` without it.
 *
 * @module
 */
import type { HttpsEdgeRoute } from "./account";
import { celString } from "./policy";

/** A route's match, read. */
export interface RouteMatch {
  /** The host the match names, lower case, or `undefined` for every host of the edge. */
  readonly host: string | undefined;
  /** `exact` for `exact_path`, `prefix` for `path_prefix`. */
  readonly kind: "exact" | "prefix";
  /** The path, `/` when the match names a host alone. */
  readonly path: string;
}

/** Reads a route's `match_type` and `match`. */
export function routeMatchOf(route: Pick<HttpsEdgeRoute, "match_type" | "match">): RouteMatch {
  const kind = route.match_type === "exact_path" ? "exact" : "prefix";
  const { match } = route;
  if (match.startsWith("/")) return { host: undefined, kind, path: match };
  const slash = match.indexOf("/");
  const host = (slash < 0 ? match : match.slice(0, slash)).toLowerCase();
  return { host, kind, path: slash < 0 ? "/" : match.slice(slash) };
}

/** Whether the route of `match` serves requests to `host` (an endpoint's host). */
export function servesHost(match: RouteMatch, host: string): boolean {
  return match.host === undefined || match.host === host.toLowerCase();
}

/** Whether `match` takes the request path `path`. */
function takesPath(match: RouteMatch, path: string): boolean {
  return match.kind === "exact" ? path === match.path : path.startsWith(match.path);
}

/** How specific a match is: an exact path over any prefix, a longer path, a named host. */
function specificity(match: RouteMatch): [number, number, number] {
  return [match.kind === "exact" ? 1 : 0, match.path.length, match.host === undefined ? 0 : 1];
}

/** Whether `a` is more specific than `b` (see {@link specificity}). */
function moreSpecific(a: RouteMatch, b: RouteMatch): boolean {
  const [x, y] = [specificity(a), specificity(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

/** The expression that a request takes `match`'s path, or none for the prefix `/`. */
function pathExpression(match: RouteMatch): string | undefined {
  if (match.kind === "exact") return `req.url.path == ${celString(match.path)}`;
  return match.path === "/" ? undefined : `req.url.path.startsWith(${celString(match.path)})`;
}

/**
 * The expressions of the rules of the route of `match` on one endpoint: its own path, and the
 * exclusion of each more specific route among `others` (the matches of the endpoint's other
 * routes) whose requests it would otherwise take too. None: every request.
 */
export function routeExpressions(match: RouteMatch, others: readonly RouteMatch[]): string[] {
  const own = pathExpression(match);
  const expressions = own === undefined ? [] : [own];
  for (const other of others) {
    // A more specific route takes some of this one's requests when its path is one of them
    // (an exact path under this prefix, a longer prefix that starts with it, the same path).
    if (other === match || !moreSpecific(other, match) || !takesPath(match, other.path)) continue;
    const excluded = pathExpression(other);
    // A route as general as this one (a named host's `/`) leaves this one nothing.
    expressions.push(excluded === undefined ? "false" : `!(${excluded})`);
  }
  return expressions;
}
