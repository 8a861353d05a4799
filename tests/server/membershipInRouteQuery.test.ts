import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { environmentScope } from '../../server/src/routes/scope';

// A route that checks membership in its own query (`config.membershipInRouteQuery`, routes/scope.ts) is
// admitted only where the scope's guard can stand in for the scope's check: a read, without a download
// ticket (which carries no token for the route's query). Anything else is refused when it is registered.

const withRoute = async (area: FastifyPluginAsync) => {
  const app = Fastify();
  await app.register(environmentScope, { prefix: '/api/1/:environmentId', areas: [area] });
  try {
    await app.ready();
  } finally {
    await app.close();
  }
};
const membershipInRouteQuery = { config: { membershipInRouteQuery: true } };
const answer = async () => ({});

describe('membershipInRouteQuery', () => {
  it('is accepted on a GET route (and the HEAD route Fastify adds to it)', async () => {
    await expect(
      withRoute(async (area) => void area.get('/preview', membershipInRouteQuery, answer)),
    ).resolves.toBeUndefined();
  });

  it('is refused on a write, and on a GET route that takes download tickets', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      await expect(
        withRoute(
          async (area) =>
            void area.route({ method, url: '/write', ...membershipInRouteQuery, handler: answer }),
        ),
      ).rejects.toThrow(
        '/api/1/:environmentId/write: membershipInRouteQuery is for GET routes without x-download only',
      );
    await expect(
      withRoute(
        async (area) =>
          void area.get('/export', { ...membershipInRouteQuery, schema: { 'x-download': true } }, answer),
      ),
    ).rejects.toThrow('membershipInRouteQuery is for GET routes without x-download only');
  });
});
