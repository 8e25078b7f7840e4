/**
 * CertificateAuthority and TlsCertificate through the real Pulumi CLI (issue #50), against the
 * emulator, with a ReservedDomain whose `certificateId` is the certificate's id (a reference: the
 * certificate is created first). The certificates and keys are made at run time
 * (`../support/x509Certificates`); the leaf expires within 30 days, so each preview warns of it.
 *
 * - as a YAML program, through the provider plugin's self-contained executable and Pulumi's YAML
 *   language host (`../support/yamlProject`), the PEM files read with `fn::readFile`: a preview
 *   with no request (and the expiry warning), `up`, a no-op preview, an update (a certificate's
 *   description: one PATCH), a replacement (a new certificate and key: the new certificate
 *   created, the domain moved to it, the old one deleted, in that order), a refresh after a CA's
 *   description was changed outside Pulumi and the `up` that sets it back, `destroy`; then
 *   `pulumi import` of a CA and a TLS certificate made with the API outside Pulumi, the generated
 *   code put in the program (the private key, which ngrok never returns, added by hand), a
 *   preview with no change, and the lookups finding both;
 * - as a TypeScript program of the Node.js classes (`tests/programs/certificates`, the Automation
 *   API), whose private key is plain config: the class registers it secret all the same. `up`
 *   (the lookup reads the certificate back), no-op preview and refresh, `destroy`.
 *
 * On both paths the private key never appears in clear in the state file nor in anything the CLI
 * printed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator/index";
import type { RealStack } from "../../dist/tools/devtools/realStack";
import { callApi } from "../support/emulatorApi";
import { yamlLanguageHost } from "../support/pulumiCommand";
import {
  describeWithPulumi,
  openStack,
  requestsDuring,
  succeeded,
  writes,
} from "../support/realEngine";
import { type MadeCertificates, makeCertificates } from "../support/x509Certificates";
import { recordedCli } from "../support/recordedCli";
import { openYamlProject, type YamlProject } from "../support/yamlProject";

const PROJECT = "certificates";

const PROGRAM = `name: ${PROJECT}
runtime: yaml
config:
  certDescription:
    type: string
    default: app.example.com
resources:
  client-ca:
    type: ngrok-dynamic:index:CertificateAuthority
    properties:
      caPem:
        fn::readFile: ./ca.pem
      description: Client certificates for mutual TLS
  app-cert:
    type: ngrok-dynamic:index:TlsCertificate
    properties:
      certificatePem:
        fn::readFile: ./app.crt
      privateKeyPem:
        fn::readFile: ./app.key
      description: \${certDescription}
  app:
    type: ngrok-dynamic:index:ReservedDomain
    properties:
      domain: app.example.com
      certificateId: \${app-cert.id}
outputs:
  notAfter: \${app-cert.notAfter}
`;

/** The line of a PEM private key that no output may hold (its first line of base64). */
const keyLine = (pem: string) => pem.split("\n")[1];

