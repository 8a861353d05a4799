import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audienceRoutes } from './receivers/audiences';
import { listImportRoutes } from './receivers/listImports';
import { listRoutes } from './receivers/lists';
import { subscriberRoutes } from './receivers/subscribers';
import { unsubscriberRoutes } from './receivers/unsubscribers';

/** The receivers area (spec 'Ontvangers'): manual lists, their subscribers, global unsubscribers, audiences. */
export const receiverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(listRoutes);
  await app.register(subscriberRoutes);
  await app.register(listImportRoutes);
  await app.register(unsubscriberRoutes);
  await app.register(audienceRoutes);
};
