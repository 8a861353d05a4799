import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../contract/common';
import { ApiError } from '../errors';
import { CdnParams, CdnQuery } from '../contract/media';
import { openFileContent } from '../media/files';
import { mediaServices } from '../media/mediaServices';
import { contentTypeOf, isRasterExtension, storedFileMediaTypes } from '../media/mediaTypes';
import { isNotModified } from '../http/conditionalRequests';
import { publicRateLimit } from '../http/rateLimit';
import { RenderBudgetError } from '../media/renderBudget';
import { RenderAbandonedError, RenderBusyError } from '../media/renderLimiter';
import type { RenditionAsker } from '../media/renditions';
import { maxRenditionSide, renditionSpecFor, renditionVariant } from '../media/renditionSizes';
import { scriptFreeContentSecurityPolicy, userContentHeaders } from '../media/securityHeaders';

/** Where the CDN answers; `config.cdnBase` (handed to the console) points here unless a CDN fronts it. */
export const cdnPrefix = '/cdn';

/** Files never change after upload (a rename keeps the bytes), so every answer may be cached for a year. */
const immutableCaching = 'public, max-age=31536000, immutable';

/**
 * The public image CDN (no bearer token: images load in <img> tags; file ids are unguessable GUIDs):
 * `GET /cdn/{environmentId}/{fileId}{extension}?w=&h=&mode=crop`. Raster images are resized with sharp
 * within the bounds of `media/renditions.ts` (sizes on a ladder, never enlarged, a few renders at once,
 * a byte budget for the cache); SVG and other files are sent as they are, under a script-free policy.
 * Every client address is rate-limited (CDN_RATE_LIMIT per minute) and has a budget of fresh renders
 * (media/renderBudget.ts); an ask without a valid access token renders smaller images only.
 */
export const cdnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = await mediaServices(app);

  app.get(
    `${cdnPrefix}/:environmentId/:file`,
    {
      ...publicRateLimit({ max: app.config.cdn.requestsPerMinute, timeWindow: '1 minute' }),
      schema: {
        summary: 'A media file for <img> tags; raster images resized to w x h (mode=crop: cover crop).',
        description:
          `Public. Only .jpg .jpeg .gif .png .webp are resized (w and h at most ${maxRenditionSide}, rounded up ` +
          'to a fixed ladder of sizes that holds 80, 400, 500 and 740; never larger than the image; the first ' +
          'frame of an animation); .svg and other files are sent as they are. ETag, a one-year immutable ' +
          'Cache-Control and X-Cache (HIT or MISS for resized images). 503 with Retry-After when the renderer ' +
          'is busy; 429 beyond the per-address rate limit, and with Retry-After when the address asked more ' +
          'fresh sizes than its render budget allows (cached sizes are still served). Without a valid bearer ' +
          'token, images larger than CDN_ANONYMOUS_MAX_PIXELS are not resized (422) unless that size is cached.',
        tags: ['cdn'],
        // Resized images keep their format; anything else is sent with the stored file's own type.
        'x-produces': [...storedFileMediaTypes],
        params: CdnParams,
        querystring: CdnQuery,
        response: { ...errorResponses(400, 404, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { environmentId, file: fileName } = request.params;
      // The id decides; the extension in the URL is a hint (the sidebar asks '.png' for any logo). The
      // answer's type always comes from the stored file, never from the URL.
      const fileId = fileName.slice(0, 36).toLowerCase();
      const { file, content } = await openFileContent(services, environmentId.toLowerCase(), fileId);

      const { w, h } = request.query;
      const resize = isRasterExtension(file.extension) && (w !== undefined || h !== undefined);
      if (!resize) {
        const etag = `"${file.id}-original"`;
        setCommonHeaders(reply, etag, contentTypeOf(file.extension));
        if (!isRasterExtension(file.extension))
          reply.header('content-security-policy', scriptFreeContentSecurityPolicy);
        if (!file.extension || !isImage(file.extension)) reply.header('content-disposition', 'attachment');
        if (isNotModified(request, etag)) return reply.status(304).send();
        return reply.header('content-length', String(content.sizeInBytes)).send(content.stream());
      }

      const spec = renditionSpecFor(request.query);
      const etag = `"${file.id}-${renditionVariant(spec)}"`;
      if (isNotModified(request, etag)) {
        setCommonHeaders(reply, etag, contentTypeOf(file.extension));
        return reply.status(304).send();
      }
      const asker = await askerOf(request);
      const rendition = await services.renditions
        .get(environmentId.toLowerCase(), file.id, file.extension, spec, clientGone(reply), asker)
        .catch((error: unknown) => {
          if (error instanceof RenderBusyError || error instanceof RenderBudgetError)
            reply.headers({ 'retry-after': String(error.retryAfterSeconds), 'cache-control': 'no-store' });
          // Nobody reads this answer; the status only tells the log what happened.
          if (error instanceof RenderAbandonedError) throw new ApiError(499, 'De aanvraag is afgebroken.');
          throw error;
        });
      setCommonHeaders(reply, etag, rendition.contentType);
      return reply
        .header('x-cache', rendition.cacheHit ? 'HIT' : 'MISS')
        .header('content-length', String(rendition.sizeInBytes))
        .send(rendition.stream());
    },
  );
};

/**
 * Who asks: the client address (X-Forwarded-For only with TRUST_PROXY=on) and whether a signed-in user
 * does. <img> tags send no token, so the console's own thumbnails are anonymous asks too; a client that
 * sends its access token (Authorization: Bearer) may have larger images rendered. A token that does not
 * verify makes an anonymous ask, never a refusal: the CDN is public.
 */
async function askerOf(request: FastifyRequest): Promise<RenditionAsker> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return { address: request.ip, signedIn: false };
  try {
    await request.server.identity.verifyAccessToken(match[1]!);
    return { address: request.ip, signedIn: true };
  } catch {
    // Invalid, expired, or the identity provider unreachable: served as anyone else.
    return { address: request.ip, signedIn: false };
  }
}

/** Aborts when the client closes the connection before its answer was sent. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

function isImage(extension: string): boolean {
  return isRasterExtension(extension) || extension === '.svg';
}

function setCommonHeaders(reply: FastifyReply, etag: string, contentType: string): void {
  reply.headers({
    ...userContentHeaders,
    etag,
    'cache-control': immutableCaching,
    // The console and newsletters embed these images from other origins too.
    'cross-origin-resource-policy': 'cross-origin',
  });
  reply.type(contentType);
}
