import type { FastifyPluginAsync } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { FormatRegistry, TypeRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Fastify from 'fastify';
import '../../../server/src/fastify-augmentation';
import { ApiErrorBody } from '../../../server/src/contract/errors';
import { environmentPrefix } from '../../../server/src/routes/scope';

// The server's own routes, registered but never called (no database behind them), so that a fake API
// of the unit tests can be checked against the response schemas they declare: the fake cannot drift
// from the contract (server/src/contract/) without its contract test failing.

interface DeclaredRoute {
  method: string;
  pattern: RegExp;
  response: Record<string, TSchema>;
}

/** The routes of `areas` under the environment prefix, with the formats and enums the contract uses. */
export async function contractRoutes(areas: readonly FastifyPluginAsync[]): Promise<DeclaredRoute[]> {
  // The formats the contract uses, checked for real (TypeBox refuses a format it does not know).
  FormatRegistry.Set('uuid', (value) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  );
  FormatRegistry.Set(
    'date-time',
    (value) =>
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  );
  // The contract's string enums (StringEnum) are plain JSON Schema enums, wrapped as TypeBox 'Unsafe'.
  TypeRegistry.Set<{ type?: string; enum?: unknown[] }>(
    'Unsafe',
    (schema, value) =>
      (schema.enum === undefined || schema.enum.includes(value)) &&
      (schema.type !== 'string' || typeof value === 'string'),
  );
  const routes: DeclaredRoute[] = [];
  const app = Fastify();
  app.addSchema(ApiErrorBody);
  // Registration reads the configuration (test-only routes are left out in production).
  app.decorate('config', { production: true } as never);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    for (const method of methods) {
      routes.push({ method, pattern, response: (route.schema?.response ?? {}) as Record<string, TSchema> });
    }
  });
  await app.register(
    async (area) => {
      for (const routesOfArea of areas) await area.register(routesOfArea);
    },
    { prefix: environmentPrefix },
  );
  await app.ready();
  await app.close();
  return routes;
}

/**
 * What is wrong with `response` as the answer of the server's route for `method` and `url`: no such
 * route, a status it may not answer, or the body's differences from the declared schema. None: fine.
 */
export async function contractProblems(
  routes: readonly DeclaredRoute[],
  method: string,
  url: string,
  response: Response,
): Promise<string[]> {
  const route = routes.find(
    (candidate) => candidate.method === method && candidate.pattern.test(new URL(url).pathname),
  );
  if (!route) return [`the server has no route ${method} ${url}`];
  const schema = route.response[String(response.status)];
  if (!schema) return [`${method} ${url} may not answer ${response.status}`];
  const text = await response.text();
  const answer = text ? (JSON.parse(text) as unknown) : null;
  return [...Value.Errors(schema, [ApiErrorBody], answer)].map(
    (error) => `${error.path || '/'}: ${error.message}`,
  );
}
