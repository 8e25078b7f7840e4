/**
 * SSH Credentials: `POST|GET /ssh_credentials`, `GET|PATCH|DELETE /ssh_credentials/:id`. Body
 * rules, options, duplicate keys and rendering are in `model/sshCredential.ts`.
 */
import type { ContextRoutes } from "../context";
import { ID_PREFIX } from "../model/ids";
import { paginate, parsePageQuery } from "../model/paging";
import {
  applySshCredentialUpdate,
  createSshCredential,
  deleteSshCredential,
  findSshCredential,
  parseSshCredentialCreate,
  parseSshCredentialUpdate,
  renderSshCredential,
  sshCredentialListUri,
} from "../model/sshCredential";
import { checkQuery } from "../model/validation";

type IdParams = { Params: { id: string } };

/** Registers the SSH credential routes. */
export const sshCredentialRoutes: ContextRoutes = async (app, { context }) => {
  const { store } = context;
  const { sshCredentials: options, apiKeyOwnerId } = context.options;
  const path = "/ssh_credentials";

  app.post(path, async (request, reply) => {
    checkQuery(request.query, []);
    const create = parseSshCredentialCreate(request.body, options);
    const record = createSshCredential(store, create, options, apiKeyOwnerId);
    return reply.code(201).send(renderSshCredential(record, context.urlsFor(request)));
  });

  app.get(path, async (request) => {
    const page = parsePageQuery(request.query, ID_PREFIX.sshCredential);
    const urls = context.urlsFor(request);
    const listUri = sshCredentialListUri(urls);
    const { items, nextPageUri } = paginate(store.sshCredentials.newestFirst(), page, listUri);
    return {
      ssh_credentials: items.map((record) => renderSshCredential(record, urls)),
      uri: listUri,
      next_page_uri: nextPageUri,
    };
  });

  app.get<IdParams>(`${path}/:id`, async (request) => {
    checkQuery(request.query, []);
    const record = findSshCredential(store, request.params.id);
    return renderSshCredential(record, context.urlsFor(request));
  });

  app.patch<IdParams>(`${path}/:id`, async (request) => {
    checkQuery(request.query, []);
    const record = findSshCredential(store, request.params.id);
    const update = parseSshCredentialUpdate(request.body, options);
    return renderSshCredential(applySshCredentialUpdate(record, update), context.urlsFor(request));
  });

  app.delete<IdParams>(`${path}/:id`, async (request, reply) => {
    checkQuery(request.query, []);
    deleteSshCredential(store, request.params.id);
    return reply.code(204).send();
  });
};
