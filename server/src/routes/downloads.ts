import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  canonicalDownloadPath,
  downloadTicketSeconds,
  signDownloadTicket,
  withTicket,
} from '../auth/downloadTicket';
import { errorResponses } from '../contract/common';
import { DownloadTicket, DownloadTicketBody } from '../contract/downloads';
import { badRequest } from '../errors';

/**
 * Download tickets (auth/downloadTicket.ts): the console asks for one with its bearer token, then lets
 * the browser follow the link, so a file of any size streams to disk instead of into the page's memory.
 */
export const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/download-ticket',
    {
      schema: {
        summary:
          `A ticket to download one file by following a link: valid ${downloadTicketSeconds} s, for the ` +
          'signed-in user, for exactly the given path of a GET route marked `x-download` in this environment.',
        tags: ['downloads'],
        'x-extension': true,
        body: DownloadTicketBody,
        response: { 200: DownloadTicket, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // One leading slash: a path on this server, never `//other-host/…`.
      if (!/^\/(?!\/)/.test(request.body.path))
        throw badRequest('path', 'Het pad moet met één / beginnen, zoals /api/1/….');
      const path = canonicalDownloadPath(request.body.path);
      const pathOnly = path.split('?', 1)[0];
      const environmentPrefix = `/api/1/${request.environmentId}/`;
      if (!pathOnly.toLowerCase().startsWith(environmentPrefix) || !app.downloadRoutes.includes(pathOnly))
        throw badRequest('path', 'Dit pad is geen download in deze omgeving.');
      const expiresAt = Math.floor(app.downloadTickets.now() / 1000) + downloadTicketSeconds;
      const ticket = signDownloadTicket(await app.downloadTickets.key(), {
        userId: request.user.id,
        environmentId: request.environmentId,
        path,
        expiresAt,
      });
      return { ticket, url: withTicket(path, ticket), expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
  );
};
