import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { publicRateLimit } from '../http/rateLimit';
import { publicPageHeaders } from '../publicPages/layout';
import { loadPageLook, neutralLook, type PageLook } from '../publicPages/pageLook';
import { erasePerson } from '../privacy/erasePerson';
import { exportPerson } from '../privacy/exportPerson';
import { personalDataPath, personalDataPrefix } from '../privacy/personalDataAddress';
import { sendPersonalDataMail } from '../privacy/personalDataMails';
import {
  confirmErasePage,
  downloadPage,
  erasedPage,
  expiredLinkPage,
  invalidPersonalDataLinkPage,
  linkMailedPage,
  personalDataPage,
} from '../privacy/personalDataPages';
import {
  personalDataKey,
  signTicket,
  ticketHours,
  ticketValid,
  verifyPersonalToken,
  type TicketPurpose,
} from '../privacy/personalDataToken';

/** The parts of a 'Mijn gegevens' path after the environment: the token, then what is asked. */
interface PersonalDataPath {
  environmentId: string;
  token: string;
  purpose?: TicketPurpose;
  ticket?: string;
}

type PersonalDataRequest = FastifyRequest<{ Params: { environmentId: string; '*': string } }>;

const purposes: readonly string[] = ['downloaden', 'wissen'];

/** The path's parts, or undefined for a shape no page has. */
function pathOf(request: PersonalDataRequest): PersonalDataPath | undefined {
  const parts = request.params['*'].split('/');
  if (parts.length > 3 || !/^[0-9a-f-]{36}$/.test(request.params.environmentId)) return undefined;
  const [token, purpose, ticket] = parts;
  if (!token || (purpose !== undefined && !purposes.includes(purpose))) return undefined;
  return { environmentId: request.params.environmentId, token, purpose: purpose as TicketPurpose, ticket };
}

/** The body of the page's buttons (form-encoded, empty): read (at most 1 KB) and dropped, never parsed. */
const formBodyTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * A resident's 'Mijn gegevens' (no sign-in; the signed token is the permission): `GET /g/{env}/{token}`
 * shows the page; its buttons POST to `…/downloaden` and `…/wissen`, each mailing one link to the address
 * (at most three an hour per address); the mailed link's page (`…/{purpose}/{ticket}`, valid
 * 24 hours) has the one button that downloads the JSON or erases. GET and HEAD only show pages. The token
 * (an address in base64url) may be longer than a path parameter, so the rest of the path is one wildcard.
 */
export const personalDataRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(formBodyTypes, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  const send = (reply: FastifyReply, status: number, look: PageLook, page: string) =>
    reply.status(status).headers(publicPageHeaders(look.style.webFonts, app.config)).send(page);
  const invalidLink = (reply: FastifyReply) =>
    send(reply, 400, neutralLook, invalidPersonalDataLinkPage(neutralLook));
  const route = `${personalDataPrefix}/:environmentId/*`;

  /** Whom a genuine link is for, with the environment's look; undefined for anything else. */
  const claimOf = async (request: PersonalDataRequest) => {
    const path = pathOf(request);
    if (!path) return undefined;
    const email = verifyPersonalToken(await personalDataKey(app.db), path.environmentId, path.token);
    const look = email && (await loadPageLook(app.db, app.config, path.environmentId));
    return look
      ? { ...path, email, look, base: personalDataPath(path.environmentId, path.token) }
      : undefined;
  };
  const ticketOk = async (claim: PersonalDataPath) =>
    claim.purpose !== undefined &&
    claim.ticket !== undefined &&
    ticketValid(await personalDataKey(app.db), claim.purpose, claim.token, claim.ticket, new Date());

  /** Three mails an hour per address, whatever the client: nobody floods a person's mailbox. */
  const perAddress = app.rateLimit({
    max: 3,
    timeWindow: '1 hour',
    keyGenerator: (request) =>
      `personal-data-mail:${(request as PersonalDataRequest).params['*'].split('/')[0]}`,
  });

  app.get<{ Params: { environmentId: string; '*': string } }>(
    route,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const claim = await claimOf(request);
      if (!claim) return invalidLink(reply);
      if (claim.ticket === undefined)
        return send(reply, 200, claim.look, personalDataPage(claim.look, claim.email, claim.base));
      if (!(await ticketOk(claim))) return send(reply, 410, claim.look, expiredLinkPage(claim.look));
      const action = `${claim.base}/${claim.purpose}/${claim.ticket}`;
      return send(
        reply,
        200,
        claim.look,
        claim.purpose === 'downloaden'
          ? downloadPage(claim.look, claim.email, action)
          : confirmErasePage(claim.look, claim.email, action),
      );
    },
  );

  app.post<{ Params: { environmentId: string; '*': string } }>(
    route,
    {
      ...publicRateLimit({ max: 20, timeWindow: '1 minute' }),
      bodyLimit: 1024,
      schema: { hide: true },
      onRequest: async (request, reply) => {
        const [, purpose, ticket] = request.params['*'].split('/');
        if (purpose !== undefined && ticket === undefined) await perAddress.call(app, request, reply);
      },
    },
    async (request, reply) => {
      const claim = await claimOf(request);
      if (!claim || claim.purpose === undefined) return invalidLink(reply);
      if (claim.ticket === undefined) {
        const expiresAt = new Date(Date.now() + ticketHours * 3600_000);
        const ticket = signTicket(await personalDataKey(app.db), claim.purpose, claim.token, expiresAt);
        await sendPersonalDataMail({
          mailer: app.mail.mailer,
          from: app.mail.from,
          environmentId: claim.environmentId,
          environmentName: claim.look.environmentName,
          to: claim.email,
          purpose: claim.purpose,
          link: `${app.config.publicUrl}${claim.base}/${claim.purpose}/${ticket}`,
          hours: ticketHours,
        });
        return send(reply, 200, claim.look, linkMailedPage(claim.look, claim.email, claim.purpose));
      }
      if (!(await ticketOk(claim))) return send(reply, 410, claim.look, expiredLinkPage(claim.look));
      if (claim.purpose === 'wissen') {
        await erasePerson(app.db, claim.environmentId, claim.email, { self: true });
        return send(reply, 200, claim.look, erasedPage(claim.look));
      }
      const person = await exportPerson(app.db, claim.environmentId, claim.email);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="mijn-gegevens.json"')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(JSON.stringify(person, null, 2));
    },
  );
};
