/**
 * Every lifecycle step of an SSH certificate (host or user, one suite each in `./`) under every
 * kind of fault: see `./faultCases.ts`.
 */
import {
  ResourceInitFailedError,
  sshHostCertificateProvider as host,
  sshUserCertificateProvider as user,
} from "../../../provider";
import type { SshCertificateInputs } from "../../../provider/sshCertificateCommon/properties";
import { callApi } from "../../support/emulatorApi";
import * as keys from "../../support/sshKeys";
import { casesOf, emulator, expectOutcome, FAULTS, PROVIDER_TEXT } from "./faultCases";

/** The suite of one kind of certificate: `RESOURCE` through `provider`, its objects in `collection`. */
export function describeCertificateFaults(
  RESOURCE: "SshHostCertificate" | "SshUserCertificate",
  provider: typeof host | typeof user,
  collection: "sshHostCertificates" | "sshUserCertificates",
): void {
  describe(`${RESOURCE} under faults`, () => {
    const path = `/ssh_${RESOURCE === "SshHostCertificate" ? "host" : "user"}_certificates`;

    /** What the engine would hold: id → description and metadata. */
    type State = Map<string, { description?: string; metadata?: string }>;

    function live(): State {
      const certificates = emulator().snapshot()[collection];
      return new Map(
        certificates.map((c) => [
          c.id,
          { description: c.description || undefined, metadata: c.metadata || undefined },
        ]),
      );
    }

    const STEPS: Record<
      string,
      {
        method: string;
        path: string;
        run: (state: State, checked: SshCertificateInputs) => Promise<void>;
      }
    > = {
      create: {
        method: "POST",
        path,
        run: async (state, checked) => {
          try {
            const { id, outs } = await provider.create(checked);
            state.set(id, { description: outs?.description, metadata: outs?.metadata });
          } catch (error) {
            // The one failure the engine records anyway: created, but not readable.
            if (ResourceInitFailedError.isInstance(error)) state.set(error.id, checked);
            throw error;
          }
        },
      },
      read: {
        method: "GET",
        path: `${path}/*`,
        run: async (state) => {
          const [[id]] = [...state];
          const read = await provider.read(id, undefined);
          if (read.id === "") state.delete(id);
          else
            state.set(id, { description: read.props?.description, metadata: read.props?.metadata });
        },
      },
      update: {
        method: "PATCH",
        path: `${path}/*`,
        run: async (state, checked) => {
          const [[id, olds]] = [...state];
          const news = { ...checked, description: "faults v2", metadata: '{"v":2}' };
          const { outs } = await provider.update(id, { ...olds, ...checked } as never, news);
          state.set(id, { description: outs?.description, metadata: outs?.metadata });
        },
      },
      delete: {
        method: "DELETE",
        path: `${path}/*`,
        run: async (state) => {
          const [[id, olds]] = [...state];
          await provider.delete(id, olds as never);
          state.delete(id);
        },
      },
    };

    test.each(casesOf(STEPS))("%s under %s", async (step, fault) => {
      const created = await callApi(emulator(), "POST", "/ssh_certificate_authorities", {
        private_key_type: "ed25519",
      });
      const checked = {
        sshCertificateAuthorityId: created.body.id as string,
        publicKey: keys.ED25519,
        principals: ["faults"],
        description: "faults v1",
        metadata: '{"v":1}',
        __provider: PROVIDER_TEXT,
      };
      const state: State = new Map();
      if (step !== "create") {
        const { id, outs } = await provider.create(checked);
        state.set(id, { description: outs?.description, metadata: outs?.metadata });
      }
      const { method, path: pattern, run } = STEPS[step];
      emulator().faults.add({ method, path: pattern, ...FAULTS[fault] });

      await expectOutcome(`${RESOURCE} ${step} / ${fault}`, fault, () => run(state, checked));
      // No duplicate, no orphan, nothing lost: the API holds exactly what state holds.
      expect(live()).toEqual(state);
    });
  });
}
