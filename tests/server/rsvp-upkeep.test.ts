import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RsvpSettings } from '../../server/src/contract/rsvp';
import { type Database } from '../../server/src/db/client';
import { publications, rsvpEvents, rsvpInvitees, rsvpMailOutbox, users } from '../../server/src/db/schema';
import type { Clock } from '../../server/src/delivery/clock';
import { recordAnswer } from '../../server/src/rsvp/answers';
import { saveRsvpSettings } from '../../server/src/rsvp/events';
import { rsvpSummary } from '../../server/src/rsvp/invitees';
import { drainRsvpOutbox } from '../../server/src/rsvp/mailOutbox';
import { queueDueReminders } from '../../server/src/rsvp/reminders';
import { anonymiseExpiredInvitations } from '../../server/src/rsvp/retention';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { recordingMailer } from './support/recordingMailer';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';

// The RSVP upkeep job's tasks against the database (PGlite, or PostgreSQL with TEST_DATABASE_URL), each
// at moments given by the test (an injected clock): the reminder to those without an answer, once per
// invitee and only while answers are open; the reminder to those who said Ja, once, before the event;
// and the anonymisation RSVP_RETENTION_DAYS after the event.

const env = environmentIds.zuiderveen;
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const clockAt = (moment: Date): Clock => ({ now: () => moment, sleep: async () => {} });

