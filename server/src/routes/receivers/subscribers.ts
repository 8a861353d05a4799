import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { environmentParams, errorResponses } from '../../contract/common';
import {
  ListParams,
  Subscriber,
  SubscriberInput,
  SubscriberPage,
  SubscriberParams,
  SubscribersQuery,
  type SubscriberSortField,
} from '../../contract/receivers';
import { lists, subscribers } from '../../db/schema/receivers';
import { ApiError, notFound } from '../../errors';
import { violatesUniqueConstraint } from '../../receivers/constraintViolation';
import { findList } from '../../receivers/listRecords';
import {
  duplicateEmailMessage,
  findSubscriber,
  subscriberColumns,
  subscriberValues,
  toSubscriber,
} from '../../receivers/subscriberRecords';
import { deleteSubscriber, insertSubscriber } from '../../receivers/subscriberWrites';
import { matchesPrefixQuery, prefixQuery } from '../../receivers/textSearch';

const tags = ['receivers: subscribers'];

/** Sort keys, each backed by an index (list_id, key, id) so a page never sorts the whole list. */
const sortKeys: Record<SubscriberSortField, SQL | PgColumn> = {
  name: sql`lower(${subscribers.name})`,
  email: sql`lower(${subscribers.email})`,
  city: sql`lower(${subscribers.city})`,
  createdAt: subscribers.createdAt,
};

/** Subscribers of a manual list (spec §7 POST/PUT …/subscriber; the paged read and delete are extensions). */
export const subscriberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emailTaken = (error: unknown) =>
    violatesUniqueConstraint(error, 'subscribers_list_email_unique')
      ? new ApiError(409, duplicateEmailMessage, 'email')
      : error;

  app.get(
    '/list/manual/:listId/subscribers',
    {
      schema: {
        summary:
          'One page (at most 250) of the subscribers of a list, searched by word prefixes of name and e-mail.',
        tags,
        'x-extension': true,
        params: environmentParams(ListParams.properties),
        querystring: SubscribersQuery,
        response: { 200: SubscriberPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { search, sort = 'name', order = 'ASC', offset = 0, limit = 250 } = request.query;
      const list = await findList(app.db, request.environmentId, request.params.listId, {
        includeDeleted: true,
      });
      const query = prefixQuery(search);
      const where = and(
        eq(subscribers.listId, list.id),
        query === undefined ? undefined : matchesPrefixQuery(subscribers.searchVector, query),
      );
      const direction = order === 'DESC' ? desc : asc;
      const rows = await app.db
        .select(subscriberColumns)
        .from(subscribers)
        .innerJoin(lists, eq(lists.id, subscribers.listId))
        .where(where)
        .orderBy(direction(sortKeys[sort]), direction(subscribers.id))
        .offset(offset)
        .limit(limit);
      const total =
        query === undefined
          ? list.subscriberCount
          : (await app.db.select({ total: count() }).from(subscribers).where(where))[0].total;
      return { data: rows.map(toSubscriber), total };
    },
  );

  app.get(
    '/list/manual/:listId/subscriber/:subscriberId',
    {
      schema: {
        summary: 'One subscriber of a list.',
        tags,
        'x-extension': true,
        params: environmentParams(SubscriberParams.properties),
        response: { 200: Subscriber, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      findSubscriber(app.db, request.environmentId, request.params.listId, request.params.subscriberId),
  );

  app.post(
    '/list/manual/:listId/subscriber',
    {
      schema: {
        summary:
          'Adds a subscriber (consent must have been obtained); 409 when the address is already in the list.',
        tags,
        params: environmentParams(ListParams.properties),
        body: SubscriberInput,
        response: { 201: Subscriber, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const values = subscriberValues(request.body);
      const list = await findList(app.db, request.environmentId, request.params.listId);
      const createdId = await insertSubscriber(app.db, { ...values, listId: list.id }).catch(
        (error: unknown) => {
          throw emailTaken(error);
        },
      );
      return reply.status(201).send(await findSubscriber(app.db, request.environmentId, list.id, createdId));
    },
  );

  app.put(
    '/list/manual/:listId/subscriber/:subscriberId',
    {
      schema: {
        summary: 'Updates every field of a subscriber; 409 when the new address is already in the list.',
        tags,
        params: environmentParams(SubscriberParams.properties),
        body: SubscriberInput,
        response: { 200: Subscriber, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const values = subscriberValues(request.body);
      const { listId, subscriberId } = request.params;
      const existing = await findSubscriber(app.db, request.environmentId, listId, subscriberId);
      await app.db
        .update(subscribers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subscribers.id, existing.id))
        .catch((error: unknown) => {
          throw emailTaken(error);
        });
      return findSubscriber(app.db, request.environmentId, listId, subscriberId);
    },
  );

  app.delete(
    '/list/manual/:listId/subscriber/:subscriberId',
    {
      schema: {
        summary: 'Removes a subscriber from the list.',
        tags,
        'x-extension': true,
        params: environmentParams(SubscriberParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { listId, subscriberId } = request.params;
      const existing = await findSubscriber(app.db, request.environmentId, listId, subscriberId);
      if (!(await deleteSubscriber(app.db, existing.listId, existing.id))) throw notFound('De ontvanger');
      return reply.status(204).send(null);
    },
  );
};
