/**
 * The emulator's admin endpoints, under the reserved prefix `/__emulator/` (not part of ngrok's
 * API): the fault rules of a running emulator, for clients in other processes (the CLI, curl).
 *
 * - `GET /__emulator/faults` → 200 `{"faults": [{id, hits, …rule}]}`;
 * - `POST /__emulator/faults` with a JSON {@link FaultRule} → 201 `{id, hits: 0, …rule}`;
 * - `DELETE /__emulator/faults` → 204, every rule removed;
 * - `DELETE /__emulator/faults/:id` → 204, or 404 when there is no such rule.
 *
 * They need the same `Authorization` as the API (`Bearer <apiKey>`, ERR_NGROK_200/201/202) but no
 * `Ngrok-Version`. Bodies follow the API's rules (JSON media type, 413/415/213). An invalid rule
 * answers 400 in ngrok's envelope: an unknown field ERR_NGROK_214, a bad value ERR_NGROK_215 with
 * the reason. These requests are never hit by fault rules, never rate limited and never recorded
 * in `requests`.
 */
import type { FastifyPluginAsync } from "fastify";
import { ADMIN_PREFIX } from "../http/adminPath";
import { authenticate } from "../http/auth";
import { apiErrors } from "../errors";
import {
  FAULT_RULE_FIELDS,
  FaultRuleError,
  validateFaultRule,
  type FaultRule,
} from "../faults/faultRule";
import type { FaultInjector } from "../faults/registry";
import { checkQuery, objectBody } from "../model/validation";

/** Options of {@link adminRoutes}. */
export interface AdminRoutesOptions {
  faults: FaultInjector;
  apiKey: string;
  authErrorStatus: 401 | 403;
}

/** The body of `POST /__emulator/faults` as a rule; answers ngrok's 213/214/215 errors. */
export function parseFaultRuleBody(body: unknown): FaultRule {
  try {
    return validateFaultRule(objectBody(body));
  } catch (error) {
    if (!FaultRuleError.isInstance(error)) throw error;
    if (error.field === undefined) throw apiErrors.bodyUnparseable();
    if (error.unknownField) throw apiErrors.unknownField(error.field, FAULT_RULE_FIELDS);
    throw apiErrors.invalidValue(error.field, error.reason);
  }
}

/** Registers the admin endpoints (in their own plugin scope, with their own authentication). */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, options) => {
  const { faults } = options;
  app.addHook(
    "onRequest",
    authenticate(options.apiKey, options.authErrorStatus, { requireVersion: false }),
  );

  app.get(`${ADMIN_PREFIX}/faults`, async (request) => {
    checkQuery(request.query, []);
    return { faults: faults.list() };
  });

  app.post(`${ADMIN_PREFIX}/faults`, async (request, reply) => {
    checkQuery(request.query, []);
    const id = faults.add(parseFaultRuleBody(request.body));
    return reply.code(201).send(faults.get(id));
  });

  app.delete(`${ADMIN_PREFIX}/faults`, async (request, reply) => {
    checkQuery(request.query, []);
    faults.clear();
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>(`${ADMIN_PREFIX}/faults/:id`, async (request, reply) => {
    checkQuery(request.query, []);
    if (!faults.remove(request.params.id)) throw apiErrors.faultRuleNotFound(request.params.id);
    return reply.code(204).send();
  });
};
