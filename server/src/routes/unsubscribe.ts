import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { unsubscribeTarget } from '../delivery/recipientResults';
import { maxTokenLength, verifyUnsubscribeToken } from '../delivery/unsubscribeToken';
import { confirmUnsubscribePage, invalidLinkPage, unsubscribedPage } from '../delivery/unsubscribePage';
import { publicRateLimit } from '../http/rateLimit';
import { publicPageHeaders } from '../publicPages/layout';
import { loadPageLook, neutralLook, type PageLook } from '../publicPages/pageLook';
import { unsubscribeByOwner } from '../receivers/unsubscribers';

/** Where the personal unsubscribe links of delivered messages point: `/u/{token}`. */
export const unsubscribePrefix = '/u';

const formEncoded = 'application/x-www-form-urlencoded';

/**
 * The public unsubscribe endpoints (no sign-in; the signed token is the permission):
 * `GET /u/{token}` asks to confirm, `POST /u/{token}` unsubscribes, both from the confirm button and as
 * RFC 8058 one-click (`List-Unsubscribe=One-Click`, sent by mail programs). A forged or altered token is
 * refused (400) before anything is read. Rate-limited per client address; each request is one signature
 * check and at most three small queries by primary key, and the body is at most 1 KB.
 */
export const unsubscribeRoutes: FastifyPluginAsync = async (app) => {
  // The one-click body (`List-Unsubscribe=One-Click`) and the confirm form's (empty): nothing in it is used.
  app.addContentTypeParser(formEncoded, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  const send = (reply: FastifyReply, status: number, look: PageLook, page: string) =>
    reply.status(status).headers(publicPageHeaders(look.style.webFonts, app.config)).send(page);
  const invalidLink = (reply: FastifyReply) => send(reply, 400, neutralLook, invalidLinkPage(neutralLook));
  /** Whom a genuine token is for; undefined for a forged or altered one (checked before any query). */
  const claimOf = async (token: string) => {
    if (token.length > maxTokenLength) return undefined;
    const recipientId = verifyUnsubscribeToken(await app.delivery.unsubscribeKey(), token);
    return recipientId === undefined ? undefined : unsubscribeTarget(app.db, recipientId);
  };

  app.get<{ Params: { token: string } }>(
    `${unsubscribePrefix}/:token`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const claim = await claimOf(request.params.token);
      const look = claim && (await loadPageLook(app.db, app.config, claim.environmentId));
      if (!claim || !look) return invalidLink(reply);
      const action = `${unsubscribePrefix}/${request.params.token}`;
      return send(reply, 200, look, confirmUnsubscribePage(look, claim.email, action));
    },
  );

  app.post<{ Params: { token: string } }>(
    `${unsubscribePrefix}/:token`,
    { ...publicRateLimit({ max: 30, timeWindow: '1 minute' }), bodyLimit: 1024, schema: { hide: true } },
    async (request, reply) => {
      const claim = await claimOf(request.params.token);
      const look = claim && (await loadPageLook(app.db, app.config, claim.environmentId));
      if (!claim || !look) return invalidLink(reply);
      await unsubscribeByOwner(app.db, claim.environmentId, claim.email);
      return send(reply, 200, look, unsubscribedPage(look, claim.email));
    },
  );
};
