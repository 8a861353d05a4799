import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../contract/common';
import {
  ConfirmParams,
  EmptyFormBody,
  ListChoicesBody,
  PreferenceParams,
  PreferenceQuery,
  maxPreferenceLists,
} from '../contract/preferences';
import { ApiError, toErrorBody } from '../errors';
import { publicRateLimit } from '../http/rateLimit';
import {
  confirmPath,
  preferenceActions,
  preferencePath,
  preferencePrefix,
} from '../preferences/preferenceAddress';
import {
  alreadyResubscribedPage,
  confirmResubscribePage,
  expiredConfirmationPage,
  invalidPreferenceLinkPage,
  preferenceMessagePage,
  preferenceNotices,
  preferencePage,
  resubscribedPage,
  type FooterLink,
  type PreferencePageInput,
} from '../preferences/preferencePages';
import {
  preferenceKey,
  signAddressToken,
  signConfirmToken,
  verifyAddressToken,
  verifyConfirmToken,
} from '../preferences/preferenceToken';
import { publicListsOf, saveListChoices } from '../preferences/publicLists';
import {
  confirmationOf,
  confirmResubscribe,
  dropRequest,
  markMailed,
  requestResubscribe,
} from '../preferences/resubscribe';
import { sendResubscribeMail } from '../preferences/resubscribeMail';
import { personalDataAddresses } from '../privacy/personalDataAddress';
import { publicPageHeaders } from '../publicPages/layout';
import { loadPageLook, neutralLook, type PageLook } from '../publicPages/pageLook';
import { isUnsubscribed, unsubscribeByOwner } from '../receivers/unsubscribers';

const tags = ['preferences: public'];

/** Per client address: reading is cheap; every post writes or mails, and a person needs a few at most. */
const pageRateLimit = publicRateLimit({ max: 60, timeWindow: '1 minute' });
const postRateLimit = publicRateLimit({ max: 20, timeWindow: '1 minute' });
/** The confirmation's button: mail programs and their scanners may post it a few times besides the person. */
const confirmRateLimit = publicRateLimit({ max: 30, timeWindow: '1 minute' });

/** The largest form: a list id (36 characters, `lijsten=` and `&`) for each list the page may offer. */
const bodyLimit = 64 * maxPreferenceLists;

const formEncoded = 'application/x-www-form-urlencoded';

/**
 * The preference page behind 'Je voorkeuren' in every message (no sign-in; the signed address token is
 * the permission, preferences/preferenceToken.ts): `GET /v/{environmentId}?k=` shows the environment's
 * public lists with on/off; `POST …/lijsten` saves them ('Opslaan'), `POST …/afmelden` unsubscribes from
 * everything (the unsubscribe link's own record), and for a global unsubscriber `POST …/opnieuw-aanmelden`
 * mails a confirmation link, `GET /v/{environmentId}/bevestigen/{token}` shows its 'Bevestigen' button and
 * its `POST` undoes the unsubscribe. GET and HEAD change nothing. Rate-limited per client address, bodies
 * at most 6.4 KB, each request one signature check and a few small indexed queries (a save at most one
 * write per public list, of which there are at most 100). People get Dutch pages, never JSON.
 */
