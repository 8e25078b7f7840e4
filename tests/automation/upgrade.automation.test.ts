/**
 * Issue #24 §5, "No change for existing users", through the real Pulumi CLI: a stack deployed with
 * the released 0.2.0 package (the fixture `tests/fixtures/released/`, `npm pack` of 99573d7), then
 * the working tree's package (`npm pack` of the repository) installed over it in the same project,
 * then `preview`, `up` and `refresh` with the new code, and `destroy`.
 *
 * One program declares every resource type: an SSH CA, a host and a user certificate it signs, and
 * the SAML module of an emulator edge route (a real IdP document, `shibboleth-samltest.xml`, whose
 * signing certificates are valid until 2038, so that no expiry warning depends on the calendar).
 * After the upgrade: no planned change, no write request (no POST, PUT, PATCH or DELETE), the same
 * type tokens and the same `__provider` text in the checkpoint, the same inputs and outputs, no
 * diagnostic. The one documented difference (CHANGELOG.md, Unreleased): the SAML module's new
 * output `idpSigningCertificates`, which a module created by 0.2.0 gets at its next refresh. With
 * Pulumi 3.248.0 that refresh reports no change ("5 unchanged", not an update as CHANGELOG.md says)
 * and writes the output into the state; the test asserts exactly that and nothing else.
 *
 * What the engine itself records differently is left out of the comparisons, each named where it
 * is: timestamps and source positions (`byName`), and the empty `propertyDependencies` entries
 * that every refresh drops (`refreshedPropertyDependencies`).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { CheckpointResource, RealStack } from "../../dist/tools/devtools/realStack";
import { RealStack as Stack } from "../../dist/tools/devtools/realStack";
import type { RunResult } from "../../dist/tools/devtools/inlineRunner";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import { packInto } from "../support/consumerProject";
import { idpMetadataPath, RELEASED_0_2_0_TARBALL } from "../support/fixtures";
import {
  cli,
  describeWithPulumi,
  requestsDuring,
  succeeded,
  toConfigMap,
} from "../support/realEngine";
import * as keys from "../support/sshKeys";
import { REPO } from "../support/repo";

const PROJECT = "upgrade";
const TYPES = {
  ca: "pulumi-nodejs:dynamic/ngrok:SshCertificateAuthority",
  host: "pulumi-nodejs:dynamic/ngrok:SshHostCertificate",
  user: "pulumi-nodejs:dynamic/ngrok:SshUserCertificate",
  sso: "pulumi-nodejs:dynamic/ngrok:HttpsEdgeRouteSaml",
} as const;
type Name = keyof typeof TYPES;
const NAMES = Object.keys(TYPES) as Name[];

/** The program: every resource type of the package, with most of their optional arguments set. */
function program(edgeId: string, routeId: string, validUntil: string): string {
  return `const fs = require("node:fs");
const {
  SshCertificateAuthority,
  SshHostCertificate,
  SshUserCertificate,
  HttpsEdgeRouteSaml,
} = require("pulumi-ngrok-dynamic");

const ca = new SshCertificateAuthority("ca", {
  privateKeyType: "ed25519",
  description: "upgrade test CA",
  metadata: '{"team":"platform"}',
});
const host = new SshHostCertificate("host", {
  sshCertificateAuthorityId: ca.id,
  publicKey: ${JSON.stringify(keys.ECDSA_P256)},
  principals: ["web1.example.com", "10.0.0.5"],
  validUntil: ${JSON.stringify(validUntil)},
  description: "web1",
});
const user = new SshUserCertificate("user", {
  sshCertificateAuthorityId: ca.id,
  publicKey: ${JSON.stringify(keys.ED25519)},
  principals: ["deploy"],
  criticalOptions: { "force-command": "uptime" },
  extensions: { "permit-pty": "" },
  metadata: '{"owner":"ci"}',
});
const sso = new HttpsEdgeRouteSaml("sso", {
  edgeId: ${JSON.stringify(edgeId)},
  routeId: ${JSON.stringify(routeId)},
  idpMetadata: fs.readFileSync(${JSON.stringify(idpMetadataPath("shibboleth-samltest.xml"))}, "utf8"),
  authorizedGroups: ["engineering"],
  forceAuthn: true,
  inactivityTimeout: 3600,
});

module.exports = {
  caPublicKey: ca.publicKey,
  hostCertificate: host.certificate,
  userCertificate: user.certificate,
  acsUrl: sso.assertionConsumerServiceUrl,
  spEntityId: sso.entityId,
};
`;
}

