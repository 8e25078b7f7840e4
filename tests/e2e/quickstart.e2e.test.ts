/**
 * The root Pulumi.yaml program (examples/quickstart) end to end without the Pulumi CLI: an ed25519
 * CA and a SAML module, run from the repository root as `pulumi up` would run it.
 */
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { startTestStack, type TestStack } from "../support/stack";
import { idpMetadataPath } from "../support/fixtures";

process.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";

let stack: TestStack;
let config: Record<string, string>;

beforeAll(async () => {
  stack = await startTestStack(".", "ngrok-quickstart", { main: "examples/quickstart" });
  const { edgeId, routeIds } = await createEdgeWithRoutes(stack.emulator, 1);
  config = {
    edgeId,
    routeId: routeIds[0],
    idpMetadataPath: idpMetadataPath("google-workspace.xml"),
  };
});
afterAll(async () => {
  await stack?.close();
});

test("without config the program says which value is missing and how to set it", async () => {
  await expect(stack.goals({})).rejects.toThrow(
    /missing stack config ngrok-quickstart:edgeId: .*pulumi config set edgeId <value>/,
  );
  await expect(stack.goals({ ...config, idpMetadataPath: "/nonexistent/idp.xml" })).rejects.toThrow(
    /ngrok-quickstart:idpMetadataPath: no file at \/nonexistent\/idp.xml/,
  );
});

test("deploy, stack outputs, no-op re-deploy and destroy", async () => {
  const goals = await stack.goals(config);
  expect(goals.map((g) => g.name)).toEqual(["ssh-ca", "route-sso"]);
  const created = await stack.requestsDuring(() => stack.deployment.up(goals));
  const saml = `/edges/https/${config.edgeId}/routes/${config.routeId}/saml`;
  expect(created).toEqual(["POST /ssh_certificate_authorities", `GET ${saml}`, `PUT ${saml}`]);

  const outputs = await stack.stackOutputs(config);
  const [ca] = stack.emulator.snapshot().sshCertificateAuthorities;
  const sp = `${stack.emulator.url}/saml/${config.routeId}`;
  expect(outputs).toEqual({
    publicKey: ca.public_key,
    entityId: sp,
    assertionConsumerServiceUrl: `${sp}/acs`,
    metadataUrl: sp,
  });
  expect(ca.public_key).toMatch(/^ssh-ed25519 AAAA/);

  const again = await stack.requestsDuring(async () =>
    stack.deployment.up(await stack.goals(config)),
  );
  expect(again).toEqual([]);

  const destroyed = await stack.requestsDuring(() => stack.deployment.destroy());
  expect(destroyed.sort()).toEqual(
    [`GET ${saml}`, `DELETE ${saml}`, `DELETE /ssh_certificate_authorities/${ca.id}`].sort(),
  );
  const snapshot = stack.emulator.snapshot();
  expect([snapshot.sshCertificateAuthorities, snapshot.samlModules]).toEqual([[], []]);
});
