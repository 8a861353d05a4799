import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { environmentParams, errorResponses } from '../contract/common';
import {
  CaughtMessage,
  CaughtMessagePage,
  CaughtMessageParams,
  CaughtMessagesQuery,
  TestSendBody,
  TestSendResult,
} from '../contract/mail';
import { PublicationParams } from '../contract/publications';
import { listCaughtMessages, readCaughtMessage } from '../mail/catcherAccess';
import { sendTest } from '../mail/testSend';
import { logActorOf } from '../auditLog/logActor';

/** Test sends one member may start per minute in one environment (each to at most ten addresses). */
const testSendsPerMinute = 10;

/**
 * The mail area: test sends of a publication and, outside production, the embedded catcher's messages.
 * Handlers only translate HTTP; the rules live in server/src/mail/.
 */
export const mailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/publications/:id/test-sends',
    {
      // Per member and environment: a signed-in person cannot turn the platform into a mail cannon.
      config: {
        rateLimit: {
          max: testSendsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) => `test-send:${request.environmentId}:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        summary:
          'Sends the publication through a template of its type to up to 10 typed addresses (not necessarily ' +
          'subscribers), subject marked [TEST]; answers the addresses sent to. 502 naming the addresses the mail ' +
          'server refused (the others went out); 409 while the sender address is not on a verified sending domain. ' +
          `At most ${testSendsPerMinute} per minute per member (429).`,
        tags: ['mail'],
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        body: TestSendBody,
        response: { 200: TestSendResult, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) =>
      sendTest(
        app.db,
        app.config,
        app.mail,
        request.environmentId,
        request.params.id,
        request.body,
        app.delivery.unsubscribeKey,
        logActorOf(request),
      ),
  );

  app.get(
    '/mail-catcher/messages',
    {
      schema: {
        summary:
          'A page of the messages the embedded catcher received for this environment, newest first. 404 when mail goes to a real server.',
        tags: ['mail'],
        'x-extension': true,
        querystring: CaughtMessagesQuery,
        response: { 200: CaughtMessagePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listCaughtMessages(app.mail, request.environmentId, request.query),
  );

  app.get(
    '/mail-catcher/messages/:id',
    {
      schema: {
        summary: 'One caught message of this environment: headers, text and HTML.',
        tags: ['mail'],
        'x-extension': true,
        params: environmentParams(CaughtMessageParams.properties),
        response: { 200: CaughtMessage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readCaughtMessage(app.mail, request.environmentId, request.params.id),
  );
};
