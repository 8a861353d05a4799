import type { PublicationMeasuring } from '@contract/analytics';
import type { Journey, JourneyGraph, StepCount, TimelineEntry } from '@contract/journeys';
import type { Publication, PublicationType } from '@contract/publications';
import { fakeReceiversApi, type ReceiversState } from './fakeReceiversApi';
import { jsonAnswer, type SentRequest } from './fetchEdge';

export interface JourneysState extends ReceiversState {
  journeys: Journey[];
  /** Per journey id: the counts GET /journeys/{id}/steps answers (absent: none). */
  counts?: Record<string, StepCount[]>;
  /** Per e-mail address: the timeline GET /journeys/{id}/timeline answers (absent: none). */
  timelines?: Record<string, TimelineEntry[]>;
  publications: Publication[];
  publicationTypes: PublicationType[];
  /** The environment's 'Meten' (every publication follows it). */
  measuringMode?: PublicationMeasuring['mode'];
}

export const emptyGraph = (): JourneyGraph => ({
  triggers: [],
  start: null,
  steps: [],
  settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
});

export function journey(overrides: Partial<Journey> & Pick<Journey, 'id' | 'name'>): Journey {
  return {
    state: 'Concept',
    graph: emptyGraph(),
    hasDraft: false,
    versionNumber: null,
    triggerKinds: [],
    activePeople: 0,
    lastError: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    publishNeedsApproval: false,
    ...overrides,
  };
}

export function publication(
  overrides: Partial<Publication> & Pick<Publication, 'id' | 'name' | 'publicationTypeId'>,
): Publication {
  return {
    subject: null,
    preheader: null,
    isNotMarketing: false,
    isPublic: false,
    senderName: null,
    publicationTypeName: 'Nieuwsbrief',
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

const error = (status: number, message: string) => jsonAnswer({ status, message }, { status });

/**
 * The journeys API of the server in memory, over the fake receivers API (lists, audiences): the
 * journey's page reads and writes, the publications and types its send steps choose from, and 'Meten'.
 * A state change follows the server's rules (a stopped journey stays stopped). `override` may answer a
 * request first, e.g. a refusal.
 */
export function fakeJourneysApi(
  state: JourneysState,
  override?: (request: SentRequest) => Response | undefined,
) {
  return fakeReceiversApi(state, (request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const path = request.path.replace('/api/1/env-1', '');
    const { method } = request;
    let match: RegExpMatchArray | null;

    if (method === 'GET' && path === '/journeys') {
      return jsonAnswer({ data: state.journeys, total: state.journeys.length });
    }
    if ((match = path.match(/^\/journeys\/([^/]+)(?:\/([a-z]+))?$/))) {
      const found = state.journeys.find((candidate) => candidate.id === match?.[1]);
      if (!found) return error(404, 'De journey bestaat niet.');
      const action = match[2];
      if (method === 'GET' && !action) return jsonAnswer(found);
      if (method === 'PUT' && !action) {
        const body = request.json() as { name?: string; graph?: JourneyGraph };
        if (found.state === 'Gestopt' && body.graph)
          return error(409, 'Een gestopte journey kan niet meer worden gewijzigd.');
        Object.assign(found, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.graph && { graph: body.graph, hasDraft: found.state !== 'Concept' }),
        });
        found.triggerKinds = [...new Set(found.graph.triggers.map((trigger) => trigger.kind))];
        return jsonAnswer(found);
      }
      if (method === 'GET' && action === 'steps') return jsonAnswer(state.counts?.[found.id] ?? []);
      if (method === 'GET' && action === 'timeline') {
        return jsonAnswer(state.timelines?.[request.query.get('email') ?? ''] ?? []);
      }
      if (method === 'POST' && action === 'enroll') return jsonAnswer({ enrolled: 1 });
      const states = { publish: 'Actief', pause: 'Gepauzeerd', resume: 'Actief', stop: 'Gestopt' } as const;
      if (method === 'POST' && action && action in states) {
        if (found.state === 'Gestopt')
          return error(409, 'Een gestopte journey kan niet meer worden gewijzigd.');
        found.state = states[action as keyof typeof states];
        if (action === 'publish') {
          found.hasDraft = false;
          found.versionNumber = (found.versionNumber ?? 0) + 1;
        }
        return jsonAnswer(found);
      }
    }
    if (method === 'GET' && path === '/publications/') {
      return jsonAnswer({ data: state.publications, total: state.publications.length });
    }
    if (method === 'GET' && path === '/publicationtypes/') {
      return jsonAnswer(state.publicationTypes, {
        headers: { 'X-Total-Count': String(state.publicationTypes.length) },
      });
    }
    if (method === 'GET' && (match = path.match(/^\/publications\/([^/]+)$/))) {
      const found = state.publications.find((candidate) => candidate.id === match?.[1]);
      return found ? jsonAnswer(found) : error(404, 'De publicatie bestaat niet.');
    }
    if (method === 'GET' && (match = path.match(/^\/publicationtypes\/([^/]+)$/))) {
      const found = state.publicationTypes.find((candidate) => candidate.id === match?.[1]);
      return found ? jsonAnswer(found) : error(404, 'Het publicatietype bestaat niet.');
    }
    if (method === 'GET' && (match = path.match(/^\/publications\/([^/]+)\/measuring$/))) {
      if (!state.publications.some((candidate) => candidate.id === match?.[1]))
        return error(404, 'De publicatie bestaat niet.');
      const mode = state.measuringMode ?? 'Alleen totalen';
      return jsonAnswer({ own: null, mode, environmentMode: mode, legalBasis: null });
    }
    return undefined;
  });
}
