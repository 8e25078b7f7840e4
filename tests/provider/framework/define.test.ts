/**
 * `defineResource` (provider/framework/define.ts): the `check` and `diff` it derives from a small
 * definition written here, so that each rule of the framework is seen on its own: a property's
 * own `rule` runs after the shared required and type checks, never instead of them, and only
 * with a value they accepted; `blankIsDefault`, `namedInFailures` and `unique`.
 */
import { defineResource } from "../../../provider/framework/define";
import type { RuleChecker } from "../../../provider/framework/property";
import { UNKNOWN } from "../../../provider/common/unknown";

/** What the `rule` of `code` was called with, in order. */
const seen: unknown[] = [];

const widget = defineResource({
  name: "Widget",
  description: "A test resource.",
  id: "its id",
  api: { path: "/widgets", noun: "widget", idPrefix: "wdg_", endpoints: "`POST /widgets`" },
  properties: {
    code: {
      role: "input",
      type: { kind: "string", maxBytes: 8 },
      required: true,
      requiredText: "a short code",
      onChange: "replace",
      unique: true,
      description: "A code.",
      rule(value: string, c: RuleChecker, name: string) {
        seen.push(value);
        if (!/^[a-z]+$/.test(value)) c.fail(name, `${name} must be lower-case letters`);
        else c.set(name, value.toUpperCase());
      },
    },
    mode: {
      role: "input",
      type: { kind: "enum", values: ["fast", "slow"] },
      default: "slow",
      blankIsDefault: true,
      onChange: "update",
      description: "A mode.",
    },
    document: {
      role: "input",
      type: { kind: "string" },
      onChange: "update",
      namedInFailures: (value: unknown) => typeof value === "string" && !value.includes("\n"),
      description: "A document.",
      rule(_value: string, c: RuleChecker, name: string) {
        c.fail(name, `${name} is never right`);
      },
    },
    label: { role: "input", type: { kind: "string" }, onChange: "update", description: "A label." },
  },
});

beforeEach(() => {
  seen.length = 0;
});

describe("check", () => {
  test("the shared checks come first; the rule runs after them, on the value they accepted", () => {
    expect(widget.check({ code: "abc" })).toEqual({
      inputs: { code: "ABC", mode: "slow" },
      failures: [],
    });
    expect(seen).toEqual(["abc"]);
    expect(widget.check({ code: "ab1" }).failures).toEqual([
      { property: "code", reason: "code must be lower-case letters" },
    ]);
  });

  test("the rule does not run instead of a failed shared check, nor for a missing or unknown value", () => {
    expect(widget.check({}).failures).toEqual([
      { property: "code", reason: "code is required: a short code" },
    ]);
    expect(widget.check({ code: 7 }).failures).toEqual([
      { property: "code", reason: "code must be a string, not 7" },
    ]);
    expect(widget.check({ code: "abcdefgh1j" }).failures).toEqual([
      { property: "code", reason: "code must be at most 8 bytes of UTF-8; it is 10 bytes" },
      { property: "code", reason: "code must be lower-case letters" },
    ]);
    expect(widget.check({ code: UNKNOWN }).failures).toEqual([]);
    // 7 and the unknown never reached it; the long string passed its type's rule (a string).
    expect(seen).toEqual(["abcdefgh1j"]);
  });

  test('blankIsDefault: "" is left out, so the default applies; another value is judged', () => {
    expect(widget.check({ code: "a", mode: "" }).inputs).toEqual({ code: "A", mode: "slow" });
    expect(widget.check({ code: "a", mode: "fast" }).inputs).toEqual({ code: "A", mode: "fast" });
    expect(widget.check({ code: "a", mode: "quick" }).failures).toEqual([
      { property: "mode", reason: 'mode must be one of "fast", "slow"; got "quick"' },
    ]);
  });

  test("namedInFailures: a failure about a value it says not to name names no property", () => {
    expect(widget.check({ code: "a", document: "one line" }).failures).toEqual([
      { property: "document", reason: "document is never right" },
    ]);
    expect(widget.check({ code: "a", document: "two\nlines" }).failures).toEqual([
      { property: "", reason: "document is never right" },
    ]);
    expect(widget.check({ code: "a", document: ["two", "lines"] }).failures).toEqual([
      { property: "", reason: "document must be a string, not a list" },
    ]);
  });
});

describe("diff", () => {
  test("unique: a replacement that keeps the value deletes first; one that changes it does not", () => {
    const olds = { code: "A", mode: "slow", label: "x" };
    expect(widget.diff(olds, { code: "B", mode: "slow", label: "x" })).toMatchObject({
      replaces: ["code"],
      deleteBeforeReplace: false,
    });
    expect(widget.diff(olds, { code: "A", mode: "fast", label: "y" })).toMatchObject({
      changes: true,
      replaces: [],
      updates: ["mode", "label"],
      deleteBeforeReplace: false,
    });
  });
});

test("derivedFrom must name inputs of the definition", () => {
  const define = (derivedFrom: string[]) =>
    defineResource({
      name: "Gadget",
      description: "A test resource.",
      id: "its id",
      api: { path: "/gadgets", noun: "gadget", idPrefix: "gdg_", endpoints: "`POST /gadgets`" },
      properties: {
        source: { role: "input", type: { kind: "string" }, onChange: "update", description: "In." },
        digest: { role: "output", type: { kind: "string" }, derivedFrom, description: "Out." },
      },
    });
  expect(() => define(["source"])).not.toThrow();
  expect(() => define(["digest"])).toThrow(/Gadget.digest: derivedFrom names digest, not an input/);
  expect(() => define(["sorce"])).toThrow(/derivedFrom names sorce, not an input/);
});
