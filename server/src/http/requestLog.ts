import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** What the log reads of a request (Fastify hands the serializer its request; its types say the raw one). */
interface LoggedRequest {
  method?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string };
  /** Set by the environment scope (routes/scope.ts); empty outside it. */
  environmentId?: string;
}

interface Client {
  remoteAddress?: string;
  remotePort?: number;
}

/**
 * The client of each request being answered, noted on arrival: once an HTTP/2 stream has ended, its
 * request no longer reaches the connection's socket, and the line is written then.
 */
const clients = new WeakMap<object, Client>();

const clientOf = (request: LoggedRequest): Client => ({
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * The request as every log line shows it: the route's pattern (`/u/:token`), never the path it was
 * asked with. Paths carry secrets (the unsubscribe link's token, later web-version and RSVP links) and
 * query strings personal data (searches by name or e-mail address) and the sign-in's codes. A request
 * that matched no route (a bad URL, a too long parameter) has no pattern and logs none. The environment
 * is logged on its own: it is what an operator looks for, and no secret.
 */
export function requestLogValue(request: LoggedRequest) {
  return {
    method: request.method,
    route: routePattern(request),
    ...(request.environmentId ? { environmentId: request.environmentId } : {}),
    host: request.host,
    ...(clients.get(request) ?? clientOf(request)),
  };
}

function routePattern(request: LoggedRequest): string | undefined {
  try {
    return request.routeOptions?.url;
  } catch {
    // A request the router refused before choosing a route has no route context to read.
    return undefined;
  }
}

/**
 * One log line per request, when it is answered (request, status, response time), instead of Fastify's
 * two (one on arrival, one on completion): at the production level `info` every request is logged.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) clients.set(request, clientOf(request));
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
