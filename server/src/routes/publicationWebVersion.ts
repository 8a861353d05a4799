import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { html } from '../http/html';
import { publicRateLimit } from '../http/rateLimit';
import {
  renderPersonalWebVersion,
  renderWebVersion,
  type WebVersion,
} from '../publications/publicationRendering';
import { publicPage, publicPageHeaders, type PublicPageOptions } from '../publicPages/layout';
import { neutralLook } from '../publicPages/pageLook';
import { webVersionPrefix } from '../publicPages/webVersionAddress';
import { webVersionRecipient } from '../publicPages/webVersionRecipient';
import {
  verifyTestWebVersionToken,
  verifyWebVersionToken,
  webVersionKey,
} from '../publicPages/webVersionToken';

export { webVersionPrefix };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** No forms in a publication; the console's preview may show it in a frame. */
const webVersionPage: PublicPageOptions = { formAction: "'none'", frameAncestors: "'self'" };

const notFoundPage = publicPage(
  neutralLook,
  'Niet gevonden',
  html`<h1>Niet gevonden</h1>
    <p>Deze publicatie bestaat niet of is niet openbaar. Gebruik de link uit het bericht zelf.</p>`,
);

interface WebVersionParams {
  environmentId: string;
  publicationId: string;
}

/**
 * The web version of publications (no sign-in), in the public-page layout's headers (its CSP allows the
 * theme's web fonts and the CDN's images, no script):
 * - `GET /p/{environmentId}/{publicationId}`: a public publication through its type's first template;
 * - `GET /p/{environmentId}/{publicationId}/{token}`: one recipient's version of a sent publication,
 *   public or not, through the template it was sent with and with the recipient's merge values
 *   ('Bekijk in je browser' in every message; the token is signed, publicPages/webVersionToken.ts), or
 *   a test message's version: through the template the test was sent with, merge fields at their fallback.
 * Anything else (not public without a token, a forged, altered or another publication's token, an
 * unknown id) gets the same 404 page. Public, so rate-limited per client address; one request renders
 * one publication from the compiled-layout cache. A GET only reads.
 */
export const publicationWebVersionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const send = (reply: FastifyReply, page: WebVersion | undefined) => {
    if (!page) {
      return reply
        .status(404)
        .headers(publicPageHeaders([], app.config, webVersionPage))
        .send(notFoundPage);
    }
    return reply.headers(publicPageHeaders(page.webFonts, app.config, webVersionPage)).send(page.html);
  };

  app.get<{ Params: WebVersionParams }>(
    `${webVersionPrefix}/:environmentId/:publicationId`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const ids = idsOf(request.params);
      const page = ids && (await renderWebVersion(app.db, app.config, ids.environmentId, ids.publicationId));
      return send(reply, page);
    },
  );

  app.get<{ Params: WebVersionParams & { token: string } }>(
    `${webVersionPrefix}/:environmentId/:publicationId/:token`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const ids = idsOf(request.params);
      // The signature is checked before any query.
      const key = await webVersionKey(app.db);
      const testTemplateId =
        ids && verifyTestWebVersionToken(key, ids.environmentId, ids.publicationId, request.params.token);
      if (ids && testTemplateId) {
        const { environmentId, publicationId } = ids;
        return send(
          reply,
          await renderPersonalWebVersion(
            app.db,
            app.config,
            environmentId,
            publicationId,
            testTemplateId,
            {},
          ),
        );
      }
      const recipientId =
        ids && verifyWebVersionToken(key, ids.environmentId, ids.publicationId, request.params.token);
      const recipient =
        ids &&
        recipientId !== undefined &&
        (await webVersionRecipient(app.db, ids.environmentId, ids.publicationId, recipientId));
      const page =
        ids && recipient
          ? await renderPersonalWebVersion(
              app.db,
              app.config,
              ids.environmentId,
              ids.publicationId,
              recipient.templateId,
              recipient.mergeValues,
              recipient.content,
            )
          : undefined;
      return send(reply, page);
    },
  );
};

/** The ids in lower case, or undefined for a malformed address. */
function idsOf(params: WebVersionParams): WebVersionParams | undefined {
  if (!uuidPattern.test(params.environmentId) || !uuidPattern.test(params.publicationId)) return undefined;
  return {
    environmentId: params.environmentId.toLowerCase(),
    publicationId: params.publicationId.toLowerCase(),
  };
}
