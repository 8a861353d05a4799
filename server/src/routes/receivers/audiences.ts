import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
  type AttributeNumber,
} from '../../contract/receivers';
import { audienceListFilters, audienceLists, audiences } from '../../db/schema/receivers';
import { ApiError, badRequest, notFound } from '../../errors';
import { countAudienceRecipients } from '../../receivers/audienceRecipients';
import {
  audienceColumns,
  findAudience,
  findAudienceList,
  loadAudienceDetail,
  toAudience,
} from '../../receivers/audienceRecords';
import { violatesUniqueConstraint } from '../../receivers/constraintViolation';
import { requiredText } from '../../receivers/inputText';
import { attributeLabel, findList } from '../../receivers/listRecords';
import { containsText } from '../../receivers/textSearch';

const tags = ['receivers: audiences'];

const sortKeys: Record<'name' | 'createdAt', SQL | PgColumn> = {
  name: sql`lower(${audiences.name})`,
  createdAt: audiences.createdAt,
};

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
      const { search, sort = 'name', order = 'ASC', offset = 0, limit = 250, isDeleted } = request.query;
      const where = and(
        eq(audiences.environmentId, request.environmentId),
        isDeleted === undefined ? undefined : eq(audiences.isDeleted, isDeleted),
        search?.trim() ? containsText(audiences.name, search.trim()) : undefined,
      );
      const direction = order === 'DESC' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select(audienceColumns)
          .from(audiences)
          .where(where)
          .orderBy(direction(sortKeys[sort]), asc(audiences.id))
          .offset(offset)
          .limit(limit),
        app.db.select({ total: count() }).from(audiences).where(where),
      ]);
      reply.header('X-Total-Count', String(total));
      return rows.map(toAudience);
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
      const name = requiredText(request.query.name, 'name');
      const [created] = await app.db
        .insert(audiences)
        .values({ environmentId: request.environmentId, name })
        .returning({ id: audiences.id });
      // A string payload would go out as text/plain; the contract says a JSON string.
      return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(created.id));
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
    async (request) => {
      const name = requiredText(request.query.name, 'name');
      const audience = await findAudience(app.db, request.environmentId, request.params.id);
      const [updated] = await app.db
        .update(audiences)
        .set({ name })
        .where(eq(audiences.id, audience.id))
        .returning(audienceColumns);
      return toAudience(updated);
    },
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
      const audience = await findAudience(app.db, request.environmentId, request.params.id);
      await app.db.update(audiences).set({ isDeleted: true }).where(eq(audiences.id, audience.id));
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
    async (request, reply) => {
      const audience = await findAudience(app.db, request.environmentId, request.params.id);
      const list = await findList(app.db, request.environmentId, request.query.listId, {
        includeDeleted: true,
      });
      if (list.isDeleted)
        throw badRequest('listId', 'Een verwijderde lijst kan niet aan een doelgroep worden toegevoegd.');
      const [created] = await app.db
        .insert(audienceLists)
        .values({ audienceId: audience.id, listId: list.id })
        .returning({ id: audienceLists.id })
        .catch((error: unknown) => {
          if (violatesUniqueConstraint(error, 'audience_lists_audience_list_unique')) {
            throw new ApiError(409, 'Deze lijst hoort al bij de doelgroep.', 'listId');
          }
          throw error;
        });
      const { id: listId, type: _type, createdAt: _createdAt, ...listFields } = list;
      return reply.status(201).send({ ...listFields, id: created.id, listId, filters: [] });
    },
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
      const audienceList = await findAudienceList(app.db, request.environmentId, request.params.id);
      await app.db.delete(audienceLists).where(eq(audienceLists.id, audienceList.id));
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
    async (request, reply) => {
      const { field, operator } = request.body;
      const value = requiredText(request.body.value, 'value');
      const audienceList = await findAudienceList(app.db, request.environmentId, request.params.id);
      const attribute = /^attribute([1-9])$/.exec(field);
      if (attribute) {
        const list = await findList(app.db, request.environmentId, audienceList.listId, {
          includeDeleted: true,
        });
        if (attributeLabel(list, Number(attribute[1]) as AttributeNumber) === null) {
          throw badRequest(
            'field',
            `De lijst '${list.title}' heeft geen label voor ${field}; kies een ander veld.`,
          );
        }
      }
      const [created] = await app.db
        .insert(audienceListFilters)
        .values({ audienceListId: audienceList.id, field, operator, value })
        .returning({
          id: audienceListFilters.id,
          field: audienceListFilters.field,
          operator: audienceListFilters.operator,
          value: audienceListFilters.value,
        });
      return reply.status(201).send({ ...created, field, operator });
    },
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
      const audienceList = await findAudienceList(app.db, request.environmentId, request.params.id);
      const [removed] = await app.db
        .delete(audienceListFilters)
        .where(
          and(
            eq(audienceListFilters.id, request.params.filterId),
            eq(audienceListFilters.audienceListId, audienceList.id),
          ),
        )
        .returning({ id: audienceListFilters.id });
      if (!removed) throw notFound('Het filter');
      return reply.status(204).send(null);
    },
  );
};
