import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { unsubscribeTarget } from '../delivery/recipientResults';
import { unsubscribePrefix } from '../delivery/unsubscribePath';
import {
  maxTestTokenLength,
  maxTokenLength,
  verifyTestUnsubscribeToken,
  verifyUnsubscribeToken,
} from '../delivery/unsubscribeToken';
import {
  alreadyUnsubscribedPage,
  confirmUnsubscribePage,
  invalidLinkPage,
  unsubscribedPage,
} from '../delivery/unsubscribePage';
import { publicRateLimit } from '../http/rateLimit';
import { publicPageHeaders } from '../publicPages/layout';
import { preferencePath } from '../preferences/preferenceAddress';
import { preferenceKey, signAddressToken } from '../preferences/preferenceToken';
import { loadPageLook, neutralLook, type PageLook } from '../publicPages/pageLook';
import { isUnsubscribed, unsubscribeByOwner } from '../receivers/unsubscribers';

export { unsubscribePrefix };

/**
 * A test message's link: `/u/t?k={token}`. Its token holds the address itself, longer than a path segment
 * may be (Fastify's 100 characters), so it travels in the query.
 */
export function testUnsubscribePath(token: string): string {
  return `${unsubscribePrefix}/t?k=${token}`;
}

type UnsubscribeRequest = FastifyRequest<{ Params: { token: string }; Querystring: { k?: string } }>;

/** The token of either link, and the path its confirm form posts to. */
function linkOf(request: UnsubscribeRequest): { token: string; action: string } {
  const { token } = request.params;
  if (token === 't' && typeof request.query.k === 'string')
    return { token: request.query.k, action: testUnsubscribePath(request.query.k) };
  return { token, action: `${unsubscribePrefix}/${token}` };
}

/** The body formats RFC 8058 §3.1 allows for the one-click POST (and the confirm form's). */
const oneClickBodyTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The public unsubscribe endpoints (no sign-in; the signed token is the permission):
 * `GET /u/{token}` asks to confirm, `POST /u/{token}` unsubscribes, both from the confirm button and as
 * RFC 8058 one-click (`List-Unsubscribe=One-Click`, sent by mail programs). A forged or altered token is
 * refused (400) before anything is read. Rate-limited per client address; each request is one signature
 * check and at most four small indexed queries, and the body is at most 1 KB.
 */
export const unsubscribeRoutes: FastifyPluginAsync = async (app) => {
  // The one-click body (`List-Unsubscribe=One-Click`, form-encoded or multipart) and the confirm form's
  // (empty): nothing in it is used, so it is read (at most 1 KB) and dropped, never parsed.
  app.addContentTypeParser(
    oneClickBodyTypes,
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const send = (reply: FastifyReply, status: number, look: PageLook, page: string) =>
    reply.status(status).headers(publicPageHeaders(look.style.webFonts, app.config)).send(page);
  const invalidLink = (reply: FastifyReply) => send(reply, 400, neutralLook, invalidLinkPage(neutralLook));
  /** The address's preference page, where it can sign up again. */
  const preferencesOf = async ({ environmentId, email }: { environmentId: string; email: string }) =>
    preferencePath(environmentId, signAddressToken(await preferenceKey(app.db), environmentId, email));
  /**
   * Whom a genuine token is for, and whether it came from a test message; undefined for a forged or altered
   * one (checked before any query).
   */
  const claimOf = async (token: string) => {
    const key = await app.delivery.unsubscribeKey();
    if (token.startsWith('t.')) {
      const test = token.length <= maxTestTokenLength ? verifyTestUnsubscribeToken(key, token) : undefined;
      return test && { ...test, test: true };
    }
    if (token.length > maxTokenLength) return undefined;
    const recipientId = verifyUnsubscribeToken(key, token);
    const target = recipientId === undefined ? undefined : await unsubscribeTarget(app.db, recipientId);
    return target && { ...target, test: false };
  };

  app.get<{ Params: { token: string }; Querystring: { k?: string } }>(
    `${unsubscribePrefix}/:token`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const { token, action } = linkOf(request);
      const claim = await claimOf(token);
      const look = claim && (await loadPageLook(app.db, app.config, claim.environmentId));
      if (!claim || !look) return invalidLink(reply);
      // Opened again after unsubscribing: say so instead of asking to confirm once more (reading only).
      if (await isUnsubscribed(app.db, claim.environmentId, claim.email))
        return send(reply, 200, look, alreadyUnsubscribedPage(look, claim.email, await preferencesOf(claim)));
      return send(reply, 200, look, confirmUnsubscribePage(look, claim.email, action, claim.test));
    },
  );

  app.post<{ Params: { token: string }; Querystring: { k?: string } }>(
    `${unsubscribePrefix}/:token`,
    { ...publicRateLimit({ max: 30, timeWindow: '1 minute' }), bodyLimit: 1024, schema: { hide: true } },
    async (request, reply) => {
      const claim = await claimOf(linkOf(request).token);
      const look = claim && (await loadPageLook(app.db, app.config, claim.environmentId));
      if (!claim || !look) return invalidLink(reply);
      await unsubscribeByOwner(app.db, claim.environmentId, claim.email);
      return send(reply, 200, look, unsubscribedPage(look, claim.email, await preferencesOf(claim)));
    },
  );
};
