/** A download ticket in a query string (auth/downloadTicket.ts): a credential, so never logged. */
const ticketParameter = /([?&]ticket=)[^&#]*/g;

/** The request as Fastify hands it to the `req` log serializer. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** What Fastify logs of a request (its own fields), with a download ticket's value left out of the URL. */
export function serializeRequestWithoutTicket(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url?.replace(ticketParameter, '$1[verwijderd]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
