/**
 * Unknown paths (404) and known paths with the wrong method (405, with an `Allow` header).
 *
 * Every route registered on the app is recorded through an `onRoute` hook; the not-found handler
 * matches the request path against those patterns to tell 404 from 405. Routing is decided
 * before authentication (api.ngrok.com answers unknown paths with 404 without credentials).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { apiErrors } from "../errors";

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

function patternOf(url: string): RegExp {
  const source = url
    .split("/")
    .map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}$`);
}

/** The set of (path pattern, methods) the app serves. */
export class RouteTable {
  private readonly routes = new Map<string, KnownRoute>();

  add(url: string, method: string | string[]): void {
    let known = this.routes.get(url);
    if (known === undefined) {
      known = { pattern: patternOf(url), methods: new Set() };
      this.routes.set(url, known);
    }
    for (const m of Array.isArray(method) ? method : [method]) known.methods.add(m.toUpperCase());
  }

  /** Every route: its fastify path and methods. */
  entries(): Array<{ url: string; methods: string[] }> {
    return [...this.routes].map(([url, known]) => ({ url, methods: [...known.methods] }));
  }

  /** Methods allowed on a concrete path (empty when no route matches it). */
  allowedMethods(path: string): string[] {
    const allowed = new Set<string>();
    for (const known of this.routes.values()) {
      if (known.pattern.test(path)) for (const m of known.methods) allowed.add(m);
    }
    return [...allowed].sort();
  }
}

/** Records every route of `app` (call before registering routes). */
export function collectRoutes(app: FastifyInstance): RouteTable {
  const table = new RouteTable();
  app.addHook("onRoute", (route) => table.add(route.url, route.method));
  return table;
}

/** The not-found handler: 405 when the path exists with other methods, else 404. */
export function notFoundHandler(table: RouteTable) {
  return async function handleNotFound(request: FastifyRequest, _reply: FastifyReply) {
    const path = request.url.split("?")[0];
    const allowed = table.allowedMethods(path);
    if (allowed.length > 0) throw apiErrors.methodNotAllowed(request.method, path, allowed);
    throw apiErrors.pathNotFound(path);
  };
}
