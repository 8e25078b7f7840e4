/**
 * SSH host and user certificates: `POST|GET /ssh_host_certificates`,
 * `GET|PATCH|DELETE /ssh_host_certificates/:id`, and the same under `/ssh_user_certificates`.
 * Body rules, defaults and signing are in `model/sshCertificate.ts`.
 */
import type { ContextRoutes } from "../context";
import { paginate, parsePageQuery } from "../model/paging";
import { renderSshCertificate, sshCertificateListUri } from "../model/render";
import {
  createSshCertificate,
  findSshCertificate,
  parseSshCertificateCreate,
  parseSshCertificateUpdate,
  SSH_HOST_CERTIFICATES,
  SSH_USER_CERTIFICATES,
  type SshCertificateKind,
} from "../model/sshCertificate";
import { applyDescriptionUpdate, checkQuery } from "../model/validation";

type IdParams = { Params: { id: string } };

/** The routes of one kind of certificate. */
function sshCertificateRoutes(kind: SshCertificateKind): ContextRoutes {
  return async (app, { context }) => {
    const { store } = context;
    const table = store.sshCertificates[kind.type];
    const path = `/${kind.collection}`;

    app.post(path, async (request, reply) => {
      checkQuery(request.query, []);
      const record = createSshCertificate(
        store,
        kind,
        parseSshCertificateCreate(kind, request.body),
      );
      return reply.code(201).send(renderSshCertificate(record, context.urlsFor(request)));
    });

    app.get(path, async (request) => {
      const page = parsePageQuery(request.query, kind.idPrefix);
      const urls = context.urlsFor(request);
      const listUri = sshCertificateListUri(urls, kind);
      const { items, nextPageUri } = paginate(table.newestFirst(), page, listUri);
      return {
        [kind.collection]: items.map((record) => renderSshCertificate(record, urls)),
        uri: listUri,
        next_page_uri: nextPageUri,
      };
    });

    app.get<IdParams>(`${path}/:id`, async (request) => {
      checkQuery(request.query, []);
      const record = findSshCertificate(store, kind, request.params.id);
      return renderSshCertificate(record, context.urlsFor(request));
    });

    app.patch<IdParams>(`${path}/:id`, async (request) => {
      checkQuery(request.query, []);
      const record = findSshCertificate(store, kind, request.params.id);
      const update = parseSshCertificateUpdate(kind, request.body);
      return renderSshCertificate(applyDescriptionUpdate(record, update), context.urlsFor(request));
    });

    app.delete<IdParams>(`${path}/:id`, async (request, reply) => {
      checkQuery(request.query, []);
      findSshCertificate(store, kind, request.params.id);
      table.delete(request.params.id);
      return reply.code(204).send();
    });
  };
}

/** Registers the SSH host certificate routes. */
export const sshHostCertificateRoutes = sshCertificateRoutes(SSH_HOST_CERTIFICATES);
/** Registers the SSH user certificate routes. */
export const sshUserCertificateRoutes = sshCertificateRoutes(SSH_USER_CERTIFICATES);
