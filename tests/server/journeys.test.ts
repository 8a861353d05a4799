import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JourneyGraph } from '../../server/src/contract/journeys';
import { type Database } from '../../server/src/db/client';
import {
  deliveryRecipients,
  journeyStepRuns,
  journeyVersions,
  journeys,
  lists,
  unsubscribers,
} from '../../server/src/db/schema';
import type { Clock } from '../../server/src/delivery/clock';
import { runDeliveryJob, type DeliveryContext } from '../../server/src/delivery/deliveryRunner';
import { createRateLimiter } from '../../server/src/delivery/rateLimiter';
import { storeSubmission } from '../../server/src/forms/submissions';
import { fromLocal } from '../../server/src/journeys/amsterdamTime';
import {
  createJourney,
  getJourney,
  personTimeline,
  publishJourney,
  setJourneyState,
  stepCounts,
  updateJourney,
} from '../../server/src/journeys/journeys';
import { enrollManually, runDateTriggers } from '../../server/src/journeys/startingPoints';
import { tick, type JourneyContext } from '../../server/src/journeys/ticker';
import { waitTarget } from '../../server/src/journeys/waits';
import { MailSendError } from '../../server/src/mail/mailer';
import { addSubscriber, removeSubscriber } from '../../server/src/receivers/subscribers';
import { environmentIds, formIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';
import { stopEarlierJourneys } from './support/stopEarlierJourneys';
import { recordingMailer } from './support/recordingMailer';
import { testActor } from './support/logActor';

// Journeys against the database directly (PGlite, or PostgreSQL with TEST_DATABASE_URL): the ticker and
// the delivery runner called as their queues would, a clock moved by hand, a recording mailer.

const env: string = environmentIds.zuiderveen;
const other: string = environmentIds.cultuurhuis;
const { publications: pubs, templates } = publicationIds;
const A = { publicationId: pubs.januaryNewsletter, templateId: templates.zuiderveenStandard };
const B = { publicationId: pubs.februaryNewsletter, templateId: templates.zuiderveenStandard };
const C = { publicationId: pubs.residentsEvening, templateId: templates.zuiderveenInvitation };
const minute = 60_000;
const day = 24 * 60 * minute;

function manualClock(start: Date) {
  let now = start.getTime();
  const clock: Clock = { now: () => new Date(now), sleep: async (ms) => void (now += ms) };
  return { clock, advance: (ms: number) => (now += ms) };
}

describe('journeys (triggers, steps, ticker)', () => {
  let seeded: SeededDatabase;
  let db: Database;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-journeys-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  // Each test watches its own journey: the ones before it are stopped (their people leave).
  beforeEach(() => stopEarlierJourneys(db));

  let counter = 0;
  async function newList(environmentId = env): Promise<string> {
    const [list] = await db
      .insert(lists)
      .values({ environmentId, title: `Journeylijst ${++counter}` })
      .returning({ id: lists.id });
    return list.id;
  }
  const person = (email: string, city = 'Zuiderveen') => ({ name: email.split('@')[0], email, city });

  /** A world: a journey clock, the delivery runner with a mailer, and a ticker that sends what it queued. */
  function world(start = new Date('2026-06-01T08:00:00Z'), mailer = recordingMailer()) {
    const { clock, advance } = manualClock(start);
    const queued: string[] = [];
    const context: JourneyContext = {
      db,
      clock,
      batchSize: 3,
      enqueueDelivery: async (jobId) => void queued.push(jobId),
    };
    const delivery: DeliveryContext = {
      db,
      mailer: mailer.mailer,
      from: 'Gemeente Zuiderveen <nieuws@zuiderveen.example.nl>',
      cdn: { publicUrl: 'https://localhost:8443', cdnBase: '/cdn' },
      // Delivery runs on real time: its jobs are scheduled at the database's now.
      clock: { now: () => new Date(Date.now() + minute), sleep: async () => {} },
      rateLimiter: createRateLimiter(100_000, manualClock(new Date()).clock),
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
    /** Addresses the mailer accepted, with the subject (A, B or C told apart by subject). */
    const sent = () => mailer.accepted.map((message) => `${message.to} ${message.subject}`).sort();
    return { clock, advance, run, sent, accepted: mailer.accepted, context };
  }

  async function activeJourney(graph: JourneyGraph, environmentId = env): Promise<string> {
    const created = await createJourney(db, environmentId, `Welkom ${++counter}`);
    await updateJourney(db, environmentId, created.id, { graph });
    await publishJourney(db, environmentId, created.id, {}, new Date(), testActor);
    return created.id;
  }

  const settings = { reentry: 'off' as const, reentryMinutes: 0, exitWhenRemoved: false };
  /** 'Welkom': added to list, send A, wait 2 days, city = Zuiderveen? Ja: send B, Nee: send C. */
  const welcome = (listId: string, over: Partial<JourneyGraph['settings']> = {}): JourneyGraph => ({
    triggers: [{ kind: 'addedToList', listId, includeImports: true }],
    start: 'a',
    steps: [
      { id: 'a', kind: 'send', ...A, next: 'wait' },
      { id: 'wait', kind: 'wait', wait: { type: 'duration', minutes: 2 * 24 * 60 }, next: 'check' },
      {
        id: 'check',
        kind: 'condition',
        condition: { kind: 'field', field: 'city', operator: 'IsEqual', value: 'zuiderveen' },
        yes: 'b',
        no: 'c',
      },
      { id: 'b', kind: 'send', ...B, next: null },
      { id: 'c', kind: 'send', ...C, next: 'end' },
      { id: 'end', kind: 'end' },
    ],
    settings: { ...settings, ...over },
  });
  const subjectOf = async (publicationId: string) =>
    (
      (await db.execute(sql`SELECT name FROM publications WHERE id = ${publicationId}`)) as unknown as {
        rows: Array<{ name: string }>;
      }
    ).rows[0].name;

  it("'Welkom': A at once, after exactly two days B or C by the condition, each once", async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId));
    const w = world();
    await addSubscriber(db, env, listId, person('ja@voorbeeld.nl'));
    await addSubscriber(db, env, listId, person('nee@voorbeeld.nl', 'Elders'));
    await w.run();
    expect(w.accepted.map((m) => m.to).sort()).toEqual(['ja@voorbeeld.nl', 'nee@voorbeeld.nl']);

    w.advance(2 * day - minute);
    await w.run();
    expect(w.accepted).toHaveLength(2);
    w.advance(minute);
    await w.run();
    await w.run();
    expect(w.accepted).toHaveLength(4);
    const [b, c] = [await subjectOf(B.publicationId), await subjectOf(C.publicationId)];
    const later = w.accepted.slice(2).map((m) => `${m.to}`);
    expect(later.sort()).toEqual(['ja@voorbeeld.nl', 'nee@voorbeeld.nl']);
    const runs = await db.select().from(journeyStepRuns).where(eq(journeyStepRuns.journeyId, journeyId));
    expect(runs.filter((r) => r.stepId === 'b').length).toBe(1);
    expect(runs.filter((r) => r.stepId === 'c').length).toBe(1);
    expect(b).not.toBe(c);

    const timeline = await personTimeline(db, env, journeyId, 'nee@voorbeeld.nl');
    expect(timeline.map((entry) => `${entry.stepId}: ${entry.result}`)).toEqual([
      'a: Publicatie verzonden.',
      expect.stringMatching(/^wait: Gewacht tot 3 juni 2026/),
      'check: Nee',
      'c: Publicatie verzonden.',
      'end: Einde van de journey.',
    ]);
    const counts = Object.fromEntries(
      (await stepCounts(db, env, journeyId)).map((count) => [count.stepId, count]),
    );
    expect(counts.a).toMatchObject({ now: 0, passed: 2, errors: 0 });
    expect(counts.b).toMatchObject({ passed: 1 });
    expect(counts.c).toMatchObject({ passed: 1 });
    expect((await getJourney(db, env, journeyId)).activePeople).toBe(0);
  });

  it('a step counts people waiting there now', async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId));
    const w = world();
    await addSubscriber(db, env, listId, person('wachter@voorbeeld.nl'));
    await w.run();
    const counts = await stepCounts(db, env, journeyId);
    expect(counts.find((count) => count.stepId === 'wait')).toMatchObject({ now: 1, passed: 0 });
    expect((await getJourney(db, env, journeyId)).activePeople).toBe(1);
  });

  it('a failed send is recorded for that person alone; the others are sent and nobody twice', async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId));
    const w = world(
      undefined,
      recordingMailer((message) => {
        if (message.to === 'kapot@voorbeeld.nl')
          throw new MailSendError('550 Onbekende ontvanger', { responseCode: 550, temporary: false });
      }),
    );
    for (const email of ['een@voorbeeld.nl', 'kapot@voorbeeld.nl', 'twee@voorbeeld.nl', 'drie@voorbeeld.nl'])
      await addSubscriber(db, env, listId, person(email));
    await w.run();
    await w.run();
    expect(w.accepted.map((m) => m.to).sort()).toEqual([
      'drie@voorbeeld.nl',
      'een@voorbeeld.nl',
      'twee@voorbeeld.nl',
    ]);
    const timeline = await personTimeline(db, env, journeyId, 'kapot@voorbeeld.nl');
    expect(timeline[0]).toMatchObject({
      stepId: 'a',
      status: 'Fout',
      result: expect.stringContaining('550'),
    });
    expect((await stepCounts(db, env, journeyId)).find((count) => count.stepId === 'a')).toMatchObject({
      errors: 1,
      passed: 4,
      lastError: expect.stringContaining('550'),
    });
  });

  /** 'Welkom' whose first step sends January's newsletter with the invitation's template (another type). */
  const withForeignTemplate = (graph: JourneyGraph): JourneyGraph => ({
    ...graph,
    steps: graph.steps.map((step) =>
      step.id === 'a' && step.kind === 'send'
        ? { ...step, templateId: templates.zuiderveenInvitation }
        : step,
    ),
  });

  it("a send step whose template is not of its publication's type is refused on save and on publish, naming the step", async () => {
    const listId = await newList();
    const created = await createJourney(db, env, `Template ${++counter}`);
    const graph = withForeignTemplate(welcome(listId));
    await expect(updateJourney(db, env, created.id, { graph })).rejects.toMatchObject({
      status: 400,
      field: 'graph',
      message: expect.stringMatching(
        /^Stap 'a': het sjabloon 'Uitnodiging' hoort niet bij het type van de publicatie/,
      ),
    });
    // A draft saved before the rule existed is refused when it is published.
    await db.update(journeys).set({ draft: graph }).where(eq(journeys.id, created.id));
    await expect(publishJourney(db, env, created.id, {}, new Date(), testActor)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Stap 'a': het sjabloon 'Uitnodiging' hoort niet bij"),
    });
    expect((await getJourney(db, env, created.id)).state).toBe('Concept');
  });

  it("a send whose whole delivery job fails shows on the step ('Fouten', 'Laatste fout') and in the timeline", async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId));
    // A version that went live before the rule: its send step's template belongs to another type.
    const [active] = await db
      .select({ versionId: journeys.activeVersionId })
      .from(journeys)
      .where(eq(journeys.id, journeyId));
    await db
      .update(journeyVersions)
      .set({ graph: withForeignTemplate(welcome(listId)) })
      .where(eq(journeyVersions.id, active.versionId!));
    const w = world();
    await addSubscriber(db, env, listId, person('mislukt@voorbeeld.nl'));
    await w.run();
    expect(w.accepted).toEqual([]);
    expect((await stepCounts(db, env, journeyId)).find((count) => count.stepId === 'a')).toMatchObject({
      errors: 1,
      lastError: 'De publicatie of de template bestaat niet meer.',
    });
    const [first] = await personTimeline(db, env, journeyId, 'mislukt@voorbeeld.nl');
    expect(first).toMatchObject({
      stepId: 'a',
      status: 'Fout',
      result: 'Verzenden mislukt: De publicatie of de template bestaat niet meer.',
    });
  });

  it("a journey's send refused at RCPT TO (550) makes the address 'Onbestelbaar', as any delivery's refusal does", async () => {
    const listId = await newList();
    await activeJourney(welcome(listId));
    const w = world(
      undefined,
      recordingMailer((message) => {
        if (message.to === 'onbereikbaar@voorbeeld.nl')
          throw new MailSendError('550 5.1.1 User unknown', {
            responseCode: 550,
            temporary: false,
            command: 'RCPT TO',
          });
      }),
    );
    for (const email of ['bereikbaar@voorbeeld.nl', 'onbereikbaar@voorbeeld.nl'])
      await addSubscriber(db, env, listId, person(email));
    await w.run();
    expect(w.accepted.map((m) => m.to)).toEqual(['bereikbaar@voorbeeld.nl']);
    const excluded = await db
      .select({ email: unsubscribers.email, cause: unsubscribers.cause, detail: unsubscribers.causeDetail })
      .from(unsubscribers)
      .where(eq(unsubscribers.environmentId, env));
    expect(
      excluded.filter((row) => row.email.endsWith('@voorbeeld.nl') && /bereikbaar/.test(row.email)),
    ).toEqual([
      {
        email: 'onbereikbaar@voorbeeld.nl',
        cause: 'Onbestelbaar',
        detail: expect.stringMatching(/^Harde bounce bij verzenden van '.*': Onbestelbaar: .*User unknown/),
      },
    ]);
  });

  it('two tickers at once claim each enrollment once: every step runs and sends once', async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId));
    const w = world();
    for (let index = 0; index < 12; index++)
      await addSubscriber(db, env, listId, person(`p${index}@voorbeeld.nl`));
    await Promise.all([tick(w.context), tick({ ...w.context })]);
    const runs = await db.select().from(journeyStepRuns).where(eq(journeyStepRuns.journeyId, journeyId));
    expect(runs.filter((run) => run.stepId === 'a')).toHaveLength(12);
    const recipients =
      await db.execute(sql`SELECT count(*)::int AS n, count(DISTINCT email)::int AS distinct_n FROM delivery_recipients
      WHERE id IN (SELECT delivery_recipient_id FROM journey_step_runs WHERE journey_id = ${journeyId})`);
    expect((recipients as unknown as { rows: Array<{ n: number; distinct_n: number }> }).rows[0]).toEqual({
      n: 12,
      distinct_n: 12,
    });
  });

  it('a global unsubscribe exits; removal from the trigger list exits when the journey says so', async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId, { exitWhenRemoved: true }));
    const w = world();
    await addSubscriber(db, env, listId, person('weg@voorbeeld.nl'));
    const removed = await addSubscriber(db, env, listId, person('verwijderd@voorbeeld.nl'));
    await addSubscriber(db, env, listId, person('blijft@voorbeeld.nl'));
    await w.run();
    await db.insert(unsubscribers).values({ environmentId: env, email: 'WEG@voorbeeld.nl' });
    await removeSubscriber(db, env, listId, removed.id, testActor);
    w.advance(2 * day);
    await w.run();
    expect(w.accepted.slice(3).map((m) => m.to)).toEqual(['blijft@voorbeeld.nl']);
    expect((await personTimeline(db, env, journeyId, 'weg@voorbeeld.nl')).at(-1)?.result).toBe(
      'Verlaten: uitgeschreven.',
    );
    expect((await personTimeline(db, env, journeyId, 'verwijderd@voorbeeld.nl')).at(-1)?.result).toBe(
      'Verlaten: verwijderd uit de triggerlijst.',
    );
  });

  it('re-entry: off enrolls a person once; after an interval again once it has passed', async () => {
    const short = (listId: string, over = {}): JourneyGraph => ({
      triggers: [{ kind: 'addedToList', listId, includeImports: true }, { kind: 'manual' }],
      start: 'a',
      steps: [{ id: 'a', kind: 'send', ...A, next: null }],
      settings: { ...settings, ...over },
    });
    const listId = await newList();
    const off = await activeJourney(short(listId));
    const again = await activeJourney(short(listId, { reentry: 'afterInterval', reentryMinutes: 60 }));
    const w = world();
    await addSubscriber(db, env, listId, person('terug@voorbeeld.nl'));
    await w.run();
    expect(await enrollManually(db, env, off, { listId }, w.clock.now())).toBe(0);
    expect(await enrollManually(db, env, again, { listId }, w.clock.now())).toBe(0);
    w.advance(61 * minute);
    expect(await enrollManually(db, env, off, { listId }, w.clock.now())).toBe(0);
    expect(await enrollManually(db, env, again, { listId }, w.clock.now())).toBe(1);
    await w.run();
    expect(w.accepted).toHaveLength(3);
  });

  it("'Formulier ingevuld' with a chosen option enrolls the address typed in the form", async () => {
    const journeyId = await activeJourney({
      triggers: [
        {
          kind: 'formAnswered',
          flowId: formIds.playgroundEvening,
          emailFieldId: formIds.nameQuestion,
          optionId: formIds.thursdayOption,
        },
      ],
      start: 'a',
      steps: [{ id: 'a', kind: 'send', ...A, next: null }],
      settings,
    });
    const w = world();
    const form = { id: formIds.playgroundEvening, environmentId: env } as Parameters<
      typeof storeSubmission
    >[1];
    const answer = (email: string, optionId: string) => [
      { kind: 'option' as const, fieldId: formIds.eveningQuestion, optionId },
      { kind: 'text' as const, fieldId: formIds.nameQuestion, text: email },
    ];
    await storeSubmission(db, form, answer('donderdag@voorbeeld.nl', formIds.thursdayOption), new Date());
    await storeSubmission(db, form, answer('later@voorbeeld.nl', formIds.laterOption), new Date());
    await w.run();
    expect(w.accepted.map((m) => m.to)).toEqual(['donderdag@voorbeeld.nl']);
    expect((await personTimeline(db, env, journeyId, 'donderdag@voorbeeld.nl'))[0].result).toBe(
      'Publicatie verzonden.',
    );
  });

  it("'Toegevoegd aan lijst' without imports ignores imported people; list and field steps change the receiver", async () => {
    const listId = await newList();
    const target = await newList();
    await activeJourney({
      triggers: [{ kind: 'addedToList', listId, includeImports: false }],
      start: 'field',
      steps: [
        { id: 'field', kind: 'updateField', field: 'attribute1', value: 'welkom gehad', next: 'add' },
        { id: 'add', kind: 'addToList', listId: target, next: 'remove' },
        { id: 'remove', kind: 'removeFromList', listId, next: null },
      ],
      settings,
    });
    const w = world();
    const added = await addSubscriber(db, env, listId, person('los@voorbeeld.nl'));
    const imported = await addSubscriber(db, env, listId, person('import@voorbeeld.nl'));
    // The import's outbox event (receivers/importBatch.ts writes it with imported = true) instead of the form's.
    await db.execute(sql`UPDATE journey_outbox SET imported = true WHERE subscriber_id = ${imported.id}`);
    await w.run();
    const rows = await db.execute(
      sql`SELECT list_id, email, attribute1 FROM subscribers WHERE list_id IN (${listId}, ${target}) ORDER BY email`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { list_id: listId, email: 'import@voorbeeld.nl', attribute1: null },
      { list_id: target, email: 'los@voorbeeld.nl', attribute1: 'welkom gehad' },
    ]);
    expect(added.id).toBeTruthy();
  });

  it('activation refuses in Dutch what is missing; a draft of an active journey is published with moved people', async () => {
    const listId = await newList();
    const created = await createJourney(db, env, 'Onvolledig');
    await updateJourney(db, env, created.id, {
      graph: {
        triggers: [
          { kind: 'addedToList', listId: '00000000-0000-4000-8000-000000000001', includeImports: true },
        ],
        start: 'a',
        steps: [
          {
            id: 'a',
            kind: 'send',
            publicationId: '00000000-0000-4000-8000-000000000002',
            templateId: A.templateId,
            next: null,
          },
        ],
        settings,
      },
    });
    await expect(publishJourney(db, env, created.id, {}, new Date(), testActor)).rejects.toMatchObject({
      status: 400,
      field: 'graph',
      message: expect.stringContaining('De lijst van de trigger bestaat niet (meer).'),
    });
    await expect(publishJourney(db, env, created.id, {}, new Date(), testActor)).rejects.toMatchObject({
      message: expect.stringContaining('De publicatie van een verzendstap bestaat niet (meer).'),
    });

    const journeyId = await activeJourney(welcome(listId));
    const w = world();
    await addSubscriber(db, env, listId, person('verhuisd@voorbeeld.nl', 'Elders'));
    await w.run();
    // The draft drops the wait and the condition; the person waiting there must be given a place.
    const draft: JourneyGraph = {
      ...welcome(listId),
      steps: [
        { id: 'a', kind: 'send', ...A, next: 'b' },
        { id: 'b', kind: 'send', ...B, next: null },
      ],
    };
    const edited = await updateJourney(db, env, journeyId, { graph: draft });
    expect(edited).toMatchObject({ hasDraft: true, state: 'Actief', versionNumber: 1 });
    await expect(publishJourney(db, env, journeyId, {}, w.clock.now(), testActor)).rejects.toMatchObject({
      status: 400,
      field: 'moves',
    });
    expect(
      (await publishJourney(db, env, journeyId, { wait: 'b' }, w.clock.now(), testActor)).versionNumber,
    ).toBe(2);
    await w.run();
    expect(w.accepted.map((m) => m.to)).toEqual(['verhuisd@voorbeeld.nl', 'verhuisd@voorbeeld.nl']);
    expect(w.accepted[1].subject).not.toBe(w.accepted[0].subject);
    expect(
      (await personTimeline(db, env, journeyId, 'verhuisd@voorbeeld.nl')).map((entry) => entry.stepId),
    ).toEqual(['a', 'wait', 'b']);
  });

  it('a paused journey holds people; a stopped one lets them leave', async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId));
    const w = world();
    await addSubscriber(db, env, listId, person('pauze@voorbeeld.nl'));
    await w.run();
    await setJourneyState(db, env, journeyId, 'Gepauzeerd', w.clock.now());
    w.advance(3 * day);
    await w.run();
    expect(w.accepted).toHaveLength(1);
    await setJourneyState(db, env, journeyId, 'Gestopt', w.clock.now());
    expect((await getJourney(db, env, journeyId)).activePeople).toBe(0);
  });

  it("'Datum' enrolls on the day at the Amsterdam time, across the switch to summer time", async () => {
    const listId = await newList();
    const journeyId = await activeJourney({
      triggers: [{ kind: 'date', listId, attribute: 2, mode: 'before', days: 1, time: '09:00' }],
      start: 'a',
      steps: [{ id: 'a', kind: 'send', ...A, next: null }],
      settings,
    });
    await addSubscriber(db, env, listId, { ...person('jarig@voorbeeld.nl'), attribute2: '2026-03-30' });
    await addSubscriber(db, env, listId, { ...person('later@voorbeeld.nl'), attribute2: '31-03-2026' });
    // 29 March 2026 is the night the clocks go forward: 09:00 is 07:00 UTC that day (08:00 UTC the day before).
    const w = world(new Date('2026-03-28T23:10:00Z'));
    expect(await runDateTriggers(db, w.clock.now())).toBe(1);
    await w.run();
    expect(w.accepted).toHaveLength(0);
    w.advance(new Date('2026-03-29T07:00:00Z').getTime() - w.clock.now().getTime());
    await w.run();
    expect(w.accepted.map((m) => m.to)).toEqual(['jarig@voorbeeld.nl']);
    expect((await personTimeline(db, env, journeyId, 'jarig@voorbeeld.nl'))[0].at).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(fromLocal(2026, 3, 28, 9, 0).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(fromLocal(2026, 10, 25, 9, 0).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it("'Wacht tot weekdag en uur' ends on that weekday at the Amsterdam hour", () => {
    // Friday 23 October 2026 10:00 local (summer time) → Monday 26 October 09:00 local (winter time) = 08:00 UTC.
    expect(
      waitTarget(
        { type: 'untilWeekday', weekday: 1, time: '09:00' },
        new Date('2026-10-23T08:00:00Z'),
      ).toISOString(),
    ).toBe('2026-10-26T08:00:00.000Z');
    expect(
      waitTarget({ type: 'duration', minutes: 90 }, new Date('2026-10-23T08:00:00Z')).toISOString(),
    ).toBe('2026-10-23T09:30:00.000Z');
  });

  it("environments are apart: another environment's list starts nothing, its journeys are not found", async () => {
    const listId = await newList();
    const journeyId = await activeJourney(welcome(listId));
    const foreignList = await newList(other);
    const w = world();
    await addSubscriber(db, other, foreignList, person('ander@voorbeeld.nl'));
    await w.run();
    expect(w.accepted).toHaveLength(0);
    await expect(getJourney(db, other, journeyId)).rejects.toMatchObject({ status: 404 });
    // Refused already when saved: its steps send Zuiderveen's publications.
    await expect(activeJourney({ ...welcome(listId) }, other)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('niet in deze omgeving bestaat'),
    });
    expect(
      await db.select().from(deliveryRecipients).where(eq(deliveryRecipients.email, 'ander@voorbeeld.nl')),
    ).toHaveLength(0);
  });

  it("a draft that refers to another environment's list, publication or template is refused when saved, naming the step", async () => {
    const listId = await newList();
    const journey = await createJourney(db, env, 'Buren');
    const foreign = {
      list: receiverIds.lists.friends,
      publication: pubs.seasonOpening,
      template: templates.cultuurhuisStandard,
    };
    const withStep = (step: JourneyGraph['steps'][number]): JourneyGraph => ({
      ...welcome(listId),
      steps: [{ id: 'a', kind: 'send', ...A, next: 'vreemd' }, step],
    });
    const cases: Array<[JourneyGraph, string]> = [
      [withStep({ id: 'vreemd', kind: 'addToList', listId: foreign.list, next: null }), 'een lijst'],
      [withStep({ id: 'vreemd', kind: 'removeFromList', listId: foreign.list, next: null }), 'een lijst'],
      [
        withStep({ id: 'vreemd', kind: 'send', ...A, publicationId: foreign.publication, next: null }),
        'een publicatie',
      ],
      [
        withStep({ id: 'vreemd', kind: 'send', ...A, templateId: foreign.template, next: null }),
        'een template',
      ],
      [
        withStep({
          id: 'vreemd',
          kind: 'condition',
          condition: { kind: 'clickedIn', publicationId: foreign.publication },
          yes: null,
          no: null,
        }),
        'een publicatie',
      ],
    ];
    for (const [graph, what] of cases) {
      await expect(updateJourney(db, env, journey.id, { graph })).rejects.toMatchObject({
        status: 400,
        field: 'graph',
        message: `Stap 'vreemd' verwijst naar ${what} die niet in deze omgeving bestaat.`,
      });
    }
    const foreignTrigger: JourneyGraph = {
      ...welcome(listId),
      triggers: [{ kind: 'addedToList', listId: foreign.list, includeImports: true }],
    };
    await expect(updateJourney(db, env, journey.id, { graph: foreignTrigger })).rejects.toMatchObject({
      status: 400,
      field: 'graph',
      message: 'De trigger verwijst naar een lijst die niet in deze omgeving bestaat.',
    });
    // Nothing was stored; the environment's own references (and ones that exist nowhere yet) still save.
    expect((await getJourney(db, env, journey.id)).graph.steps).toEqual([]);
    const own = await updateJourney(db, env, journey.id, { graph: welcome(listId) });
    expect(own.graph.steps).toHaveLength(6);
  });
});
