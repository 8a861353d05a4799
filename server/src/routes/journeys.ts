import { logActorOf } from '../auditLog/logActor';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Limit, Offset, Text, Uuid, environmentParams, errorResponses } from '../contract/common';
import { pageSize } from '../contract/paging';
import {
  AdvanceClockBody,
  CreateJourneyBody,
  EnrollmentPage,
  Journey,
  JourneyList,
  ManualEnrollBody,
  PublishJourneyBody,
  StepCounts,
  Timeline,
  UpdateJourneyBody,
} from '../contract/journeys';
import {
  createJourney,
  deleteJourney,
  getJourney,
  listJourneys,
  personTimeline,
  publishJourney,
  setJourneyState,
  stepCounts,
  updateJourney,
} from '../journeys/journeys';
import { listEnrollments } from '../journeys/enrollmentPage';
import { enrollManually } from '../journeys/startingPoints';

const tags = ['journeys'];
const JourneyParams = environmentParams({ id: Uuid });

/**
 * Journeys (extensions; the spec names the route only). Handlers translate HTTP; the rules live in
 * server/src/journeys/. Every change that moves people is a POST; reads change nothing.
 */
export const journeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const now = () => app.journeys.clock.now();
  const schema = <T extends object>(summary: string, extra: T) => ({
    summary,
    tags,
    'x-extension': true,
    ...extra,
  });

  app.get(
    '/journeys',
    {
      schema: schema('The journeys, newest first.', {
        response: { 200: JourneyList, ...errorResponses(401, 403) },
      }),
    },
    async (request) => {
      const data = await listJourneys(app.db, request.environmentId);
      return { data, total: data.length };
    },
  );
  app.post(
    '/journeys',
    {
      schema: schema('Creates a journey (Concept, no steps).', {
        body: CreateJourneyBody,
        response: { 200: Journey, ...errorResponses(400, 401, 403) },
      }),
    },
    async (request) => createJourney(app.db, request.environmentId, request.body.name),
  );
  app.get(
    '/journeys/:id',
    {
      schema: schema('One journey with the graph being edited.', {
        params: JourneyParams,
        response: { 200: Journey, ...errorResponses(401, 403, 404) },
      }),
    },
    async (request) => getJourney(app.db, request.environmentId, request.params.id),
  );
  app.put(
    '/journeys/:id',
    {
      schema: schema(
        'Saves name and graph; for an active journey the graph becomes a draft until published.',
        {
          params: JourneyParams,
          body: UpdateJourneyBody,
          response: { 200: Journey, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
    },
    async (request) => updateJourney(app.db, request.environmentId, request.params.id, request.body),
  );
  app.delete(
    '/journeys/:id',
    {
      schema: schema('Deletes a journey that is not active.', {
        params: JourneyParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      }),
    },
    async (request, reply) => {
      await deleteJourney(app.db, request.environmentId, request.params.id, logActorOf(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/journeys/:id/publish',
    {
      schema: schema(
        'Activates the journey, or publishes its draft; `moves` says where people on removed steps go. 409 ' +
          "while 'Goedkeuring' covers journeys (ask with POST /journeys/{id}/approvalrequests).",
        {
          params: JourneyParams,
          body: PublishJourneyBody,
          response: { 200: Journey, ...errorResponses(400, 401, 403, 404, 409) },
        },
      ),
    },
    async (request) =>
      publishJourney(
        app.db,
        request.environmentId,
        request.params.id,
        request.body.moves ?? {},
        now(),
        logActorOf(request),
      ),
  );
  for (const [action, state] of [
    ['pause', 'Gepauzeerd'],
    ['resume', 'Actief'],
    ['stop', 'Gestopt'],
  ] as const) {
    app.post(
      `/journeys/:id/${action}`,
      {
        schema: schema(`Sets the journey to ${state}.`, {
          params: JourneyParams,
          response: { 200: Journey, ...errorResponses(401, 403, 404, 409) },
        }),
      },
      async (request) => setJourneyState(app.db, request.environmentId, request.params.id, state, now()),
    );
  }
  app.post(
    '/journeys/:id/enroll',
    {
      schema: schema("'Handmatig': everyone in a list or audience enters now; answers how many did.", {
        params: JourneyParams,
        body: ManualEnrollBody,
        response: {
          200: Type.Object({ enrolled: Type.Integer() }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
    },
    async (request) => ({
      enrolled: await enrollManually(app.db, request.environmentId, request.params.id, request.body, now()),
    }),
  );
  app.get(
    '/journeys/:id/steps',
    {
      schema: schema('Per step: people there now, passed, errors.', {
        params: JourneyParams,
        response: { 200: StepCounts, ...errorResponses(401, 403, 404) },
      }),
    },
    async (request) => stepCounts(app.db, request.environmentId, request.params.id),
  );
  app.get(
    '/journeys/:id/enrollments',
    {
      schema: schema('The people in the journey, newest first.', {
        params: JourneyParams,
        querystring: Type.Object({ offset: Type.Optional(Offset), limit: Type.Optional(Limit) }),
        response: { 200: EnrollmentPage, ...errorResponses(400, 401, 403, 404) },
      }),
    },
    async (request) =>
      listEnrollments(app.db, request.environmentId, request.params.id, {
        offset: request.query.offset ?? 0,
        limit: request.query.limit ?? pageSize,
      }),
  );
  app.get(
    '/journeys/:id/timeline',
    {
      schema: schema("A person's timeline: every step, time and result.", {
        params: JourneyParams,
        querystring: Type.Object({ email: Text({ minLength: 3, maxLength: 320 }) }),
        response: { 200: Timeline, ...errorResponses(400, 401, 403, 404) },
      }),
    },
    async (request) => personTimeline(app.db, request.environmentId, request.params.id, request.query.email),
  );

  // Test-only: moves the journeys' clock and runs the ticker, so an end-to-end test sees days pass.
  // Never registered in production.
  if (!app.config.production) {
    app.post(
      '/journeys-test-clock/advance',
      {
        schema: schema('Test only (absent in production): advances the journeys clock and ticks.', {
          hide: true,
          body: AdvanceClockBody,
          response: {
            200: Type.Object({ now: Type.String({ format: 'date-time' }) }),
            ...errorResponses(400, 401, 403),
          },
        }),
      },
      async (request) => {
        app.journeys.clock.advance(request.body.minutes * 60_000);
        await app.journeys.tick();
        return { now: app.journeys.clock.now().toISOString() };
      },
    );
  }
};
