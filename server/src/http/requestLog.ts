import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** What the log reads of a request (Fastify hands the serializer its request; its types say the raw one). */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
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
 * The request as every log line shows it: the path without its query string. Searches carry names and
 * e-mail addresses (personal data, kept out of the logs like the values of failed queries), and the
 * sign-in's callbacks carry codes.
 */
export function requestLogValue(request: LoggedRequest) {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? url : url.slice(0, query),
    host: request.host,
    ...(clients.get(request) ?? clientOf(request)),
  };
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
