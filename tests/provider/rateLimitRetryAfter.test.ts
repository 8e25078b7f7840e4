/**
 * Through the emulator's rate limit without `Retry-After` (ngrok documents none, and the
 * emulator sends none by default) and with it (`retryAfter: true`): both resources' operations,
 * several at a time, against a small limit they must exceed. Every operation succeeds, the
 * emulator's state is what the operations made at each stage, the limiter really refused
 * requests, and the client's retry lines show which branch waited: its own back-off without the
 * header, the header's wait with it.
 */
import { startEmulator, type RunningEmulator } from "../../emulator/index";
import {
  httpsEdgeRouteSamlProvider as saml,
  resetStackConfig,
  sshCertificateAuthorityProvider as ssh,
} from "../../provider";
import type { HttpsEdgeRouteSamlInputs } from "../../provider/httpsEdgeRouteSaml/definition";
import type { SshCertificateAuthorityInputs } from "../../provider/sshCertificateAuthority/definition";
import { configureProvider } from "../support/configureProvider";
import { createEdgeWithRoutes } from "../support/emulatorApi";
import { readIdpMetadata } from "../support/fixtures";

const OKTA = readIdpMetadata("okta.xml");
/** 8 requests per rolling second: the operations below need several windows. */
const LIMIT = { requests: 8, windowMs: 1000 };
const CONCURRENCY = 4;
const CAS = 8;
const MODULES = 4;

/** Runs `tasks` with at most `limit` in flight; resolves to their results in order. */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  });
  await Promise.all(workers);
  return results;
}

describe.each([
  ["without Retry-After (as ngrok documents it): the client's own back-off", false],
  ["with Retry-After: the header's wait", true],
])("through the rate limit %s", (_title, retryAfter) => {
  let emulator: RunningEmulator;
  const debugLines: string[] = [];
  let stderr: jest.SpyInstance;
  const savedDebug = process.env.PULUMI_NGROK_DYNAMIC_DEBUG;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, rateLimit: { ...LIMIT, retryAfter } });
    await configureProvider(emulator);
    process.env.PULUMI_NGROK_DYNAMIC_DEBUG = "1";
    stderr = jest.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
      debugLines.push(String(chunk));
      return true;
    });
  });
  afterAll(async () => {
    stderr.mockRestore();
    if (savedDebug === undefined) delete process.env.PULUMI_NGROK_DYNAMIC_DEBUG;
    else process.env.PULUMI_NGROK_DYNAMIC_DEBUG = savedDebug;
    resetStackConfig();
    await emulator.close();
  });

  test("every operation succeeds and the emulator holds what they made at each stage", async () => {
    // Routes for the modules, then a full window so that the operations start from none used.
    const routes: Array<{ edgeId: string; routeId: string }> = [];
    for (let i = 0; i < MODULES; i++) {
      const { edgeId, routeIds } = await createEdgeWithRoutes(emulator, 1);
      routes.push({ edgeId, routeId: routeIds[0] });
      await new Promise((resolve) => setTimeout(resolve, LIMIT.windowMs / 2));
    }
    await new Promise((resolve) => setTimeout(resolve, LIMIT.windowMs));
    const before = emulator.requests.length;

    // Create.
    const caInputs = await Promise.all(
      Array.from({ length: CAS }, async (_, i) => {
        const checked = await ssh.check({}, { __provider: "p", description: `ca ${i}` });
        return checked.inputs as SshCertificateAuthorityInputs;
      }),
    );
    const moduleInputs = await Promise.all(
      routes.map(async (route) => {
        const news = { __provider: "p", claimedBy: "p/s/sso", ...route, idpMetadata: OKTA };
        return (await saml.check({}, news)).inputs as HttpsEdgeRouteSamlInputs;
      }),
    );
    const cas = await pool(
      caInputs.map((inputs) => () => ssh.create(inputs)),
      CONCURRENCY,
    );
    const modules = await pool(
      moduleInputs.map((inputs) => () => saml.create(inputs)),
      CONCURRENCY,
    );
    let snapshot = emulator.snapshot();
    expect(snapshot.sshCertificateAuthorities.map((ca) => ca.description).sort()).toEqual(
      caInputs.map((inputs) => inputs.description).sort(),
    );
    expect(snapshot.samlModules.map((m) => m.routeId).sort()).toEqual(
      routes.map((r) => r.routeId).sort(),
    );

    // Update.
    await pool(
      cas.map(
        (ca, i) => () =>
          ssh.update(ca.id, ca.outs as never, { ...caInputs[i], description: `ca ${i} v2` }),
      ),
      CONCURRENCY,
    );
    await pool(
      modules.map(
        (module, i) => () =>
          saml.update(module.id, module.outs as never, { ...moduleInputs[i], forceAuthn: true }),
      ),
      CONCURRENCY,
    );
    snapshot = emulator.snapshot();
    expect(snapshot.sshCertificateAuthorities.map((ca) => ca.description).sort()).toEqual(
      caInputs.map((_, i) => `ca ${i} v2`).sort(),
    );
    expect(snapshot.samlModules.every((m) => m.force_authn)).toBe(true);

    // Delete.
    await pool(
      [
        ...cas.map((ca) => () => ssh.delete(ca.id, ca.outs as never)),
        ...modules.map((module) => () => saml.delete(module.id, module.outs as never)),
      ],
      CONCURRENCY,
    );
    snapshot = emulator.snapshot();
    expect(snapshot.sshCertificateAuthorities).toEqual([]);
    expect(snapshot.samlModules).toEqual([]);

    // The limiter refused requests, and the client waited as the answers allowed.
    const refused = emulator.requests.slice(before).filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const retries = debugLines.filter((line) =>
      /retrying .* after HTTP 429 ERR_NGROK_226/.test(line),
    );
    expect(retries.length).toBeGreaterThan(0);
    expect(retries.every((line) => line.includes("Retry-After") === retryAfter)).toBe(true);
  }, 120_000);
});
