/**
 * The pending-creates kinds (provider/pendingCreates.ts) read the live objects through the
 * resource's list lookup: a result that is not a list of objects with an id is a wiring
 * mistake, which must throw (naming the function) rather than pass for "nothing pending".
 */
import type { NgrokClient } from "../../provider/client";
import { PENDING_CREATE_KINDS } from "../../provider/pendingCreates";
import { sshCertificateAuthority } from "../../provider/sshCertificateAuthority";

const kind = PENDING_CREATE_KINDS.get("ngrok-dynamic:index:SshCertificateAuthority")!;
const client = {} as NgrokClient;

/** The CA's list lookup answering `result`, in place of the provider's. */
function listing(result: unknown): void {
  jest
    .spyOn(sshCertificateAuthority.lookups, "list")
    .mockReturnValue(Promise.resolve(result as never));
}

/** Every object the kind lists. */
async function listed(): Promise<string[]> {
  const ids: string[] = [];
  for await (const object of kind.list(client)) ids.push(object.id);
  return ids;
}

afterEach(() => jest.restoreAllMocks());

describe("a pending-creates kind's list", () => {
  test("yields each object of a list of objects with an id", async () => {
    listing([
      { id: "sshca_1", createdAt: "2024-01-01T00:00:00Z" },
      { id: "sshca_2", createdAt: "2024-01-02T00:00:00Z" },
    ]);
    await expect(listed()).resolves.toEqual(["sshca_1", "sshca_2"]);
  });

  test("yields nothing for an empty list", async () => {
    listing([]);
    await expect(listed()).resolves.toEqual([]);
  });

  test.each([
    [undefined, "undefined"],
    [null, "null"],
    ["sshca_1", "a string"],
    [42, "a number"],
    [{ id: "sshca_1" }, "an object"],
    [{ sshCertificateAuthorities: [] }, "an object"],
  ])("throws, naming the function, for %p", async (result, what) => {
    listing(result);
    await expect(listed()).rejects.toThrow(
      `listSshCertificateAuthorities returned ${what}, not a list of objects with an id`,
    );
  });

  test.each([
    [[{ id: "sshca_1" }, { name: "x" }], "a list whose item 1 is an object without a string id"],
    [[{ id: 7 }], "a list whose item 0 is an object without a string id"],
    [[{ id: "sshca_1" }, null], "a list whose item 1 is null"],
    [[["sshca_1"]], "a list whose item 0 is a list"],
  ])(
    "throws for a list with an item that is not an object with an id: %p",
    async (result, what) => {
      listing(result);
      await expect(listed()).rejects.toThrow(
        `listSshCertificateAuthorities returned ${what}, not a list of objects with an id`,
      );
    },
  );
});
