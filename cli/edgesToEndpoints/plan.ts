/**
 * The program that moves one HTTPS edge to cloud endpoints (ngrok's migration guide,
 * https://ngrok.com/docs/guides/migration/edges-to-endpoints/):
 *
 * - each reserved domain the edge's hostports are on, imported (`ReservedDomain`, by its `rd_…`
 *   id, with the fields ngrok answered, so that the import finds no difference);
 * - one `CloudEndpoint` per hostport (`https://app.example.com` for `app.example.com:443`), whose
 *   traffic policy has, for each route that serves its host, the rules of the route's modules
 *   (`./modules`) under the expressions of the route's match (`./routeMatch`), the backend last
 *   as a `forward-internal` to an internal URL named after the route;
 * - the stack config keys of the secrets ngrok never answers, and notes on what was not carried
 *   over.
 *
 * @module
 */
import {
  type AccountEdges,
  type HttpsEdge,
  hasSignIn,
  moduleOf,
  type ReservedDomain,
} from "./account";
import { translateRoute, type RouteTranslation } from "./modules";
import { camelOf, ConfigKeys, type SampledConfigKey, slugOf, UniqueNames } from "./names";
import type { PlanAction, PlanRule, RuleTemplate } from "./policy";
import { Commented, type Program, type ProgramResource, type ProgramValue } from "./program";
import { routeExpressions, routeMatchOf, servesHost, type RouteMatch } from "./routeMatch";

/** A hostport of an edge, read: `app.example.com:443` → host and port. */
export function hostportOf(hostport: string): { host: string; port: number } {
  const colon = hostport.lastIndexOf(":");
  const port = colon < 0 ? 443 : Number(hostport.slice(colon + 1));
  return { host: (colon < 0 ? hostport : hostport.slice(0, colon)).toLowerCase(), port };
}

/** The reserved domain `host` is on: its own, else the wildcard domain that covers it. */
export function domainOf(
  host: string,
  domains: readonly ReservedDomain[],
): ReservedDomain | undefined {
  const own = domains.find((domain) => domain.domain.toLowerCase() === host);
  return (
    own ??
    domains.find((domain) => {
      const name = domain.domain.toLowerCase();
      return name.startsWith("*.") && host.endsWith(name.slice(1));
    })
  );
}

/** The properties of an imported `ReservedDomain`: the fields ngrok answered that are set. */
function domainProperties(domain: ReservedDomain): Record<string, ProgramValue> {
  const properties: Record<string, ProgramValue> = { domain: domain.domain };
  if (domain.description) properties.description = domain.description;
  if (domain.metadata) properties.metadata = domain.metadata;
  const policy = domain.certificate_management_policy;
  if (policy?.authority) {
    properties.certificateManagementPolicy = {
      authority: policy.authority,
      ...(policy.private_key_type ? { privateKeyType: policy.private_key_type } : {}),
    };
  }
  return properties;
}

/** An action as the program writes it. */
function actionValue(action: PlanAction): ProgramValue {
  const plain = (item: PlanAction): ProgramValue => ({
    type: item.type,
    ...(item.config === undefined ? {} : { config: item.config }),
  });
  return action.comment === undefined && action.alternative === undefined
    ? plain(action)
    : new Commented(plain(action), action.comment, action.alternative && plain(action.alternative));
}

/** A rule as the program writes it. */
function ruleValue(rule: PlanRule): ProgramValue {
  const value = {
    name: rule.name,
    ...(rule.expressions.length > 0 ? { expressions: rule.expressions } : {}),
    actions: rule.actions.map(actionValue),
  };
  return rule.comment === undefined ? value : new Commented(value, rule.comment);
}

/** A route of the edge, translated once for every endpoint that serves it. */
interface TranslatedRoute {
  readonly label: string;
  readonly match: RouteMatch;
  readonly translation: RouteTranslation;
}

/** The rules of `templates` for a route of `label` under `expressions`. */
function rulesOf(
  label: string,
  templates: readonly RuleTemplate[],
  expressions: string[],
): PlanRule[] {
  return templates.map((template, i) => ({
    name: templates.length > 1 ? `${label} (${i + 1})` : label,
    expressions: [...expressions, ...template.extra],
    actions: template.actions,
    comment: template.comment,
  }));
}

/** The traffic policy of the endpoint of `host`, as the program writes it. */
function endpointPolicy(host: string, routes: readonly TranslatedRoute[]): ProgramValue {
  const served = routes.filter((route) => servesHost(route.match, host));
  const matches = served.map((route) => route.match);
  const request: PlanRule[] = [];
  const response: PlanRule[] = [];
  for (const route of served) {
    const expressions = routeExpressions(route.match, matches);
    request.push(...rulesOf(route.label, route.translation.request, expressions));
    response.push(...rulesOf(route.label, route.translation.response, expressions));
  }
  return {
    onHttpRequest: request.map(ruleValue),
    ...(response.length > 0 ? { onHttpResponse: response.map(ruleValue) } : {}),
  };
}

