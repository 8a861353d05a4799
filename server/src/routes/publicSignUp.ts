import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PublicConfirmParams, PublicSignUpBody, PublicSignUpParams } from '../contract/signUp';
import { ApiError, toErrorBody } from '../errors';
import { messagePage } from '../forms/publicPage';
import { publicRateLimit } from '../http/rateLimit';
import { publicPageHeaders } from '../publicPages/layout';
import { loadPageLook, neutralLook, type PageLook } from '../publicPages/pageLook';
import { clientAddressHash } from '../signUp/clientAddressHash';
import { confirmSignUp, findPendingSignUp } from '../signUp/confirmation';
import { loadSignUpForm, type LoadedSignUpForm } from '../signUp/publicSignUpForm';
import { checkMailPath, confirmPath, signUpPath, signUpPrefix } from '../signUp/signUpAddress';
import { checkMailPage, confirmedPage, confirmPage, signUpFormPage } from '../signUp/signUpPages';
import { checkTimeToken, signTimeToken, signUpKey, verifyConfirmToken } from '../signUp/signUpTokens';
import {
  checkSignUp,
  honeypotField,
  storeSignUp,
  timeTokenField,
  type PostedValues,
} from '../signUp/submission';

const tags = ['sign-up: public'];

/** Per client address: reading is cheap; a sign-up writes and mails, a person needs a few tries at most. */
const pageRateLimit = publicRateLimit({ max: 120, timeWindow: '1 minute' });
const signUpRateLimit = publicRateLimit({ max: 10, timeWindow: '1 minute' });
const confirmRateLimit = publicRateLimit({ max: 30, timeWindow: '1 minute' });
/** Sign-ups one form takes per minute from all addresses together (a botnet spreads over addresses). */
const signUpsPerFormPerMinute = 60;

/** A sign-up's body: a few short fields, form-encoded; anything bigger is no sign-up (413). */
const bodyLimit = 16 * 1024;
/** Pairs read from a body: the fields, one per list, the consent, the honeypot and the time token. */
const maxPairs = 60;

const formEncoded = 'application/x-www-form-urlencoded';

/** The one message for the honeypot, a too-fast post and an expired page: it tells a bot nothing. */
const refusedNotice =
  "Je aanmelding is niet verwerkt. Controleer je gegevens en klik nog een keer op 'Aanmelden'.";

function parseFormEncoded(body: string): PostedValues {
  const values: PostedValues = {};
  let pairs = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    if (++pairs > maxPairs) break;
    const existing = values[name];
    if (existing === undefined) values[name] = value;
    else values[name] = [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return values;
}

const lowerCased = <T extends Record<string, string>>(params: T): T =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, key === 'token' ? value : value.toLowerCase()]),
  ) as T;

/**
 * The hosted sign-up pages (no sign-in), each in the environment's theme, without script:
 * - `GET /s/{environmentId}/{formId}` the form (with a signed time token); `POST` signs up, from the page
 *   or from the snippet on another site (form-encoded), then a 303 to `…/controleer-je-mail`;
 * - `GET …/bevestigen/{token}` shows 'Bevestigen' and changes nothing (link scanners open every link);
 *   `POST` it confirms (signUp/confirmation.ts).
 * Rate-limited per client address, sign-ups also per form; bodies ≤ 16 KB, at most 60 pairs read. Another
 * environment's form, or a deleted one, is a 404 page.
 */
