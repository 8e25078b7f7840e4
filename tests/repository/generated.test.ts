/**
 * The files generated from the resources' definitions (`npm run generate`: the SDK's types, the
 * thin providers, schema.json, the YAML template's package declaration, the docs pages' tables)
 * are what the definitions give: the generator's `--check` finds none stale in the repository,
 * and it does find one that differs
 * (a copy of the files with a table cell edited), so that it can fail. It runs in a process of its
 * own: Prettier, which formats the files, cannot be loaded inside Jest. The docs examples, from
 * the definitions, name only inputs of their resources, give each resource a name of its own and
 * refer only to resources declared before; a string made of outputs is rendered in each
 * language's own form, its literal text escaped.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { YAML_PACKAGE_DECLARATION } from "../../dist/tools/scripts/generate/yamlPackage";
import { checkExample, resourceExamples } from "../../dist/tools/scripts/generate/examples/specs";
import { renderAll } from "../../dist/tools/scripts/generate/examples/render";
import { schemaNames } from "../../dist/tools/scripts/generate/examples/schemaNames";
import { packageSchema } from "../../dist/tools/scripts/generate/schema";
import {
  config,
  type ExampleProgram,
  interpolate,
  output,
  resource,
} from "../../dist/provider/framework/example";
import { DEFINITIONS } from "../../dist/provider/registry";
import { REPO } from "../support/repo";
import { GENERATED_MARK } from "../support/sourceLimits";

const GENERATOR = path.join(REPO, "dist/tools/scripts/generate/index.js");

function check(root: string) {
  return spawnSync(process.execPath, [GENERATOR, "--check", "--root", root], {
    encoding: "utf8",
  });
}

test("no generated file is stale", () => {
  const run = check(REPO);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("");
  expect(run.status).toBe(0);
});

test("a generated table edited by hand is found stale; a missing page is started", () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "generated-"));
  try {
    const files = [".prettierrc.json", "package.json", "schema.json", YAML_PACKAGE_DECLARATION];
    // Every generated source file (its first line says so): the SDK's classes, lookups and
    // thin providers, the provider's exports.
    for (const folder of ["sdk", "provider/generated"]) {
      const sources = fs.readdirSync(path.join(REPO, folder), {
        recursive: true,
        encoding: "utf8",
      });
      files.push(
        ...sources
          .map((f) => `${folder}/${f}`)
          .filter(
            (f) =>
              f.endsWith(".ts") &&
              fs.readFileSync(path.join(REPO, f), "utf8").startsWith(GENERATED_MARK),
          ),
      );
    }
    // The resources' files, which the provider's exports name when they exist.
    for (const folder of fs.readdirSync(path.join(REPO, "provider"))) {
      for (const file of [`provider/${folder}/definition.ts`, `provider/${folder}/index.ts`]) {
        if (fs.existsSync(path.join(REPO, file))) files.push(file);
      }
    }
    // Every page with generated tables (one per resource), so that a new resource needs no edit here.
    const docs = fs
      .readdirSync(path.join(REPO, "docs"))
      .filter((f) =>
        fs.readFileSync(path.join(REPO, "docs", f), "utf8").includes("<!-- generated:"),
      );
    expect(docs).toContain("sshCertificateAuthority.md");
    files.push(...docs.map((d) => `docs/${d}`));
    // README.md, whose table of ngrok's Terraform provider is generated.
    files.push("README.md");
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.copyFileSync(path.join(REPO, file), path.join(copy, file));
    }
    expect(check(copy).status).toBe(0);
    const page = path.join(copy, "docs/sshCertificateAuthority.md");
    const text = fs.readFileSync(page, "utf8");
    expect(text).toContain("| `keySize` ");
    fs.writeFileSync(page, text.replace("| `keySize` ", "| `keySizeBits` "));
    const run = check(copy);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("stale: docs/sshCertificateAuthority.md");

    // A resource with no page yet: the generator writes its starting page and fills it.
    fs.rmSync(path.join(copy, "docs/reservedDomain.md"));
    expect(check(copy).stdout).toContain("stale: docs/reservedDomain.md");
    const write = spawnSync(process.execPath, [GENERATOR, "--root", copy], { encoding: "utf8" });
    expect(write.stdout).toContain("wrote: docs/reservedDomain.md");
    const started = fs.readFileSync(path.join(copy, "docs/reservedDomain.md"), "utf8");
    const definition = DEFINITIONS.find((d) => d.name === "ReservedDomain")!;
    expect(started.startsWith(`# ReservedDomain\n\n${definition.description.slice(0, 40)}`)).toBe(
      true,
    );
    for (const filled of [
      "`ngrok-dynamic:index:ReservedDomain`",
      "#### YAML",
      "| `domain` ",
      "pulumi import",
    ]) {
      expect(started).toContain(filled);
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test("an example that gives a resource an argument it does not take, or no example, is refused", () => {
  const [first, ...others] = DEFINITIONS;
  const example = first.example!;
  const [resource, ...rest] = example.resources;
  const typo = { ...resource, args: { ...resource.args, privateKeyTyp: "ed25519" } };
  expect(() =>
    resourceExamples([
      { ...first, example: { ...example, resources: [typo, ...rest] } },
      ...others,
    ]),
  ).toThrow(
    `SshCertificateAuthority's example gives SshCertificateAuthority "${resource.name}" the ` +
      "argument privateKeyTyp, which is not one of its inputs",
  );
  expect(() => resourceExamples([{ ...first, example: undefined }, ...others])).toThrow(
    "SshCertificateAuthority has no example resource",
  );
  expect([...resourceExamples().keys()]).toEqual(DEFINITIONS.map((d) => d.name));
});

describe("the examples' names and references", () => {
  const byName = new Map(DEFINITIONS.map((d) => [d.name, d]));
  const endpoint = byName.get("CloudEndpoint")!.example!;
  const [domain, api] = endpoint.resources;
  const refuse = (change: Partial<ExampleProgram>) => () =>
    checkExample("CloudEndpoint's example", { ...endpoint, ...change }, byName);

  test("each example of the registry passes", () => {
    for (const d of DEFINITIONS) checkExample(d.name, d.example!, byName);
  });

  test("the issue's example, both resources named api, is refused naming the name", () => {
    const literal = { ...api, args: { ...api.args, url: "https://api.example.com" } };
    expect(refuse({ resources: [{ ...domain, name: "api" }, literal] })).toThrow(
      `CloudEndpoint's example declares "api" twice: each resource needs a name of its own`,
    );
  });

  test("names the languages spell as one variable are refused", () => {
    expect(
      refuse({
        resources: [
          { ...domain, name: "api_domain" },
          { ...api, name: "api-domain" },
        ],
      }),
    ).toThrow(
      `CloudEndpoint's example declares "api_domain" and "api-domain", which the languages ` +
        "spell as one variable (apiDomain)",
    );
  });

  test("a reference to a resource not declared, or declared after, is refused", () => {
    expect(refuse({ outputs: { publicUrl: output("endpoint", "publicUrl") } })).toThrow(
      `CloudEndpoint's example: its outputs refers to "endpoint", which it does not declare`,
    );
    expect(refuse({ resources: [api, domain] })).toThrow(
      `CloudEndpoint's example: "api" refers to "api-domain", which it declares only after`,
    );
    const url = interpolate`https://${output("api-domain", "hostname")}`;
    expect(refuse({ resources: [domain, { ...api, args: { ...api.args, url } }] })).toThrow(
      `CloudEndpoint's example: "api" refers to hostname of "api-domain", which ReservedDomain ` +
        "does not have",
    );
  });

  test("the text of a file the program does not read is refused", () => {
    expect(refuse({ files: { ...endpoint.files, "other.yaml": "on_http_request: []\n" } })).toThrow(
      "CloudEndpoint's example gives the text of other.yaml, a file it does not read",
    );
  });
});

test("a string made of outputs is each language's own, its literal text escaped", () => {
  const program: ExampleProgram = {
    summary: "Escapes.",
    resources: [
      resource("ReservedDomain", "api-domain", { domain: "api.example.com" }),
      resource("ReservedDomain", "copy", {
        domain: "copy.example.com",
        description: interpolate`100% {of} \${x} ${output("api-domain", "domain")} ${config("site")}`,
      }),
    ],
    outputs: {},
  };
  const names = schemaNames(packageSchema() as unknown as Record<string, unknown>);
  const line = (code: string, key: string) =>
    code
      .split("\n")
      .find((l) => l.trimStart().startsWith(key))!
      .trim();
  const [yaml, python, go, csharp] = renderAll(program, names).map((r) => r.code);
  expect(line(yaml, "description:")).toBe(
    'description: "100% {of} $${x} ${api-domain.domain} ${site}"',
  );
  expect(line(python, "description=")).toBe(
    'description=pulumi.Output.concat("100% {of} ${x} ", api_domain.domain, " ", ' +
      'config.require("site")),',
  );
  expect(line(go, "Description:")).toBe(
    'Description: pulumi.Sprintf("100%% {of} ${x} %v %v", apiDomain.Domain, cfg.Require("site")),',
  );
  expect(line(csharp, "Description =")).toBe(
    'Description = Output.Format($"100% {{of}} ${{x}} {apiDomain.Domain} {config.Require("site")}"),',
  );
});
