import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { publicRateLimit } from '../http/rateLimit';
import { publicPageHeaders } from '../publicPages/layout';
import { loadPageLook, neutralLook, type PageLook } from '../publicPages/pageLook';
import { recordAnswer } from '../rsvp/answers';
import { isUnsubscribed } from '../receivers/unsubscribers';
import { answerPage, answerSavedText, deadLinkPage } from '../rsvp/answerPage';
import { calendarFile } from '../rsvp/calendarFile';
import { checkQuestionAnswers, invitationQuestions } from '../rsvp/invitationQuestions';
import { invitationOf, inviteeOfToken } from '../rsvp/publicInvitation';
import {
  answerParameter,
  rsvpAnswers,
  rsvpCalendarPath,
  rsvpPath,
  rsvpPrefix,
  type RsvpAnswer,
} from '../rsvp/rsvpAddress';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Params {
  environmentId: string;
  publicationId: string;
  token: string;
}

/**
 * The form's body: the answer, the guests and the answers to the invitation form's questions (text answers
 * up to 2,000 characters each), at most 32 KB, parsed by hand.
 */
const bodyLimit = 32 * 1024;

function answerOf(value: unknown): RsvpAnswer | undefined {
  if (typeof value !== 'string') return undefined;
  return rsvpAnswers.find((answer) => answer.toLowerCase() === value.toLowerCase());
}

/**
 * The invitee's RSVP page (no sign-in; the signed token is the permission, rsvp/rsvpToken.ts):
 * - `GET /r/{environmentId}/{publicationId}/{token}[?antwoord=ja]` shows the page with that answer
 *   preselected and records nothing (link scanners open every link in a message); HEAD likewise;
 * - `POST` the same address records the answer ('Bevestigen'), answered with the page again;
 * - `GET …/agenda.ics` the calendar entry (PUBLISH, stable UID) for those who come.
 * A bad link gets one 'Deze link werkt niet' page (400). Rate-limited per client address; a request is
 * one signature check and two small queries at once (the invitee with the event, the look), one more with
 * a form (its questions and options), and a usual first answer one statement (rsvp/answers.ts), which
 * starts from what the lookup read; bodies ≤ 32 KB. The questions are checked like the public
 * form's (400 with the Dutch message at the question) and stored in the answer's transaction.
 */
export const publicRsvpRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const send = (reply: FastifyReply, status: number, look: PageLook, page: string) =>
    reply.status(status).headers(publicPageHeaders(look.style.webFonts, app.config)).send(page);

  const load = async (request: FastifyRequest<{ Params: Params }>) => {
    const { environmentId, publicationId, token } = request.params;
    if (!uuidPattern.test(environmentId) || !uuidPattern.test(publicationId)) return undefined;
    const ids = { environmentId: environmentId.toLowerCase(), publicationId: publicationId.toLowerCase() };
    const inviteeId = await inviteeOfToken(app.db, ids, token);
    if (inviteeId === undefined) return undefined;
    // The look does not depend on the invitee: both reads at once (one round trip's wait, not two).
    const [found, look] = await Promise.all([
      invitationOf(app.db, ids, inviteeId, new Date()),
      loadPageLook(app.db, app.config, ids.environmentId),
    ]);
    if (!found || !look) return undefined;
    const questions = await invitationQuestions(app.db, found.event.formId);
    const path = rsvpPath(ids, token);
    return { ...found, look, ids, questions, path, calendarPath: rsvpCalendarPath(path) };
  };

  app.get<{ Params: Params; Querystring: Record<string, string | undefined> }>(
    `${rsvpPrefix}/:environmentId/:publicationId/:token`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const page = await load(request);
      if (!page) return send(reply, 400, neutralLook, deadLinkPage(neutralLook));
      return send(
        reply,
        200,
        page.look,
        answerPage({
          ...page,
          action: page.path,
          chosen: answerOf(request.query[answerParameter]),
          now: new Date(),
        }),
      );
    },
  );

  app.post<{ Params: Params; Body: Record<string, string> | undefined }>(
    `${rsvpPrefix}/:environmentId/:publicationId/:token`,
    { ...publicRateLimit({ max: 20, timeWindow: '1 minute' }), bodyLimit, schema: { hide: true } },
    async (request, reply) => {
      const page = await load(request);
      if (!page) return send(reply, 400, neutralLook, deadLinkPage(neutralLook));
      const { antwoord, gasten, ...given } = request.body ?? {};
      const answer = answerOf(antwoord);
      const guests = gasten === undefined || gasten === '' ? 0 : Number(gasten);
      const show = (status: number, notice: { kind: 'saved' | 'refused'; text: string }, fresh = page) =>
        send(reply, status, page.look, answerPage({ ...fresh, action: page.path, notice, now: new Date() }));
      if (!answer) return show(400, { kind: 'refused', text: "Kies 'Ja', 'Misschien' of 'Nee'." });
      const questions = checkQuestionAnswers(page.questions, given, answer);
      if (questions.problems.length > 0) {
        return send(
          reply,
          400,
          page.look,
          answerPage({
            ...page,
            action: page.path,
            chosen: answer,
            notice: { kind: 'refused', text: questions.problems.map((problem) => problem.message).join(' ') },
            values: given,
            problems: questions.problems,
            now: new Date(),
          }),
        );
      }
      try {
        const recorded = await recordAnswer(
          app.db,
          {
            ...page.ids,
            inviteeId: page.invitee.id,
            answer,
            guests,
            source: { by: 'e-mail' },
            questionAnswers: questions.answers,
          },
          new Date(),
          // What the lookup above read: the answer does not read the invitee and event again.
          { event: page.event, invitee: page.invitee },
        );
        app.rsvpOutbox?.kick();
        // The page as it now stands, from what the answer's transaction answered (no second lookup).
        const fresh = {
          ...page,
          event: { ...page.event, acceptedPersons: recorded.acceptedPersons },
          invitee: {
            ...page.invitee,
            answer,
            guests: recorded.guests,
            waiting: recorded.waiting,
            answeredAt: recorded.answeredAt,
            questionAnswers: recorded.questionAnswers,
            source: 'e-mail',
          },
        };
        return show(
          200,
          {
            kind: 'saved',
            text: answerSavedText(fresh.event, fresh.invitee, {
              mailed: !(await isUnsubscribed(app.db, page.ids.environmentId, page.invitee.email)),
              environmentName: page.look.environmentName,
            }),
          },
          fresh,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) {
          return show(error.status, { kind: 'refused', text: error.message });
        }
        throw error;
      }
    },
  );

  app.get<{ Params: Params }>(
    `${rsvpPrefix}/:environmentId/:publicationId/:token/agenda.ics`,
    { ...publicRateLimit({ max: 60, timeWindow: '1 minute' }), schema: { hide: true } },
    async (request, reply) => {
      const page = await load(request);
      if (!page) return send(reply, 400, neutralLook, deadLinkPage(neutralLook));
      const { event } = page;
      const file = calendarFile(
        { ...event, cancelled: event.cancelledAt !== null },
        new URL(app.config.publicUrl).hostname,
      );
      return reply
        .headers({
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'attachment; filename="uitnodiging.ics"',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(file);
    },
  );
};
