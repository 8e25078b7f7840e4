/**
 * The compiler refuses the SSH CA argument shapes ngrok refuses (`SshCertificateAuthorityArgs`
 * is a union on `privateKeyType`), and accepts the valid ones, including key types only known
 * at run time. Each snippet is compiled with the project's own compiler options, as a file
 * beside this one that imports the SDK.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { REPO } from "../support/repo";

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(REPO, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, REPO).options;
}

const OPTIONS = { ...compilerOptions(), noEmit: true };

/**
 * Compiles every snippet in one program (one file each); returns each one's errors, each as
 * `<the word it points at>: <message>`.
 */
function compile(bodies: string[]): string[][] {
  const files = bodies.map((_, i) => path.join(REPO, `tests/types/snippet${i}.ts`));
  const sources = new Map(
    bodies.map((body, i) => [
      files[i],
      'import * as pulumi from "@pulumi/pulumi";\n' +
        'import { SshCertificateAuthority, type PrivateKeyType } from "../../sdk";\n' +
        "export type Used = [typeof pulumi, PrivateKeyType, typeof SshCertificateAuthority];\n" +
        `export function program(): unknown {\n${body}\n}\n`,
    ]),
  );
  const host = ts.createCompilerHost(OPTIONS);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => sources.get(path.resolve(name)) ?? readFile(name);
  host.fileExists = (name) => sources.has(path.resolve(name)) || ts.sys.fileExists(name);
  host.getSourceFile = (name, version, onError, create) => {
    const source = sources.get(path.resolve(name));
    return source !== undefined
      ? ts.createSourceFile(name, source, version)
      : getSourceFile(name, version, onError, create);
  };
  const program = ts.createProgram(files, OPTIONS, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return files.map((file) =>
    diagnostics
      .filter((d) => d.file !== undefined && path.resolve(d.file.fileName) === file)
      .map((d) => {
        // The word the error points at (an editor underlines it), then the message.
        const at = /^\w*/.exec(d.file!.text.slice(d.start ?? 0))![0];
        return `${at}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
      }),
  );
}

const REFUSED: [string, string, string][] = [
  ["ellipticCurve with rsa", '{ privateKeyType: "rsa", ellipticCurve: "p256" }', "ellipticCurve"],
  ["keySize with ecdsa", '{ privateKeyType: "ecdsa", keySize: 2048 }', "keySize"],
  ["keySize with ed25519", '{ privateKeyType: "ed25519", keySize: 4096 }', "keySize"],
  [
    "ellipticCurve with ed25519",
    '{ privateKeyType: "ed25519", ellipticCurve: "p384" }',
    "ellipticCurve",
  ],
  ["an unknown key type", '{ privateKeyType: "dsa" }', "privateKeyType"],
  ["an unknown curve", '{ privateKeyType: "ecdsa", ellipticCurve: "p224" }', "ellipticCurve"],
  ["an unknown key size", '{ privateKeyType: "rsa", keySize: 1024 }', "keySize"],
  ["no key type", '{ description: "x" }', "the object, naming privateKeyType"],
];

const ACCEPTED: [string, string][] = [
  [
    "ed25519",
    'return new SshCertificateAuthority("ca", { privateKeyType: "ed25519", description: "d", metadata: "{}" });',
  ],
  [
    "ecdsa with a curve",
    'return new SshCertificateAuthority("ca", { privateKeyType: "ecdsa", ellipticCurve: "p521" });',
  ],
  [
    "ecdsa without a curve",
    'return new SshCertificateAuthority("ca", { privateKeyType: "ecdsa" });',
  ],
  [
    "rsa with a size",
    'return new SshCertificateAuthority("ca", { privateKeyType: "rsa", keySize: 2048 });',
  ],
  ["rsa without a size", 'return new SshCertificateAuthority("ca", { privateKeyType: "rsa" });'],
  [
    "a key type known at run time",
    'return new SshCertificateAuthority("ca", { privateKeyType: pulumi.output("ecdsa" as PrivateKeyType), ellipticCurve: "p384" });',
  ],
  [
    "a key type from a Promise",
    'return new SshCertificateAuthority("ca", { privateKeyType: Promise.resolve("rsa" as const), keySize: 4096 });',
  ],
  [
    "a key type Output of one literal, with its parameter",
    'return new SshCertificateAuthority("ca", { privateKeyType: pulumi.output("rsa" as const), keySize: 2048 });',
  ],
  [
    "a variable of the key-type union, without key parameters",
    'const t = "ed25519" as PrivateKeyType;\nreturn new SshCertificateAuthority("ca", { privateKeyType: t });',
  ],
  [
    "get typed as the class it is called on (resourceClass's this-typed static)",
    'const ca: SshCertificateAuthority = SshCertificateAuthority.get("ca", "sshca_1");\n' +
      "const t: pulumi.Output<PrivateKeyType> = ca.keyType;\nreturn t;",
  ],
  [
    "outputs refuse assignment (readonly, derived by Outputs of sdk/shapes/index.ts)",
    'const ca = new SshCertificateAuthority("ca", { privateKeyType: "ed25519" });\n' +
      "// @ts-expect-error publicKey is a readonly output\nca.publicKey = ca.publicKey;\nreturn ca;",
  ],
  [
    "keyType typed as the key-type union",
    'const ca = new SshCertificateAuthority("ca", { privateKeyType: "ed25519" });\n' +
      "const t: pulumi.Output<PrivateKeyType> = ca.keyType;\nreturn t;",
  ],
];

let refusedErrors: string[][];
let acceptedErrors: string[][];

beforeAll(() => {
  const all = compile([
    ...REFUSED.map(([, args]) => `return new SshCertificateAuthority("ca", ${args});`),
    ...ACCEPTED.map(([, body]) => body),
  ]);
  refusedErrors = all.slice(0, REFUSED.length);
  acceptedErrors = all.slice(REFUSED.length);
});

test.each(REFUSED.map(([name, , property], i) => [name, property, i] as const))(
  "refused at compile time: %s (the error points at %s)",
  (_, property, i) => {
    expect(refusedErrors[i]).toHaveLength(1);
    const where = property.startsWith("the object") ? "" : property;
    expect(refusedErrors[i][0]).toMatch(new RegExp(`^${where}: `));
    if (where === "") expect(refusedErrors[i][0]).toContain("privateKeyType");
  },
);

test.each(ACCEPTED.map(([name], i) => [name, i] as const))("accepted: %s", (_, i) => {
  expect(acceptedErrors[i]).toEqual([]);
});
