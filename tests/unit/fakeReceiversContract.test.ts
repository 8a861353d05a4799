// @vitest-environment node
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { audienceRoutes } from '../../server/src/routes/receivers/audiences';
import { listRoutes } from '../../server/src/routes/receivers/lists';
import { subscriberRoutes } from '../../server/src/routes/receivers/subscribers';
import { unsubscriberRoutes } from '../../server/src/routes/receivers/unsubscribers';
import { contractProblems, contractRoutes } from './support/contractRoutes';
import {
  audienceListOf,
  fakeReceiversApi,
  receiverList,
  subscriber,
  type ReceiversState,
} from './support/fakeReceiversApi';

// The unit tests' stand-in for the receivers API (support/fakeReceiversApi.ts) must answer what the
// server answers: each of its answers is checked against the response schema the server's own route
// declares for that method, path and status (support/contractRoutes.ts).

let routes: Awaited<ReturnType<typeof contractRoutes>>;

beforeAll(async () => {
  // (The import routes, which the fake does not serve, recover interrupted imports at registration and
  // are left out.)
  routes = await contractRoutes([listRoutes, subscriberRoutes, unsubscriberRoutes, audienceRoutes]);
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
        erased: false,
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
    expect(await contractProblems(routes, method, url, response)).toEqual([]);
  });
});
