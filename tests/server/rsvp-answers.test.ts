import { and, eq, inArray, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database } from '../../server/src/db/client';
import {
  publications,
  rsvpAnswerHistory,
  rsvpEvents,
  rsvpInvitees,
  rsvpMailOutbox,
  unsubscribers,
  users,
} from '../../server/src/db/schema';
import type { Clock } from '../../server/src/delivery/clock';
import { recordAnswer, type AnswerSource, type ReadState } from '../../server/src/rsvp/answers';
import { answerMailLimit } from '../../server/src/rsvp/answerMails';
import { invitationOf } from '../../server/src/rsvp/publicInvitation';
import { calendarFile } from '../../server/src/rsvp/calendarFile';
import { readRsvpSettings, saveRsvpSettings } from '../../server/src/rsvp/events';
import { rsvpSummary } from '../../server/src/rsvp/invitees';
import { drainRsvpOutbox, startRsvpOutbox } from '../../server/src/rsvp/mailOutbox';
import type { Mailer } from '../../server/src/mail/mailer';
import { signRsvpToken, verifyRsvpToken } from '../../server/src/rsvp/rsvpToken';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';
import { recordingMailer } from './support/recordingMailer';

// RSVP answers against the database directly (PGlite, or PostgreSQL with TEST_DATABASE_URL, where the
// concurrent answers really run at once on the pool): places, the waiting list, the deadline, the
// emails' outbox, the token and the calendar file read back by an independent parser (ical.js).

const env = environmentIds.zuiderveen;
const byEmail: AnswerSource = { by: 'e-mail' };
const hour = 60 * 60 * 1000;

function fixedClock(start: Date): Clock {
  return { now: () => start, sleep: async () => {} };
}