export const publicSignUpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(formEncoded, { parseAs: 'string', bodyLimit }, (_request, body, done) =>
    done(null, parseFormEncoded(body as string)),
  );
  const perForm = app.rateLimit({
    max: signUpsPerFormPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) =>
      `sign-up-form:${String((request.params as { signUpFormId?: string }).signUpFormId).toLowerCase()}`,
  });

  const sendPage = (reply: FastifyReply, status: number, look: PageLook, page: string) =>
    reply.status(status).headers(publicPageHeaders(look.style.webFonts, app.config)).send(page);
  const notFoundPage = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      neutralLook,
      messagePage(
        neutralLook,
        'Formulier niet gevonden',
        'Dit aanmeldformulier bestaat niet (meer). Controleer het adres.',
      ),
    );
  const deadLinkPage = (reply: FastifyReply, look: PageLook) =>
    sendPage(
      reply,
      400,
      look,
      messagePage(
        look,
        'Deze link werkt niet',
        'Deze link is verlopen of niet volledig. Meld je opnieuw aan om een nieuwe link te krijgen.',
      ),
    );

  app.setErrorHandler(async (error: FastifyError | ApiError, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error }, 'public sign-up request failed');
    const isBadAddress = 'validationContext' in error && error.validationContext === 'params';
    if (isBadAddress || body.status === 404) return notFoundPage(reply);
    if (body.status === 429)
      return sendPage(reply, 429, neutralLook, messagePage(neutralLook, 'Even geduld', body.message));
    if (body.status >= 500)
      return sendPage(
        reply,
        500,
        neutralLook,
        messagePage(neutralLook, 'Er ging iets mis', 'Probeer het later opnieuw.'),
      );
    return sendPage(
      reply,
      body.status,
      neutralLook,
      messagePage(neutralLook, 'Er ging iets mis', body.message),
    );
  });

  const loadPage = async (environmentId: string, formId: string) => {
    const [form, look] = await Promise.all([
      loadSignUpForm(app.db, environmentId, formId),
      loadPageLook(app.db, app.config, environmentId),
    ]);
    return form && look ? { form, look } : undefined;
  };

  const showForm = async (
    reply: FastifyReply,
    status: number,
    page: { form: LoadedSignUpForm; look: PageLook },
    extra: {
      values?: PostedValues;
      problems?: ReturnType<typeof checkSignUp>['problems'];
      notice?: string;
    } = {},
  ) =>
    sendPage(
      reply,
      status,
      page.look,
      signUpFormPage({
        ...page,
        ...extra,
        action: signUpPath(page.form.environmentId, page.form.id),
        timeToken: signTimeToken(await signUpKey(app.db), page.form.id, app.signUpClock()),
      }),
    );

  app.get(
    `${signUpPrefix}/:environmentId/:signUpFormId`,
    {
      ...pageRateLimit,
      schema: {
        summary: 'The hosted page of a sign-up form (HTML, Dutch, no script).',
        tags,
        'x-extension': true,
        'x-produces': ['text/html'],
        params: PublicSignUpParams,
      },
    },
    async (request, reply) => {
      const { environmentId, signUpFormId } = lowerCased(request.params);
      const page = await loadPage(environmentId, signUpFormId);
      if (!page) return notFoundPage(reply);
      return showForm(reply, 200, page);
    },
  );

  app.post(
    `${signUpPrefix}/:environmentId/:signUpFormId`,
    {
      ...signUpRateLimit,
      onRequest: (request, reply) => perForm.call(app, request, reply),
      bodyLimit,
      schema: {
        summary:
          'Signs up (double opt-in): stores a pending sign-up and mails a confirmation link, then a 303 to the ' +
          "'check je mail' page. The same answer for an address that is subscribed already (it gets a note).",
        description:
          'Form-encoded, from the hosted page or the snippet: email, lijst (once per list), toestemming=ja, the ' +
          'asked fields, the empty honeypot website, and from the hosted page the signed time token t (a post ' +
          "within 3 seconds of the page, or a day after, is refused). Problems: 400 with the page and each field's message.",
        tags,
        'x-extension': true,
        'x-produces': ['text/html'],
        params: PublicSignUpParams,
        body: { content: { [formEncoded]: { schema: PublicSignUpBody } } },
      },
    },
    async (request, reply) => {
      const { environmentId, signUpFormId } = lowerCased(request.params);
      const posted = (request.body ?? {}) as PostedValues;
      const page = await loadPage(environmentId, signUpFormId);
      if (!page) return notFoundPage(reply);
      const now = app.signUpClock();
      const honeypot = posted[honeypotField];
      if (honeypot !== undefined && honeypot !== '') {
        request.log.info({ form: signUpFormId }, 'sign-up refused: honeypot filled in');
        return showForm(reply, 400, page, { notice: refusedNotice });
      }
      const timeToken = posted[timeTokenField];
      // The snippet carries no time token (it is pasted once and used for months): its posts are held to the
      // same limits, the honeypot and the mailed confirmation. A token that is there must pass.
      if (timeToken !== undefined) {
        const check =
          typeof timeToken === 'string'
            ? checkTimeToken(await signUpKey(app.db), page.form.id, timeToken, now)
            : 'invalid';
        if (check !== 'ok') {
          request.log.info({ form: signUpFormId, check }, 'sign-up refused: time token');
          return showForm(reply, 400, page, { values: posted, notice: refusedNotice });
        }
      }
      const { checked, problems } = checkSignUp(page.form, posted);
      if (!checked) return showForm(reply, 400, page, { values: posted, problems });
      await storeSignUp(app.db, page.form, checked, {
        now,
        ipHash: await clientAddressHash(app.db, request.ip),
      });
      app.signUpOutbox.kick();
      return reply.redirect(checkMailPath(environmentId, signUpFormId), 303);
    },
  );

  app.get(
    `${signUpPrefix}/:environmentId/:signUpFormId/controleer-je-mail`,
    { ...pageRateLimit, schema: { hide: true, params: PublicSignUpParams } },
    async (request, reply) => {
      const { environmentId, signUpFormId } = lowerCased(request.params);
      const page = await loadPage(environmentId, signUpFormId);
      if (!page) return notFoundPage(reply);
      return sendPage(reply, 200, page.look, checkMailPage(page.look, page.form));
    },
  );

  const confirmation = async (request: FastifyRequest<{ Params: PublicConfirmParams }>) => {
    const { environmentId, signUpFormId, token } = lowerCased(request.params);
    const page = await loadPage(environmentId, signUpFormId);
    if (!page) return undefined;
    const ids = { environmentId, formId: signUpFormId };
    const pendingId = verifyConfirmToken(await signUpKey(app.db), ids, token);
    return { ...page, ids, pendingId, action: confirmPath(environmentId, signUpFormId, token) };
  };

  app.get(
    `${signUpPrefix}/:environmentId/:signUpFormId/bevestigen/:token`,
    {
      ...pageRateLimit,
      schema: {
        summary: "The mailed link's page: shows 'Bevestigen' and changes nothing (GET and HEAD).",
        tags,
        'x-extension': true,
        'x-produces': ['text/html'],
        params: PublicConfirmParams,
      },
    },
    async (request, reply) => {
      const found = await confirmation(request);
      if (!found) return notFoundPage(reply);
      const pending = found.pendingId
        ? await findPendingSignUp(app.db, found.ids, found.pendingId, app.signUpClock())
        : undefined;
      if (!pending) return deadLinkPage(reply, found.look);
      if (pending.confirmedAt) return sendPage(reply, 200, found.look, confirmedPage(found.look, found.form));
      return sendPage(reply, 200, found.look, confirmPage(found.look, found.form, pending, found.action));
    },
  );

  app.post(
    `${signUpPrefix}/:environmentId/:signUpFormId/bevestigen/:token`,
    {
      ...confirmRateLimit,
      bodyLimit: 1024,
      schema: {
        summary: 'Confirms a sign-up: joins the chosen lists once, with a consent proof per list.',
        tags,
        'x-extension': true,
        'x-produces': ['text/html'],
        params: PublicConfirmParams,
      },
    },
    async (request, reply) => {
      const found = await confirmation(request);
      if (!found) return notFoundPage(reply);
      if (!found.pendingId) return deadLinkPage(reply, found.look);
      const result = await confirmSignUp(app.db, found.ids, found.pendingId, app.signUpClock());
      if (result === 'expired') return deadLinkPage(reply, found.look);
      return sendPage(reply, 200, found.look, confirmedPage(found.look, found.form));
    },
  );

  // Any other address below /s is a form that does not exist: a Dutch page, not the console.
  app.all(`${signUpPrefix}/*`, { ...pageRateLimit, schema: { hide: true } }, async (_request, reply) =>
    notFoundPage(reply),
  );
};
