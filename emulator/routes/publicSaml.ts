/**
 * The public SP metadata URL (`metadata_url` of a SAML module, spec section 2.3), like ngrok's
 * public IdP host (`https://idp.ngrok.com/saml/<route id>`): `GET <saml base path>/saml/:id`,
 * with no authentication and no version header. Answers the SP metadata XML
 * (`application/samlmetadata+xml`), or 404 ERR_NGROK_7124 when the route has no SAML module.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { apiErrors } from "../errors";
import { ID_PREFIX } from "../model/ids";
import { samlUrls } from "../model/render";
import { buildSpMetadata, SP_METADATA_CONTENT_TYPE } from "../model/spMetadata";

/** Registers the public SP metadata route. */
export async function publicSamlRoutes(
  app: FastifyInstance,
  options: { context: EmulatorContext },
): Promise<void> {
  const { context } = options;

  app.get<{ Params: { id: string } }>(
    `${context.samlPathPrefix()}/saml/:id`,
    async (request, reply) => {
      const routeId = request.params.id;
      const route = routeId.startsWith(ID_PREFIX.httpsEdgeRoute)
        ? context.store.findRoute(routeId)
        : undefined;
      if (route === undefined || route.saml === undefined) {
        throw apiErrors.samlModuleNotFound(routeId);
      }
      const urls = samlUrls(route.id, context.urlsFor(request));
      const xml = buildSpMetadata({
        entityId: urls.entityId,
        assertionConsumerServiceUrl: urls.assertionConsumerServiceUrl,
        singleLogoutUrl: urls.singleLogoutUrl,
        nameIdFormat: route.saml.settings.nameid_format,
        signingCertificateBase64: route.saml.certificate.derBase64,
      });
      return reply.type(SP_METADATA_CONTENT_TYPE).send(xml);
    },
  );
}
