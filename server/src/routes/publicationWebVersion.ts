import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../config';
import { renderWebVersion } from '../publications/publicationRendering';
import { publicRateLimit } from '../http/rateLimit';
import { absoluteCdnBase } from '../rendering/imageUrl';

/** Where public publications can be read without signing in: `/p/{environmentId}/{publicationId}`. */
export const webVersionPrefix = '/p';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Headers of rendered publication HTML shown in a browser: no script at all, images only from the CDN,
 * styles only inline (as in any e-mail), no forms, no base URL, never sniffed as something else.
 */
export function webVersionHeaders(config: Pick<AppConfig, 'publicUrl' | 'cdnBase'>): Record<string, string> {
  const cdnOrigin = new URL(absoluteCdnBase(config)).origin;
  return {
    'content-security-policy':
      `default-src 'none'; img-src ${cdnOrigin}; style-src 'unsafe-inline'; ` +
      "base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

const notFoundPage =
  '<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Niet gevonden</title></head>' +
  '<body><p>Deze publicatie bestaat niet of is niet openbaar.</p></body></html>';

/**
 * The web version of public publications (no sign-in): the rendered HTML of the publication's first
 * template. A publication that is not public answers exactly like an unknown one (404). Public, so
 * rate-limited per client address; one request renders one publication from the compiled-layout cache.
 */
export const publicationWebVersionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get<{ Params: { environmentId: string; publicationId: string } }>(
    `${webVersionPrefix}/:environmentId/:publicationId`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const { environmentId, publicationId } = request.params;
      const mail =
        uuidPattern.test(environmentId) && uuidPattern.test(publicationId)
          ? await renderWebVersion(
              app.db,
              app.config,
              environmentId.toLowerCase(),
              publicationId.toLowerCase(),
            )
          : undefined;
      reply.headers(webVersionHeaders(app.config)).type('text/html; charset=utf-8');
      if (!mail) return reply.status(404).send(notFoundPage);
      return reply.header('cache-control', 'no-cache').send(mail.html);
    },
  );
};