describe('RSVP answers', () => {
  let seeded: SeededDatabase;
  let db: Database;
  let publicationCounter = 0;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-rsvp-');
    db = seeded.db;
  });
  afterAll(async () => seeded?.close());

  const now = new Date('2026-11-25T10:00:00Z');
  const startsAt = new Date('2026-12-10T18:30:00Z');

  /** A new invitation of `places` (0 = unlimited) with `count` invitees; answers their ids in order. */
  async function invitation(
    places: number,
    count: number,
    settings: Partial<{ maxGuests: number; waitingList: boolean; deadline: string | null }> = {},
  ) {
    const [publication] = await db
      .insert(publications)
      .values({
        environmentId: env,
        publicationTypeId: publicationIds.types.zuiderveenNewsletter,
        name: `Uitnodiging ${++publicationCounter}`,
      })
      .returning({ id: publications.id });
    await saveRsvpSettings(
      db,
      env,
      publication.id,
      {
        enabled: true,
        title: 'Nieuwjaarsborrel',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * hour).toISOString(),
        location: 'Raadhuis, Zuiderveen',
        onlineUrl: null,
        places,
        maxGuests: settings.maxGuests ?? 0,
        deadline: settings.deadline === undefined ? null : settings.deadline,
        allowMaybe: true,
        waitingList: settings.waitingList ?? true,
        cancelled: false,
      },
      now,
    );
    const invitees =
      count === 0
        ? []
        : await db
            .insert(rsvpInvitees)
            .values(
              Array.from({ length: count }, (_, index) => ({
                environmentId: env,
                publicationId: publication.id,
                email: `gast${index}@proef.nl`,
                name: `Gast ${index}`,
              })),
            )
            .returning({ id: rsvpInvitees.id });
    return { publicationId: publication.id, inviteeIds: invitees.map((invitee) => invitee.id) };
  }

  const answer = (
    publicationId: string,
    inviteeId: number,
    value: 'Ja' | 'Nee' | 'Misschien',
    guests = 0,
    at = now,
    read?: ReadState,
  ) =>
    recordAnswer(
      db,
      { environmentId: env, publicationId, inviteeId, answer: value, guests, source: byEmail },
      at,
      read,
    );

  const accepted = async (publicationId: string) =>
    (
      await db
        .select({ persons: sql<number>`coalesce(sum(1 + ${rsvpInvitees.guests}), 0)::int` })
        .from(rsvpInvitees)
        .where(
          and(
            eq(rsvpInvitees.publicationId, publicationId),
            eq(rsvpInvitees.answer, 'Ja'),
            eq(rsvpInvitees.waiting, false),
          ),
        )
    )[0].persons;

  /** The answer emails ('bevestiging', 'wachtlijst') queued for one invitee. */
  const answerMails = async (inviteeId: number) =>
    db
      .select({ kind: rsvpMailOutbox.kind })
      .from(rsvpMailOutbox)
      .where(
        and(
          eq(rsvpMailOutbox.inviteeId, inviteeId),
          sql`${rsvpMailOutbox.kind} IN ('bevestiging', 'wachtlijst')`,
        ),
      );

  it("50 concurrent 'Ja' for 10 places: exactly 10 accepted and 40 on the waiting list", async () => {
    const { publicationId, inviteeIds } = await invitation(10, 50);
    const results = await Promise.all(inviteeIds.map((id) => answer(publicationId, id, 'Ja')));
    expect(results.filter((result) => !result.waiting)).toHaveLength(10);
    expect(results.filter((result) => result.waiting)).toHaveLength(40);
    expect(await accepted(publicationId)).toBe(10);
    const summary = await rsvpSummary(db, env, publicationId);
    expect(summary).toMatchObject({ invited: 50, yes: 10, waiting: 40, placesLeft: 0, noAnswer: 0 });
  });

  it('first answers and changes that free places at once: the count stays exact, one email per changed answer up to the limit, nobody passed over', async () => {
    // First answers take places without the event's lock (one conditional UPDATE), changes of a held 'Ja'
    // and the waiting list go under it; here both run at the same time, several per invitee.
    const { publicationId, inviteeIds } = await invitation(6, 12, { maxGuests: 2 });
    const rounds: ['Ja' | 'Nee' | 'Misschien', number][] = [
      ['Ja', 1],
      ['Nee', 0],
      ['Ja', 0],
      ['Misschien', 0],
      ['Ja', 2],
    ];
    const settled = await Promise.allSettled(
      inviteeIds.flatMap((id, index) =>
        rounds.map((_, round) => {
          const [value, guests] = rounds[(index + round) % rounds.length];
          return answer(publicationId, id, value, guests);
        }),
      ),
    );
    // Only 'not enough places for that many guests' may refuse (a held 'Ja' asking for more).
    for (const result of settled) {
      if (result.status === 'rejected') expect(String(result.reason)).toContain('niet genoeg plaatsen');
    }
    const [event] = await db
      .select({ acceptedPersons: rsvpEvents.acceptedPersons })
      .from(rsvpEvents)
      .where(eq(rsvpEvents.publicationId, publicationId));
    const persons = await accepted(publicationId);
    expect(event.acceptedPersons).toBe(persons);
    expect(persons).toBeLessThanOrEqual(6);
    // Nobody waits while the first in the queue would fit.
    const [first] = await db
      .select({ guests: rsvpInvitees.guests })
      .from(rsvpInvitees)
      .where(and(eq(rsvpInvitees.publicationId, publicationId), eq(rsvpInvitees.waiting, true)))
      .orderBy(rsvpInvitees.answeredAt, rsvpInvitees.id)
      .limit(1);
    if (first) expect(persons + 1 + first.guests).toBeGreaterThan(6);
    // Every recorded answer has its history row and its email.
    const recorded = settled.filter((result) => result.status === 'fulfilled').length;
    const history = await db
      .select({ inviteeId: rsvpAnswerHistory.inviteeId })
      .from(rsvpAnswerHistory)
      .where(
        and(
          eq(rsvpAnswerHistory.publicationId, publicationId),
          sql`${rsvpAnswerHistory.source} <> 'wachtlijst'`,
        ),
      );
    expect(history).toHaveLength(recorded);
    // Each invitee's answers are all different, so each is emailed, up to the limit.
    for (const inviteeId of inviteeIds) {
      const answers = history.filter((row) => row.inviteeId === inviteeId).length;
      expect(await answerMails(inviteeId)).toHaveLength(Math.min(answers, answerMailLimit.mails));
    }
  });

  it("answers that start from the answer page's read, stale by then, are decided again: the count stays exact", async () => {
    // The answer page reads the invitee and event with the token and hands them to recordAnswer; when
    // another answer of the same invitee came first, that read is stale and must not count twice.
    const { publicationId, inviteeIds } = await invitation(4, 6, { maxGuests: 2 });
    const ids = { environmentId: env, publicationId };
    const reads = await Promise.all(inviteeIds.map((id) => invitationOf(db, ids, id, now)));
    const values: ['Ja' | 'Nee', number][] = [
      ['Ja', 1],
      ['Ja', 0],
      ['Nee', 0],
      ['Ja', 2],
    ];
    const settled = await Promise.allSettled(
      inviteeIds.flatMap((id, index) =>
        values.map(([value, guests]) => answer(publicationId, id, value, guests, now, reads[index])),
      ),
    );
    for (const result of settled) {
      if (result.status === 'rejected') expect(String(result.reason)).toContain('niet genoeg plaatsen');
    }
    const [event] = await db
      .select({ acceptedPersons: rsvpEvents.acceptedPersons })
      .from(rsvpEvents)
      .where(eq(rsvpEvents.publicationId, publicationId));
    const persons = await accepted(publicationId);
    expect(event.acceptedPersons).toBe(persons);
    expect(persons).toBeLessThanOrEqual(4);
    const history = await db
      .select({ id: rsvpAnswerHistory.id })
      .from(rsvpAnswerHistory)
      .where(
        and(
          eq(rsvpAnswerHistory.publicationId, publicationId),
          sql`${rsvpAnswerHistory.source} <> 'wachtlijst'`,
        ),
      );
    expect(history).toHaveLength(settled.filter((result) => result.status === 'fulfilled').length);
  });

  it("first 'Ja' answers to a full event join the waiting list in one statement while places come free: nobody passed over", async () => {
    // The answer page's read shows the event full, so these 'Ja' answers take the one-statement way onto the
    // waiting list (recordWithoutHeldPlace, waits) while three holders say 'Nee' under the event's lock.
    const { publicationId, inviteeIds } = await invitation(5, 25, { maxGuests: 1 });
    const holders = inviteeIds.slice(0, 5);
    for (const id of holders) await answer(publicationId, id, 'Ja');
    const joiners = inviteeIds.slice(5);
    const ids = { environmentId: env, publicationId };
    const reads = await Promise.all(joiners.map((id) => invitationOf(db, ids, id, now)));
    expect(reads.every((read) => read?.event.acceptedPersons === 5)).toBe(true);

    const settled = await Promise.allSettled([
      ...joiners.map((id, index) => answer(publicationId, id, 'Ja', index % 2, now, reads[index])),
      ...holders.slice(0, 3).map((id) => answer(publicationId, id, 'Nee')),
    ]);
    expect(settled.filter((result) => result.status === 'rejected')).toEqual([]);

    const [event] = await db
      .select({ acceptedPersons: rsvpEvents.acceptedPersons })
      .from(rsvpEvents)
      .where(eq(rsvpEvents.publicationId, publicationId));
    const persons = await accepted(publicationId);
    expect(event.acceptedPersons).toBe(persons);
    expect(persons).toBeLessThanOrEqual(5);
    // The freed places went to the queue: nobody waits while the first in it would fit.
    const [first] = await db
      .select({ guests: rsvpInvitees.guests })
      .from(rsvpInvitees)
      .where(and(eq(rsvpInvitees.publicationId, publicationId), eq(rsvpInvitees.waiting, true)))
      .orderBy(rsvpInvitees.answeredAt, rsvpInvitees.id)
      .limit(1);
    expect(first).toBeDefined();
    expect(persons + 1 + first.guests).toBeGreaterThan(5);
    // Two holders kept their 'Ja'; all twenty who answered now hold a place or wait for one.
    const saidYes = await db
      .select({ id: rsvpInvitees.id })
      .from(rsvpInvitees)
      .where(and(eq(rsvpInvitees.publicationId, publicationId), eq(rsvpInvitees.answer, 'Ja')));
    expect(saidYes).toHaveLength(22);
    // One history row and one answer email each: 'wachtlijst' (and, for the promoted, their promotion),
    // or 'bevestiging' for a joiner whose statement found a place a 'Nee' had freed while nobody waited.
    const answerMails = await db
      .select({ inviteeId: rsvpMailOutbox.inviteeId })
      .from(rsvpMailOutbox)
      .where(
        and(
          eq(rsvpMailOutbox.publicationId, publicationId),
          inArray(rsvpMailOutbox.kind, ['wachtlijst', 'bevestiging']),
          inArray(rsvpMailOutbox.inviteeId, joiners),
        ),
      );
    expect(answerMails.map((mail) => Number(mail.inviteeId)).sort((x, y) => x - y)).toEqual(
      joiners.map(Number).sort((x, y) => x - y),
    );
    const joinedHistory = await db
      .select({ id: rsvpAnswerHistory.id })
      .from(rsvpAnswerHistory)
      .where(
        and(
          eq(rsvpAnswerHistory.publicationId, publicationId),
          inArray(rsvpAnswerHistory.inviteeId, joiners),
          sql`${rsvpAnswerHistory.source} <> 'wachtlijst'`,
        ),
      );
    expect(joinedHistory).toHaveLength(joiners.length);
  });

  it('guests count as persons: a party that does not fit waits, a full event refuses without a waiting list', async () => {
    const { publicationId, inviteeIds } = await invitation(5, 3, { maxGuests: 3, waitingList: false });
    expect(await answer(publicationId, inviteeIds[0], 'Ja', 3)).toMatchObject({ waiting: false, guests: 3 });
    await expect(answer(publicationId, inviteeIds[1], 'Ja', 1)).rejects.toMatchObject({
      status: 409,
      message: 'Vol: er zijn geen plaatsen meer over.',
    });
    expect(await answer(publicationId, inviteeIds[1], 'Ja', 0)).toMatchObject({ waiting: false });
    expect(await accepted(publicationId)).toBe(5);
    await expect(answer(publicationId, inviteeIds[2], 'Ja', 4)).rejects.toMatchObject({
      status: 400,
      field: 'guests',
    });
    expect((await rsvpSummary(db, env, publicationId)).yes).toBe(5);
  });

  it("an answer changed to 'Nee' promotes exactly one waiting invitee, the first, once, with an email", async () => {
    const { publicationId, inviteeIds } = await invitation(2, 4);
    for (const id of inviteeIds) await answer(publicationId, id, 'Ja', 0, new Date(now.getTime() + id));
    const change = await answer(publicationId, inviteeIds[0], 'Nee');
    expect(change.promoted).toBe(1);
    const rows = await db
      .select({ id: rsvpInvitees.id, answer: rsvpInvitees.answer, waiting: rsvpInvitees.waiting })
      .from(rsvpInvitees)
      .where(eq(rsvpInvitees.publicationId, publicationId))
      .orderBy(rsvpInvitees.id);
    expect(rows.map((row) => [row.answer, row.waiting])).toEqual([
      ['Nee', false],
      ['Ja', false],
      ['Ja', false],
      ['Ja', true],
    ]);
    // Saying 'Nee' again frees nothing more: nobody else is promoted.
    expect((await answer(publicationId, inviteeIds[0], 'Nee')).promoted).toBe(0);
    const promotions = await db
      .select()
      .from(rsvpMailOutbox)
      .where(and(eq(rsvpMailOutbox.publicationId, publicationId), eq(rsvpMailOutbox.kind, 'promotie')));
    expect(promotions.map((row) => row.inviteeId)).toEqual([inviteeIds[2]]);
    const history = await db
      .select({ source: rsvpAnswerHistory.source })
      .from(rsvpAnswerHistory)
      .where(eq(rsvpAnswerHistory.inviteeId, inviteeIds[2]));
    expect(history.map((row) => row.source)).toEqual(['e-mail', 'wachtlijst']);
  });

  it('the waiting list is served strictly in order: a smaller party behind never passes a larger one ahead', async () => {
    const { publicationId, inviteeIds } = await invitation(3, 5, { maxGuests: 2 });
    const [a, b, c, d, e] = inviteeIds;
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const waitingIds = async () =>
      (
        await db
          .select({ id: rsvpInvitees.id })
          .from(rsvpInvitees)
          .where(and(eq(rsvpInvitees.publicationId, publicationId), eq(rsvpInvitees.waiting, true)))
          .orderBy(rsvpInvitees.answeredAt, rsvpInvitees.id)
      ).map((row) => row.id);
    await answer(publicationId, a, 'Ja', 1, at(1));
    await answer(publicationId, b, 'Ja', 0, at(2));
    expect(await answer(publicationId, c, 'Ja', 2, at(3))).toMatchObject({ waiting: true });
    expect(await answer(publicationId, d, 'Ja', 0, at(4))).toMatchObject({ waiting: true });
    expect(await answer(publicationId, e, 'Ja', 0, at(5))).toMatchObject({ waiting: true });
    // One place comes free: c (3 persons) does not fit, so d (1) waits behind c.
    expect((await answer(publicationId, b, 'Nee', 0, at(6))).promoted).toBe(0);
    // c asks for fewer guests but still does not fit: c keeps the head of the queue, d still waits.
    expect(await answer(publicationId, c, 'Ja', 1, at(7))).toMatchObject({ waiting: true, promoted: 0 });
    expect(await waitingIds()).toEqual([c, d, e]);
    // Three free: c (2) and d (1) in order, e waits.
    expect((await answer(publicationId, a, 'Nee', 0, at(8))).promoted).toBe(2);
    expect(await waitingIds()).toEqual([e]);
    expect(await accepted(publicationId)).toBe(3);
    // More places in the settings promote the rest, counted on the event.
    const settings = await readRsvpSettings(db, env, publicationId, now);
    await saveRsvpSettings(db, env, publicationId, { ...settings, places: 4 }, now);
    expect(await waitingIds()).toEqual([]);
    const [event] = await db.select().from(rsvpEvents).where(eq(rsvpEvents.publicationId, publicationId));
    expect(event.acceptedPersons).toBe(4);
    expect(await accepted(publicationId)).toBe(4);
  });

  it('refuses an answer after the deadline; staff may still change it', async () => {
    const deadline = new Date(now.getTime() + hour);
    const { publicationId, inviteeIds } = await invitation(0, 1, { deadline: deadline.toISOString() });
    await expect(
      answer(publicationId, inviteeIds[0], 'Ja', 0, new Date(deadline.getTime() + 1)),
    ).rejects.toMatchObject({ status: 409, message: 'De aanmeldtermijn is verlopen.' });
    expect(
      (await answer(publicationId, inviteeIds[0], 'Ja', 0, new Date(deadline.getTime() - 1))).waiting,
    ).toBe(false);
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const staff = await recordAnswer(
      db,
      {
        environmentId: env,
        publicationId,
        inviteeId: inviteeIds[0],
        answer: 'Nee',
        guests: 0,
        source: { by: 'medewerker', userId: user.id },
      },
      new Date(deadline.getTime() + hour),
    );
    expect(staff.answer).toBe('Nee');
  });

  it('an answer in another environment is not found', async () => {
    const { publicationId, inviteeIds } = await invitation(0, 1);
    await expect(
      recordAnswer(
        db,
        {
          environmentId: environmentIds.cultuurhuis,
          publicationId,
          inviteeId: inviteeIds[0],
          answer: 'Ja',
          guests: 0,
          source: byEmail,
        },
        now,
      ),
    ).rejects.toMatchObject({ status: 404 });
    await expect(rsvpSummary(db, environmentIds.cultuurhuis, publicationId)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('a forged or altered token is refused; a genuine one names its invitee', () => {
    const key = Buffer.alloc(32, 3);
    const claim = {
      environmentId: env,
      publicationId: publicationIds.publications.januaryNewsletter,
      inviteeId: 42,
    };
    const token = signRsvpToken(key, claim);
    expect(verifyRsvpToken(key, claim.environmentId, claim.publicationId, token)).toBe(42);
    const altered = `${(43).toString(36)}${token.slice(token.indexOf('.'))}`;
    expect(verifyRsvpToken(key, claim.environmentId, claim.publicationId, altered)).toBeUndefined();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(verifyRsvpToken(key, claim.environmentId, claim.publicationId, flipped)).toBeUndefined();
    expect(
      verifyRsvpToken(Buffer.alloc(32, 4), claim.environmentId, claim.publicationId, token),
    ).toBeUndefined();
    expect(
      verifyRsvpToken(
        key,
        claim.environmentId,
        publicationIds.publications.januaryNewsletter.replace('1', '2'),
        token,
      ),
    ).toBeUndefined();
  });

  it('an identical answer again sends no second email; changes email at most answerMailLimit times an hour', async () => {
    // Issue 37.7: 'Ja' and then 'Nee' four times gave five emails 'Je antwoord is ontvangen'.
    const { publicationId, inviteeIds } = await invitation(0, 2, { maxGuests: 2 });
    const [person, other] = inviteeIds;
    await answer(publicationId, person, 'Ja');
    for (let time = 0; time < 4; time++) await answer(publicationId, person, 'Nee');
    expect(await answerMails(person)).toHaveLength(2);
    // The same 'Ja' with the same guests again (through the event's lock, as it holds a place): no email.
    await answer(publicationId, other, 'Ja', 1);
    await answer(publicationId, other, 'Ja', 1);
    expect(await answerMails(other)).toHaveLength(1);
    // Another number of guests is a change.
    await answer(publicationId, other, 'Ja', 2);
    expect(await answerMails(other)).toHaveLength(2);
    // Changing one's mind over and over within the hour: still recorded, emailed at most the limit.
    for (let time = 0; time < 6; time++) {
      const recorded = await answer(
        publicationId,
        person,
        time % 2 === 0 ? 'Ja' : 'Nee',
        0,
        new Date(now.getTime() + time * 60_000),
      );
      expect(recorded.answer).toBe(time % 2 === 0 ? 'Ja' : 'Nee');
    }
    expect(await answerMails(person)).toHaveLength(answerMailLimit.mails);
    // An hour after the first emails, a change is emailed again.
    await answer(publicationId, person, 'Ja', 0, new Date(now.getTime() + answerMailLimit.withinMs + 1));
    expect(await answerMails(person)).toHaveLength(answerMailLimit.mails + 1);
  });

  it('a crash between the answer and its email sends the email once', async () => {
    const { publicationId, inviteeIds } = await invitation(0, 1);
    await answer(publicationId, inviteeIds[0], 'Ja');
    // The process died after the commit: the email is queued, nothing was sent.
    const [queued] = await db
      .select()
      .from(rsvpMailOutbox)
      .where(eq(rsvpMailOutbox.inviteeId, inviteeIds[0]));
    expect(queued).toMatchObject({ kind: 'bevestiging', sentAt: null });
    const { mailer, accepted: sent } = recordingMailer();
    const context = {
      db,
      mailer,
      from: 'Zuiderveen <nieuws@zuiderveen.example.nl>',
      catcher: true,
      publicUrl: 'https://rsvp.test',
      clock: fixedClock(now),
    };
    // A sender that held the row and died: its lease runs out, then the next sender takes it.
    await db
      .update(rsvpMailOutbox)
      .set({ leaseUntil: new Date(now.getTime() + 1000), attempts: 1 })
      .where(eq(rsvpMailOutbox.id, queued.id));
    // (The other tests' emails go out here; this one is still held.)
    await drainRsvpOutbox(context);
    const mineOf = () =>
      sent.filter((message) => message.headers?.['Message-ID']?.startsWith(`<rsvp.${queued.id}@`));
    expect(mineOf()).toHaveLength(0);
    const later = { ...context, clock: fixedClock(new Date(now.getTime() + 2000)) };
    await Promise.all([drainRsvpOutbox(later), drainRsvpOutbox(later)]);
    await drainRsvpOutbox(later);
    const mine = mineOf();
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Je antwoord is ontvangen: Nieuwjaarsborrel');
    expect(mine[0].to).toBe(`gast0@proef.nl`);
    expect(mine[0].attachments?.[0].contentType).toContain('method=PUBLISH');
    expect(mine[0].text).toMatch(/https:\/\/rsvp\.test\/r\//);
  });

  /** The outbox rows of a publication, with how many messages carried each row's Message-ID. */
  async function emailsPerRow(publicationId: string, sent: readonly { headers?: Record<string, string> }[]) {
    const rows = await db
      .select()
      .from(rsvpMailOutbox)
      .where(eq(rsvpMailOutbox.publicationId, publicationId))
      .orderBy(rsvpMailOutbox.id);
    return rows.map((row) => ({
      ...row,
      emails: sent.filter((message) => message.headers?.['Message-ID']?.startsWith(`<rsvp.${row.id}@`))
        .length,
    }));
  }

  const outboxContext = (mailer: Mailer, clock: Clock) => ({
    db,
    mailer,
    from: 'Zuiderveen <nieuws@zuiderveen.example.nl>',
    catcher: true,
    publicUrl: 'https://rsvp.test',
    clock,
  });

  it('a burst of answers, each with a kick, is sent in batches: one email per answer, none to an unsubscriber', async () => {
    // More answers than one batch takes, one of them from an address that unsubscribed (other case).
    const { publicationId, inviteeIds } = await invitation(0, 60);
    await db.insert(unsubscribers).values({ environmentId: env, email: 'GAST7@proef.nl' });
    const { mailer, accepted: sent } = recordingMailer();
    const failures: unknown[] = [];
    // The sweep's interval is an hour: only the kicks send here.
    const outbox = startRsvpOutbox(outboxContext(mailer, fixedClock(now)), hour, (error) =>
      failures.push(error),
    );
    try {
      for (const inviteeId of inviteeIds) {
        await answer(publicationId, inviteeId, 'Ja');
        outbox.kick();
      }
      await vi.waitFor(
        async () => expect((await emailsPerRow(publicationId, sent)).every((row) => row.sentAt)).toBe(true),
        { timeout: 60_000, interval: 100 },
      );
    } finally {
      await outbox.stop();
      // The address may get the other tests' emails again.
      await db.update(unsubscribers).set({ removedAt: now }).where(eq(unsubscribers.email, 'GAST7@proef.nl'));
    }
    expect(failures).toEqual([]);
    const rows = await emailsPerRow(publicationId, sent);
    expect(rows).toHaveLength(60);
    for (const row of rows) {
      const unsubscribed = row.inviteeId === inviteeIds[7];
      expect(row).toMatchObject({
        kind: 'bevestiging',
        attempts: 1,
        emails: unsubscribed ? 0 : 1,
        lastError: unsubscribed ? 'Uitgeschreven' : null,
      });
    }
  });

  it('a batch that takes longer than half its lease gives its unsent rows back: each is still sent once', async () => {
    const { publicationId, inviteeIds } = await invitation(0, 4);
    for (const inviteeId of inviteeIds) await answer(publicationId, inviteeId, 'Ja');
    // Every reading of this clock is 20 s after the last: half the lease passes after the first email.
    let tick = now.getTime();
    const slow: Clock = { now: () => new Date((tick += 20_000)), sleep: async () => {} };
    const { mailer, accepted: sent } = recordingMailer();
    await drainRsvpOutbox(outboxContext(mailer, slow));
    const rows = await emailsPerRow(publicationId, sent);
    expect(rows.map((row) => [row.emails, row.attempts, row.sentAt !== null])).toEqual(
      rows.map(() => [1, 1, true]),
    );
  });

  it('the calendar file parses with ical.js: PUBLISH, stable UID, SEQUENCE, DTSTART in Europe/Amsterdam with its VTIMEZONE', () => {
    const event = {
      publicationId: publicationIds.publications.januaryNewsletter,
      title:
        'Nieuwjaarsborrel, met hapjes; en een lange titel die over de vijfenzeventig tekens heen gaat – écht',
      startsAt: new Date('2026-12-10T18:30:00Z'),
      endsAt: new Date('2026-07-10T20:30:00Z'),
      location: 'Raadhuis, Zuiderveen',
      onlineUrl: 'https://meet.example.nl/borrel',
      sequence: 3,
      cancelled: false,
      updatedAt: now,
    };
    const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
    const calendar = parse(calendarFile(event, 'dpp.example.nl'));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('Europe/Amsterdam');
    ICAL.TimezoneService.register(zone);
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(`rsvp-${event.publicationId}@dpp.example.nl`);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3);
    expect(vevent.getFirstPropertyValue('summary')).toBe(event.title);
    expect(vevent.getFirstPropertyValue('location')).toBe(
      'Raadhuis, Zuiderveen – https://meet.example.nl/borrel',
    );
    const start = vevent.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('Europe/Amsterdam');
    const parsed = new ICAL.Event(vevent);
    // 18:30 UTC in December is 19:30 in Amsterdam (winter time); 20:30 UTC in July is 22:30 (summer time).
    expect(parsed.startDate.toString()).toBe('2026-12-10T19:30:00');
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-12-10T18:30:00.000Z');
    expect(parsed.endDate.toString()).toBe('2026-07-10T22:30:00');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-07-10T20:30:00.000Z');
    const cancelled = parse(calendarFile({ ...event, sequence: 4, cancelled: true }, 'dpp.example.nl'));
    expect(cancelled.getFirstPropertyValue('method')).toBe('CANCEL');
    const cancelledEvent = cancelled.getFirstSubcomponent('vevent')!;
    expect(cancelledEvent.getFirstPropertyValue('uid')).toBe(`rsvp-${event.publicationId}@dpp.example.nl`);
    expect(cancelledEvent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('a changed event raises the SEQUENCE and queues an update to Ja and Misschien only', async () => {
    const { publicationId, inviteeIds } = await invitation(0, 3);
    await answer(publicationId, inviteeIds[0], 'Ja');
    await answer(publicationId, inviteeIds[1], 'Misschien');
    await answer(publicationId, inviteeIds[2], 'Nee');
    const [event] = await db.select().from(rsvpEvents).where(eq(rsvpEvents.publicationId, publicationId));
    const saved = await saveRsvpSettings(
      db,
      env,
      publicationId,
      {
        enabled: true,
        title: event.title,
        startsAt: new Date(startsAt.getTime() + hour).toISOString(),
        endsAt: new Date(startsAt.getTime() + 3 * hour).toISOString(),
        location: event.location,
        onlineUrl: null,
        places: 0,
        maxGuests: 0,
        deadline: null,
        allowMaybe: true,
        waitingList: true,
        cancelled: false,
      },
      now,
    );
    expect(saved.sequence).toBe(1);
    const updates = await db
      .select({ inviteeId: rsvpMailOutbox.inviteeId, sequence: rsvpMailOutbox.sequence })
      .from(rsvpMailOutbox)
      .where(and(eq(rsvpMailOutbox.publicationId, publicationId), eq(rsvpMailOutbox.kind, 'wijziging')))
      .orderBy(rsvpMailOutbox.inviteeId);
    expect(updates).toEqual([
      { inviteeId: inviteeIds[0], sequence: 1 },
      { inviteeId: inviteeIds[1], sequence: 1 },
    ]);
  });
});