/**
 * `npm install <tarball>` in the project, as a user installs and upgrades the package. The
 * project's own `@pulumi/pulumi` and TypeScript loader (which the upgrade does not touch) are the
 * repository's, linked in the folder above the project (Node resolves them from there), so npm
 * installs only the package and its dependencies (`--legacy-peer-deps`: not the peer
 * `@pulumi/pulumi` again).
 */
function npmInstall(project: string, tarball: string): void {
  execFileSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", "--legacy-peer-deps", tarball],
    { cwd: project, stdio: "pipe" },
  );
}

/**
 * Links the repository's `@pulumi/pulumi`, `typescript` and `ts-node` into `folder/node_modules`
 * (Pulumi's `tsutils`, from the repository, picks `ts-node` there; the program's loader then
 * resolves it from the project).
 */
function linkProjectDependencies(folder: string): void {
  for (const name of ["@pulumi/pulumi", "typescript", "ts-node"]) {
    const link = path.join(folder, "node_modules", name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(REPO, "node_modules", name), link);
  }
}

/** What the engine records of a resource beside its state: not the package's contract. */
interface EngineMetadata {
  /** When the engine created and last changed the entry. */
  created?: string;
  modified?: string;
  /**
   * Where in the installed package's compiled code the resource was registered (file, line and
   * column, and the stack of calls to it): any change to the package's code moves them.
   */
  sourcePosition?: string;
  stackTrace?: unknown;
}

/** The checkpoint's resources by name, without the engine's metadata (timestamps, source positions). */
function byName(resources: CheckpointResource[]): Record<Name, CheckpointResource> {
  return Object.fromEntries(
    resources.map((r) => {
      const {
        created: _c,
        modified: _m,
        sourcePosition: _p,
        stackTrace: _s,
        ...rest
      } = r as CheckpointResource & EngineMetadata;
      return [r.urn.split("::").pop()!, rest];
    }),
  ) as Record<Name, CheckpointResource>;
}

/**
 * `resources` without the engine's `propertyDependencies` entry of the hidden input
 * `__secretInputs` (the names of the secret arguments, which `check` reads and never keeps:
 * provider/common/secretInputs.ts). The engine records a dependency entry for every input the
 * program registers, so the name appears there, always with no dependency (asserted), and
 * nowhere else: not in the inputs or outputs.
 */
function withoutSecretInputsEntry(
  resources: Record<Name, CheckpointResource>,
): Record<Name, CheckpointResource> {
  return Object.fromEntries(
    Object.entries(resources).map(([name, resource]) => {
      const { propertyDependencies, ...rest } = resource as CheckpointResource & {
        propertyDependencies?: Record<string, string[]>;
      };
      if (propertyDependencies === undefined) return [name, resource];
      const { __secretInputs: entry, ...kept } = propertyDependencies;
      if (entry !== undefined) expect([name, entry]).toEqual([name, []]);
      return [name, { ...rest, propertyDependencies: kept }];
    }),
  ) as Record<Name, CheckpointResource>;
}

/**
 * What a refresh leaves of a resource's `propertyDependencies`: the engine drops the entries
 * without dependencies (`"description": []`) at every refresh, whatever the provider (seen with
 * 0.2.0 alone: a refresh before any upgrade drops the same entries).
 */
