import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { trackingPathPrefix } from '../analytics/messageTracking';
import type { Tracking } from '../analytics/tracking';
import { internalErrorMessage } from '../errors';
import { everyAnswerSecurityHeaders } from '../http/securityHeaders';
import { rateLimitNamespace } from '../http/rateLimitStore';

// The public tracking endpoints of delivered messages (no sign-in; the signed token is the permission):
// - `GET /t/o/{token}.gif` answers a 1×1 GIF always (a forged token is answered alike, and not recorded);
// - `GET /t/c/{token}` redirects (302) to the link's stored target, never to anything in the request,
//   and answers 404 for a forged token.
// HEAD answers the same without recording (GET/HEAD change nothing else, and a HEAD is a scanner's
// check). Nothing is cached, so every open reaches the server.
//
// Every open of every message lands here, so these are answered before Fastify: the server's request
// listener sees `GET|HEAD /t/{o|c}/{one segment}` first and answers it itself; every other request (and
// every request once the server is closing, which Fastify answers with 503) goes to Fastify as before.
// Fastify's per-request work (its request and reply objects, the global hooks: rate limiting, security
// headers, compression, the request log, the contract's checks) cost these endpoints more than half their
// throughput against a bare Fastify (docs/performance.md, "Tracking endpoints"). What the hooks did for
// them is done here, smaller:
// - limited per client address and minute (TRACKING_RATE_LIMIT, pixel and click together), 429 beyond;
//   counted in Redis across instances with REDIS_URL (failing open when Redis is unreachable, as the
//   other public limits), else in this process, in memory bounded by `maxAddresses`;
// - the security headers of every answer (http/securityHeaders.ts);
// - not logged per request (as /health): the event is the record, and a line per open would drown the
//   log; a failure is logged.
// Events are queued in analytics/eventWriter.ts before the answer is sent; a graceful stop first lets
// the answers in progress finish (Fastify closes the server), then flushes the queue (buildApp's clean-up).

// HTTP/2 requests come as Node's compatibility objects, shaped like these (as in app.ts).
type AnyRequest = IncomingMessage;
type AnyResponse = ServerResponse;
type RequestListener = (request: AnyRequest, response: AnyResponse) => void;

const send = (
  response: AnyResponse,
  status: number,
  headers: Record<string, string>,
  body?: Buffer | string,
) => {
  response.writeHead(status, headers);
  if (body === undefined) response.end();
  else response.end(body);
};

/** The smallest transparent GIF. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const noStore = 'no-store, no-cache, must-revalidate, private';
const windowMs = 60_000;
/** Addresses counted in memory per window; beyond it the newcomers share one count (bounded memory). */
const maxAddresses = 100_000;
const overflowAddress = 'others';
/** Redirect targets whose headers are kept. */
const maxRedirects = 10_000;

export interface TrackingEndpointOptions {
  tracking: Tracking;
  /** The Redis of the shared rate limits (http/rateLimitStore.ts), when REDIS_URL is set. */
  redis?: Redis;
}

/**
 * Puts the tracking endpoints in front of the app's request listener (call once, right after creating
 * the Fastify instance). While the app is closing, every request goes to Fastify.
 */
