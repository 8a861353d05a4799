import { Type, type Static } from '@sinclair/typebox';
import { Text } from './common';

/** POST /download-ticket: the download the ticket is for. */
export const DownloadTicketBody = Type.Object(
  {
    path: Text({
      minLength: 1,
      maxLength: 2000,
      description:
        'The path (and query, if any) of a GET route marked `x-download` in this environment, as the ' +
        'browser will request it, e.g. `/api/1/{environmentId}/list/manual/{listId}/export`.',
    }),
  },
  { additionalProperties: false },
);
export type DownloadTicketBody = Static<typeof DownloadTicketBody>;

export const DownloadTicket = Type.Object({
  ticket: Type.String({ description: 'Valid for the one path, for this user, until `expiresAt`.' }),
  url: Type.String({ description: 'The path with the ticket as `?ticket=…`: open it to download.' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type DownloadTicket = Static<typeof DownloadTicket>;
