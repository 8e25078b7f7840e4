/**
 * The `__provider` that `pulumi-ngrok-dynamic import-file` writes is the one each class writes: a
 * resource of every class (each importable kind's class, read with its `get` under
 * `pulumi.runtime.setMocks`, the registration `import-file`'s entry stands for) registers
 * `__provider`, which must be the text of `serializedProvider` for that class, byte for byte (a
 * different text would be a change of `__provider` at the next `up`). It holds no path of this
 * machine.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { IMPORTABLE_KINDS } from "../../cli/importFile/kinds";
import { serializedProvider } from "../../cli/importFile/serializedProvider";
import * as sdk from "../../sdk";

const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.set(args.type, args.inputs as Record<string, unknown>);
        return { id: `${args.name}-id`, state: { ...args.inputs, __provider: undefined } };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
});

test("each class's registered __provider is the text import-file writes for it", async () => {
  // An id of each kind's form: `sshca_…` → `sshca_2Zexisting0000`.
  const resources = IMPORTABLE_KINDS.map((kind) => {
    const resourceClass = Reflect.get(sdk, kind.name) as {
      get(name: string, id: string): pulumi.CustomResource;
    };
    return resourceClass.get(
      kind.thinProviderModule,
      kind.idForm.replaceAll("…", "2Zexisting0000"),
    );
  });
  const settled = (value: pulumi.Output<string>) =>
    new Promise((resolve) => value.apply((v) => resolve(v)));
  await Promise.all(resources.map((resource) => settled(resource.id)));
  expect([...registered.keys()].sort()).toEqual(IMPORTABLE_KINDS.map((kind) => kind.type).sort());
  for (const kind of IMPORTABLE_KINDS) {
    const text = await serializedProvider(kind);
    expect([kind.name, text]).toEqual([kind.name, registered.get(kind.type)!.__provider]);
    expect(text).not.toContain(path.resolve(__dirname, "../.."));
  }
});
