/**
 * What the registry derives from the definitions' facts (`lookups`, `recovery`, `pluralName`):
 * every lookup and every recovery list has its implementation in `pulumi-ngrok-dynamic/provider`,
 * the pending-creates kinds answer both type-token families, and the plugin marks exactly the
 * resources whose definition says so.
 */
import * as implementation from "../../provider";
import { pluralNameOf, type ResourceDefinition } from "../../provider/framework/resource";
import { PENDING_CREATE_KINDS } from "../../provider/pendingCreates";
import { DEFINITIONS, LOOKUPS } from "../../provider/registry";
import { withProgramInputs } from "../../plugin/resources";
import { OWNER_INPUT } from "../../provider/common/ownershipMarker";

const definitions: readonly ResourceDefinition[] = DEFINITIONS;
const exported = (name: string) => typeof Reflect.get(implementation, name);

describe("the registry", () => {
  test.each(LOOKUPS.map((lookup) => [lookup.name, lookup] as const))(
    "%s runs a function of pulumi-ngrok-dynamic/provider",
    (name, lookup) => {
      const runs = lookup.list
        ? `list${pluralNameOf(lookup.resource)}`
        : `lookup${lookup.resource.name}`;
      expect(name).toBe(
        lookup.list ? `get${pluralNameOf(lookup.resource)}` : `get${runs.slice(6)}`,
      );
      expect(exported(runs)).toBe("function");
    },
  );

  test("the lookups are the eight the schema has always listed, in order", () => {
    expect(LOOKUPS.map((l) => l.name)).toEqual([
      "getSshCertificateAuthority",
      "getSshCertificateAuthorities",
      "getSshHostCertificate",
      "getSshHostCertificates",
      "getSshUserCertificate",
      "getSshUserCertificates",
      "getSshCredential",
      "getHttpsEdgeRouteSaml",
    ]);
  });

  test("each recoverable resource is listed by its list<Plural>, under both type tokens", () => {
    const recoverable = definitions.filter((d) => d.recovery !== undefined).map((d) => d.name);
    expect(recoverable).toEqual([
      "SshCertificateAuthority",
      "SshHostCertificate",
      "SshUserCertificate",
      "SshCredential",
    ]);
    for (const definition of definitions.filter((d) => d.recovery !== undefined)) {
      expect(exported(`list${pluralNameOf(definition)}`)).toBe("function");
      const classKind = PENDING_CREATE_KINDS.get(`pulumi-nodejs:dynamic/ngrok:${definition.name}`);
      expect(classKind?.resource).toBe(definition.name);
      expect(PENDING_CREATE_KINDS.get(`ngrok-dynamic:index:${definition.name}`)).toBe(classKind);
    }
    expect(PENDING_CREATE_KINDS.size).toBe(8);
    expect(PENDING_CREATE_KINDS.has("ngrok-dynamic:index:HttpsEdgeRouteSaml")).toBe(false);
  });

  test("only the CA adopts", () => {
    const adoptable = [...new Set(PENDING_CREATE_KINDS.values())].filter((k) => k.adoptable);
    expect(adoptable.map((k) => k.resource)).toEqual(["SshCertificateAuthority"]);
  });

  test("the plugin adds the ownership marker's owner where the definition says it is marked", () => {
    const settings = { ownershipMarker: true, adoptExistingIds: {} };
    const owned = definitions
      .filter(
        (d) => OWNER_INPUT in withProgramInputs(d.name, `urn:x::y::t::${d.name}`, {}, settings),
      )
      .map((d) => d.name);
    expect(owned).toEqual(["SshCertificateAuthority", "SshHostCertificate", "SshUserCertificate"]);
  });
});
