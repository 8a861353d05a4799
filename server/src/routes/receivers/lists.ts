import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { environmentParams, errorResponses } from '../../contract/common';
import {
  attributeNumbers,
  CreateListQuery,
  ListAttributesBody,
  ListParams,
  ListsQuery,
  ReceiverList,
  UpdateListQuery,
  type ListSortField,
} from '../../contract/receivers';
import { lists } from '../../db/schema/receivers';
import { badRequest } from '../../errors';
import { optionalText, requiredText } from '../../receivers/inputText';
import { findList, listColumns, toReceiverList } from '../../receivers/listRecords';
import { containsText } from '../../receivers/textSearch';

const tags = ['receivers: lists'];

const sortColumns: Record<ListSortField, SQL | PgColumn> = {
  title: sql`lower(${lists.title})`,
  createdAt: lists.createdAt,
  subscriberCount: lists.subscriberCount,
};

/** Manual lists (spec §7 GET /lists/, POST/PUT /list/manual…); deleting only marks a list. */
export const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/lists/',
    {
      schema: {
        summary:
          'The lists of the environment (deleted ones included unless isDeleted=false); total in X-Total-Count.',
        tags,
        querystring: ListsQuery,
        response: { 200: Type.Array(ReceiverList), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { search, sort = 'title', order = 'ASC', offset = 0, limit = 250, isDeleted } = request.query;
      const conditions = [eq(lists.environmentId, request.environmentId)];
      if (isDeleted !== undefined) conditions.push(eq(lists.isDeleted, isDeleted));
      if (search?.trim()) conditions.push(containsText(lists.title, search.trim()));
      const where = and(...conditions);
      const direction = order === 'DESC' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select(listColumns)
          .from(lists)
          .where(where)
          .orderBy(direction(sortColumns[sort]), asc(lists.id))
          .offset(offset)
          .limit(limit),
        app.db.select({ total: count() }).from(lists).where(where),
      ]);
      reply.header('X-Total-Count', String(total));
      return rows.map(toReceiverList);
    },
  );

  app.get(
    '/list/manual/:listId',
    {
      schema: {
        summary: 'One list with its labels and subscriber count (also when deleted).',
        tags,
        'x-extension': true,
        params: environmentParams(ListParams.properties),
        response: { 200: ReceiverList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      findList(app.db, request.environmentId, request.params.listId, { includeDeleted: true }),
  );

  app.post(
    '/list/manual',
    {
      schema: {
        summary: 'Creates a manual list.',
        tags,
        querystring: CreateListQuery,
        response: { 201: ReceiverList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const title = requiredText(request.query.title, 'title');
      const [created] = await app.db
        .insert(lists)
        .values({ environmentId: request.environmentId, title })
        .returning({ id: lists.id });
      return reply.status(201).send(await findList(app.db, request.environmentId, created.id));
    },
  );

  app.put(
    '/list/manual/:listId',
    {
      schema: {
        summary: 'Renames a list and sets its test flag (isTest unchanged when left out).',
        tags,
        params: environmentParams(ListParams.properties),
        querystring: UpdateListQuery,
        response: { 200: ReceiverList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const title = requiredText(request.query.title, 'title');
      const list = await findList(app.db, request.environmentId, request.params.listId);
      await app.db
        .update(lists)
        .set({ title, isTest: request.query.isTest ?? list.isTest })
        .where(eq(lists.id, list.id));
      return findList(app.db, request.environmentId, list.id);
    },
  );

  app.put(
    '/list/manual/:listId/attributes',
    {
      schema: {
        summary:
          'Sets the nine attribute labels (AttributeLabel1..9; missing or empty clears one). Labels must be unique.',
        tags,
        params: environmentParams(ListParams.properties),
        body: ListAttributesBody,
        response: { 200: ReceiverList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const labels = attributeNumbers.map((n) => optionalText(request.body[`AttributeLabel${n}`]));
      const seen = new Set<string>();
      labels.forEach((label, index) => {
        if (label === null) return;
        const key = label.toLowerCase();
        const field = `AttributeLabel${index + 1}`;
        if (seen.has(key))
          throw badRequest(
            field,
            `Het label '${label}' komt al voor; de velden van een lijst moeten uniek zijn.`,
          );
        seen.add(key);
      });
      const list = await findList(app.db, request.environmentId, request.params.listId);
      const values = Object.fromEntries(attributeNumbers.map((n) => [`attributeLabel${n}`, labels[n - 1]]));
      await app.db.update(lists).set(values).where(eq(lists.id, list.id));
      return findList(app.db, request.environmentId, list.id);
    },
  );

  app.delete(
    '/list/manual/:listId',
    {
      schema: {
        summary:
          'Deletes a list: it is marked isDeleted, leaves every audience count and is hidden from pickers.',
        tags,
        'x-extension': true,
        params: environmentParams(ListParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const list = await findList(app.db, request.environmentId, request.params.listId);
      await app.db.update(lists).set({ isDeleted: true }).where(eq(lists.id, list.id));
      return reply.status(204).send(null);
    },
  );
};
