import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../contract/common';
import { PublicFormParams, PublicSubmissionBody, PublicSubmissionResult } from '../contract/forms';
import { ApiError, badRequest, toErrorBody } from '../errors';
import { publicFormPath, publicFormPrefix, publicFormSentPath } from '../forms/publicAddress';
import { checkAnswers, loadPublicForm, type AnswerProblem } from '../forms/publicForm';
import { closedFormPage, formPage, messagePage, sentPage } from '../forms/publicPage';
import { formClosedError, storeSubmission } from '../forms/submissions';
import { publicRateLimit } from '../http/rateLimit';
import { publicPageHeaders } from '../publicPages/layout';
import { loadPageLook, neutralLook, type PageLook } from '../publicPages/pageLook';

const tags = ['forms: public'];

/** Per client address: reading the page is cheap, sending answers writes (a person needs a few tries at most). */
const pageRateLimit = publicRateLimit({ max: 120, timeWindow: '1 minute' });
const submissionRateLimit = publicRateLimit({ max: 20, timeWindow: '1 minute' });

/** The largest submission body: room for every answer at its longest, form-encoded (up to 9 bytes a character). */
const submissionBodyLimitBytes = 256 * 1024;

const formEncoded = 'application/x-www-form-urlencoded';

/** The form-encoded body of the HTML form: question id → option id or text (the JSON body's `answers`). */
const FormEncodedAnswers = Type.Record(Type.String(), Type.String());

/**
 * The public form pages (no sign-in): `GET /f/{environmentId}/{flowId}` shows the form,
 * `POST` the same address stores a submission — from the HTML form (form-encoded; answered with the page
 * again on errors, else a redirect to `…/verzonden`) or from an API client (JSON; answered with JSON).
 * Rate-limited per client address and bounded in body size; people get Dutch HTML pages, never JSON.
 */
