/**
 * Every lifecycle step of SshCertificateAuthority under every kind of fault the emulator injects (a 429
 * with Retry-After, a 503, a 500, a connection dropped before or after the handler ran, an
 * answer slower than the request timeout). The provider methods are called as the
 * dynamic-provider host calls them, with what the engine would record kept in a small model of
 * the state. After each step: it completed, or it failed with a message that names the request
 * and the cause; and the emulator holds exactly the objects that state says exist, with the
 * values state says they have (no duplicate, no orphan, nothing lost).
 */
import { ResourceInitFailedError, sshCertificateAuthorityProvider as ssh } from "../../../provider";
import type { SshCertificateAuthorityOutputs } from "../../../provider/sshCertificateAuthority/definition";
import {
  casesOf,
  emulator,
  expectOutcome,
  FAULTS,
  PROVIDER_TEXT,
  useFaultyEmulator,
} from "./faultCases";

useFaultyEmulator();

describe("SshCertificateAuthority under faults", () => {
  const RESOURCE = "SshCertificateAuthority";
  const inputs = {
    privateKeyType: "ed25519" as const,
    description: "faults v1",
    metadata: '{"v":1}',
  };
  const checked = { ...inputs, __provider: PROVIDER_TEXT };

  /** What the engine would hold: id → description and metadata. */
  type State = Map<string, { description?: string; metadata?: string }>;

  function live(): State {
    return new Map(
      emulator()
        .snapshot()
        .sshCertificateAuthorities.map((ca) => [
          ca.id,
          { description: ca.description || undefined, metadata: ca.metadata || undefined },
        ]),
    );
  }

  async function existing(): Promise<{ id: string; outs: SshCertificateAuthorityOutputs }> {
    const created = await ssh.create(checked);
    return { id: created.id, outs: created.outs as SshCertificateAuthorityOutputs };
  }

  const STEPS: Record<
    string,
    { method: string; path: string; run: (state: State) => Promise<void> }
  > = {
    create: {
      method: "POST",
      path: "/ssh_certificate_authorities",
      run: async (state) => {
        try {
          const { id, outs } = await ssh.create(checked);
          state.set(id, { description: outs?.description, metadata: outs?.metadata });
        } catch (error) {
          // The one failure the engine records anyway: created, but not readable.
          if (ResourceInitFailedError.isInstance(error)) state.set(error.id, inputs);
          throw error;
        }
      },
    },
    read: {
      method: "GET",
      path: "/ssh_certificate_authorities/*",
      run: async (state) => {
        const [[id]] = [...state];
        const read = await ssh.read(id, undefined);
        if (read.id === "") state.delete(id);
        else
          state.set(id, { description: read.props?.description, metadata: read.props?.metadata });
      },
    },
    update: {
      method: "PATCH",
      path: "/ssh_certificate_authorities/*",
      run: async (state) => {
        const [[id, olds]] = [...state];
        const news = { ...checked, description: "faults v2", metadata: '{"v":2}' };
        const { outs } = await ssh.update(id, { ...olds, ...checked } as never, news);
        state.set(id, { description: outs?.description, metadata: outs?.metadata });
      },
    },
    delete: {
      method: "DELETE",
      path: "/ssh_certificate_authorities/*",
      run: async (state) => {
        const [[id, olds]] = [...state];
        await ssh.delete(id, olds as never);
        state.delete(id);
      },
    },
  };

  test.each(casesOf(STEPS))("%s under %s", async (step, fault) => {
    const state: State = new Map();
    if (step !== "create") {
      const { id, outs } = await existing();
      state.set(id, { description: outs.description, metadata: outs.metadata });
    }
    const { method, path: pattern, run } = STEPS[step];
    emulator().faults.add({ method, path: pattern, ...FAULTS[fault] });

    await expectOutcome(`${RESOURCE} ${step} / ${fault}`, fault, () => run(state));
    // No duplicate, no orphan, nothing lost: the API holds exactly what state holds.
    expect(live()).toEqual(state);
  });
});
