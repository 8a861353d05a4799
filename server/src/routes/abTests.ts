import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getAbTest, publicationAbTests } from '../abTests/abTestReport';
import { decideTestNow } from '../abTests/decision';
import { AbTest, ChooseAbTestWinnerBody } from '../contract/abTests';
import { environmentParams, errorResponses } from '../contract/common';
import {
  DeliveryJobParams,
  PublicationParams,
  PublicationVariant,
  PublicationVariantParams,
} from '../contract/publications';
import {
  addContentVariant,
  listContentVariants,
  removeContentVariant,
} from '../publications/contentVariants';
import { requirePublication } from '../publications/publications';

const tags = ['deliveryjobs'];

/**
 * A/B tests (issue 40): created with POST /deliveryjobs (`abTest`), read and decided here; the content
 * variants a test of content sends are kept with the publication.
 */
export const abTestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/publications/:id/variants',
    {
      schema: {
        summary:
          "The publication's content variants for an A/B test of content ('B' to 'D'; 'A' is the publication's " +
          'own blocks), each with its blocks.',
        tags: ['publications'],
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 200: Type.Array(PublicationVariant), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listContentVariants(app.db, request.environmentId, request.params.id),
  );

  app.post(
    '/publications/:id/variants',
    {
      schema: {
        summary:
          "Adds the next content variant with a copy of the publication's blocks; their content is edited with " +
          'PUT /publications/{id}/blocks/{blockId}. 409 naming variants when the publication has D already.',
        tags: ['publications'],
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 201: PublicationVariant, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addContentVariant(app.db, request.environmentId, request.params.id)),
  );

  app.delete(
    '/publications/:id/variants/:variantId',
    {
      schema: {
        summary:
          'Removes a content variant and its blocks; the variants after it move up one letter. 409 naming ' +
          'variantId while a test of the content has not chosen its winner.',
        tags: ['publications'],
        'x-extension': true,
        params: environmentParams(PublicationVariantParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeContentVariant(app.db, request.environmentId, request.params.id, request.params.variantId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/deliveryjobs/:id/abtest',
    {
      schema: {
        summary:
          'The A/B test the job belongs to (as its parent, a variant or the remainder): the variants side by ' +
          'side (sent, unique opens by people, clicks, unsubscribes, bounces), the state, the winner and why, ' +
          'and the recipients still to send. 404 for a job without a test.',
        tags,
        'x-extension': true,
        params: environmentParams(DeliveryJobParams.properties),
        response: { 200: AbTest, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAbTest(app.db, request.environmentId, request.params.id),
  );

  app.post(
    '/deliveryjobs/:id/abtest/winner',
    {
      schema: {
        summary:
          "Chooses the winner by hand ('Zelf kiezen') and queues it to the rest of the recipients. 409 while the " +
          'variants are being sent or once a winner was chosen; 400 naming winner for an unknown variant.',
        tags,
        'x-extension': true,
        params: environmentParams(DeliveryJobParams.properties),
        body: ChooseAbTestWinnerBody,
        response: { 200: AbTest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { environmentId } = request;
      const remainder = await decideTestNow(
        app.db,
        environmentId,
        request.params.id,
        new Date(),
        request.body.winner,
      );
      await app.delivery.enqueue(remainder);
      return getAbTest(app.db, environmentId, request.params.id);
    },
  );

  app.post(
    '/deliveryjobs/:id/abtest/decide',
    {
      schema: {
        summary:
          "Decides an automatic test now ('Nu beslissen'), by its own measure, instead of at the end of its wait. " +
          '409 while the variants are being sent or once decided; 400 for a test decided by hand.',
        tags,
        'x-extension': true,
        params: environmentParams(DeliveryJobParams.properties),
        response: { 200: AbTest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { environmentId } = request;
      const remainder = await decideTestNow(app.db, environmentId, request.params.id, new Date());
      await app.delivery.enqueue(remainder);
      return getAbTest(app.db, environmentId, request.params.id);
    },
  );

  app.get(
    '/publications/:id/abtests',
    {
      schema: {
        summary:
          "The publication's A/B tests, newest first, each as GET /deliveryjobs/{id}/abtest answers it.",
        tags,
        'x-extension': true,
        params: environmentParams(PublicationParams.properties),
        response: { 200: Type.Array(AbTest), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requirePublication(app.db, request.environmentId, request.params.id);
      return publicationAbTests(app.db, request.environmentId, request.params.id);
    },
  );
};
