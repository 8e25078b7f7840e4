/**
 * CONTRIBUTING.md names the hook list (issue #50): the hooks it lists are the members of `Hooks`
 * in `provider/framework/implementation.ts`, in order, so that a hook added there fails this test
 * until the list names it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO } from "../support/repo";

/** The members of the interface `Hooks` as the source declares them. */
function declaredHooks(): string[] {
  const source = fs.readFileSync(path.join(REPO, "provider/framework/implementation.ts"), "utf8");
  const start = source.indexOf("export interface Hooks<");
  const body = source.slice(start, source.indexOf("\n}\n", start));
  return [...body.matchAll(/^ {2}readonly (\w+)\?:/gm)].map((m) => m[1]);
}

/** The hooks CONTRIBUTING.md lists, from its sentence "The hooks a resource may add…". */
function listedHooks(): string[] {
  const text = fs.readFileSync(path.join(REPO, "CONTRIBUTING.md"), "utf8");
  const start = text.indexOf("The hooks a resource may add");
  const sentence = text.slice(
    text.indexOf("):", start),
    text.indexOf(". ", text.indexOf("):", start)),
  );
  return [...sentence.matchAll(/`(\w+)`/g)].map((m) => m[1]);
}

test("CONTRIBUTING lists every hook of provider/framework/implementation.ts, in order", () => {
  expect(declaredHooks().length).toBeGreaterThan(5);
  expect(listedHooks()).toEqual(declaredHooks());
});
