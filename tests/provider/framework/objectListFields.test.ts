/**
 * A list of strings as a field of an object type (`ObjectTypeField.list`, `provider/framework/
 * property.ts`), first needed by a TLS certificate's `subjectAlternativeNames` (ngrok's
 * `TLSCertificateSANs`: `dns_names` and `ips`, lists): `check` judges it as a list of strings
 * naming its path, the wire reads it under its field's name, and the package schema and the
 * SDK's types declare it as a list.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { defineResource } from "../../../provider/framework/define";
import type { ObjectType } from "../../../provider/framework/property";
import { outputsFrom, requestBody } from "../../../provider/framework/wire";
import { UNKNOWN } from "../../../provider";
import { REPO } from "../../support/repo";

const NAMES: ObjectType = {
  kind: "object",
  typeName: "Names",
  typeDescription: "Names.",
  fields: {
    dnsNames: { wire: "dns_names", list: true, description: "DNS names." },
    label: { wire: "label", description: "A label." },
  },
};

const definition = defineResource({
  name: "Named",
  description: "A test resource.",
  id: "an id",
  api: { path: "/named", noun: "named thing", idPrefix: "nm_", endpoints: "none" },
  properties: {
    names: {
      role: "input",
      type: NAMES,
      onChange: "update",
      wire: "names",
      description: "The names.",
    },
  },
});

test("check takes a list of strings in a list field and refuses anything else, naming its path", () => {
  const names = { dnsNames: ["a.example.com", "*.example.com"], label: "x" };
  expect(definition.check({ names })).toEqual({ inputs: { names }, failures: [] });
  expect(definition.check({ names: { dnsNames: [UNKNOWN] } }).failures).toEqual([]);
  for (const dnsNames of ["a.example.com", [1], [["a"]]]) {
    expect(definition.check({ names: { dnsNames } }).failures).toEqual([
      {
        property: "names",
        reason: expect.stringMatching(/^names\.dnsNames must be a list of strings; got /),
      },
    ]);
  }
  // A string field still refuses a list.
  expect(definition.check({ names: { label: ["x"] } }).failures).toEqual([
    { property: "names", reason: expect.stringMatching(/^names\.label must be a string; got /) },
  ]);
});

test("the wire sends and reads it under its field's name", () => {
  const names = { dnsNames: ["a.example.com"], label: "x" };
  expect(requestBody(definition, { names })).toEqual({
    names: { dns_names: ["a.example.com"], label: "x" },
  });
  const answer = { id: "nm_1", names: { dns_names: ["b.example.com"], label: null } };
  expect(outputsFrom(definition, answer, {})).toMatchObject({
    names: { dnsNames: ["b.example.com"] },
  });
});

test("the schema and the SDK's types declare TlsCertificate's SANs as lists of strings", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(REPO, "schema.json"), "utf8")) as {
    types: Record<string, { properties: Record<string, unknown> }>;
  };
  const sans = schema.types["ngrok-dynamic:index:SubjectAlternativeNames"];
  expect(sans.properties).toEqual({
    dnsNames: expect.objectContaining({ type: "array", items: { type: "string" } }),
    ips: expect.objectContaining({ type: "array", items: { type: "string" } }),
  });
  const types = fs.readFileSync(path.join(REPO, "sdk", "generated", "types.ts"), "utf8");
  expect(types).toMatch(
    /export interface SubjectAlternativeNames \{[^}]*readonly dnsNames\?: string\[\];/,
  );
});
