/**
 * `pulumi-ngrok-dynamic import-file` (cli/importFile/) against the emulator, the API key and base
 * URL in the environment as a user sets them: the file written for objects of every class (the
 * class's own type token, `__provider`, the outputs the provider's read maps, which are create's),
 * names from the command line, the file on standard output, and the refusals (the generic dynamic
 * token, an id of no class, a `--type` that does not fit, duplicates), each exit 2 before any
 * request. The key is in no output and no file.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../cli/index";
import { IMPORT_FILE_HELP } from "../../cli/importFile/main";
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import { resetStackConfig } from "../../provider";
import { callApi, createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";
import * as keys from "../support/sshKeys";

const TOKEN = (name: string) => `pulumi-nodejs:dynamic/ngrok:${name}`;

let emulator: RunningEmulator;
let dir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  resetStackConfig();
  process.env.NGROK_API_KEY = emulator.apiKey;
  process.env.NGROK_API_BASE_URL = emulator.url;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-file-"));
});
afterAll(async () => {
  process.env = savedEnv;
  fs.rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

/** Runs `pulumi-ngrok-dynamic import-file <argv>`: status, standard output and error. */
async function run(argv: string[]) {
  let out = "";
  let err = "";
  const status = await main(
    ["import-file", ...argv],
    (text) => (out += text),
    (text) => (err += text),
  );
  expect(out + err).not.toContain(emulator.apiKey);
  return { status, out, err };
}

async function created(method: string, apiPath: string, body: Record<string, unknown>) {
  const answer = await callApi(emulator, method, apiPath, body);
  expect([200, 201]).toContain(answer.status);
  return answer.body;
}