describeWithPulumi("Certificates through the plugin executable and the real CLI", () => {
  const yamlHost = yamlLanguageHost({
    suite: "the certificates suite",
    test: "certificate authorities and TLS certificates",
  });
  if (yamlHost === undefined) return;

  let emulator: RunningEmulator;
  let project: YamlProject;
  let first: MadeCertificates;
  let second: MadeCertificates;
  /** The CLI, recorded: what it printed, and each operation's summary and requests. */
  const { printed, pulumi, operation } = recordedCli(
    () => project,
    () => emulator,
  );
  const writeFiles = (made: MadeCertificates) => {
    fs.writeFileSync(path.join(project.dir, "ca.pem"), made.caPem);
    fs.writeFileSync(path.join(project.dir, "app.crt"), made.leafPem);
    fs.writeFileSync(path.join(project.dir, "app.key"), made.leafKeyPem);
  };

  beforeAll(async () => {
    [first, second] = await Promise.all([makeCertificates(), makeCertificates()]);
    emulator = await startEmulator({ port: 0 });
    project = await openYamlProject(yamlHost, emulator, {
      "Pulumi.yaml": PROGRAM,
      "ca.pem": first.caPem,
      "app.crt": first.leafPem,
      "app.key": first.leafKeyPem,
    });
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    project?.remove();
  });

  test("preview, up, no-op, update, replace, drift, destroy; the key never in clear", async () => {
    const preview = await operation(["preview"]);
    expect(preview.summary).toEqual({ create: 4 }); // with the stack
    expect(preview.requests).toEqual([]); // check and diff call no API
    // The leaf expires in 10 days: the preview says so, naming the certificate.
    expect(preview.run.stdout + preview.run.stderr).toMatch(
      /TlsCertificate: certificatePem's certificate \(CN=app\.example\.com/,
    );

    const up = await operation(["up", "--yes", "--skip-preview"]);
    expect(up.summary).toEqual({ create: 4 });
    // The reference orders the creates: the certificate before the domain.
    const posts = writes(up.requests);
    expect(posts.sort()).toEqual(
      ["POST /certificate_authorities", "POST /reserved_domains", "POST /tls_certificates"].sort(),
    );
    expect(up.requests.indexOf("POST /tls_certificates")).toBeLessThan(
      up.requests.indexOf("POST /reserved_domains"),
    );
    const certs = await callApi(emulator, "GET", "/tls_certificates");
    const [cert] = certs.body.tls_certificates as { id: string }[];
    const domains = await callApi(emulator, "GET", "/reserved_domains");
    expect(domains.body.reserved_domains).toEqual([
      expect.objectContaining({ certificate: expect.objectContaining({ id: cert.id }) }),
    ]);

    const same = await operation(["preview", "--expect-no-changes"]);
    expect(same.summary).toEqual({ same: 4 });

    // A new description updates the certificate in place: one PATCH.
    await pulumi(["config", "set", "certDescription", "app (renamed)"]);
    const renamed = await operation(["up", "--yes", "--skip-preview"]);
    expect(renamed.summary).toEqual({ same: 3, update: 1 });
    expect(writes(renamed.requests)).toEqual([`PATCH /tls_certificates/${cert.id}`]);

    // A new certificate and key replace it: the new one first, the domain moved, the old deleted.
    writeFiles({ ...second, caPem: first.caPem });
    const replaced = await operation(["up", "--yes", "--skip-preview"]);
    expect(replaced.summary).toEqual({ same: 2, update: 1, replace: 1 });
    expect(writes(replaced.requests)).toEqual([
      "POST /tls_certificates",
      expect.stringMatching(/^PATCH \/reserved_domains\/rd_/),
      `DELETE /tls_certificates/${cert.id}`,
    ]);
    const after = await callApi(emulator, "GET", "/tls_certificates");
    const [newCert] = after.body.tls_certificates as { id: string; serial_number: string }[];
    expect(newCert.serial_number).toBe(second.leaf.serialHex);
    const moved = await callApi(emulator, "GET", "/reserved_domains");
    expect(moved.body.reserved_domains).toEqual([
      expect.objectContaining({ certificate: expect.objectContaining({ id: newCert.id }) }),
    ]);

    // The CA's description changed outside Pulumi: drift, set back by the next up.
    const cas = await callApi(emulator, "GET", "/certificate_authorities");
    const [ca] = cas.body.certificate_authorities as { id: string }[];
    await callApi(emulator, "PATCH", `/certificate_authorities/${ca.id}`, {
      description: "by hand",
    });
    const refresh = await operation(["refresh", "--yes", "--skip-preview"]);
    expect(refresh.summary).toEqual({ same: 3, update: 1 });
    const back = await operation(["up", "--yes", "--skip-preview"]);
    expect(writes(back.requests)).toEqual([`PATCH /certificate_authorities/${ca.id}`]);
    const restored = await callApi(emulator, "GET", `/certificate_authorities/${ca.id}`);
    expect(restored.body.description).toBe("Client certificates for mutual TLS");

    const state = await pulumi(["stack", "export"]);
    for (const key of [first.leafKeyPem, second.leafKeyPem]) {
      expect(state.stdout).not.toContain(keyLine(key));
      expect(printed.join("\n")).not.toContain(keyLine(key));
    }
    expect(JSON.parse(state.stdout).deployment.secrets_providers).toBeDefined();

    const destroy = await operation(["destroy", "--yes", "--skip-preview"]);
    expect(destroy.summary).toEqual({ delete: 4 });
    for (const collection of ["/certificate_authorities", "/tls_certificates"]) {
      const listed = await callApi(emulator, "GET", collection);
      expect({ collection, left: Object.values(listed.body).find(Array.isArray) }).toEqual({
        collection,
        left: [],
      });
    }
  });

  test("pulumi import of a CA and a certificate made outside Pulumi: no change, and the lookups find them", async () => {
    const ca = await callApi(emulator, "POST", "/certificate_authorities", {
      ca_pem: second.caPem,
      description: "made outside Pulumi",
    });
    const cert = await callApi(emulator, "POST", "/tls_certificates", {
      certificate_pem: second.leafPem,
      private_key_pem: second.leafKeyPem,
      metadata: "by hand",
    });
    expect([ca.status, cert.status]).toEqual([201, 201]);
    const imports: [string, string, string][] = [
      ["CertificateAuthority", "importedCa", ca.body.id as string],
      ["TlsCertificate", "importedCert", cert.body.id as string],
    ];
    const generated: string[] = [];
    const requests = await requestsDuring(emulator, async () => {
      for (const [type, name, id] of imports) {
        const out = path.join(project.dir, "..", `${name}.yaml`);
        await pulumi(["import", `ngrok-dynamic:index:${type}`, name, id, "--yes", "--out", out]);
        generated.push(fs.readFileSync(out, "utf8"));
      }
    });
    expect(writes(requests)).toEqual([]);
    process.stderr.write(`pulumi import generated:\n${generated.join("\n")}\n`);
    // ngrok never returns the key: the generated code has an empty one, which the program
    // replaces with the file.
    expect(generated[1]).toContain('privateKeyPem: ""');
    const certCode = generated[1].replace(
      'privateKeyPem: ""',
      "privateKeyPem:\n        fn::readFile: ./imported.key",
    );
    fs.writeFileSync(path.join(project.dir, "imported.key"), second.leafKeyPem);
    const entries = [generated[0], certCode]
      .map((code) => code.replace(/^resources:\n/m, ""))
      .join("");
    const lookups =
      "variables:\n" +
      "  foundCa:\n    fn::invoke:\n      function: ngrok-dynamic:index:getCertificateAuthority\n" +
      `      arguments:\n        id: ${ca.body.id as string}\n      return: subjectCommonName\n` +
      "  foundCerts:\n    fn::invoke:\n      function: ngrok-dynamic:index:getTlsCertificates\n" +
      "      arguments:\n        metadata: by hand\n      return: tlsCertificates\n" +
      "outputs:\n  foundCa: ${foundCa}\n  foundCertId: ${foundCerts[0].id}\n";
    fs.writeFileSync(
      path.join(project.dir, "Pulumi.yaml"),
      `name: ${PROJECT}\nruntime: yaml\nresources:\n${entries}${lookups}`,
    );

    const check = await operation(["preview", "--expect-no-changes"]);
    expect(check.summary).toEqual({ same: 3 });
    expect(writes(check.requests)).toEqual([]);
    // The declared key is taken as ngrok's, and the preview says so.
    expect(check.run.stdout + check.run.stderr).toContain(
      "TlsCertificate: privateKeyPem is not in the state (the object was imported or read without it)",
    );
    const up = await operation(["up", "--yes", "--skip-preview"]);
    expect(writes(up.requests)).toEqual([]);
    const outputs = await pulumi(["stack", "output", "--json"]);
    expect(JSON.parse(outputs.stdout)).toEqual({
      foundCa: "Example Test Root",
      foundCertId: cert.body.id,
    });
    const state = await pulumi(["stack", "export"]);
    expect(state.stdout).not.toContain(keyLine(second.leafKeyPem));
    expect(printed.join("\n")).not.toContain(keyLine(second.leafKeyPem));
  });
});

