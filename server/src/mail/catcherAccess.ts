import type { CaughtMessage, CaughtMessagePage, CaughtMessagesQuery } from '../contract/mail';
import { ApiError, notFound } from '../errors';
import { pageSize } from '../contract/paging';
import type { MailTransport } from './mailTransport';

// Reading the embedded catcher through the API: an environment's staff see the messages sent for their
// environment (the header set when sending), nothing else. With a real SMTP server there is nothing to read.

export const catcherOff = () =>
  new ApiError(
    404,
    'Er is geen testmailbox: berichten gaan naar een echte mailserver (SMTP_URL) en worden hier niet bewaard.',
  );

export async function listCaughtMessages(
  mail: MailTransport,
  environmentId: string,
  query: CaughtMessagesQuery,
): Promise<CaughtMessagePage> {
  if (!mail.catcher) throw catcherOff();
  return mail.catcher.list(environmentId, query.offset ?? 0, query.limit ?? pageSize, query.search);
}

export async function readCaughtMessage(
  mail: MailTransport,
  environmentId: string,
  id: string,
): Promise<CaughtMessage> {
  if (!mail.catcher) throw catcherOff();
  const message = await mail.catcher.read(environmentId, id);
  if (!message) throw notFound('Het bericht');
  return message;
}
