import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setEnvironmentMeasuring } from '../../server/src/analytics/measuringMode';
import type { JourneyGraph } from '../../server/src/contract/journeys';
import { type Database } from '../../server/src/db/client';
import { lists, publications, rsvpInvitees } from '../../server/src/db/schema';
import type { Clock } from '../../server/src/delivery/clock';
import { runDeliveryJob, type DeliveryContext } from '../../server/src/delivery/deliveryRunner';
import { createRateLimiter } from '../../server/src/delivery/rateLimiter';
import {
  createJourney,
  personTimeline,
  publishJourney,
  updateJourney,
} from '../../server/src/journeys/journeys';
import { tick, type JourneyContext } from '../../server/src/journeys/ticker';
import type { Mailer, OutgoingMessage } from '../../server/src/mail/mailer';
import { addSubscriber } from '../../server/src/receivers/subscribers';
import { recordAnswer } from '../../server/src/rsvp/answers';
import { saveRsvpSettings } from '../../server/src/rsvp/events';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';
import { stopEarlierJourneys } from './support/stopEarlierJourneys';
import { testActor } from './support/logActor';

// Journeys started by an RSVP answer, and the conditions 'RSVP-antwoord' and 'Geklikt in publicatie',
// against the database directly (PGlite, or PostgreSQL with TEST_DATABASE_URL) with a clock moved by hand.