export function answerTrackingRequests(
  app: FastifyInstance,
  { tracking, redis }: TrackingEndpointOptions,
): void {
  const { config } = app;
  const security = everyAnswerSecurityHeaders(config);
  const pixelHeaders = {
    ...security,
    'cache-control': noStore,
    'content-type': 'image/gif',
    'content-length': String(pixel.length),
  };
  const limit = redis
    ? redisLimit(redis, `${config.redisPrefix}${rateLimitNamespace}tracking:`)
    : memoryLimit(() => Date.now());
  const max = config.analytics.rateLimitPerMinute;

  const clientAddress = (request: AnyRequest): string => {
    const forwarded = config.trustProxy ? request.headers['x-forwarded-for'] : undefined;
    if (typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0].trim();
    return request.socket.remoteAddress ?? '';
  };
  const json = (
    response: AnyResponse,
    status: number,
    body: object,
    headers: Record<string, string> = {},
  ) => {
    const text = JSON.stringify(body);
    send(
      response,
      status,
      {
        ...security,
        ...headers,
        'cache-control': noStore,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(text)),
      },
      text,
    );
  };

  const pixelAnswer = (response: AnyResponse, record: boolean) =>
    send(response, 200, pixelHeaders, record ? pixel : undefined);
  // A redirect's headers per target, made once (bounded like the link cache, analytics/tracking.ts).
  const redirectHeaders = new Map<string, Record<string, string>>();
  const redirect = (response: AnyResponse, url: string | undefined) => {
    if (!url) return json(response, 404, { status: 404, message: 'Deze link bestaat niet.' });
    let headers = redirectHeaders.get(url);
    if (!headers) {
      if (redirectHeaders.size >= maxRedirects) redirectHeaders.clear();
      headers = { ...security, 'cache-control': noStore, location: url, 'content-length': '0' };
      redirectHeaders.set(url, headers);
    }
    send(response, 302, headers);
  };
  // Synchronous while nothing must be waited for (the count, the key, the job and link are at hand):
  // a promise a request showed in the endpoints' CPU (analytics/tracking.ts).
  const answerCounted = (
    count: Count | undefined,
    kind: 'o' | 'c',
    segment: string,
    request: AnyRequest,
    response: AnyResponse,
  ): void | Promise<void> => {
    if (count && count.current > max) {
      const seconds = Math.max(1, Math.ceil(count.ttl / 1000));
      const message = `Te veel verzoeken. Probeer het over ${seconds} seconden opnieuw.`;
      return json(response, 429, { status: 429, message }, { 'retry-after': String(seconds) });
    }
    const record = request.method === 'GET';
    const userAgent = userAgentOf(request);
    if (kind === 'o') {
      const opened =
        record && segment.endsWith('.gif')
          ? tracking.open(segment.slice(0, -'.gif'.length), userAgent, new Date())
          : false;
      return opened instanceof Promise
        ? opened.then(() => pixelAnswer(response, record))
        : pixelAnswer(response, record);
    }
    const url = tracking.click(segment, userAgent, new Date(), record);
    return url instanceof Promise
      ? url.then((loaded) => redirect(response, loaded))
      : redirect(response, url);
  };
  const answer = (kind: 'o' | 'c', segment: string, request: AnyRequest, response: AnyResponse) => {
    const counted = limit(clientAddress(request));
    return counted instanceof Promise
      ? counted.then((count) => answerCounted(count, kind, segment, request, response))
      : answerCounted(counted, kind, segment, request, response);
  };

  const failed = (error: unknown, kind: 'o' | 'c', request: AnyRequest, response: AnyResponse) => {
    app.log.error({ err: error }, 'tracking request failed');
    if (response.headersSent) return void response.destroy();
    if (kind === 'o') return pixelAnswer(response, request.method === 'GET');
    json(response, 500, { status: 500, message: internalErrorMessage });
  };

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const server = app.server;
  const [fastify] = server.listeners('request') as RequestListener[];
  server.removeListener('request', fastify);
  server.on('request', (request: AnyRequest, response: AnyResponse) => {
    const endpoint = closing ? undefined : trackingEndpoint(request);
    if (!endpoint) return fastify(request, response);
    let answered: void | Promise<void>;
    try {
      answered = answer(endpoint.kind, endpoint.segment, request, response);
    } catch (error) {
      return failed(error, endpoint.kind, request, response);
    }
    if (answered instanceof Promise)
      answered.catch((error: unknown) => failed(error, endpoint.kind, request, response));
  });
}

/** The User-Agent, read from the raw headers: `request.headers` would build an object of them all. */
function userAgentOf(request: AnyRequest): string | undefined {
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2)
    if (raw[index].length === 10 && raw[index].toLowerCase() === 'user-agent') return raw[index + 1];
  return undefined;
}

const prefix = `${trackingPathPrefix}/`;

/** `GET|HEAD /t/o/{segment}` or `/t/c/{segment}` (query ignored); undefined for anything else. */
function trackingEndpoint(request: AnyRequest): { kind: 'o' | 'c'; segment: string } | undefined {
  const url = request.url ?? '';
  if (!url.startsWith(prefix) || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const kind = url[prefix.length];
  if ((kind !== 'o' && kind !== 'c') || url[prefix.length + 1] !== '/') return undefined;
  const start = prefix.length + 2;
  const query = url.indexOf('?', start);
  const segment = url.slice(start, query < 0 ? url.length : query);
  // Empty or more than one segment: Fastify's not-found answer, as for any other unknown path.
  if (!segment || segment.includes('/')) return undefined;
  return { kind, segment };
}

interface Count {
  current: number;
  /** Milliseconds left in the window. */
  ttl: number;
}
/** Counts a request of the address; undefined when it cannot be counted (the request passes). */
type Limit = (address: string) => Count | undefined | Promise<Count | undefined>;

/** Fixed windows of a minute, counted in this process. */
function memoryLimit(now: () => number): Limit {
  let counts = new Map<string, number>();
  let windowStart = now();
  // One count object for every request: it is read synchronously, before the next request is counted.
  const count: Count = { current: 0, ttl: 0 };
  return (address) => {
    const at = now();
    if (at - windowStart >= windowMs) {
      counts = new Map();
      windowStart = at;
    }
    const key = counts.has(address) || counts.size < maxAddresses ? address : overflowAddress;
    const current = (counts.get(key) ?? 0) + 1;
    counts.set(key, current);
    count.current = current;
    count.ttl = windowStart + windowMs - at;
    return count;
  };
}

/** A window of a minute per address in Redis, shared by every instance; fails open. */
function redisLimit(redis: Redis, keyPrefix: string): Limit {
  return async (address) => {
    const key = keyPrefix + address;
    try {
      const results = await redis.pipeline().set(key, 0, 'PX', windowMs, 'NX').incr(key).pttl(key).exec();
      const [, current] = results?.[1] ?? [];
      const [, ttl] = results?.[2] ?? [];
      return typeof current === 'number'
        ? { current, ttl: typeof ttl === 'number' ? ttl : windowMs }
        : undefined;
    } catch {
      return undefined;
    }
  };
}
