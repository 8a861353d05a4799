import { logActorOf } from '../../auditLog/logActor';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { environmentParams, errorResponses, Uuid } from '../../contract/common';
import {
  AddAudienceListQuery,
  Audience,
  AudienceDetail,
  AudienceFilter,
  AudienceFilterInput,
  AudienceFilterParams,
  AudienceListDetail,
  AudienceListParams,
  AudienceNameQuery,
  AudienceParams,
  AudiencesQuery,
  RecipientCount,
} from '../../contract/receivers';
import { countAudienceRecipients } from '../../receivers/audienceRecipients';
import { findAudience, loadAudienceDetail } from '../../receivers/audienceRecords';
import {
  addAudienceFilter,
  addAudienceList,
  audiencePage,
  createAudience,
  deleteAudience,
  removeAudienceFilter,
  removeAudienceList,
  renameAudience,
} from '../../receivers/audiences';

const tags = ['receivers: audiences'];

/**
 * Audiences (spec §7 GET /audiences/, POST /audience, PUT /audience/{id}, POST /audience/{id}/lists/add,
 * POST /audiencelist/{id}/filter): lists, each narrowed by its own filters, with a recipient count.
 */
export const audienceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/audiences/',
    {
      schema: {
        summary:
          'The audiences of the environment (deleted ones included unless isDeleted=false); total in X-Total-Count.',
        tags,
        querystring: AudiencesQuery,
        response: { 200: Type.Array(Audience), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await audiencePage(app.db, request.environmentId, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.data;
    },
  );

  app.get(
    '/audience/:id',
    {
      schema: {
        summary: 'One audience with its lists, their filters and the recipient count.',
        tags,
        'x-extension': true,
        params: environmentParams(AudienceParams.properties),
        response: { 200: AudienceDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => loadAudienceDetail(app.db, request.environmentId, request.params.id),
  );

  app.get(
    '/audience/:id/recipients/count',
    {
      schema: {
        summary:
          "The audience's recipient count: each list's subscribers passing that list's filters, one per address (case-insensitive), without global unsubscribers.",
        tags,
        'x-extension': true,
        params: environmentParams(AudienceParams.properties),
        response: { 200: RecipientCount, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const audience = await findAudience(app.db, request.environmentId, request.params.id, {
        includeDeleted: true,
      });
      return { recipientCount: await countAudienceRecipients(app.db, request.environmentId, audience.id) };
    },
  );

  app.post(
    '/audience',
    {
      schema: {
        summary: 'Creates an audience; answers its id as a JSON string.',
        tags,
        querystring: AudienceNameQuery,
        response: { 201: Uuid, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const id = await createAudience(app.db, request.environmentId, request.query.name);
      // A string payload would go out as text/plain; the contract says a JSON string.
      return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(id));
    },
  );

  app.put(
    '/audience/:id',
    {
      schema: {
        summary: 'Renames an audience.',
        tags,
        params: environmentParams(AudienceParams.properties),
        querystring: AudienceNameQuery,
        response: { 200: Audience, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => renameAudience(app.db, request.environmentId, request.params.id, request.query.name),
  );

  app.delete(
    '/audience/:id',
    {
      schema: {
        summary: 'Deletes an audience: it is marked isDeleted and no longer offered for deliveries.',
        tags,
        'x-extension': true,
        params: environmentParams(AudienceParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteAudience(app.db, request.environmentId, request.params.id, logActorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/audience/:id/lists/add',
    {
      schema: {
        summary: 'Adds a (manual, not deleted) list to the audience; 409 when it is already in it.',
        tags,
        params: environmentParams(AudienceParams.properties),
        querystring: AddAudienceListQuery,
        response: { 201: AudienceListDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addAudienceList(app.db, request.environmentId, request.params.id, request.query.listId)),
  );

  app.delete(
    '/audiencelist/:id',
    {
      schema: {
        summary: 'Removes a list (with its filters) from its audience.',
        tags,
        'x-extension': true,
        params: environmentParams(AudienceListParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeAudienceList(app.db, request.environmentId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/audiencelist/:id/filter',
    {
      schema: {
        summary:
          'Adds a filter to a list of an audience. field, operator and value are required; attribute1..9 only when the list has that label.',
        tags,
        params: environmentParams(AudienceListParams.properties),
        body: AudienceFilterInput,
        response: { 201: AudienceFilter, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addAudienceFilter(app.db, request.environmentId, request.params.id, request.body)),
  );

  app.delete(
    '/audiencelist/:id/filter/:filterId',
    {
      schema: {
        summary: 'Removes a filter from a list of an audience.',
        tags,
        'x-extension': true,
        params: environmentParams(AudienceFilterParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeAudienceFilter(app.db, request.environmentId, request.params.id, request.params.filterId);
      return reply.status(204).send(null);
    },
  );
};
