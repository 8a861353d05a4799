import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { environmentParams, errorResponses } from '../contract/common';
import { PublicationParams } from '../contract/publications';
import {
  RsvpInviteePage,
  RsvpInviteeParams,
  RsvpInviteesQuery,
  RsvpSettings,
  RsvpSettingsRecord,
  RsvpSummary,
  StaffAnswerBody,
} from '../contract/rsvp';
import { attachmentDisposition } from '../media/contentDisposition';
import { recordAnswer } from '../rsvp/answers';
import { readRsvpSettings, saveRsvpSettings } from '../rsvp/events';
import { rsvpInviteePage, rsvpSummary } from '../rsvp/invitees';
import { inviteesCsv } from '../rsvp/inviteesCsv';

const tags = ['rsvp'];

/**
 * A publication's invitation (extension; spec route /publications/{id}/rsvp in the console): its settings,
 * the counts, the invitees with their answers, a staff member's change of an answer (logged in the
 * answer history) and the CSV export. Paths are relative to /api/1/:environmentId; the SQL is in rsvp/.
 */
export const rsvpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const params = environmentParams(PublicationParams.properties);

  app.get(
    '/publications/:id/rsvp',
    {
      schema: {
        summary: "The publication's invitation settings (defaults, `exists` false, before the first save).",
        tags,
        'x-extension': true,
        params,
        response: { 200: RsvpSettingsRecord, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readRsvpSettings(app.db, request.environmentId, request.params.id, new Date()),
  );

  app.put(
    '/publications/:id/rsvp',
    {
      schema: {
        summary:
          'Stores the invitation settings. A changed time or place raises the calendar SEQUENCE and mails an update to Ja and Misschien; `cancelled` mails a cancellation.',
        tags,
        'x-extension': true,
        params,
        body: RsvpSettings,
        response: { 200: RsvpSettingsRecord, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const saved = await saveRsvpSettings(
        app.db,
        request.environmentId,
        request.params.id,
        request.body,
        new Date(),
      );
      app.rsvpOutbox.kick();
      return saved;
    },
  );

  app.get(
    '/publications/:id/rsvp/summary',
    {
      schema: {
        summary:
          'The counts of the invitation: invited, Ja (persons incl. guests), Misschien, Nee, no answer, waiting, places left.',
        tags,
        'x-extension': true,
        params,
        response: { 200: RsvpSummary, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => rsvpSummary(app.db, request.environmentId, request.params.id),
  );

  app.get(
    '/publications/:id/rsvp/invitees',
    {
      schema: {
        summary:
          'A page of the invitees with their answers, by address; search by name or address, filter by answer.',
        tags,
        'x-extension': true,
        params,
        querystring: RsvpInviteesQuery,
        response: { 200: RsvpInviteePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => rsvpInviteePage(app.db, request.environmentId, request.params.id, request.query),
  );

  app.put(
    '/publications/:id/rsvp/invitees/:inviteeId',
    {
      schema: {
        summary:
          "A staff member changes an invitee's answer (source 'medewerker', kept in the history); places and the waiting list follow as for the invitee's own answer.",
        tags,
        'x-extension': true,
        params: environmentParams(RsvpInviteeParams.properties),
        body: StaffAnswerBody,
        response: { 200: RsvpSummary, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await recordAnswer(
        app.db,
        {
          environmentId: request.environmentId,
          publicationId: request.params.id,
          inviteeId: request.params.inviteeId,
          answer: request.body.answer,
          guests: request.body.guests ?? 0,
          source: { by: 'medewerker', userId: request.user.id },
        },
        new Date(),
      );
      app.rsvpOutbox.kick();
      return rsvpSummary(app.db, request.environmentId, request.params.id);
    },
  );

  app.get(
    '/publications/:id/rsvp/invitees/csv',
    {
      schema: {
        summary:
          'The invitees as a CSV download (name, address, answer, guests, answers to the questions, time, source); semicolon-separated UTF-8 with a byte order mark, formulas escaped.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['text/csv'],
        params,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // 404 before the first byte for another environment's publication.
      await rsvpSummary(app.db, request.environmentId, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('aanmeldingen.csv'))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(inviteesCsv(app.db, request.environmentId, request.params.id));
    },
  );
};
