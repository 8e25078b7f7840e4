/**
 * README's table of ngrok's Terraform provider v0.8.0 beside this package (between
 * `<!-- generated:terraform -->` markers): each Terraform resource (with its data source of the same
 * name) and each data source alone, against the resource and lookups of the registry whose
 * definition names it (`terraform`), and this package's resources that provider has none of.
 *
 * @module
 */
import { namesOf } from "../../../provider/framework/names";
import { DEFINITIONS, LOOKUPS } from "../../../provider/registry";
import { splice } from "./docsTables";

/**
 * ngrok's Terraform provider v0.8.0, as its `internal/provider/provider.go` registers them: its
 * resources (each with a data source of the same name), then its data sources alone.
 */
export const TERRAFORM_V080 = {
  resources: [
    "ngrok_api_key",
    "ngrok_credential",
    "ngrok_domain",
    "ngrok_tcp_address",
    "ngrok_cloud_endpoint",
    "ngrok_ip_policy",
    "ngrok_ip_policy_rule",
    "ngrok_ip_restriction",
    "ngrok_certificate_authority",
    "ngrok_tls_certificate",
    "ngrok_service_user",
    "ngrok_agent_ingress",
    "ngrok_event_destination",
    "ngrok_event_subscription",
    "ngrok_vault",
    "ngrok_secret",
    "ngrok_ssh_certificate_authority",
    "ngrok_ssh_credential",
  ],
  dataSourcesAlone: [
    "ngrok_kubernetes_operator",
    "ngrok_tunnel_session",
    "ngrok_application_session",
    "ngrok_application_user",
  ],
} as const;

/** What this package has for a data source alone, by name: its lookups, or why it has none. */
export type LookupsAlone = Readonly<Record<string, readonly string[] | { none: string }>>;

/** This package's lookups for ngrok's Terraform data sources that have no resource. */
export const DATA_SOURCES_ALONE: LookupsAlone = {
  ngrok_kubernetes_operator: {
    none: "not in ngrok's June 2026 API description (it has no `/kubernetes_operators`)",
  },
};

const code = (text: string) => `\`${text}\``;

/** The lookups of `resource` as a cell: `getX`, `getXs`. */
function lookupsCell(resource: string): string {
  return LOOKUPS.filter((l) => l.resource.name === resource)
    .map((l) => code(l.name))
    .join(", ");
}

/** The table's Markdown rows, from the registry and `alone` (the data sources with no resource). */
export function terraformTable(alone: LookupsAlone): string {
  const rows = [
    "| ngrok's Terraform provider v0.8.0 | This package | Lookups |",
    "| --- | --- | --- |",
  ];
  for (const tf of TERRAFORM_V080.resources) {
    const ours = DEFINITIONS.find((d) => d.terraform === tf);
    rows.push(
      ours === undefined
        ? `| ${code(tf)} (resource, data source) | — | — |`
        : `| ${code(tf)} (resource, data source) | [${code(ours.name)}](${namesOf(ours).docsPage}) | ${lookupsCell(ours.name)} |`,
    );
  }
  for (const tf of TERRAFORM_V080.dataSourcesAlone) {
    const ours = alone[tf];
    rows.push(
      ours === undefined
        ? `| ${code(tf)} (data source) | — | — |`
        : "none" in ours
          ? `| ${code(tf)} (data source) | — | none: ${ours.none} |`
          : `| ${code(tf)} (data source) | (lookups only) | ${ours.map(code).join(", ")} |`,
    );
  }
  for (const definition of DEFINITIONS.filter((d) => d.terraform === undefined)) {
    rows.push(
      `| none in v0.8.0 | [${code(definition.name)}](${namesOf(definition).docsPage}) | ${lookupsCell(definition.name)} |`,
    );
  }
  return rows.join("\n");
}

/** README.md's splice. */
export function readmeTerraform(alone: LookupsAlone): Map<string, (page: string) => string> {
  return new Map([
    ["README.md", (page: string) => splice(page, "README.md", "terraform", terraformTable(alone))],
  ]);
}