export const preferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Form-encoded pairs, every name with all its values (a checkbox per list shares the name `lijsten`).
  app.addContentTypeParser(formEncoded, { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const fields: Record<string, string[]> = {};
    for (const [name, value] of new URLSearchParams(body as string)) (fields[name] ??= []).push(value);
    done(null, fields);
  });

  const send = (reply: FastifyReply, status: number, look: PageLook, page: string) =>
    reply.status(status).headers(publicPageHeaders(look.style.webFonts, app.config)).send(page);
  const invalidLink = (reply: FastifyReply) =>
    send(reply, 400, neutralLook, invalidPreferenceLinkPage(neutralLook));

  app.setErrorHandler(async (error: FastifyError | ApiError, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error }, 'preference request failed');
    if (body.status === 429)
      return send(reply, 429, neutralLook, preferenceMessagePage(neutralLook, 'Even geduld', body.message));
    if (body.status >= 500)
      return send(
        reply,
        500,
        neutralLook,
        preferenceMessagePage(neutralLook, 'Er ging iets mis', 'Probeer het later opnieuw.'),
      );
    // A malformed address or code is a link that does not work; a bad form says what was wrong.
    if ('validationContext' in error && error.validationContext !== 'body') return invalidLink(reply);
    return send(
      reply,
      body.status,
      neutralLook,
      preferenceMessagePage(neutralLook, 'Er ging iets mis', body.message),
    );
  });

  /** The address and the look of a link; undefined for a forged, altered or other environment's token. */
  const personOf = async (
    request: FastifyRequest<{ Params: PreferenceParams; Querystring: PreferenceQuery }>,
  ) => {
    const environmentId = request.params.environmentId.toLowerCase();
    const key = await preferenceKey(app.db);
    const email = verifyAddressToken(key, environmentId, request.query.k);
    if (email === undefined) return undefined;
    const look = await loadPageLook(app.db, app.config, environmentId);
    if (!look) return undefined;
    const token = request.query.k;
    return { environmentId, email, look, key, token };
  };
  type Person = NonNullable<Awaited<ReturnType<typeof personOf>>>;

  /** The footer's links to the person's other pages: what the environment holds on them (privacy/). */
  const footerLinks = async ({ environmentId, email }: Person): Promise<FooterLink[]> => {
    const personalData = await personalDataAddresses(app.db, app.config.publicUrl);
    return [{ href: personalData(environmentId, email), label: 'Mijn gegevens' }];
  };

  const showPage = async (
    reply: FastifyReply,
    person: Person,
    notice?: PreferencePageInput['notice'],
    status = 200,
  ) => {
    const { environmentId, email, look, token } = person;
    const [lists, unsubscribed] = await Promise.all([
      publicListsOf(app.db, environmentId, email),
      isUnsubscribed(app.db, environmentId, email),
    ]);
    return send(
      reply,
      status,
      look,
      preferencePage({
        look,
        email,
        lists,
        unsubscribed,
        notice,
        actions: {
          lists: preferencePath(environmentId, token, preferenceActions.lists),
          unsubscribeAll: preferencePath(environmentId, token, preferenceActions.unsubscribeAll),
          resubscribe: preferencePath(environmentId, token, preferenceActions.resubscribe),
        },
        footerLinks: await footerLinks(person),
      }),
    );
  };

  const pageSchema = (summary: string) => ({
    summary,
    tags,
    'x-extension': true,
    'x-produces': ['text/html'],
    params: PreferenceParams,
    querystring: PreferenceQuery,
  });
  const postSchema = (summary: string, body: typeof ListChoicesBody | typeof EmptyFormBody) => ({
    ...pageSchema(summary),
    body: { content: { [formEncoded]: { schema: body } } },
    response: { ...errorResponses(400, 413, 429) },
  });

  app.get(
    `${preferencePrefix}/:environmentId`,
    {
      ...pageRateLimit,
      schema: pageSchema(
        "The preference page (HTML, Dutch, no script): the environment's public lists with on/off, " +
          "'Afmelden voor alles', and 'Opnieuw aanmelden' for a global unsubscriber. Changes nothing.",
      ),
    },
    async (request, reply) => {
      const person = await personOf(request);
      return person ? showPage(reply, person) : invalidLink(reply);
    },
  );

  app.post(
    `${preferencePrefix}/:environmentId/${preferenceActions.lists}`,
    {
      ...postRateLimit,
      bodyLimit,
      schema: postSchema(
        "'Opslaan': the address goes on exactly the public lists named (`lijsten`, repeated) and off the other " +
          'public lists; lists that are not public are never touched. Answered with the page.',
        ListChoicesBody,
      ),
    },
    async (request, reply) => {
      const person = await personOf(request);
      if (!person) return invalidLink(reply);
      // A global unsubscriber's page has no lists form: 'Opnieuw aanmelden' comes first.
      if (await isUnsubscribed(app.db, person.environmentId, person.email)) return showPage(reply, person);
      const chosen = (request.body as ListChoicesBody | undefined)?.lijsten ?? [];
      await saveListChoices(app.db, person.environmentId, person.email, chosen);
      return showPage(reply, person, { kind: 'saved', text: preferenceNotices.saved });
    },
  );

  app.post(
    `${preferencePrefix}/:environmentId/${preferenceActions.unsubscribeAll}`,
    {
      ...postRateLimit,
      bodyLimit,
      schema: postSchema(
        "'Afmelden voor alles': the address is globally unsubscribed, recorded as the unsubscribe link records it.",
        EmptyFormBody,
      ),
    },
    async (request, reply) => {
      const person = await personOf(request);
      if (!person) return invalidLink(reply);
      await unsubscribeByOwner(app.db, person.environmentId, person.email);
      return showPage(reply, person, { kind: 'saved', text: preferenceNotices.unsubscribed });
    },
  );

  app.post(
    `${preferencePrefix}/:environmentId/${preferenceActions.resubscribe}`,
    {
      ...postRateLimit,
      bodyLimit,
      schema: postSchema(
        "'Opnieuw aanmelden': mails the global unsubscriber one confirmation link (at most one per address per " +
          '10 minutes and 5 a day); nothing is undone until that link is confirmed.',
        EmptyFormBody,
      ),
    },
    async (request, reply) => {
      const person = await personOf(request);
      if (!person) return invalidLink(reply);
      const { environmentId, email, look } = person;
      const requested = await requestResubscribe(app.db, environmentId, email, new Date());
      if (requested.outcome === 'notUnsubscribed')
        return showPage(reply, person, { kind: 'saved', text: preferenceNotices.alreadySubscribed });
      if (requested.outcome === 'tooSoon')
        return showPage(reply, person, { kind: 'refused', text: preferenceNotices.tooSoon }, 429);
      const confirmToken = signConfirmToken(person.key, environmentId, requested.requestId);
      const mailed = app.mail.available
        ? await sendResubscribeMail(app.db, app.mail, new URL(app.config.publicUrl).hostname, {
            environmentId,
            environmentName: look.environmentName,
            requestId: requested.requestId,
            email,
            confirmUrl: `${app.config.publicUrl}${confirmPath(environmentId, confirmToken)}`,
          })
        : { sent: false as const, reason: 'Er is geen mailserver ingesteld.' };
      if (!mailed.sent) {
        request.log.warn({ reason: mailed.reason }, 'resubscribe confirmation not sent');
        await dropRequest(app.db, requested.requestId);
        return showPage(reply, person, { kind: 'refused', text: preferenceNotices.notSent }, 503);
      }
      await markMailed(app.db, requested.requestId, new Date());
      return showPage(reply, person, { kind: 'saved', text: preferenceNotices.mailed(email) });
    },
  );

  /** The request of a confirmation link, with the look and the way back to the preference page. */
  const confirmationLink = async (request: FastifyRequest<{ Params: ConfirmParams }>) => {
    const environmentId = request.params.environmentId.toLowerCase();
    const key = await preferenceKey(app.db);
    const requestId = verifyConfirmToken(key, environmentId, request.params.token);
    if (requestId === undefined) return undefined;
    const [state, look] = await Promise.all([
      confirmationOf(app.db, environmentId, requestId, new Date()),
      loadPageLook(app.db, app.config, environmentId),
    ]);
    if (!state || !look) return undefined;
    const preferencesHref = preferencePath(environmentId, signAddressToken(key, environmentId, state.email));
    return { environmentId, requestId, state, look, preferencesHref };
  };

  const confirmSchema = (summary: string) => ({
    summary,
    tags,
    'x-extension': true,
    'x-produces': ['text/html'],
    params: ConfirmParams,
  });

  app.get(
    `${preferencePrefix}/:environmentId/bevestigen/:token`,
    {
      ...pageRateLimit,
      schema: confirmSchema(
        "The mailed confirmation link of 'Opnieuw aanmelden': a page with the button 'Bevestigen'. Changes nothing.",
      ),
    },
    async (request, reply) => {
      const link = await confirmationLink(request);
      if (!link) return invalidLink(reply);
      const { look, state, preferencesHref } = link;
      if (state.done) return send(reply, 200, look, alreadyResubscribedPage(look, preferencesHref));
      if (state.expired) return send(reply, 410, look, expiredConfirmationPage(look, preferencesHref));
      const action = confirmPath(link.environmentId, request.params.token);
      return send(reply, 200, look, confirmResubscribePage(look, state.email, action));
    },
  );

  app.post(
    `${preferencePrefix}/:environmentId/bevestigen/:token`,
    {
      ...confirmRateLimit,
      bodyLimit,
      schema: {
        ...confirmSchema(
          "'Bevestigen': undoes the global unsubscribe the request was made for, once (recorded with the moment, " +
            'by the unsubscriber); again, or at once many times, it does nothing more.',
        ),
        body: { content: { [formEncoded]: { schema: EmptyFormBody } } },
        response: { ...errorResponses(400, 410, 413, 429) },
      },
    },
    async (request, reply) => {
      const link = await confirmationLink(request);
      if (!link) return invalidLink(reply);
      const { look, preferencesHref } = link;
      const confirmed = await confirmResubscribe(app.db, link.environmentId, link.requestId, new Date());
      if (confirmed.outcome === 'confirmed')
        return send(reply, 200, look, resubscribedPage(look, link.state.email, preferencesHref));
      if (confirmed.outcome === 'expired')
        return send(reply, 410, look, expiredConfirmationPage(look, preferencesHref));
      if (confirmed.outcome === 'unknown') return invalidLink(reply);
      return send(reply, 200, look, alreadyResubscribedPage(look, preferencesHref));
    },
  );

  // Any other address below /v is a link that does not work: a Dutch page, not the console.
  app.all(`${preferencePrefix}/*`, { ...pageRateLimit, schema: { hide: true } }, async (_request, reply) =>
    invalidLink(reply),
  );
};