const env: string = environmentIds.zuiderveen;
const { publications: pubs, templates } = publicationIds;
const A = { publicationId: pubs.januaryNewsletter, templateId: templates.zuiderveenStandard };
const B = { publicationId: pubs.februaryNewsletter, templateId: templates.zuiderveenStandard };
const C = { publicationId: pubs.residentsEvening, templateId: templates.zuiderveenInvitation };
const minute = 60_000;
const day = 24 * 60 * minute;
const settings = { reentry: 'off' as const, reentryMinutes: 0, exitWhenRemoved: false };
const byEmail = { by: 'e-mail' as const };
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('journeys: RSVP trigger, RSVP and click conditions', () => {
  let seeded: SeededDatabase;
  let db: Database;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-journeys-rsvp-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());
  beforeEach(() => stopEarlierJourneys(db));

  let counter = 0;
  const start = new Date('2026-06-01T08:00:00Z');

  /** A journey clock and a ticker whose sends the delivery runner delivers to a recording mailer. */
  function world() {
    let now = start.getTime();
    const clock: Clock = { now: () => new Date(now), sleep: async (ms) => void (now += ms) };
    const accepted: OutgoingMessage[] = [];
    const mailer: Mailer = {
      async send(message) {
        accepted.push(message);
        return { messageId: `<${accepted.length}@test>` };
      },
      close: async () => {},
    };
    const queued: string[] = [];
    const context: JourneyContext = {
      db,
      clock,
      batchSize: 3,
      enqueueDelivery: async (jobId) => void queued.push(jobId),
    };
    const delivery: DeliveryContext = {
      db,
      mailer,
      from: 'Gemeente Zuiderveen <nieuws@zuiderveen.example.nl>',
      cdn: { publicUrl: 'https://localhost:8443', cdnBase: '/cdn' },
      clock: { now: () => new Date(Date.now() + minute), sleep: async () => {} },
      rateLimiter: createRateLimiter(100_000, clock),
      settings: {
        concurrency: 2,
        retry: { maxAttempts: 1, firstDelayMs: 1 },
        leaseMs: 60_000,
        batchSize: 10,
        consecutiveFailureLimit: 50,
      },
      owner: 'worker-1',
      unsubscribeKey: async () => Buffer.alloc(32, 7),
      bounceKey: async () => Buffer.alloc(32, 7),
      catcher: false,
      stopping: () => false,
    };
    const run = async () => {
      await tick(context);
      while (queued.length) await runDeliveryJob(delivery, queued.shift()!);
    };
    return { clock, run, accepted, advance: (ms: number) => (now += ms) };
  }

  async function activeJourney(graph: JourneyGraph): Promise<string> {
    const created = await createJourney(db, env, `RSVP ${++counter}`);
    await updateJourney(db, env, created.id, { graph });
    await publishJourney(db, env, created.id, {}, new Date(), testActor);
    return created.id;
  }

  /** A new invitation with one invitee per address; answers the publication and the invitee ids. */
  async function invitation(emails: string[]) {
    const [publication] = await db
      .insert(publications)
      .values({
        environmentId: env,
        publicationTypeId: publicationIds.types.zuiderveenNewsletter,
        name: `Uitnodiging ${++counter}`,
      })
      .returning({ id: publications.id });
    const startsAt = new Date('2026-12-10T18:30:00Z');
    await saveRsvpSettings(
      db,
      env,
      publication.id,
      {
        enabled: true,
        title: 'Bewonersavond',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 60 * minute).toISOString(),
        location: 'Raadhuis, Zuiderveen',
        onlineUrl: null,
        places: 0,
        maxGuests: 0,
        deadline: null,
        allowMaybe: true,
        waitingList: true,
        cancelled: false,
      },
      start,
    );
    const invitees = await db
      .insert(rsvpInvitees)
      .values(emails.map((email) => ({ environmentId: env, publicationId: publication.id, email })))
      .returning({ id: rsvpInvitees.id });
    return { publicationId: publication.id, ids: invitees.map((invitee) => invitee.id) };
  }
  const answer = (publicationId: string, inviteeId: number, value: 'Ja' | 'Nee' | 'Misschien', guests = 0) =>
    recordAnswer(
      db,
      { environmentId: env, publicationId, inviteeId, answer: value, guests, source: byEmail },
      start,
    );

  it("'RSVP beantwoord' with answer Ja enrolls who answered Ja, from an event written with the answer", async () => {
    const { publicationId, ids } = await invitation(['ja@gast.nl', 'nee@gast.nl', 'laat@gast.nl']);
    const unheard = await invitation(['elders@gast.nl']);
    const journeyId = await activeJourney({
      triggers: [{ kind: 'rsvpAnswered', publicationId, answer: 'Ja' }],
      start: 'a',
      steps: [{ id: 'a', kind: 'send', ...A, next: null }],
      settings,
    });
    const w = world();
    await answer(publicationId, ids[0], 'Ja');
    await answer(publicationId, ids[1], 'Nee');
    // A refused answer (too many guests) rolls back: no event. An invitation no journey listens to: none.
    await expect(answer(publicationId, ids[2], 'Ja', 5)).rejects.toMatchObject({ status: 400 });
    await answer(unheard.publicationId, unheard.ids[0], 'Ja');
    const events = rows<{ invitee_id: string | number; answer: string }>(
      await db.execute(sql`SELECT invitee_id, answer FROM journey_outbox ORDER BY id`),
    );
    expect(events.map((event) => [Number(event.invitee_id), event.answer])).toEqual([
      [ids[0], 'Ja'],
      [ids[1], 'Nee'],
    ]);
    await w.run();
    expect(w.accepted.map((message) => message.to)).toEqual(['ja@gast.nl']);
    expect((await personTimeline(db, env, journeyId, 'ja@gast.nl'))[0].result).toBe('Publicatie verzonden.');
    // Changing the answer to Nee later does not enroll again, and Ja again does not either (re-entry off).
    await answer(publicationId, ids[0], 'Nee');
    await answer(publicationId, ids[0], 'Ja');
    await w.run();
    expect(w.accepted).toHaveLength(1);
  });

  it("'RSVP beantwoord' without an answer enrolls on any answer; activation refuses a non-invitation", async () => {
    const { publicationId, ids } = await invitation(['misschien@gast.nl']);
    await activeJourney({
      triggers: [{ kind: 'rsvpAnswered', publicationId, answer: null }],
      start: 'a',
      steps: [{ id: 'a', kind: 'send', ...A, next: null }],
      settings,
    });
    const w = world();
    await answer(publicationId, ids[0], 'Misschien');
    await w.run();
    expect(w.accepted.map((message) => message.to)).toEqual(['misschien@gast.nl']);

    const refused = await createJourney(db, env, 'Geen uitnodiging');
    await updateJourney(db, env, refused.id, {
      graph: {
        triggers: [{ kind: 'rsvpAnswered', publicationId: B.publicationId }],
        start: 'a',
        steps: [
          {
            id: 'a',
            kind: 'condition',
            condition: { kind: 'rsvpAnswer', publicationId: B.publicationId, answer: 'Ja' },
            yes: null,
            no: null,
          },
        ],
        settings,
      },
    });
    await expect(publishJourney(db, env, refused.id, {}, new Date(), testActor)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('is (niet meer) een uitnodiging'),
    });
  });

  it("'RSVP-antwoord' branches on the answer as it stands; no answer is Nee", async () => {
    const { publicationId, ids } = await invitation(['komt@gast.nl', 'twijfelt@gast.nl', 'stil@gast.nl']);
    const [list] = await db
      .insert(lists)
      .values({ environmentId: env, title: `RSVP-lijst ${++counter}` })
      .returning({ id: lists.id });
    const journeyId = await activeJourney({
      triggers: [{ kind: 'addedToList', listId: list.id, includeImports: true }],
      start: 'check',
      steps: [
        {
          id: 'check',
          kind: 'condition',
          condition: { kind: 'rsvpAnswer', publicationId, answer: 'Ja' },
          yes: 'b',
          no: 'c',
        },
        { id: 'b', kind: 'send', ...B, next: null },
        { id: 'c', kind: 'send', ...C, next: null },
      ],
      settings,
    });
    await answer(publicationId, ids[0], 'Misschien');
    await answer(publicationId, ids[0], 'Ja');
    await answer(publicationId, ids[1], 'Misschien');
    const w = world();
    for (const email of ['KOMT@gast.nl', 'twijfelt@gast.nl', 'stil@gast.nl'])
      await addSubscriber(db, env, list.id, { name: email, email });
    await w.run();
    const results = await Promise.all(
      ['KOMT@gast.nl', 'twijfelt@gast.nl', 'stil@gast.nl'].map(
        async (email) => (await personTimeline(db, env, journeyId, email))[0].result,
      ),
    );
    expect(results).toEqual(['Ja', 'Nee', 'Nee']);
    expect(w.accepted).toHaveLength(3);
  });

  it("'Geklikt in publicatie': a person's click on the journey's send is Ja, a scanner's or none is Nee; refused unless measured per person", async () => {
    const [list] = await db
      .insert(lists)
      .values({ environmentId: env, title: `Kliklijst ${++counter}` })
      .returning({ id: lists.id });
    const graph: JourneyGraph = {
      triggers: [{ kind: 'addedToList', listId: list.id, includeImports: true }],
      start: 'a',
      steps: [
        { id: 'a', kind: 'send', ...A, next: 'wait' },
        { id: 'wait', kind: 'wait', wait: { type: 'duration', minutes: 24 * 60 }, next: 'check' },
        {
          id: 'check',
          kind: 'condition',
          condition: { kind: 'clickedIn', publicationId: A.publicationId },
          yes: 'b',
          no: 'c',
        },
        { id: 'b', kind: 'send', ...B, next: null },
        { id: 'c', kind: 'send', ...C, next: null },
      ],
      settings,
    };
    await setEnvironmentMeasuring(db, env, { mode: 'Alleen totalen', legalBasis: null }, testActor);
    const totals = await createJourney(db, env, 'Klik zonder meten');
    await updateJourney(db, env, totals.id, { graph });
    await expect(publishJourney(db, env, totals.id, {}, new Date(), testActor)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('meet niet per persoon'),
    });

    await setEnvironmentMeasuring(
      db,
      env,
      { mode: 'Per persoon gepseudonimiseerd', legalBasis: null },
      testActor,
    );
    try {
      const journeyId = await activeJourney(graph);
      const w = world();
      for (const email of ['klikt@gast.nl', 'scanner@gast.nl', 'leest@gast.nl'])
        await addSubscriber(db, env, list.id, { name: email, email });
      await w.run();
      expect(w.accepted).toHaveLength(3);
      const sends = rows<{ email: string; job_id: string; recipient_id: string | number }>(
        await db.execute(sql`
          SELECT e.email, run.delivery_job_id AS job_id, run.delivery_recipient_id AS recipient_id
          FROM journey_step_runs AS run JOIN journey_enrollments AS e ON e.id = run.enrollment_id
          WHERE run.journey_id = ${journeyId} AND run.step_id = 'a'`),
      );
      const click = (email: string, machine: boolean, kind = 'click') => {
        const send = sends.find((row) => row.email === email)!;
        return db.execute(sql`
          INSERT INTO analytics_events (environment_id, job_id, kind, position, message_key, recipient_id, machine,
            first, first_of_kind, occurred_at)
          VALUES (${env}, ${send.job_id}, ${kind}, ${kind === 'open' ? -1 : 0}, ${email}, ${Number(send.recipient_id)},
            ${machine}, true, true, ${start.toISOString()})`);
      };
      await click('klikt@gast.nl', false);
      await click('scanner@gast.nl', true);
      await click('leest@gast.nl', false, 'open');
      w.advance(day);
      await w.run();
      const results = await Promise.all(
        ['klikt@gast.nl', 'scanner@gast.nl', 'leest@gast.nl'].map(
          async (email) =>
            (await personTimeline(db, env, journeyId, email)).find((entry) => entry.stepId === 'check')
              ?.result,
        ),
      );
      expect(results).toEqual(['Ja', 'Nee', 'Nee']);
      expect(w.accepted).toHaveLength(6);
    } finally {
      await setEnvironmentMeasuring(db, env, { mode: 'Alleen totalen', legalBasis: null }, testActor);
    }
  });
});
