import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { trackingPathPrefix } from '../analytics/messageTracking';
import { publicRateLimit } from '../http/rateLimit';

// The public tracking endpoints of delivered messages (no sign-in; the signed token is the permission).
// `GET /t/o/{token}.gif` answers a 1×1 GIF always (a forged token is answered alike, and not recorded);
// `GET /t/c/{token}` redirects (302) to the link's stored target, never to anything in the request, and
// answers 404 for a forged token. HEAD answers the same without recording (GET/HEAD change nothing else,
// and a HEAD is a scanner's check). Nothing is cached, so every open reaches the server.

/** The smallest transparent GIF. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const noStore = 'no-store, no-cache, must-revalidate, private';

type TokenRequest = FastifyRequest<{ Params: { file?: string; token?: string } }>;

export const trackingRoutes: FastifyPluginAsync = async (app) => {
  const userAgent = (request: FastifyRequest) => request.headers['user-agent'];
  const sendPixel = (reply: FastifyReply) =>
    reply.status(200).header('Cache-Control', noStore).header('Content-Type', 'image/gif').send(pixel);

  const openHandler = async (request: TokenRequest, reply: FastifyReply) => {
    const file = request.params.file ?? '';
    if (request.method === 'GET' && file.endsWith('.gif')) {
      await app.tracking.open(file.slice(0, -'.gif'.length), userAgent(request), new Date());
    }
    return sendPixel(reply);
  };
  const clickHandler = async (request: TokenRequest, reply: FastifyReply) => {
    const url = await app.tracking.click(
      request.params.token ?? '',
      userAgent(request),
      new Date(),
      request.method === 'GET',
    );
    if (!url) {
      return reply.status(404).header('Cache-Control', noStore).send({ message: 'Deze link bestaat niet.' });
    }
    return reply.status(302).header('Cache-Control', noStore).header('Location', url).send();
  };
  // Per client address and minute (TRACKING_RATE_LIMIT): a mail proxy (Apple, Google) fetches for many
  // readers from few addresses, so the limit is high.
  const trackingLimit = publicRateLimit({
    max: app.config.analytics.rateLimitPerMinute,
    timeWindow: '1 minute',
  });
  const options = { ...trackingLimit, schema: { hide: true }, exposeHeadRoute: false };
  app.get(`${trackingPathPrefix}/o/:file`, options, openHandler);
  app.head(`${trackingPathPrefix}/o/:file`, options, openHandler);
  app.get(`${trackingPathPrefix}/c/:token`, options, clickHandler);
  app.head(`${trackingPathPrefix}/c/:token`, options, clickHandler);
};
