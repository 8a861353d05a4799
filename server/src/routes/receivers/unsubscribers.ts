import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { removalPage, undoUnsubscribe, unsubscribe, unsubscriberPage } from '../../receivers/unsubscribers';

const tags = ['receivers: unsubscribers'];

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
    async (request) => unsubscriberPage(app.db, request.environmentId, request.query),
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
    async (request) => removalPage(app.db, request.environmentId, request.query),
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
    async (request, reply) =>
      reply
        .status(201)
        .send(await unsubscribe(app.db, request.environmentId, request.user.id, request.query.email)),
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
    async (request) =>
      undoUnsubscribe(
        app.db,
        request.environmentId,
        request.params.id,
        { userId: request.user.id, username: request.user.username },
        request.body,
      ),
  );
};
