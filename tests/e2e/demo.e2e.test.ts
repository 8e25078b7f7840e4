/**
 * `npm run demo` as a newcomer runs it: it must show both resources created in the emulator with
 * real outputs, clean up, and say which path ran.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { findPulumiCli } from "../../dist/devtools/pulumiCli";
import { REPO } from "../support/stack";

test("the demo deploys the quickstart into the emulator, prints real outputs and cleans up", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(REPO, "dist/scripts/demo.js")],
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
      /the emulator holds 1 SSH certificate authority \(sshca_\w+\) and 1 SAML module \(on route edghtsrt_\w+\)/,
    );
  } else {
    expect(stdout).toMatch(/Pulumi CLI 3\.\d+\.\d+ found in .*: running a real pulumi up/);
    expect(stdout).toMatch(
      /\$ pulumi up\n[\s\S]*\+ {2}pulumi-nodejs:dynamic\/ngrok:SshCertificateAuthority ssh-ca created/,
    );
    expect(stdout).toMatch(/\$ pulumi preview[\s\S]*3 unchanged/);
    expect(stdout).toMatch(/\$ pulumi destroy[\s\S]*3 deleted/);
  }
  expect(stdout).toMatch(/Current stack outputs \(4\):/);
  expect(stdout).toMatch(/publicKey +ssh-ed25519 AAAA\S+/);
  expect(stdout).toMatch(
    /assertionConsumerServiceUrl +http:\/\/127\.0\.0\.1:\d+\/saml\/edghtsrt_\w+\/acs/,
  );
  expect(stdout).toMatch(/cleaned up: the emulator is empty again/);
}, 300000);
