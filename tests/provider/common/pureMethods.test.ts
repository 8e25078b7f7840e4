/**
 * `pureMethods` (provider/common/pureMethods.ts): the provider's `check` runs the resource's pure
 * check once and hands its `warnings` what the properties' rules parsed, so that a document is
 * never parsed a second time for its warnings; a check that failed gives no warnings.
 */
import { setLogSink } from "../../../provider/client/log";
import { pureMethods } from "../../../provider/common/pureMethods";
import { resetPreviewWarnings } from "../../../provider/common/previewWarnings";

const logged: string[] = [];
const apiKeyBefore = process.env.NGROK_API_KEY;

beforeEach(() => {
  logged.length = 0;
  setLogSink({ log: (severity, line) => void (severity === "warning" && logged.push(line)) });
  process.env.NGROK_API_KEY = "test-key";
  resetPreviewWarnings();
});

afterEach(() => {
  setLogSink(undefined);
  if (apiKeyBefore === undefined) delete process.env.NGROK_API_KEY;
  else process.env.NGROK_API_KEY = apiKeyBefore;
});

const noDiff = () => ({ changes: false });

describe("pureMethods", () => {
  test("check hands warnings the inputs and what the rules parsed, from one run", async () => {
    let runs = 0;
    const seen: unknown[] = [];
    const { check } = pureMethods(
      (news: Record<string, unknown>) => {
        runs += 1;
        return { result: { inputs: { doc: news.doc } }, parsed: { doc: ["cert A", "cert B"] } };
      },
      noDiff,
      (inputs, parsed) => {
        seen.push(inputs, parsed);
        return parsed.doc.map((cert) => `${cert} expires soon`);
      },
    );
    const result = await check({}, { doc: "<xml/>" });
    expect(result).toEqual({ inputs: { doc: "<xml/>" } });
    expect(runs).toBe(1);
    expect(seen).toEqual([{ doc: "<xml/>" }, { doc: ["cert A", "cert B"] }]);
    expect(logged).toEqual(["cert A expires soon", "cert B expires soon"]);
  });

  test("a check that failed gives no warnings", async () => {
    const warnings = jest.fn(() => ["never"]);
    const { check } = pureMethods(
      () => ({
        result: { inputs: {}, failures: [{ property: "doc", reason: "doc is bad" }] },
        parsed: {},
      }),
      noDiff,
      warnings,
    );
    const result = await check({}, { doc: "x" });
    expect(result.failures).toEqual([{ property: "doc", reason: "doc is bad" }]);
    expect(warnings).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
  });
});
