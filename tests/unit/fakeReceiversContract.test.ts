// @vitest-environment node
import type { TSchema } from '@sinclair/typebox';
import { FormatRegistry, TypeRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Fastify from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../server/src/fastify-augmentation';
import { ApiErrorBody } from '../../server/src/contract/errors';
import { audienceRoutes } from '../../server/src/routes/receivers/audiences';
import { listRoutes } from '../../server/src/routes/receivers/lists';
import { subscriberRoutes } from '../../server/src/routes/receivers/subscribers';
import { unsubscriberRoutes } from '../../server/src/routes/receivers/unsubscribers';
import { environmentPrefix } from '../../server/src/routes/scope';
import {
  audienceListOf,
  fakeReceiversApi,
  receiverList,
  subscriber,
  type ReceiversState,
} from './support/fakeReceiversApi';

// The unit tests' stand-in for the receivers API (support/fakeReceiversApi.ts) must answer what the
// server answers: each of its answers is checked against the response schema the server's own route
// declares for that method, path and status (the contract in server/src/contract/), so the fake
// cannot drift from the API without this test failing.

interface DeclaredRoute {
  method: string;
  pattern: RegExp;
  response: Record<string, TSchema>;
}

const routes: DeclaredRoute[] = [];

beforeAll(async () => {
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
  // The routes are only registered, never called: no database behind them. (The import routes, which
  // the fake does not serve, recover interrupted imports at registration and are left out.)
  // The contract's string enums (StringEnum) are plain JSON Schema enums, wrapped as TypeBox 'Unsafe'.
  TypeRegistry.Set<{ type?: string; enum?: unknown[] }>(
    'Unsafe',
    (schema, value) =>
      (schema.enum === undefined || schema.enum.includes(value)) &&
      (schema.type !== 'string' || typeof value === 'string'),
  );
  const app = Fastify();
  app.addSchema(ApiErrorBody);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    for (const method of methods) {
      routes.push({ method, pattern, response: (route.schema?.response ?? {}) as Record<string, TSchema> });
    }
  });
  await app.register(
    async (area) => {
      for (const routes of [listRoutes, subscriberRoutes, unsubscriberRoutes, audienceRoutes])
        await area.register(routes);
    },
    { prefix: environmentPrefix },
  );
  await app.ready();
  await app.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ids = {
  env: 'env-1', // the environment the fake serves
  list: '0b1e0d7a-0000-4000-8000-000000000002',
  subscriber: '0b1e0d7a-0000-4000-8000-000000000003',
  unsubscriber: '0b1e0d7a-0000-4000-8000-000000000004',
  audience: '0b1e0d7a-0000-4000-8000-000000000005',
  audienceList: '0b1e0d7a-0000-4000-8000-000000000006',
};

function state(): ReceiversState {
  const list = receiverList({ id: ids.list, title: 'Nieuwsbrief bewoners', subscriberCount: 1 });
  return {
    lists: [list],
    subscribers: [
      subscriber({ id: ids.subscriber, listId: ids.list, name: 'Anne', email: 'anne@voorbeeld.nl' }),
    ],
    unsubscribers: [
      {
        id: ids.unsubscriber,
        email: 'weg@voorbeeld.nl',
        createdAt: '2025-02-01T09:00:00.000Z',
        cause: 'Afgemeld',
        causeDetail: null,
      },
    ],
    audiences: [
      {
        id: ids.audience,
        name: 'Iedereen',
        isDeleted: false,
        createdAt: '2025-02-01T09:00:00.000Z',
        recipientCount: 1,
        lists: [audienceListOf(list, ids.audienceList)],
      },
    ],
  };
}

const subscriberBody = { name: 'Bram', email: 'bram@voorbeeld.nl', isOrganization: false };

/** Every call the fake answers, as the console makes them (paths below /api/1/{env}). */
const calls: Array<[method: string, path: string, body?: unknown]> = [
  ['GET', '/lists/?isDeleted=false'],
  ['POST', '/list/manual?title=Nieuw'],
  ['GET', `/list/manual/${ids.list}`],
  ['PUT', `/list/manual/${ids.list}?title=Anders&isTest=true`],
  ['PUT', `/list/manual/${ids.list}/attributes`, { AttributeLabel1: 'Wijk' }],
  ['GET', `/list/manual/${ids.list}/subscribers`],
  ['POST', `/list/manual/${ids.list}/subscriber`, subscriberBody],
  ['PUT', `/list/manual/${ids.list}/subscriber/${ids.subscriber}`, subscriberBody],
  ['DELETE', `/list/manual/${ids.list}/subscriber/${ids.subscriber}`],
  ['GET', '/unsubscribers'],
  ['POST', '/unsubscribers?email=nieuw@voorbeeld.nl'],
  ['DELETE', `/unsubscribers/${ids.unsubscriber}`, { reason: 'Verzoek', removedBy: 'Anne' }],
  ['GET', '/audiences/'],
  ['POST', '/audience?name=Nieuw'],
  ['GET', `/audience/${ids.audience}`],
  ['PUT', `/audience/${ids.audience}?name=Anders`],
  ['POST', `/audience/${ids.audience}/lists/add?listId=${ids.list}`],
  [
    'POST',
    `/audiencelist/${ids.audienceList}/filter`,
    { field: 'city', operator: 'IsEqual', value: 'Zuiderveen' },
  ],
  ['GET', `/list/manual/${ids.unsubscriber}`], // not found: the error body
];

describe('the fake receivers API of the unit tests', () => {
  it.each(calls)('answers %s %s as the contract declares', async (method, path, body) => {
    const { fetch } = fakeReceiversApi(state());
    const url = `https://console.test/api/1/${ids.env}${path}`;
    const response = await fetch(url, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.pattern.test(new URL(url).pathname),
    );
    expect(route, `the server has no route ${method} ${path}`).toBeDefined();
    const schema = route!.response[String(response.status)];
    expect(schema, `${method} ${path} may not answer ${response.status}`).toBeDefined();
    const text = await response.text();
    const answer = text ? (JSON.parse(text) as unknown) : null;
    const errors = [...Value.Errors(schema, [ApiErrorBody], answer)].map(
      (error) => `${error.path || '/'}: ${error.message}`,
    );
    expect(errors).toEqual([]);
  });
});
