import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { environmentParams, errorResponses } from '../../contract/common';
import {
  ListParams,
  Subscriber,
  SubscriberInput,
  SubscriberPage,
  SubscriberParams,
  SubscribersQuery,
} from '../../contract/receivers';
import { sendJsonBytes } from '../../http/jsonBytes';
import { subscriberPage } from '../../receivers/subscriberPage';
import { findSubscriber } from '../../receivers/subscriberRecords';
import { logActorOf } from '../../auditLog/logActor';
import { addSubscriber, removeSubscriber, updateSubscriber } from '../../receivers/subscribers';
import { resubscribeHistory } from '../../preferences/resubscribe';

const tags = ['receivers: subscribers'];

/** Subscribers of a manual list (spec §7 POST/PUT …/subscriber; the paged read and delete are extensions). */
export const subscriberRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    async (request, reply) =>
      sendJsonBytes(
        reply,
        await subscriberPage(app.db, request.environmentId, request.params.listId, request.query),
      ),
  );

  app.get(
    '/list/manual/:listId/subscriber/:subscriberId',
    {
      schema: {
        summary: 'One subscriber of a list, with the global unsubscribes its address undid itself.',
        tags,
        'x-extension': true,
        params: environmentParams(SubscriberParams.properties),
        response: { 200: Subscriber, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { environmentId, params } = request;
      const subscriber = await findSubscriber(app.db, environmentId, params.listId, params.subscriberId);
      return {
        ...subscriber,
        resubscriptions: await resubscribeHistory(app.db, environmentId, subscriber.email),
      };
    },
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
    async (request, reply) =>
      reply.status(201).send(
        await addSubscriber(app.db, request.environmentId, request.params.listId, request.body, {
          userId: request.user.id,
        }),
      ),
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
    async (request) =>
      updateSubscriber(
        app.db,
        request.environmentId,
        request.params.listId,
        request.params.subscriberId,
        request.body,
      ),
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
      await removeSubscriber(app.db, request.environmentId, listId, subscriberId, logActorOf(request));
      return reply.status(204).send(null);
    },
  );
};
