/**
 * What the registry derives from the resources' values (`provider/<resource>/index.ts`) and their
 * definitions' facts (`lookups`, `pendingCreates`, `pluralName`): every declared lookup has its read in
 * the resource's value, `pulumi-ngrok-dynamic/provider` exports each under the rule's names (the
 * names deployed states and the lookups of 0.2.0 call), the pending-creates kinds answer both
 * type-token families, and the plugin marks exactly the resources whose definition says so. The
 * data sources' lookups: tests/provider/dataSources.test.ts.
 */
import * as implementation from "../../provider";
import { namesOf } from "../../provider/framework/names";
import type { ResourceDefinition } from "../../provider/framework/resource";
import { PENDING_CREATE_KINDS } from "../../provider/pendingCreates";
import {
  ANY_RESOURCES,
  DATA_SOURCE_DEFINITIONS,
  DEFINITIONS,
  LOOKUPS,
} from "../../provider/registry";
import { SIGNED_COLLECTIONS } from "../../provider/sshCertificateAuthority/inUse";
import { withProgramInputs } from "../../plugin/resources";
import { OWNER_INPUT } from "../../provider/common/ownershipMarker";

const definitions: readonly ResourceDefinition[] = DEFINITIONS;
const exported = (name: string) => Reflect.get(implementation, name);

describe("the registry", () => {
  test.each(ANY_RESOURCES.map((resource) => [resource.definition.name, resource] as const))(
    "%s: its lookups are its value's, exported under the rule's names",
    (_name, { definition, provider, lookups }) => {
      const names = namesOf(definition);
      expect(exported(names.provider)).toBe(provider);
      expect(lookups.one !== undefined).toBe(definition.lookups?.one !== undefined);
      expect(lookups.list !== undefined).toBe(
        definition.lookups?.list !== undefined || definition.pendingCreates !== undefined,
      );
      if (lookups.one !== undefined) expect(typeof exported(names.lookupOne)).toBe("function");
      if (lookups.list !== undefined) expect(typeof exported(names.lookupList)).toBe("function");
    },
  );

  test("a CA's delete lists the collections of every resource whose input names a CA", () => {
    const naming = definitions.filter(
      (d) =>
        d.api.idPrefix !== "sshca_" &&
        Object.values(d.properties).some(
          (p) => p.role === "input" && p.type.kind === "ngrokId" && p.type.prefix === "sshca_",
        ),
    );
    expect(naming.map((d) => d.api.path)).toEqual([...SIGNED_COLLECTIONS]);
  });

  test("the lookups are each definition's, in the registry's order: by address, then the list", () => {
    // The resources', then the data sources'.
    const expected = [...definitions, ...DATA_SOURCE_DEFINITIONS].flatMap((d) => [
      ...(d.lookups?.one === undefined ? [] : [namesOf(d).getOne]),
      ...(d.lookups?.list === undefined ? [] : [namesOf(d).getList]),
    ]);
    expect(LOOKUPS.map((l) => l.name)).toEqual(expected);
    expect(new Set(expected).size).toBe(expected.length);
    // The first ones, in the order the schema has listed them since 0.2.0: new ones come after.
    expect(expected.slice(0, 3)).toEqual([
      "getSshCertificateAuthority",
      "getSshCertificateAuthorities",
      "getSshHostCertificate",
    ]);
  });

  test("each resource with pending creates is listed by its list lookup, under both type tokens", () => {
    const withPendingCreates = definitions.filter((d) => d.pendingCreates !== undefined);
    expect(withPendingCreates.length).toBeGreaterThan(0);
    for (const definition of withPendingCreates) {
      const classKind = PENDING_CREATE_KINDS.get(`pulumi-nodejs:dynamic/ngrok:${definition.name}`);
      expect(classKind?.resource).toBe(definition.name);
      expect(PENDING_CREATE_KINDS.get(`ngrok-dynamic:index:${definition.name}`)).toBe(classKind);
    }
    expect(PENDING_CREATE_KINDS.size).toBe(2 * withPendingCreates.length);
    expect(PENDING_CREATE_KINDS.has("ngrok-dynamic:index:HttpsEdgeRouteSaml")).toBe(false);
  });

  test("the resources that adopt are those whose pendingCreates names an adopting input", () => {
    const adoptable = [...new Set(PENDING_CREATE_KINDS.values())].filter((k) => k.adoptable);
    expect(adoptable.map((k) => k.resource)).toEqual(
      definitions.filter((d) => d.pendingCreates?.adoptBy !== undefined).map((d) => d.name),
    );
    expect(adoptable.map((k) => k.resource)).toContain("SshCertificateAuthority");
  });

  test("the plugin adds the ownership marker's owner where the definition says it is marked", () => {
    const settings = { ownershipMarker: true, adoptExistingIds: {} };
    const owned = definitions
      .filter(
        (d) => OWNER_INPUT in withProgramInputs(d.name, `urn:x::y::t::${d.name}`, {}, settings),
      )
      .map((d) => d.name);
    expect(owned).toEqual(
      definitions.filter((d) => d.pendingCreates?.writesOwnershipMarker).map((d) => d.name),
    );
    expect(owned).toEqual(
      expect.arrayContaining([
        "SshCertificateAuthority",
        "SshHostCertificate",
        "SshUserCertificate",
      ]),
    );
  });
});
