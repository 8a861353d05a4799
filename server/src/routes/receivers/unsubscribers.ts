import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { environmentParams, errorResponses } from '../../contract/common';
import {
  CreateUnsubscriberQuery,
  RemoveUnsubscriberBody,
  Unsubscriber,
  UnsubscriberPage,
  UnsubscriberParams,
  UnsubscriberRemoval,
  UnsubscriberRemovalPage,
  UnsubscriberRemovalsQuery,
  UnsubscribersQuery,
} from '../../contract/receivers';
import { unsubscribers } from '../../db/schema/receivers';
import { ApiError, notFound } from '../../errors';
import { violatesUniqueConstraint } from '../../receivers/constraintViolation';
import { requiredEmail, requiredText } from '../../receivers/inputText';
import { containsText } from '../../receivers/textSearch';

const tags = ['receivers: unsubscribers'];

const alreadyUnsubscribedMessage = 'Dit e-mailadres is al uitgeschreven.';

const activeColumns = {
  id: unsubscribers.id,
  email: unsubscribers.email,
  createdAt: unsubscribers.createdAt,
};
const removalColumns = {
  ...activeColumns,
  removedAt: unsubscribers.removedAt,
  removedBy: unsubscribers.removedBy,
  reason: unsubscribers.removalReason,
};

const toUnsubscriber = (row: { id: string; email: string; createdAt: Date }): Unsubscriber => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const toRemoval = (row: {
  id: string;
  email: string;
  createdAt: Date;
  removedAt: Date | null;
  removedBy: string | null;
  reason: string | null;
}): UnsubscriberRemoval => ({
  ...toUnsubscriber(row),
  removedAt: (row.removedAt ?? row.createdAt).toISOString(),
  removedBy: row.removedBy ?? '',
  reason: row.reason ?? '',
});

const activeSortKeys: Record<'email' | 'createdAt', SQL | PgColumn> = {
  email: sql`lower(${unsubscribers.email})`,
  createdAt: unsubscribers.createdAt,
};
const removalSortKeys: Record<'email' | 'removedAt', SQL | PgColumn> = {
  email: sql`lower(${unsubscribers.email})`,
  removedAt: unsubscribers.removedAt,
};

/**
 * Global unsubscribers (spec §7 POST /unsubscribers, DELETE /unsubscribers/{id}): an address here
 * receives no delivery of the environment. A removal is kept as a record (who, why, when).
 */
export const unsubscriberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/unsubscribers',
    {
      schema: {
        summary:
          'One page (at most 250) of the globally unsubscribed addresses, searched by part of the address.',
        tags,
        'x-extension': true,
        querystring: UnsubscribersQuery,
        response: { 200: UnsubscriberPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const {
        search,
        sort = 'createdAt',
        order = sort === 'createdAt' ? 'DESC' : 'ASC',
        offset = 0,
        limit = 250,
      } = request.query;
      const where = and(
        eq(unsubscribers.environmentId, request.environmentId),
        isNull(unsubscribers.removedAt),
        search?.trim() ? containsText(unsubscribers.email, search.trim()) : undefined,
      );
      const direction = order === 'DESC' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select(activeColumns)
          .from(unsubscribers)
          .where(where)
          .orderBy(direction(activeSortKeys[sort]), direction(unsubscribers.id))
          .offset(offset)
          .limit(limit),
        app.db.select({ total: count() }).from(unsubscribers).where(where),
      ]);
      return { data: rows.map(toUnsubscriber), total };
    },
  );

  app.get(
    '/unsubscribers/removals',
    {
      schema: {
        summary: 'The record of undone global unsubscribes: who removed which address, when and why.',
        tags,
        'x-extension': true,
        querystring: UnsubscriberRemovalsQuery,
        response: { 200: UnsubscriberRemovalPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const {
        search,
        sort = 'removedAt',
        order = sort === 'removedAt' ? 'DESC' : 'ASC',
        offset = 0,
        limit = 250,
      } = request.query;
      const where = and(
        eq(unsubscribers.environmentId, request.environmentId),
        isNotNull(unsubscribers.removedAt),
        search?.trim() ? containsText(unsubscribers.email, search.trim()) : undefined,
      );
      const direction = order === 'DESC' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select(removalColumns)
          .from(unsubscribers)
          .where(where)
          .orderBy(direction(removalSortKeys[sort]), direction(unsubscribers.id))
          .offset(offset)
          .limit(limit),
        app.db.select({ total: count() }).from(unsubscribers).where(where),
      ]);
      return { data: rows.map(toRemoval), total };
    },
  );

  app.post(
    '/unsubscribers',
    {
      schema: {
        summary: 'Unsubscribes an address globally; 409 when it already is.',
        tags,
        querystring: CreateUnsubscriberQuery,
        response: { 201: Unsubscriber, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const email = requiredEmail(request.query.email, 'email');
      const [created] = await app.db
        .insert(unsubscribers)
        .values({ environmentId: request.environmentId, email, createdByUserId: request.user.id })
        .returning(activeColumns)
        .catch((error: unknown) => {
          if (violatesUniqueConstraint(error, 'unsubscribers_active_email_unique')) {
            throw new ApiError(409, alreadyUnsubscribedMessage, 'email');
          }
          throw error;
        });
      return reply.status(201).send(toUnsubscriber(created));
    },
  );

  app.delete(
    '/unsubscribers/:id',
    {
      schema: {
        summary:
          'Undoes a global unsubscribe (only on behalf of the unsubscriber). The reason is required; the removal is kept as a record.',
        tags,
        params: environmentParams(UnsubscriberParams.properties),
        body: RemoveUnsubscriberBody,
        response: { 200: UnsubscriberRemoval, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const reason = requiredText(request.body.reason, 'reason');
      const removedBy = request.body.removedBy?.trim() || request.user.username;
      const [removed] = await app.db
        .update(unsubscribers)
        .set({ removedAt: new Date(), removedBy, removedByUserId: request.user.id, removalReason: reason })
        .where(
          and(
            eq(unsubscribers.id, request.params.id),
            eq(unsubscribers.environmentId, request.environmentId),
            isNull(unsubscribers.removedAt),
          ),
        )
        .returning(removalColumns);
      if (!removed) throw notFound('De uitschrijving');
      return toRemoval(removed);
    },
  );
};
