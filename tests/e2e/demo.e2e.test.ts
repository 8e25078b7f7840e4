/**
 * `npm run demo` as a newcomer runs it: it must show the CA, the user certificate it signs and the
 * SAML module created in the emulator with real outputs, read the certificate back, clean up
 * (the stack removed after its destroy, as the CLI's closing hint says), and say which path ran.
 */
import { execFile, spawn } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { findPulumiCli } from "../../dist/tools/devtools/pulumiCli";
import { REPO } from "../support/repo";

test("the demo deploys the quickstart into the emulator, prints real outputs and cleans up", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(REPO, "dist/tools/scripts/demo.js")],
    {
      cwd: REPO,
      timeout: 240000,
    },
  );
  if (!findPulumiCli().found) {
    expect(stdout).toMatch(
      /Pulumi CLI not found \(.*\): running the program's resources through Pulumi's dynamic-provider host instead/,
    );
    expect(stdout).toMatch(
      /\+ create urn:pulumi:demo::ngrok-quickstart::pulumi-nodejs:dynamic\/ngrok:SshCertificateAuthority::ssh-ca/,
    );
    expect(stdout).toMatch(
      /the emulator holds 1 SSH certificate authority \(sshca_\w+\), 1 SSH user certificate \(sucrt_\w+\) and 1 SAML module \(on route edghtsrt_\w+\)/,
    );
  } else {
    expect(stdout).toMatch(/Pulumi CLI 3\.\d+\.\d+ found in .*: running a real pulumi up/);
    expect(stdout).toMatch(
      /\$ pulumi up\n[\s\S]*\+ {2}pulumi-nodejs:dynamic\/ngrok:SshCertificateAuthority ssh-ca created/,
    );
    // The headline: a broken IdP metadata document stops at preview, naming the rule, no API call.
    expect(stdout).toMatch(
      /\$ pulumi preview\n[\s\S]*idpMetadata is an HTML page \(<!DOCTYPE html> at line 1, column 1\)/,
    );
    expect(stdout).toMatch(/preview failed at check, before any API call \(0 requests/);
    expect(stdout).toMatch(/~ 1 updated/);
    expect(stdout).toMatch(
      /updated in place: PUT \/edges\/https\/edghts_\w+\/routes\/edghtsrt_\w+\/saml \(/,
    );
    expect(stdout).toMatch(/\$ pulumi preview {3}# nothing changed[\s\S]*4 unchanged/);
    expect(stdout).toMatch(/\$ pulumi destroy[\s\S]*4 deleted/);
    // The destroy's closing hint names the stack; the demo then removes it, as the hint says.
    const hint = /run `pulumi stack rm (test-\w+)`/.exec(stdout);
    expect(hint).not.toBeNull();
    expect(stdout.slice(hint!.index)).toMatch(
      new RegExp(`^\\$ pulumi stack rm ${hint![1]}\nremoved the stack ${hint![1]}`, "m"),
    );
  }
  expect(stdout).toMatch(/Current stack outputs \(5\):/);
  expect(stdout).toMatch(/sshUserCertificate +"?ssh-ed25519-cert-v01@openssh\.com AAAA/);
  expect(stdout).toMatch(
    /the user certificate \(sshUserCertificate\): for principals demo, valid \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ to \S+Z, signed by the CA sshca_\w+ \(its signature checks against publicKey\)/,
  );
  expect(stdout).toMatch(/publicKey +ssh-ed25519 AAAA\S+/);
  expect(stdout).toMatch(
    /assertionConsumerServiceUrl +http:\/\/127\.0\.0\.1:\d+\/saml\/edghtsrt_\w+\/acs/,
  );
  expect(stdout).toMatch(/cleaned up: the emulator is empty again/);
  expect(stdout).toMatch(/Next steps:\n {2}- Run it against ngrok/);
}, 300000);

test("npm run demo -- --keep leaves the emulator and the stack running until Ctrl-C", async () => {
  const lookup = findPulumiCli();
  if (!lookup.found) {
    // CI runs the real engine: there, its absence is a failure, not a skip.
    if (["true", "1"].includes((process.env.CI ?? "").toLowerCase()))
      throw new Error(lookup.reason);
    process.stderr.write(`skipped the --keep test: it needs the Pulumi CLI (${lookup.reason})\n`);
    return;
  }
  const demo = spawn(process.execPath, [path.join(REPO, "dist/tools/scripts/demo.js"), "--keep"], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  const exited = new Promise<number | null>((resolve) => demo.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    demo.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("Press Ctrl-C")) resolve();
    });
    void exited.then((code) => reject(new Error(`the demo exited (${code}): ${stdout}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, 500)); // the rest of the instructions
  const url = /The emulator: (http:\/\/\S+) \(API key (emu_\w+)\)/.exec(stdout);
  expect(url).not.toBeNull();
  const response = await fetch(`${url![1]}/ssh_certificate_authorities`, {
    headers: { Authorization: `Bearer ${url![2]}`, "Ngrok-Version": "2" },
  });
  const { ssh_certificate_authorities: cas } = (await response.json()) as {
    ssh_certificate_authorities: { public_key: string }[];
  };
  expect(cas).toHaveLength(1);
  expect(stdout).toMatch(/pulumi stack output --stack test-\w+/);
  expect(stdout).not.toMatch(/\$ pulumi destroy/);
  demo.kill("SIGINT");
  expect(await exited).toBe(0);
  expect(stdout).toMatch(/stopped: the emulator is closed/);
  await expect(fetch(`${url![1]}/ssh_certificate_authorities`)).rejects.toThrow();
}, 300000);
