/**
 * The public SP metadata URL (`metadata_url` of a SAML module, `contributing/reference/seed.md` §2.3), like ngrok's
 * public IdP host (`https://idp.ngrok.com/saml/<route id>`): `GET <saml base path>/saml/:id`,
 * with no authentication and no version header. Answers the SP metadata XML
 * (`application/samlmetadata+xml`), or 404 ERR_NGROK_7124 when the route has no SAML module.
 */
import type { ContextRoutes } from "../context";
import { samlUrls } from "../model/render";
import { publishedSamlModule } from "../model/samlModuleStore";
import { buildSpMetadata, SP_METADATA_CONTENT_TYPE } from "../model/spMetadata";

/** Registers the public SP metadata route. */
export const publicSamlRoutes: ContextRoutes = async (app, { context }) => {
  app.get<{ Params: { id: string } }>(
    `${context.samlPathPrefix()}/saml/:id`,
    async (request, reply) => {
      const { route, module } = publishedSamlModule(context.store, request.params.id);
      const urls = samlUrls(route.id, context.urlsFor(request));
      const xml = buildSpMetadata({
        entityId: urls.entityId,
        assertionConsumerServiceUrl: urls.assertionConsumerServiceUrl,
        singleLogoutUrl: urls.singleLogoutUrl,
        nameIdFormat: module.settings.nameid_format,
        signingCertificateBase64: module.certificate.derBase64,
      });
      return reply.type(SP_METADATA_CONTENT_TYPE).send(xml);
    },
  );
};