export const publicFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(formEncoded, { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The look of the environment the address names; the platform's own when it names none (or fails). */
  const lookOf = async (request: FastifyRequest): Promise<PageLook> => {
    const environmentId = (request.params as { environmentId?: string } | undefined)?.environmentId;
    if (!environmentId || !uuidPattern.test(environmentId)) return neutralLook;
    try {
      return (await loadPageLook(app.db, app.config, environmentId.toLowerCase())) ?? neutralLook;
    } catch {
      return neutralLook;
    }
  };
  const sendPage = (reply: FastifyReply, status: number, look: PageLook, page: string) =>
    reply.status(status).headers(publicPageHeaders(look.style.webFonts, app.config)).send(page);

  app.setErrorHandler(async (error: FastifyError | ApiError, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error }, 'public form request failed');
    else request.log.info({ status: body.status, reason: body.message }, 'public form request refused');
    if (!wantsHtml(request))
      return reply.status(body.status).type('application/json; charset=utf-8').send(body);
    // A malformed address is a form that does not exist, for a person.
    const isBadAddress = 'validationContext' in error && error.validationContext === 'params';
    // A missing form says nothing of the environment; too many requests are answered without a query.
    const plain = isBadAddress || body.status === 404 || body.status === 429 || body.status >= 500;
    const look = plain ? neutralLook : await lookOf(request);
    if (isBadAddress || body.status === 404) return sendPage(reply, 404, look, notFoundPage(look));
    if (body.status === 429)
      return sendPage(reply, 429, look, messagePage(look, 'Even geduld', body.message));
    if (body.status >= 500) {
      return sendPage(reply, 500, look, messagePage(look, 'Er ging iets mis', 'Probeer het later opnieuw.'));
    }
    return sendPage(reply, body.status, look, messagePage(look, 'Er ging iets mis', body.message));
  });

  app.get(
    `${publicFormPrefix}/:environmentId/:flowId`,
    {
      ...pageRateLimit,
      schema: {
        summary: 'The public page of a form (HTML, Dutch, no script): people answer the form here.',
        tags,
        'x-extension': true,
        'x-produces': ['text/html'],
        params: PublicFormParams,
      },
    },
    async (request, reply) => {
      const { environmentId, flowId } = lowerCased(request.params);
      const form = await loadPublicForm(app.db, environmentId, flowId, new Date());
      const look = await lookOf(request);
      if (form.closed) return sendPage(reply, 200, look, closedFormPage(look, form));
      return sendPage(
        reply,
        200,
        look,
        formPage({ look, form, action: publicFormPath(environmentId, flowId) }),
      );
    },
  );

  app.post(
    `${publicFormPrefix}/:environmentId/:flowId`,
    {
      ...submissionRateLimit,
      bodyLimit: submissionBodyLimitBytes,
      schema: {
        summary:
          'Sends answers to a form. Every required question needs an answer: 400 naming answers.{fieldId}; ' +
          "409 'Deze keuze is vol.' when a chosen option has no places left, 409 naming answers when the " +
          'form is closed (by hand or at its closing moment). Nothing is stored on a refusal.',
        description:
          'JSON {answers: {fieldId: optionId or text}} is answered with JSON (201 {id}). The HTML form posts the ' +
          'same pairs form-encoded and is answered with the page (errors) or a 303 to the thank-you page.',
        tags,
        'x-extension': true,
        params: PublicFormParams,
        body: {
          content: {
            'application/json': { schema: PublicSubmissionBody },
            [formEncoded]: { schema: FormEncodedAnswers },
          },
        },
        response: { 201: PublicSubmissionResult, ...errorResponses(400, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const { environmentId, flowId } = lowerCased(request.params);
      const fromPage = isFormEncoded(request);
      // A POST without a body (no content type) skips the body schema: refuse it like an empty form.
      if (request.body == null) throw badRequest('answers', 'De aanvraag bevat geen antwoorden.');
      const given = fromPage
        ? (request.body as Record<string, string>)
        : (request.body as PublicSubmissionBody).answers;
      const now = new Date();
      const form = await loadPublicForm(app.db, environmentId, flowId, now);
      const action = publicFormPath(environmentId, flowId);
      if (form.closed) {
        if (!fromPage) throw formClosedError();
        const look = await lookOf(request);
        return sendPage(reply, 409, look, closedFormPage(look, form));
      }
      const { answers, problems } = checkAnswers(form, given);
      if (problems.length > 0) {
        if (!fromPage) throw badRequest(problems[0].field, problems[0].message);
        const look = await lookOf(request);
        return sendPage(reply, 400, look, formPage({ look, form, action, values: given, problems }));
      }
      try {
        const id = await storeSubmission(app.db, form, answers, now);
        if (fromPage) return reply.redirect(publicFormSentPath(environmentId, flowId), 303);
        return reply.status(201).send({ id });
      } catch (error) {
        if (!fromPage || !(error instanceof ApiError) || error.status >= 500) throw error;
        // Show the form as it is now (the option that filled up is unavailable, or the form closed),
        // with what was typed.
        const current = await loadPublicForm(app.db, environmentId, flowId, new Date());
        const look = await lookOf(request);
        if (current.closed) return sendPage(reply, 409, look, closedFormPage(look, current));
        const problem = problemOf(error);
        return sendPage(
          reply,
          error.status,
          look,
          formPage({ look, form: current, action, values: given, problems: [problem] }),
        );
      }
    },
  );

  app.get(
    `${publicFormPrefix}/:environmentId/:flowId/verzonden`,
    { ...pageRateLimit, schema: { hide: true, params: PublicFormParams } },
    async (request, reply) => {
      const { environmentId, flowId } = lowerCased(request.params);
      const form = await loadPublicForm(app.db, environmentId, flowId, new Date());
      const look = await lookOf(request);
      return sendPage(reply, 200, look, sentPage(look, form, publicFormPath(environmentId, flowId)));
    },
  );

  // Any other address below /f is a form that does not exist: a Dutch page, not the console.
  app.all(`${publicFormPrefix}/*`, { ...pageRateLimit, schema: { hide: true } }, async (_request, reply) =>
    sendPage(reply, 404, neutralLook, notFoundPage(neutralLook)),
  );
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFoundPage(look: PageLook): string {
  return messagePage(
    look,
    'Formulier niet gevonden',
    'Dit formulier bestaat niet (meer). Controleer het adres of vraag de afzender om een nieuwe link.',
  );
}

/** People (the HTML form, a page address) get pages; API clients (JSON) get JSON. */
function wantsHtml(request: FastifyRequest): boolean {
  return request.method === 'GET' || isFormEncoded(request);
}

function isFormEncoded(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith(formEncoded);
}

function lowerCased(params: { environmentId: string; flowId: string }) {
  return { environmentId: params.environmentId.toLowerCase(), flowId: params.flowId.toLowerCase() };
}

/** An error of the store step as the page shows it: at its question when it names one. */
function problemOf(error: ApiError): AnswerProblem {
  const fieldId = error.field?.startsWith('answers.') ? error.field.slice('answers.'.length) : null;
  return { field: error.field ?? 'answers', fieldId, message: error.message };
}