/** The program that moves `edge` (one with a sign-in module) to cloud endpoints. */
export function planEdge(edge: HttpsEdge, domains: readonly ReservedDomain[]): Program {
  const hostports = (edge.hostports ?? []).map(hostportOf);
  const edgeSlug = slugOf(hostports[0]?.host ?? edge.id);
  const keys = new ConfigKeys();
  const internal = new UniqueNames();
  const header: string[] = [
    `Moves the HTTPS edge ${edge.id}${edge.description ? ` (${edge.description})` : ""} to ` +
      "cloud endpoints. Written by pulumi-ngrok-dynamic edges-to-endpoints; read " +
      "docs/migratingFromEdges.md before running it: the edge keeps serving until you delete it.",
  ];
  const notes: string[] = [];
  if (moduleOf(edge, "mutual_tls") !== undefined) {
    notes.push(
      "The edge's mutual_tls module is not carried over: add a terminate-tls action with " +
        "mutual_tls_certificate_authorities to an on_tcp_connect rule.",
    );
  }
  const routes: TranslatedRoute[] = (edge.routes ?? []).map((route) => {
    const match = routeMatchOf(route);
    const place = `${match.host ?? edgeSlug} ${match.path === "/" ? "root" : match.path}`;
    const translation = translateRoute(route, {
      keys,
      keyPrefix: camelOf(place),
      internalUrl: `https://${internal.claim(slugOf(place), "-")}.internal`,
    });
    notes.push(...translation.notes);
    const label = `${route.description || `${match.kind === "exact" ? "" : "prefix "}${route.match}`}`;
    return { label: `route ${route.id}: ${label}`, match, translation };
  });

  const names = new UniqueNames();
  const resources: ProgramResource[] = [];
  const imported = new Map<string, string>();
  for (const { host, port } of hostports) {
    const domain = domainOf(host, domains);
    if (domain === undefined) {
      notes.push(`No reserved domain of the account covers ${host}: reserve it before running.`);
    } else if (!imported.has(domain.id)) {
      const name = names.claim(`${slugOf(domain.domain)}-domain`, "-");
      imported.set(domain.id, name);
      resources.push({
        name,
        variable: camelOf(name),
        className: "ReservedDomain",
        properties: domainProperties(domain),
        importId: domain.id,
        comment: `Imported: the reserved domain ${domain.id} the edge serves ${host} on.`,
      });
    }
    const name = names.claim(slugOf(port === 443 ? host : `${host}-${port}`), "-");
    const domainName = domain === undefined ? undefined : imported.get(domain.id);
    resources.push({
      name,
      variable: camelOf(`${name}-endpoint`),
      className: "CloudEndpoint",
      properties: {
        url: port === 443 ? `https://${host}` : `https://${host}:${port}`,
        description: `Was the HTTPS edge ${edge.id}`,
        trafficPolicy: endpointPolicy(host, routes),
      },
      ...(domainName === undefined ? {} : { dependsOn: [domainName] }),
    });
  }
  // What the key holds, then the command alone on its line, pasteable as it is: it asks for the
  // value (a secret stays out of the shell's history), and a `#` comment after it would be
  // arguments in zsh, whose interactive shells take no comments by default.
  const setting = (key: SampledConfigKey) =>
    `- ${key.description}:\n    pulumi config set${key.secret ? " --secret" : ""} ${key.name}`;
  const declared = keys.keys.filter((key) => key.alternativeOnly !== true);
  if (declared.length > 0) {
    header.push(
      ["Set before running (each command asks for the value):", ...declared.map(setting)].join(
        "\n",
      ),
    );
  }
  const alternative = keys.keys.filter((key) => key.alternativeOnly === true);
  if (alternative.length > 0) {
    header.push(
      [
        "To use the openid-connect alternative of a saml action, uncomment it, remove the saml " +
          "action, read these keys in the program (config:, or config.require) and set them:",
        ...alternative.map(setting),
      ].join("\n"),
    );
  }
  return {
    project: `${edgeSlug}-endpoints`,
    header: [...header, ...notes.map((note) => `Note: ${note}`)],
    config: keys.keys,
    resources,
  };
}

/** The programs for `account`: one per edge with a sign-in module on a route, ngrok's order. */
export function planAccount(account: AccountEdges): Program[] {
  return account.edges.filter(hasSignIn).map((edge) => planEdge(edge, account.reservedDomains));
}
