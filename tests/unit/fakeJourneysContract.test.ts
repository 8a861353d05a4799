// @vitest-environment node
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyticsRoutes } from '../../server/src/routes/analytics';
import { journeyRoutes } from '../../server/src/routes/journeys';
import { publicationRoutes } from '../../server/src/routes/publications';
import { contractProblems, contractRoutes } from './support/contractRoutes';
import { fakeJourneysApi, journey, publication, type JourneysState } from './support/fakeJourneysApi';

// The unit tests' stand-in for the journeys API (support/fakeJourneysApi.ts) answers what the server
// answers: each answer is checked against the response schema of the server's own route.

let routes: Awaited<ReturnType<typeof contractRoutes>>;

beforeAll(async () => {
  routes = await contractRoutes([journeyRoutes, publicationRoutes, analyticsRoutes]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ids = {
  journey: '0b1e0d7a-0000-4000-8000-000000000010',
  stopped: '0b1e0d7a-0000-4000-8000-000000000011',
  publication: '0b1e0d7a-0000-4000-8000-000000000012',
  type: '0b1e0d7a-0000-4000-8000-000000000013',
  template: '0b1e0d7a-0000-4000-8000-000000000014',
  list: '0b1e0d7a-0000-4000-8000-000000000015',
};

function state(): JourneysState {
  return {
    lists: [],
    subscribers: [],
    unsubscribers: [],
    audiences: [],
    journeys: [
      journey({ id: ids.journey, name: 'Welkom' }),
      journey({ id: ids.stopped, name: 'Oud', state: 'Gestopt', versionNumber: 1 }),
    ],
    counts: {
      [ids.journey]: [
        { stepId: 'welkomstmail', now: 2, passed: 5, errors: 1, lastError: '550 Onbekende ontvanger' },
      ],
    },
    timelines: {
      'anne@voorbeeld.nl': [
        {
          stepId: 'welkomstmail',
          stepKind: 'send',
          visit: 1,
          at: '2025-03-02T09:00:00.000Z',
          result: 'Publicatie verzonden.',
          status: 'Gelukt',
        },
      ],
    },
    publications: [publication({ id: ids.publication, name: 'Welkom', publicationTypeId: ids.type })],
    publicationTypes: [
      {
        id: ids.type,
        name: 'Nieuwsbrief',
        templates: [{ id: ids.template, name: 'Standaard' }],
        repeatableGroups: [],
      },
    ],
  };
}

const graph = {
  triggers: [{ kind: 'addedToList', listId: ids.list, includeImports: true }],
  start: 'welkomstmail',
  steps: [{ id: 'welkomstmail', kind: 'send', publicationId: ids.publication, templateId: ids.template }],
  settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
};

/** Every call the fake answers, as the console makes them (paths below /api/1/{env}). */
const calls: Array<[method: string, path: string, body?: unknown]> = [
  ['GET', '/journeys'],
  ['GET', `/journeys/${ids.journey}`],
  ['PUT', `/journeys/${ids.journey}`, { graph }],
  ['POST', `/journeys/${ids.journey}/publish`, { moves: {} }],
  ['POST', `/journeys/${ids.journey}/pause`],
  ['POST', `/journeys/${ids.journey}/resume`],
  ['POST', `/journeys/${ids.journey}/stop`],
  ['POST', `/journeys/${ids.stopped}/resume`], // refused: the error body
  ['GET', `/journeys/${ids.journey}/steps`],
  ['GET', `/journeys/${ids.journey}/timeline?email=anne%40voorbeeld.nl`],
  ['POST', `/journeys/${ids.journey}/enroll`, { listId: ids.list }],
  ['GET', `/journeys/${ids.type}`], // not found
  ['GET', '/publications/'],
  ['GET', '/publicationtypes/'],
  ['GET', `/publications/${ids.publication}`],
  ['GET', `/publicationtypes/${ids.type}`],
  ['GET', `/publications/${ids.publication}/measuring`],
];

describe('the fake journeys API of the unit tests', () => {
  it.each(calls)('answers %s %s as the contract declares', async (method, path, body) => {
    const { fetch } = fakeJourneysApi(state());
    const url = `https://console.test/api/1/env-1${path}`;
    const response = await fetch(url, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
    expect(await contractProblems(routes, method, url, response)).toEqual([]);
  });
});