function refreshedPropertyDependencies(
  dependencies: Record<string, string[]> | undefined,
): Record<string, string[]> | undefined {
  const kept = Object.entries(dependencies ?? {}).filter(([, urns]) => urns.length > 0);
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/**
 * The SAML module's new output (CHANGELOG.md, Unreleased) for `shibboleth-samltest.xml`: its two
 * signing certificates in document order (`openssl x509 -subject -enddate -fingerprint -sha256` of
 * each; the third certificate is for encryption).
 */
const SHIBBOLETH_SIGNING_CERTIFICATES = [
  {
    subject: "CN=samltest.id",
    notAfter: "2038-08-24T21:14:10.000Z",
    sha256Fingerprint:
      "E5:E0:E6:57:8A:27:B5:3A:2C:A0:51:82:FB:0A:D2:3C:97:F3:33:49:74:69:C8:70:8B:3A:CA:61:BE:5F:A7:9E",
  },
  {
    subject: "CN=samltest.id",
    notAfter: "2038-08-24T21:14:09.000Z",
    sha256Fingerprint:
      "CA:F2:55:F8:F4:6D:E4:24:97:BE:3C:42:AC:CC:BA:41:51:D9:8F:EB:A3:1E:73:77:AB:5C:24:33:A3:5A:20:65",
  },
];

/** The engine's diagnostics that are not debug lines (none is expected: no warning, no notice). */
const messages = (result: RunResult) => result.diagnostics.filter((d) => d.severity !== "debug");

describeWithPulumi("an upgrade from the released 0.2.0 through the real CLI", () => {
  let emulator: RunningEmulator;
  let work: string;
  let project: string;
  let stack: RealStack;
  let saml: string;
  /** The checkpoint as 0.2.0 wrote it, and the stack outputs it had. */
  let released: Record<Name, CheckpointResource>;
  let releasedOutputs: Record<string, unknown>;
  const installed = (file: string) => path.join(project, "node_modules/pulumi-ngrok-dynamic", file);
  // A file the refactoring (#24) added and one it removed: which copy is installed.
  const NEW_ONLY = "dist/provider/registry.js";
  const RELEASED_ONLY = "dist/provider/httpsEdgeRouteSaml/diff.js";
  /** `METHOD path` of each resource's object at the emulator, by name. */
  const objectPaths = (method: string) => [
    `${method} /ssh_certificate_authorities/${released.ca.id}`,
    `${method} /ssh_host_certificates/${released.host.id}`,
    `${method} /ssh_user_certificates/${released.user.id}`,
    `${method} ${saml}`,
  ];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const edge = emulator.createHttpsEdge();
    const route = emulator.createHttpsEdgeRoute(edge.id, { match: "/app" });
    saml = `/edges/https/${edge.id}/routes/${route.id}/saml`;
    work = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-"));
    project = path.join(work, "project");
    fs.mkdirSync(project);
    linkProjectDependencies(work);
    fs.writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({ name: PROJECT, private: true, main: "index.js" }),
    );
    // Written once: the same program for both packages.
    const validUntil = new Date(Date.now() + 90 * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z");
    fs.writeFileSync(path.join(project, "index.js"), program(edge.id, route.id, validUntil));
    npmInstall(project, RELEASED_0_2_0_TARBALL);
    stack = await Stack.create({
      cli: cli(),
      programDir: project,
      projectName: PROJECT,
      config: toConfigMap({
        "ngrok:apiBaseUrl": emulator.url,
        "ngrok:apiKey": { value: emulator.apiKey, secret: true },
      }),
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
    if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
  });

  test("0.2.0 (the fixture, not the working tree) deploys the four resources", async () => {
    expect(fs.existsSync(installed(RELEASED_ONLY))).toBe(true);
    expect(fs.existsSync(installed(NEW_ONLY))).toBe(false);
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.up()).summary?.resourceChanges).toEqual({ create: 5 });
    });
    // The SAML module's take-over check (GET), then its PUT.
    expect(requests.sort()).toEqual([
      `GET ${saml}`,
      "POST /ssh_certificate_authorities",
      "POST /ssh_host_certificates",
      "POST /ssh_user_certificates",
      `PUT ${saml}`,
    ]);
    released = byName(stack.checkpointResources());
    expect(Object.keys(released).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) expect(released[name].type).toBe(TYPES[name]);
    expect(released.sso.outputs).not.toHaveProperty("idpSigningCertificates");
    releasedOutputs = await stack.outputs();
  });

  test("the working tree's package, packed, is installed over it in the same project", () => {
    const packDir = path.join(work, "new");
    fs.mkdirSync(packDir);
    const { filename } = packInto(packDir);
    npmInstall(project, path.join(packDir, filename));
    expect(fs.existsSync(installed(RELEASED_ONLY))).toBe(false);
    expect(fs.readFileSync(installed(NEW_ONLY), "utf8")).toBe(
      fs.readFileSync(path.join(REPO, NEW_ONLY), "utf8"),
    );
  });

  test("preview with the new package: no change, no request, no message", async () => {
    let result: RunResult | undefined;
    const requests = await requestsDuring(emulator, async () => {
      result = succeeded(await stack.preview());
    });
    expect(result!.changeSummary).toEqual({ same: 5 });
    expect(messages(result!)).toEqual([]);
    expect(requests).toEqual([]);
  });

  test("up with the new package: all same, no request, the same type tokens, __provider, inputs and outputs", async () => {
    let result: RunResult | undefined;
    const requests = await requestsDuring(emulator, async () => {
      result = succeeded(await stack.up());
    });
    expect(result!.summary?.resourceChanges).toEqual({ same: 5 });
    expect(messages(result!)).toEqual([]);
    // No write, and not even a read.
    expect(requests).toEqual([]);
    const after = byName(stack.checkpointResources());
    for (const name of NAMES) {
      expect(after[name].type).toBe(TYPES[name]);
      expect(after[name].inputs!.__provider).toBe(released[name].inputs!.__provider);
      expect(after[name].outputs!.__provider).toBe(released[name].outputs!.__provider);
    }
    // Everything the checkpoint holds of each resource but the engine's metadata (byName).
    expect(withoutSecretInputsEntry(after)).toEqual(released);
    for (const name of NAMES) {
      expect(after[name].inputs).not.toHaveProperty("__secretInputs");
      expect(after[name].outputs).not.toHaveProperty("__secretInputs");
    }
    expect(await stack.outputs()).toEqual(releasedOutputs);
  });

  test("refresh with the new package: one GET each, no change; only the SAML module's new output is added", async () => {
    let result: RunResult | undefined;
    const requests = await requestsDuring(emulator, async () => {
      result = succeeded(await stack.refresh());
    });
    expect(requests.sort()).toEqual(objectPaths("GET").sort());
    // Pulumi 3.248 shows the added output as no change: "5 unchanged".
    expect(result!.summary?.resourceChanges).toEqual({ same: 5 });
    expect(messages(result!)).toEqual([]);
    const expected = Object.fromEntries(
      NAMES.map((name) => {
        const { propertyDependencies, ...rest } = released[name] as CheckpointResource & {
          propertyDependencies?: Record<string, string[]>;
        };
        const kept = refreshedPropertyDependencies(propertyDependencies);
        return [name, kept === undefined ? rest : { ...rest, propertyDependencies: kept }];
      }),
    ) as Record<Name, CheckpointResource>;
    expected.sso = {
      ...expected.sso,
      outputs: { ...expected.sso.outputs, idpSigningCertificates: SHIBBOLETH_SIGNING_CERTIFICATES },
    };
    expect(byName(stack.checkpointResources())).toEqual(expected);
    expect(await stack.outputs()).toEqual(releasedOutputs);
  });

  test("destroy with the new package deletes the four objects and keeps the edge and its route", async () => {
    const requests = await requestsDuring(emulator, async () => {
      expect(succeeded(await stack.destroy()).summary?.resourceChanges).toEqual({ delete: 5 });
    });
    // The SAML module's delete reads its claim first (GET), as 0.2.0's did.
    expect(requests.sort()).toEqual([...objectPaths("DELETE"), `GET ${saml}`].sort());
    const snapshot = emulator.snapshot();
    expect(snapshot.sshCertificateAuthorities).toEqual([]);
    expect(snapshot.sshHostCertificates).toEqual([]);
    expect(snapshot.sshUserCertificates).toEqual([]);
    expect(snapshot.samlModules).toEqual([]);
    expect(snapshot.edges).toHaveLength(1);
    expect(snapshot.routes).toHaveLength(1);
  });
});
