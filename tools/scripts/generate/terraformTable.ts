/**
 * README's table of ngrok's Terraform provider v0.8.0 beside this package (between
 * `<!-- generated:terraform -->` markers): each Terraform resource (with its data source of the same
 * name) and each data source alone, against the resource or data source and the lookups of the
 * registry whose definition names it (`terraform`), and this package's resources that provider
 * has none of.
 *
 * @module
 */
import { namesOf } from "../../../provider/framework/names";
import { DATA_SOURCE_DEFINITIONS, DEFINITIONS, LOOKUPS } from "../../../provider/registry";
import { DATA_SOURCES_PAGE, splice } from "./docsTables";

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

/**
 * ngrok's Terraform data sources alone that this package cannot have, and why: the others are
 * the registry's data sources (`DATA_SOURCES`), found by their definitions' `terraform`.
 */
export const NOT_IN_DESCRIPTION: Readonly<Record<string, string>> = {
  ngrok_kubernetes_operator:
    "not in ngrok's June 2026 API description (it has no `/kubernetes_operators`)",
};

const code = (text: string) => `\`${text}\``;

/** The lookups of `resource` as a cell: `getX`, `getXs`. */
function lookupsCell(resource: string): string {
  return LOOKUPS.filter((l) => l.resource.name === resource)
    .map((l) => code(l.name))
    .join(", ");
}

/** The table's Markdown rows, from the registry and {@link NOT_IN_DESCRIPTION}. */
export function terraformTable(): string {
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
    const ours = DATA_SOURCE_DEFINITIONS.find((d) => d.terraform === tf);
    const why = NOT_IN_DESCRIPTION[tf];
    const anchor = ours?.name.toLowerCase();
    rows.push(
      ours !== undefined
        ? `| ${code(tf)} (data source) | [${code(ours.name)}](${DATA_SOURCES_PAGE}#${anchor}) (lookups only) | ${lookupsCell(ours.name)} |`
        : `| ${code(tf)} (data source) | — | ${why === undefined ? "—" : `none: ${why}`} |`,
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
export function readmeTerraform(): Map<string, (page: string) => string> {
  return new Map([
    ["README.md", (page: string) => splice(page, "README.md", "terraform", terraformTable())],
  ]);
}