describeWithPulumi("Certificates as Node.js classes through the real CLI", () => {
  let emulator: RunningEmulator;
  let stack: RealStack;
  let made: MadeCertificates;

  beforeAll(async () => {
    made = await makeCertificates();
    emulator = await startEmulator({ port: 0 });
    // Plain config: the class makes the key a secret itself.
    stack = await openStack("tests/programs/certificates", "certificates-classes", emulator, {
      caPem: made.caPem,
      certificatePem: made.leafPem,
      privateKeyPem: made.leafKeyPem,
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.remove();
    await emulator?.close();
  });

  test("up, then preview and refresh with no change, then destroy; the key a secret in state", async () => {
    const up = succeeded(await stack.up());
    expect(up.summary?.resourceChanges).toEqual({ create: 4 });
    const outputs = await stack.outputs();
    expect(outputs.caSubject).toBe(made.ca.commonName);
    expect(outputs.lookedUpSubject).toBe(made.leaf.commonName);
    const cert = stack
      .checkpointResources()
      .find((r) => r.type === "pulumi-nodejs:dynamic/ngrok:TlsCertificate")!;
    expect(JSON.stringify(cert.outputs?.privateKeyPem)).toContain(
      "4dabf18193072939515e22adb298388d",
    );
    expect(JSON.stringify(cert.inputs?.privateKeyPem)).toContain(
      "4dabf18193072939515e22adb298388d",
    );
    // Pulumi keeps the program's plain config in the default provider's inputs, in clear: the
    // user's choice. Every resource of the program, and the stack's outputs, hold it encrypted.
    const programState = () => {
      const checkpoint = JSON.parse(stack.checkpointText()) as {
        checkpoint: { latest: { resources: { type: string; outputs?: unknown }[] } };
      };
      const stackResource = checkpoint.checkpoint.latest.resources.find(
        (r) => r.type === "pulumi:pulumi:Stack",
      );
      return JSON.stringify(stack.checkpointResources()) + JSON.stringify(stackResource?.outputs);
    };
    expect(programState()).not.toContain(keyLine(made.leafKeyPem));
    expect(up.stdout).not.toContain(keyLine(made.leafKeyPem));

    const preview = succeeded(await stack.preview({ expectNoChanges: true }));
    expect(preview.changeSummary).toEqual({ same: 4 });
    const refresh = succeeded(await stack.refresh());
    expect(refresh.summary?.resourceChanges).toEqual({ same: 4 });
    expect(programState()).not.toContain(keyLine(made.leafKeyPem));

    const destroy = succeeded(await stack.destroy());
    expect(destroy.summary?.resourceChanges).toEqual({ delete: 4 });
    for (const run of [up, preview, refresh, destroy]) {
      const shown = run.diagnostics.filter((d) => d.severity !== "debug");
      expect(run.stdout + JSON.stringify(shown)).not.toContain(keyLine(made.leafKeyPem));
    }
    expect((await callApi(emulator, "GET", "/tls_certificates")).body.tls_certificates).toEqual([]);
  });
});
