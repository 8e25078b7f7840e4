/**
 * `check` and `diff`, all that `pulumi preview` runs, load none of the heavy modules they do not
 * need (zod, node-fetch, exponential-backoff), and sshpk only for the SSH certificates' own
 * check: each case runs in a fresh node process on the compiled provider (`dist/`), as the
 * dynamic-provider host loads it, and reports which of those modules ended up loaded.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { REPO } from "../support/stack";
import * as keys from "../support/sshKeys";

const HEAVY = ["zod", "sshpk", "node-fetch", "exponential-backoff"];

/** The heavy modules loaded after `call` (a `p.<provider>.<method>(…)` expression) ran. */
function loadedBy(call: string): string[] {
  const script = `
    const p = require(${JSON.stringify(path.join(REPO, "dist/provider/index.js"))});
    Promise.resolve(${call}).then(() => {
      const names = Object.keys(require.cache)
        .map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1])
        .filter((name) => ${JSON.stringify(HEAVY)}.includes(name));
      process.stdout.write(JSON.stringify([...new Set(names)].sort()));
    });`;
  return JSON.parse(
    execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }),
  ) as string[];
}

const CERTIFICATE = JSON.stringify({
  sshCertificateAuthorityId: "sshca_2ZpXGdAbcDef0123456789abc",
  publicKey: keys.RSA_2048,
  principals: ["web1"],
  validUntil: "2030-01-01T00:00:00Z",
});

const CASES: Array<{ what: string; call: string; expected: string[] }> = [
  { what: "loading the provider", call: "undefined", expected: [] },
  {
    what: "SshCertificateAuthority check",
    call: `p.sshCertificateAuthorityProvider.check({}, { privateKeyType: "rsa" })`,
    expected: [],
  },
  {
    what: "SshCertificateAuthority diff",
    call: `p.sshCertificateAuthorityProvider.diff("id", {}, {})`,
    expected: [],
  },
  {
    what: "SshHostCertificate diff",
    call: `p.sshHostCertificateProvider.diff("id", {}, ${CERTIFICATE})`,
    expected: [],
  },
  {
    what: "SshUserCertificate diff",
    call: `p.sshUserCertificateProvider.diff("id", {}, ${CERTIFICATE})`,
    expected: [],
  },
  {
    what: "SshHostCertificate check",
    call: `p.sshHostCertificateProvider.check({}, ${CERTIFICATE})`,
    expected: ["sshpk"],
  },
  {
    what: "SshUserCertificate check",
    call: `p.sshUserCertificateProvider.check({}, ${CERTIFICATE})`,
    expected: ["sshpk"],
  },
];

test.each(CASES)("$what loads $expected of the heavy modules", ({ call, expected }) => {
  expect(loadedBy(call)).toEqual(expected);
});