interface Entry {
  type: string;
  name: string;
  id: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

test("an entry per object, of each class, with the class's own token and __provider, and the outputs create returns", async () => {
  const ca = await created("POST", "/ssh_certificate_authorities", {
    private_key_type: "ecdsa",
    elliptic_curve: "p384",
    description: "made in the dashboard",
    metadata: '{"owner":"ops"}',
  });
  const host = await created("POST", "/ssh_host_certificates", {
    ssh_certificate_authority_id: ca.id,
    public_key: keys.ED25519,
    principals: ["web1.example.com"],
  });
  const user = await created("POST", "/ssh_user_certificates", {
    ssh_certificate_authority_id: ca.id,
    public_key: keys.ECDSA_P256,
    principals: ["alice"],
  });
  const credential = await created("POST", "/ssh_credentials", {
    public_key: keys.RSA_2048,
    acl: ["bind:example.com"],
  });
  const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
  const routeId = routeIds[0]!;
  await created("PUT", `/edges/https/${edgeId}/routes/${routeId}/saml`, {
    enabled: true,
    idp_metadata: readIdpMetadata("okta.xml"),
  });
  const file = path.join(dir, "all.json");
  const before = emulator.requests.length;

  const { status, out, err } = await run([
    `user-ca=${ca.id as string}`,
    host.id as string,
    user.id as string,
    credential.id as string,
    `app-sso=${edgeId}/${routeId}`,
    "--out",
    file,
  ]);

  expect({ status, err }).toEqual({ status: 0, err: "" });
  // One GET per object, nothing written.
  expect(emulator.requests.slice(before).map((r) => r.method)).toEqual(Array(5).fill("GET"));
  const text = fs.readFileSync(file, "utf8");
  expect(text).not.toContain(emulator.apiKey);
  expect(text).not.toContain(path.resolve(__dirname, "../.."));
  const { resources } = JSON.parse(text) as { resources: Entry[] };
  expect(resources.map(({ type, name, id }) => [type, name, id])).toEqual([
    [TOKEN("SshCertificateAuthority"), "user-ca", ca.id],
    [TOKEN("SshHostCertificate"), host.id, host.id],
    [TOKEN("SshUserCertificate"), user.id, user.id],
    [TOKEN("SshCredential"), credential.id, credential.id],
    [TOKEN("HttpsEdgeRouteSaml"), "app-sso", `${edgeId}/${routeId}`],
  ]);
  for (const entry of resources) {
    expect(typeof entry.inputs.__provider).toBe("string");
    expect(entry.outputs.__provider).toBe(entry.inputs.__provider);
    expect(entry.inputs.__provider as string).toContain('require("pulumi-ngrok-dynamic/provider")');
  }
  const [caEntry, hostEntry, userEntry, credentialEntry, samlEntry] = resources;
  // The key parameters, which the API never returns, read from the public key, as create keeps them.
  expect(caEntry!.outputs).toMatchObject({
    privateKeyType: "ecdsa",
    ellipticCurve: "p384",
    description: "made in the dashboard",
    metadata: '{"owner":"ops"}',
    publicKey: ca.public_key,
    uri: ca.uri,
    createdAt: ca.created_at,
  });
  expect({ ...caEntry!.inputs, __provider: undefined }).toEqual({
    privateKeyType: "ecdsa",
    ellipticCurve: "p384",
    description: "made in the dashboard",
    metadata: '{"owner":"ops"}',
  });
  expect(hostEntry!.outputs).toMatchObject({
    sshCertificateAuthorityId: ca.id,
    publicKey: keys.ED25519,
    principals: ["web1.example.com"],
    certificate: host.certificate,
  });
  expect(userEntry!.outputs).toMatchObject({
    principals: ["alice"],
    certificate: user.certificate,
  });
  expect(credentialEntry!.outputs).toMatchObject({ acl: ["bind:example.com"] });
  expect(samlEntry!.outputs).toMatchObject({ edgeId, routeId, enabled: true });
  expect(samlEntry!.inputs).toMatchObject({ edgeId, routeId });
  expect(out).toContain(`wrote ${file}: 5 resources`);
  expect(out).toContain(`pulumi import --file ${file}`);
});

test("without --out, the file goes to standard output", async () => {
  const ca = await created("POST", "/ssh_certificate_authorities", { private_key_type: "ed25519" });
  const { status, out } = await run([ca.id as string]);
  expect(status).toBe(0);
  const { resources } = JSON.parse(out) as { resources: Entry[] };
  expect(resources).toHaveLength(1);
  expect(resources[0]).toMatchObject({
    type: TOKEN("SshCertificateAuthority"),
    name: ca.id,
    id: ca.id,
    outputs: { privateKeyType: "ed25519", publicKey: ca.public_key },
  });
});

describe("refused, exit 2, before any request and without writing the file", () => {
  async function refused(argv: string[]) {
    const file = path.join(dir, `refused-${Math.random()}.json`);
    const before = emulator.requests.length;
    const result = await run([...argv, "--out", file]);
    expect(result.status).toBe(2);
    expect(result.out).toBe("");
    expect(emulator.requests.length).toBe(before);
    expect(fs.existsSync(file)).toBe(false);
    return result.err;
  }

  test("the generic dynamic token, which makes the next up create a new object and delete the imported one", async () => {
    const err = await refused(["sshca_2Zexisting0000", "--type", "pulumi-nodejs:dynamic:Resource"]);
    expect(err).toContain("--type pulumi-nodejs:dynamic:Resource: refused");
    expect(err).toContain("the next pulumi up then creates a new object");
    expect(err).toContain("deletes the imported one");
  });

  test("an id of no class: no token fits it", async () => {
    const err = await refused(["tn_2Zexisting0000"]);
    expect(err).toContain(
      '"tn_2Zexisting0000": refused, not the id of an object this package manages',
    );
    expect(err).toContain("deletes the imported one");
    expect(err).toContain("sshca_…");
    expect(await refused(["edghts_2Z/tn_2Z"])).toContain("not the id of an object");
  });

  test("a --type that the id is not of, the plugin's token, an unknown token", async () => {
    expect(await refused(["sshca_2Zexisting0000", "--type", "SshHostCertificate"])).toContain(
      `it is the id of a SshCertificateAuthority (${TOKEN("SshCertificateAuthority")})`,
    );
    expect(
      await refused([
        "sshca_2Zexisting0000",
        "--type",
        "ngrok-dynamic:index:SshCertificateAuthority",
      ]),
    ).toContain("pulumi import ngrok-dynamic:index:SshCertificateAuthority <name> <id>");
    expect(await refused(["sshca_2Zexisting0000", "--type", "aws:s3:Bucket"])).toContain(
      "not a type this command writes",
    );
  });

  test("an object or a name given twice", async () => {
    expect(await refused(["sshca_2Za", "a=sshca_2Za"])).toContain("sshca_2Za is given twice");
    expect(await refused(["a=sshca_2Za", "a=sshca_2Zb"])).toContain('the name "a" is given twice');
  });

  test("no id, an empty name, an unknown option", async () => {
    expect(await refused([])).toContain("no id given");
    expect(await refused(["=sshca_2Za"])).toContain("the name before = is empty");
    expect(await refused(["sshca_2Za", "--bogus"])).toContain("unknown argument --bogus");
  });
});

test("an object that does not exist, and no API key: exit 2, the message says which", async () => {
  const missing = await run(["sshca_2Zdoesnotexist0"]);
  expect(missing.status).toBe(2);
  expect(missing.err).toContain("there is no SSH certificate authority sshca_2Zdoesnotexist0");
  delete process.env.NGROK_API_KEY;
  try {
    const noKey = await run(["sshca_2Zdoesnotexist0"]);
    expect(noKey.status).toBe(2);
    expect(noKey.err).toContain("NGROK_API_KEY");
  } finally {
    process.env.NGROK_API_KEY = emulator.apiKey;
  }
});

test("--help, and help import-file, print the command's help; the command's help lists it", async () => {
  expect(await run(["--help"])).toEqual({ status: 0, out: `${IMPORT_FILE_HELP}\n`, err: "" });
  let out = "";
  expect(await main(["help", "import-file"], (text) => (out += text))).toBe(0);
  expect(out).toBe(`${IMPORT_FILE_HELP}\n`);
  out = "";
  await main(["--help"], (text) => (out += text));
  expect(out).toContain("import-file");
  expect(IMPORT_FILE_HELP).toContain("pulumi-nodejs:dynamic:Resource is refused");
});