describe('RSVP upkeep', () => {
  let seeded: SeededDatabase;
  let db: Database;
  let counter = 0;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-rsvp-upkeep-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  const now = new Date('2026-11-25T10:00:00Z');

  /** A new invitation starting at `startsAt` with `count` invitees; answers its id and the invitees' ids. */
  async function invitation(startsAt: Date, count: number, settings: Partial<RsvpSettings>, at = now) {
    const [publication] = await db
      .insert(publications)
      .values({
        environmentId: env,
        publicationTypeId: publicationIds.types.zuiderveenNewsletter,
        name: `Upkeep ${++counter}`,
      })
      .returning({ id: publications.id });
    await saveRsvpSettings(
      db,
      env,
      publication.id,
      {
        enabled: true,
        title: `Bijeenkomst ${counter}`,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * hour).toISOString(),
        location: 'Raadhuis',
        onlineUrl: null,
        places: 0,
        maxGuests: 2,
        deadline: null,
        allowMaybe: true,
        waitingList: true,
        cancelled: false,
        ...settings,
      },
      at,
    );
    if (count === 0) return { publicationId: publication.id, inviteeIds: [] };
    const invitees = await db
      .insert(rsvpInvitees)
      .values(
        Array.from({ length: count }, (_, index) => ({
          environmentId: env,
          publicationId: publication.id,
          email: `upkeep${counter}.${index}@proef.nl`,
          name: `Genodigde ${index}`,
        })),
      )
      .returning({ id: rsvpInvitees.id });
    return { publicationId: publication.id, inviteeIds: invitees.map((invitee) => invitee.id) };
  }

  const answer = (publicationId: string, inviteeId: number, value: 'Ja' | 'Nee' | 'Misschien', at: Date) =>
    recordAnswer(
      db,
      {
        environmentId: env,
        publicationId,
        inviteeId,
        answer: value,
        guests: value === 'Ja' ? 1 : 0,
        source: { by: 'e-mail' },
        questionAnswers: [
          { fieldId: '00000000-0000-4000-8000-000000000001', question: 'Dieet', answer: 'Vegan' },
        ],
      },
      at,
    );

  const reminderRows = (publicationId: string) =>
    db
      .select()
      .from(rsvpMailOutbox)
      .where(and(eq(rsvpMailOutbox.publicationId, publicationId), eq(rsvpMailOutbox.kind, 'herinnering')));

  const sender = (moment: Date) => {
    const recorded = recordingMailer();
    const context = {
      db,
      mailer: recorded.mailer,
      from: 'Zuiderveen <nieuws@zuiderveen.example.nl>',
      catcher: true,
      publicUrl: 'https://rsvp.test',
      clock: clockAt(moment),
    };
    return { drain: () => drainRsvpOutbox(context), accepted: recorded.accepted };
  };

  it('reminds those without an answer once, from N days before the deadline until it passes', async () => {
    const deadline = new Date(now.getTime() + 5 * day);
    const startsAt = new Date(now.getTime() + 7 * day);
    const { publicationId, inviteeIds } = await invitation(startsAt, 5, {
      deadline: deadline.toISOString(),
      reminderDays: 3,
    });
    const quiet = await invitation(startsAt, 2, { deadline: deadline.toISOString() });
    await answer(publicationId, inviteeIds[0], 'Ja', now);
    await answer(publicationId, inviteeIds[1], 'Nee', now);

    // Five days before the deadline: too early.
    await queueDueReminders(db, now);
    expect(await reminderRows(publicationId)).toHaveLength(0);

    // Three days before: the three without an answer, once, however often and concurrently it runs.
    const due = new Date(deadline.getTime() - 3 * day + 60_000);
    await Promise.all([queueDueReminders(db, due), queueDueReminders(db, due), queueDueReminders(db, due)]);
    await queueDueReminders(db, new Date(due.getTime() + hour));
    const queued = await reminderRows(publicationId);
    expect(queued.map((row) => row.inviteeId).sort()).toEqual(inviteeIds.slice(2).sort());
    // The reminder is off by default.
    expect(await reminderRows(quiet.publicationId)).toHaveLength(0);

    // One answers before the sender comes round: that reminder is not sent.
    await answer(publicationId, inviteeIds[2], 'Misschien', due);
    const first = sender(new Date(due.getTime() + 2 * hour));
    await first.drain();
    const reminders = first.accepted.filter((message) => message.subject.startsWith('Herinnering'));
    expect(reminders.map((message) => message.to).sort()).toEqual([
      `upkeep${counter - 1}.3@proef.nl`,
      `upkeep${counter - 1}.4@proef.nl`,
    ]);
    expect(reminders[0].subject).toBe(`Herinnering: kom je naar Bijeenkomst ${counter - 1}?`);
    expect(reminders[0].text).toMatch(/Geef je antwoord: https:\/\/rsvp\.test\/r\//);
    expect(reminders[0].attachments).toBeUndefined();
    const answered = (await reminderRows(publicationId)).find((row) => row.inviteeId === inviteeIds[2]);
    expect(answered?.lastError).toBe('Niet meer nodig: beantwoord, verlopen of afgelast.');

    // Sent is sent: a later run queues and sends nothing more.
    await queueDueReminders(db, new Date(deadline.getTime() - hour));
    const again = sender(new Date(deadline.getTime() - hour));
    await again.drain();
    expect(again.accepted.filter((message) => message.subject.startsWith('Herinnering'))).toHaveLength(0);

    // Invited late, reminded only while the deadline has not passed: queued before it, sent after it, skipped.
    const [late] = await db
      .insert(rsvpInvitees)
      .values({ environmentId: env, publicationId, email: 'laat@proef.nl' })
      .returning({ id: rsvpInvitees.id });
    await queueDueReminders(db, new Date(deadline.getTime() - 60_000));
    const afterDeadline = sender(new Date(deadline.getTime() + 60_000));
    await afterDeadline.drain();
    expect(afterDeadline.accepted.filter((message) => message.to === 'laat@proef.nl')).toHaveLength(0);
    const [lateRow] = (await reminderRows(publicationId)).filter((row) => row.inviteeId === late.id);
    expect(lateRow.sentAt).not.toBeNull();
    expect(lateRow.lastError).toMatch(/^Niet meer nodig/);
    // After the deadline nothing is queued at all.
    const [later] = await db
      .insert(rsvpInvitees)
      .values({ environmentId: env, publicationId, email: 'nog-later@proef.nl' })
      .returning({ id: rsvpInvitees.id });
    await queueDueReminders(db, new Date(deadline.getTime() + 60_000));
    expect((await reminderRows(publicationId)).some((row) => row.inviteeId === later.id)).toBe(false);
  });

  it('reminds those who said Ja once, from N days before the event until it starts', async () => {
    const startsAt = new Date(now.getTime() + 10 * day);
    const { publicationId, inviteeIds } = await invitation(startsAt, 5, { eventReminderDays: 2 });
    const quiet = await invitation(startsAt, 1, {});
    await answer(publicationId, inviteeIds[0], 'Ja', now);
    await answer(publicationId, inviteeIds[1], 'Ja', now);
    await answer(publicationId, inviteeIds[2], 'Misschien', now);
    await answer(publicationId, inviteeIds[3], 'Nee', now);
    await answer(quiet.publicationId, quiet.inviteeIds[0], 'Ja', now);
    const eventReminders = (id: string) =>
      db
        .select()
        .from(rsvpMailOutbox)
        .where(and(eq(rsvpMailOutbox.publicationId, id), eq(rsvpMailOutbox.kind, 'herinnering-bijeenkomst')));

    // Ten days before: too early.
    await queueDueReminders(db, now);
    expect(await eventReminders(publicationId)).toHaveLength(0);

    // Two days before: the two who said Ja, once, however often and concurrently it runs.
    const due = new Date(startsAt.getTime() - 2 * day + 60_000);
    await Promise.all([queueDueReminders(db, due), queueDueReminders(db, due), queueDueReminders(db, due)]);
    await queueDueReminders(db, new Date(due.getTime() + hour));
    expect((await eventReminders(publicationId)).map((row) => row.inviteeId).sort()).toEqual(
      inviteeIds.slice(0, 2).sort(),
    );
    // Off by default.
    expect(await eventReminders(quiet.publicationId)).toHaveLength(0);

    // One changes to Nee before the sender comes round: that reminder is not sent.
    await answer(publicationId, inviteeIds[1], 'Nee', due);
    const first = sender(new Date(due.getTime() + 2 * hour));
    await first.drain();
    const sent = first.accepted.filter((message) => message.subject.startsWith('Tot binnenkort'));
    expect(sent.map((message) => message.to)).toEqual([`upkeep${counter - 1}.0@proef.nl`]);
    expect(sent[0].subject).toBe(`Tot binnenkort: Bijeenkomst ${counter - 1}`);
    expect(sent[0].text).toContain('Je hebt je aangemeld (met 1 gast).');
    expect(sent[0].text).toMatch(/Bekijk of wijzig je antwoord: https:\/\/rsvp\.test\/r\//);
    expect(sent[0].attachments?.[0].contentType).toContain('method=PUBLISH');
    const changed = (await eventReminders(publicationId)).find((row) => row.inviteeId === inviteeIds[1]);
    expect(changed?.lastError).toBe('Niet meer nodig: geen Ja meer, begonnen of afgelast.');

    // Sent is sent: a later run queues and sends nothing more; once it has started nothing is queued.
    await queueDueReminders(db, new Date(startsAt.getTime() - hour));
    const again = sender(new Date(startsAt.getTime() - hour));
    await again.drain();
    expect(again.accepted.filter((message) => message.subject.startsWith('Tot binnenkort'))).toHaveLength(0);
    // A staff member records a Ja after the start (their change is not bound to the deadline).
    const [staff] = await db.select({ id: users.id }).from(users).limit(1);
    await recordAnswer(
      db,
      {
        environmentId: env,
        publicationId,
        inviteeId: inviteeIds[4],
        answer: 'Ja',
        guests: 0,
        source: { by: 'medewerker', userId: staff.id },
      },
      startsAt,
    );
    await queueDueReminders(db, new Date(startsAt.getTime() + 60_000));
    expect((await eventReminders(publicationId)).some((row) => row.inviteeId === inviteeIds[4])).toBe(false);
  });

  it('the setting is checked: 1 to 60 days, or none', async () => {
    const { publicationId } = await invitation(new Date(now.getTime() + 7 * day), 0, { reminderDays: 2 });
    const [event] = await db.select().from(rsvpEvents).where(eq(rsvpEvents.publicationId, publicationId));
    expect(event.reminderDays).toBe(2);
    await expect(
      db.update(rsvpEvents).set({ reminderDays: 0 }).where(eq(rsvpEvents.publicationId, publicationId)),
    ).rejects.toThrow();
    await expect(
      db.update(rsvpEvents).set({ eventReminderDays: 61 }).where(eq(rsvpEvents.publicationId, publicationId)),
    ).rejects.toThrow();
  });

  it('anonymises the invitees RSVP_RETENTION_DAYS after the event, keeping the counts', async () => {
    const longAgo = new Date(now.getTime() - 100 * day);
    const old = await invitation(longAgo, 4, {}, new Date(longAgo.getTime() - 10 * day));
    const recent = await invitation(
      new Date(now.getTime() - 80 * day),
      2,
      {},
      new Date(now.getTime() - 90 * day),
    );
    const answeredAt = new Date(longAgo.getTime() - 5 * day);
    await answer(old.publicationId, old.inviteeIds[0], 'Ja', answeredAt);
    await answer(old.publicationId, old.inviteeIds[1], 'Misschien', answeredAt);
    await answer(old.publicationId, old.inviteeIds[2], 'Nee', answeredAt);
    await answer(recent.publicationId, recent.inviteeIds[0], 'Ja', new Date(now.getTime() - 85 * day));
    const countsBefore = await rsvpSummary(db, env, old.publicationId);
    expect(countsBefore).toMatchObject({ invited: 4, yes: 2, maybe: 1, no: 1, noAnswer: 1 });

    await anonymiseExpiredInvitations(db, now, 90);

    const invitees = await db
      .select()
      .from(rsvpInvitees)
      .where(inArray(rsvpInvitees.publicationId, [old.publicationId, recent.publicationId]));
    const oldOnes = invitees.filter((invitee) => invitee.publicationId === old.publicationId);
    expect(oldOnes).toHaveLength(4);
    for (const invitee of oldOnes) {
      expect(invitee.email).toBe(`genodigde-${invitee.id}@geanonimiseerd.invalid`);
      expect(invitee).toMatchObject({ name: null, subscriberId: null, questionAnswers: [] });
    }
    expect(await rsvpSummary(db, env, old.publicationId)).toEqual(countsBefore);
    expect(
      await db.select().from(rsvpMailOutbox).where(eq(rsvpMailOutbox.publicationId, old.publicationId)),
    ).toEqual([]);
    // Within the retention period nothing changes.
    const recentOnes = invitees.filter((invitee) => invitee.publicationId === recent.publicationId);
    expect(recentOnes.map((invitee) => invitee.email).sort()).toEqual([
      `upkeep${counter}.0@proef.nl`,
      `upkeep${counter}.1@proef.nl`,
    ]);
    expect(recentOnes.find((invitee) => invitee.answer === 'Ja')?.questionAnswers).toHaveLength(1);

    // Once done, an event is not done again; the other follows when its time comes.
    const [marked] = await db
      .select()
      .from(rsvpEvents)
      .where(eq(rsvpEvents.publicationId, old.publicationId));
    expect(marked.anonymisedAt).toEqual(now);
    await anonymiseExpiredInvitations(db, new Date(now.getTime() + 11 * day), 90);
    const [unchanged] = await db
      .select()
      .from(rsvpEvents)
      .where(eq(rsvpEvents.publicationId, old.publicationId));
    expect(unchanged.anonymisedAt).toEqual(now);
    const anonymous = await db
      .select({ id: rsvpInvitees.id })
      .from(rsvpInvitees)
      .where(
        and(eq(rsvpInvitees.publicationId, recent.publicationId), like(rsvpInvitees.email, '%.invalid')),
      );
    expect(anonymous).toHaveLength(2);
  });
});
