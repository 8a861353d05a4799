import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import type { AuthenticatedUser } from './authenticatedUser';
import { canonicalDownloadPath, checkDownloadTicket, type TicketRefusal } from './downloadTicket';
import { findMemberById } from './membership';

const refusals: Record<TicketRefusal, string> = {
  malformed: 'Deze downloadlink is ongeldig. Start de download opnieuw vanuit de console.',
  forged: 'Deze downloadlink is ongeldig. Start de download opnieuw vanuit de console.',
  elsewhere: 'Deze downloadlink hoort bij een andere download. Start de download opnieuw vanuit de console.',
  expired: 'Deze downloadlink is verlopen. Start de download opnieuw vanuit de console.',
};

/**
 * The ticket of a download link the browser follows: only on a GET route declared `x-download`, and only
 * when no bearer token came along (a token, when sent, is what counts). Undefined otherwise.
 */
export function downloadTicketOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || !request.routeOptions.schema?.['x-download']) return undefined;
  if (request.headers.authorization !== undefined) return undefined;
  const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
  return typeof ticket === 'string' ? ticket : undefined;
}

/**
 * The member a ticket speaks for, in the environment of the path: 401 (in Dutch) for a ticket that is
 * unreadable, not signed here, expired or made for another path or environment; 403 when the user is no
 * longer a member.
 */
export async function acceptDownloadTicket(
  request: FastifyRequest,
  ticket: string,
  environmentId: string,
): Promise<AuthenticatedUser> {
  const { downloadTickets, db } = request.server;
  const checked = checkDownloadTicket(await downloadTickets.key(), ticket, {
    environmentId,
    path: canonicalDownloadPath(request.url),
    now: downloadTickets.now(),
  });
  if ('refusal' in checked) {
    request.log.info({ reason: checked.refusal }, 'download ticket refused');
    throw unauthorized(refusals[checked.refusal]);
  }
  const member = await findMemberById(db, environmentId, checked.userId);
  if (!member) throw forbidden();
  return member;
}
