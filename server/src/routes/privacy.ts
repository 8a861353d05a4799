import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../contract/common';
import {
  Person,
  PersonErasure,
  PersonMatchPage,
  PersonQuery,
  PersonsQuery,
  RetentionSettings,
  RetentionSettingsInput,
} from '../contract/privacy';
import { attachmentDisposition } from '../media/contentDisposition';
import { personHtml } from '../privacy/personHtml';
import { erasePersonConfirmed, heldOnPerson, readPerson } from '../privacy/personPage';
import { searchPersons } from '../privacy/personSearch';
import { readRetentionSettings, saveRetentionSettings } from '../privacy/retentionSettings';

const tags = ['privacy'];

/** A file name of the address: letters, digits, dots and dashes only. */
const fileNameOf = (email: string, extension: string) =>
  `gegevens-${email.replace(/[^a-z0-9.-]+/gi, '-')}.${extension}`;

/**
 * The person's page (AVG art. 15 and 17): search by address, everything held on one, its export as JSON
 * and as a readable page (downloads, `x-download`), erasure; and the environment's retention periods.
 */
export const privacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/persons',
    {
      schema: {
        summary:
          'Addresses the environment holds something on that contain the search text (empty without one).',
        tags,
        'x-extension': true,
        querystring: PersonsQuery,
        response: { 200: PersonMatchPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => searchPersons(app.db, request.environmentId, request.query),
  );

  app.get(
    '/person',
    {
      schema: {
        summary: 'Everything the environment holds on one address; 404 when it holds nothing.',
        tags,
        'x-extension': true,
        querystring: PersonQuery,
        response: { 200: Person, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readPerson(app.db, request.environmentId, request.query.email, app.config.publicUrl),
  );

  app.get(
    '/person/export.json',
    {
      schema: {
        summary: 'Everything held on one address as a JSON download.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['application/json'],
        querystring: PersonQuery,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const person = await heldOnPerson(app.db, request.environmentId, request.query.email);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileNameOf(person.email, 'json')))
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(person, null, 2));
    },
  );

  app.get(
    '/person/export.html',
    {
      schema: {
        summary:
          'Everything held on one address as a readable Dutch page (to print or save as PDF), downloaded.',
        tags,
        'x-extension': true,
        'x-download': true,
        'x-produces': ['text/html'],
        querystring: PersonQuery,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const person = await heldOnPerson(app.db, request.environmentId, request.query.email);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileNameOf(person.email, 'html')))
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(personHtml(person));
    },
  );

  app.post(
    '/person/erase',
    {
      schema: {
        summary:
          'Erases every personal value of the address in the environment in one transaction; a keyed hash stays ' +
          'in the unsubscribers. `confirmation` must repeat the address.',
        tags,
        'x-extension': true,
        body: PersonErasure,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { email, confirmation } = request.body;
      await erasePersonConfirmed(app.db, request.environmentId, email, confirmation, request.user.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/retention',
    {
      schema: {
        summary: "The environment's retention periods ('Bewaartermijnen'), the defaults when never saved.",
        tags,
        'x-extension': true,
        response: { 200: RetentionSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => readRetentionSettings(app.db, request.environmentId),
  );

  app.put(
    '/retention',
    {
      schema: {
        summary: "Saves the environment's retention periods; the daily duty applies them.",
        tags,
        'x-extension': true,
        body: RetentionSettingsInput,
        response: { 200: RetentionSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveRetentionSettings(app.db, request.environmentId, request.body),
  );
};
