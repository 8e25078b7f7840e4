/**
 * SSH Certificate Authorities (spec sections 2.1, 2.2, 4.1):
 * `POST /ssh_certificate_authorities`, `GET /ssh_certificate_authorities`,
 * `GET|PATCH|DELETE /ssh_certificate_authorities/:id`. Body rules, defaults, key generation and
 * the delete conflict (ERR_NGROK_1964) are in `model/sshCertificateAuthority.ts`.
 */
import type { ContextRoutes } from "../context";
import { ID_PREFIX } from "../model/ids";
import { paginate, parsePageQuery } from "../model/paging";
import { renderSshCa, sshCaListUri } from "../model/render";
import {
  createSshCa,
  deleteSshCa,
  findSshCa,
  parseSshCaCreate,
  parseSshCaUpdate,
} from "../model/sshCertificateAuthority";
import { applyDescriptionUpdate, checkQuery } from "../model/validation";

type IdParams = { Params: { id: string } };

/** Registers the SSH CA routes. */
export const sshCertificateAuthorityRoutes: ContextRoutes = async (app, { context }) => {
  const { store } = context;
  const path = "/ssh_certificate_authorities";

  app.post(path, async (request, reply) => {
    checkQuery(request.query, []);
    const record = await createSshCa(store, parseSshCaCreate(request.body));
    return reply.code(201).send(renderSshCa(record, context.urlsFor(request)));
  });

  app.get(path, async (request) => {
    const page = parsePageQuery(request.query, ID_PREFIX.sshCertificateAuthority);
    const urls = context.urlsFor(request);
    const listUri = sshCaListUri(urls);
    const { items, nextPageUri } = paginate(store.sshCas.newestFirst(), page, listUri);
    return {
      ssh_certificate_authorities: items.map((record) => renderSshCa(record, urls)),
      uri: listUri,
      next_page_uri: nextPageUri,
    };
  });

  app.get<IdParams>(`${path}/:id`, async (request) => {
    checkQuery(request.query, []);
    return renderSshCa(findSshCa(store, request.params.id), context.urlsFor(request));
  });

  app.patch<IdParams>(`${path}/:id`, async (request) => {
    checkQuery(request.query, []);
    const record = findSshCa(store, request.params.id);
    const update = parseSshCaUpdate(request.body);
    return renderSshCa(applyDescriptionUpdate(record, update), context.urlsFor(request));
  });

  app.delete<IdParams>(`${path}/:id`, async (request, reply) => {
    checkQuery(request.query, []);
    deleteSshCa(store, request.params.id, context.options.sshCaInUseStatus);
    return reply.code(204).send();
  });
};
