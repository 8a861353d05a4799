import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rsvpAnsweredOutbox } from '../journeys/outbox';
import { selectRows } from '../delivery/selectRows';
import { rsvpEvents, rsvpInvitees, type QuestionAnswer } from '../db/schema';
import { lockNotAvailable } from '../db/constraintViolation';
import { badRequest, conflict, notFound } from '../errors';
import type { RsvpAnswer } from './rsvpAddress';
import { answersClosed } from './eventRules';
import { answerMailStep } from './answerMails';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who gave an answer: the invitee through their link, or a staff member in the console. */
export type AnswerSource = { by: 'e-mail' } | { by: 'medewerker'; userId: string };

export interface AnswerInput {
  environmentId: string;
  publicationId: string;
  inviteeId: number;
  answer: RsvpAnswer;
  guests: number;
  source: AnswerSource;
  /**
   * The checked answers to the invitation form's questions (rsvp/invitationQuestions.ts), stored with the
   * answer; absent keeps those given before (a staff change). 'Nee' always empties them.
   */
  questionAnswers?: QuestionAnswer[];
}

export interface RecordedAnswer {
  answer: RsvpAnswer;
  guests: number;
  /** The answer 'Ja' found no place and went to the waiting list. */
  waiting: boolean;
  /** Invitees promoted from the waiting list by this answer (places it freed). */
  promoted: number;
  /** The event's persons accepted after this answer (for the page's places left). */
  acceptedPersons: number;
  questionAnswers: QuestionAnswer[];
  answeredAt: Date;
}

export const fullMessage = 'Vol: er zijn geen plaatsen meer over.';
export const closedMessage = 'De aanmeldtermijn is verlopen.';
export const cancelledMessage = 'Deze bijeenkomst is afgelast.';

/**
 * Records one answer: THE point where an RSVP answer happens (it writes the `rsvp_answer_history` row and, for a
 * journey's 'RSVP beantwoord' trigger, the journey outbox event, both with the answer; source 'wachtlijst'
 * history rows are promotions, not answers).
 *
 * Places count persons (the invitee plus guests) and `accepted_persons` on the event's row is exact under
 * any concurrency. A 'Ja' that does not fit goes to the waiting list (or, without one, is refused 409
 * 'Vol'); places an answer frees go to the first waiting invitees in order, each promoted exactly once,
 * with an email. Every email (confirmation, waiting list, promotion) is queued with the answer, atomically
 * (`rsvp_mail_outbox`), so a crash loses none and the outbox sends each once (mailOutbox.ts); an answer is
 * emailed only when it changed, and at most `answerMailLimit` times an hour per invitee (answerMails.ts).
 * An invitee answers until the deadline (409 afterwards); staff may change an answer at any time.
 *
 * Two ways, so that answers to one event are not queued behind each other: an invitee who holds no place
 * and is not waiting (the usual first answer) is recorded by one statement that takes the places with a
 * conditional UPDATE of the event's row, or joins the waiting list when the event was full as read
 * (recordWithoutHeldPlace); either holds that row only while the statement runs. Anything that can free
 * places (a change of a held 'Ja', a waiting invitee) goes through recordUnderEventLock, which serialises
 * on the event's row and promotes the waiting list.
 */
export async function recordAnswer(
  db: Database,
  input: AnswerInput,
  now: Date,
  read?: ReadState,
): Promise<RecordedAnswer> {
  for (let attempt = 1; ; attempt++) {
    // The first try may start from what the caller read in this request (the answer page's token lookup):
    // recordWithoutHeldPlace writes only if the invitee's row is still as read, so a stale read costs a
    // second try, never a wrong answer.
    const [found] = attempt === 1 && read ? [read] : await answerState(db, input);
    const guests = checkAnswer(found, input, now);
    if (!holdsPlaceOrQueue(found.invitee!)) {
      const waits = looksFull(found.event, input, guests);
      const recorded = await recordWithoutHeldPlace(
        db,
        found.event,
        found.invitee!,
        input,
        guests,
        now,
        waits,
      );
      // Undefined: the invitee changed in between, or the 'Ja' does not fit; decide again under the lock.
      if (recorded) return recorded;
    }
    try {
      return await recordUnderEventLock(db, input, now);
    } catch (error) {
      // The invitee's row was held by a first answer of theirs waiting for the event's row: start again.
      if (!lockNotAvailable(error) || attempt === maxAttempts) throw error;
    }
  }
}

/** The event and the invitee as a caller read them for this answer (both of the answer's publication). */
export interface ReadState {
  event: EventRow;
  invitee: InviteeState;
}

/** How often an answer starts again after meeting another answer of the same invitee (see above). */
const maxAttempts = 10;

/** The event and the invitee, as one row (the invitee null when not of this event). */
function answerState(executor: Pick<Database, 'select'>, input: AnswerInput) {
  return executor
    .select({ event: rsvpEvents, invitee: inviteeState })
    .from(rsvpEvents)
    .leftJoin(
      rsvpInvitees,
      and(eq(rsvpInvitees.id, input.inviteeId), eq(rsvpInvitees.publicationId, rsvpEvents.publicationId)),
    )
    .where(
      and(
        eq(rsvpEvents.publicationId, input.publicationId),
        eq(rsvpEvents.environmentId, input.environmentId),
        eq(rsvpEvents.enabled, true),
      ),
    );
}

type AnswerState = { event: EventRow; invitee: InviteeState | null } | undefined;

/** Refuses what may not be answered (4xx); answers the guests the answer brings (none unless 'Ja'). */
function checkAnswer(found: AnswerState, input: AnswerInput, now: Date): number {
  if (!found) throw notFound('De uitnodiging');
  const { event, invitee } = found;
  if (event.cancelledAt) throw conflict(cancelledMessage);
  if (input.source.by === 'e-mail' && answersClosed(event, now)) throw conflict(closedMessage);
  if (input.answer === 'Misschien' && !event.allowMaybe) {
    throw badRequest('answer', "Het antwoord 'Misschien' is bij deze uitnodiging niet mogelijk.");
  }
  if (!Number.isInteger(input.guests) || input.guests < 0 || input.guests > event.maxGuests) {
    throw badRequest('guests', `Het aantal gasten moet tussen 0 en ${event.maxGuests} liggen.`);
  }
  if (!invitee) throw notFound('De genodigde');
  return input.answer === 'Ja' ? input.guests : 0;
}

function holdsPlaceOrQueue(invitee: InviteeState): boolean {
  return invitee.answer === 'Ja' || invitee.waiting;
}

/**
 * The answer of an invitee who holds no place and is not waiting, in one statement (its own transaction):
 * the invitee's row is locked only if it is still as read, and then either
 * - a 'Ja' takes its persons with a conditional UPDATE of the event's row (`accepted + persons <= places`,
 *   re-checked on the newest row by PostgreSQL when a concurrent answer updated it first), or
 * - when `waits` (the read showed a 'Ja' that does not fit, see looksFull), it joins the waiting list: the
 *   event's row is locked (`FOR UPDATE`, so the waiting list still only changes under that lock and a
 *   promotion never misses a new waiting invitee) and the invitee waits only if the newest row is still
 *   full. Before, such an answer went to recordUnderEventLock, whose round trips held the event's row while
 *   the event loop got to the next statement, and a burst of answers to a full event queued behind it.
 * The invitee, history, journey event and email are written only when this holds, in the same statement.
 * Undefined when it does not (another answer of theirs came first, the 'Ja' does not fit, a place came
 * free): nothing was written, and recordUnderEventLock decides. Nothing to promote here: a place held by
 * no one was freed by no one.
 * Locks the invitee's row, then the event's; recordUnderEventLock, which locks the other way round, never
 * waits for the invitee's row, so the two cannot deadlock.
 */
async function recordWithoutHeldPlace(
  db: Database,
  event: EventRow,
  invitee: InviteeState,
  input: AnswerInput,
  guests: number,
  now: Date,
  waits: boolean,
): Promise<RecordedAnswer | undefined> {
  const persons = 1 + guests;
  const questionAnswers =
    input.answer === 'Nee' ? [] : (input.questionAnswers ?? (invitee.questionAnswers as QuestionAnswer[]));
  const changedBy = input.source.by === 'medewerker' ? input.source.userId : null;
  // The event's row as this statement holds it: `took` after taking the persons, `full_event` when waiting.
  const eventStep = waits
    ? sql`full_event AS (
          SELECT accepted_persons, places, waiting_list FROM rsvp_events
          WHERE publication_id = ${event.publicationId} AND EXISTS (SELECT 1 FROM locked)
          FOR UPDATE
        ),`
    : input.answer === 'Ja'
      ? sql`took AS (
          UPDATE rsvp_events SET accepted_persons = accepted_persons + ${persons}::int
          WHERE publication_id = ${event.publicationId} AND EXISTS (SELECT 1 FROM locked)
            AND (places = 0 OR accepted_persons + ${persons}::int <= places)
          RETURNING accepted_persons
        ),`
      : undefined;
  const eventHolds = waits
    ? sql`AND EXISTS (SELECT 1 FROM full_event
            WHERE waiting_list AND places > 0 AND accepted_persons + ${persons}::int > places)`
    : eventStep
      ? sql`AND EXISTS (SELECT 1 FROM took)`
      : sql``;
  const [result] = await selectRows<{ answered: boolean; accepted: number | null }>(
    db,
    sql`WITH locked AS (
          SELECT id FROM rsvp_invitees
          WHERE id = ${invitee.id}::bigint AND NOT waiting AND answer IS NOT DISTINCT FROM ${invitee.answer}
            AND question_answers = ${JSON.stringify(invitee.questionAnswers)}::jsonb
          FOR UPDATE
        ),
        ${eventStep ?? sql``}
        answered AS (
          UPDATE rsvp_invitees
          SET answer = ${input.answer}, guests = ${guests}, waiting = ${waits}, answered_at = ${now},
              source = ${input.source.by}, question_answers = ${JSON.stringify(questionAnswers)}::jsonb
          WHERE id IN (SELECT id FROM locked) ${eventHolds}
          RETURNING id
        ),
        answer_history AS (
          INSERT INTO rsvp_answer_history
            (environment_id, publication_id, invitee_id, answer, waiting, guests, source, changed_by, at)
          SELECT ${event.environmentId}::uuid, ${event.publicationId}::uuid, id, ${input.answer}, ${waits},
                 ${guests}::int, ${input.source.by}, ${changedBy}::uuid, ${now}::timestamptz
          FROM answered
        ),
        ${rsvpAnsweredOutbox({ ...event, inviteeId: invitee.id, answer: input.answer }, sql`EXISTS (SELECT 1 FROM answered)`)},
        ${answerMailStep(
          event,
          invitee.id,
          { before: { ...invitee, waiting: false }, after: { answer: input.answer, guests, waiting: waits } },
          now,
          sql`EXISTS (SELECT 1 FROM answered)`,
        )}
        SELECT EXISTS (SELECT 1 FROM answered) AS answered,
               ${eventStep ? sql`(SELECT accepted_persons FROM ${waits ? sql`full_event` : sql`took`})` : sql`NULL::int`} AS accepted`,
  );
  if (!result.answered) return undefined;
  return {
    answer: input.answer,
    guests,
    waiting: waits,
    promoted: 0,
    acceptedPersons: result.accepted ?? event.acceptedPersons,
    questionAnswers,
    answeredAt: now,
  };
}

/** Whether, as read, a 'Ja' does not fit and the event has a waiting list (decided again under the lock). */
function looksFull(event: EventRow, input: AnswerInput, guests: number): boolean {
  return (
    input.answer === 'Ja' &&
    event.waitingList &&
    event.places > 0 &&
    event.acceptedPersons + 1 + guests > event.places
  );
}

/**
 * The answer under the event's row lock, in one transaction: the event's row lock, then the invitee's
 * row lock and read (NOWAIT: refused, the answer starts again), then everything else in
 * one statement. Answers to one event that can free places are counted one after the other, and the
 * waiting list is promoted exactly once. (Promotions lock waiting invitees under the event's lock; the
 * invitee's own lock is not taken first, as a waiting invitee answering again would then hold theirs
 * while waiting for the event's.)
 */
async function recordUnderEventLock(db: Database, input: AnswerInput, now: Date): Promise<RecordedAnswer> {
  return db.transaction(async (tx) => {
    // 1. The event's row lock; then the invitee's row, locked without waiting (a first answer of theirs,
    //    recordWithoutHeldPlace, may hold it while it waits for the event's row) and read by this second
    //    statement: the first statement's snapshot predates its wait for the event's row.
    const [locked] = await answerState(tx, input).for('update', { of: rsvpEvents });
    const [fresh] = await tx
      .select(inviteeState)
      .from(rsvpInvitees)
      .where(and(eq(rsvpInvitees.id, input.inviteeId), eq(rsvpInvitees.publicationId, input.publicationId)))
      .for('update', { noWait: true });
    const found = locked && { event: locked.event, invitee: fresh ?? null };
    const guests = checkAnswer(found, input, now);
    const event = found!.event;
    const invitee = found!.invitee!;

    const held = invitee.answer === 'Ja' && !invitee.waiting ? 1 + invitee.guests : 0;
    let accepted = event.acceptedPersons - held;
    let waiting = false;
    if (input.answer === 'Ja') {
      const persons = 1 + guests;
      const fits = event.places === 0 || accepted + persons <= event.places;
      if (!fits && held > 0) {
        // Asking for more guests than there is room for does not cost the place already held.
        throw conflict('Er zijn niet genoeg plaatsen over voor zoveel gasten.');
      }
      if (!fits && !event.waitingList) throw conflict(fullMessage);
      waiting = !fits;
      if (fits) accepted += persons;
    }
    // A waiting invitee answering 'Ja' again keeps their place in the queue.
    const stillWaiting = waiting && invitee.answer === 'Ja' && invitee.waiting;
    const answeredAt = stillWaiting && invitee.answeredAt ? invitee.answeredAt : now;
    const questionAnswers =
      input.answer === 'Nee' ? [] : (input.questionAnswers ?? (invitee.questionAnswers as QuestionAnswer[]));
    const changedBy = input.source.by === 'medewerker' ? input.source.userId : null;
    const answered = { id: invitee.id, guests, answeredAt, waiting };

    // 2. Everything else in one statement: the invitee, its history row, the journey event, its email,
    //    the promotions from the waiting list (with theirs) and the event's count.
    const [result] = await selectRows<{ accepted_persons: number; promoted: number }>(
      tx,
      sql`WITH answered AS (
            UPDATE rsvp_invitees
            SET answer = ${input.answer}, guests = ${guests}, waiting = ${waiting}, answered_at = ${answeredAt},
                source = ${input.source.by}, question_answers = ${JSON.stringify(questionAnswers)}::jsonb
            WHERE id = ${invitee.id}
          ),
          answer_history AS (
            INSERT INTO rsvp_answer_history
              (environment_id, publication_id, invitee_id, answer, waiting, guests, source, changed_by, at)
            VALUES (${event.environmentId}::uuid, ${event.publicationId}::uuid, ${invitee.id}::bigint, ${input.answer},
                    ${waiting}, ${guests}::int, ${input.source.by}, ${changedBy}::uuid, ${now}::timestamptz)
          ),
          ${rsvpAnsweredOutbox({ ...event, inviteeId: invitee.id, answer: input.answer })},
          ${answerMailStep(event, invitee.id, { before: invitee, after: { answer: input.answer, guests, waiting } }, now)},
          ${promotionSteps(event, accepted, now, answered)}
          UPDATE rsvp_events SET accepted_persons = ${accepted}::int + (SELECT coalesce(sum(persons), 0) FROM promoted)
          WHERE publication_id = ${event.publicationId}
          RETURNING accepted_persons, (SELECT count(*) FROM promoted)::int AS promoted`,
    );
    return {
      answer: input.answer,
      guests,
      waiting,
      promoted: result.promoted,
      acceptedPersons: result.accepted_persons,
      questionAnswers,
      answeredAt,
    };
  });
}

/** What the answer reads of the invitee (under the event's lock). */
const inviteeState = {
  id: rsvpInvitees.id,
  answer: rsvpInvitees.answer,
  waiting: rsvpInvitees.waiting,
  guests: rsvpInvitees.guests,
  answeredAt: rsvpInvitees.answeredAt,
  questionAnswers: rsvpInvitees.questionAnswers,
};

interface InviteeState {
  id: number;
  answer: string | null;
  waiting: boolean;
  guests: number;
  answeredAt: Date | null;
  questionAnswers: unknown;
}

type EventRow = typeof rsvpEvents.$inferSelect;

/**
 * The CTE steps that give free places to the waiting list, in order (first answered first), while the
 * first fits: strictly in order, so a later, smaller party never passes an earlier one. As a running sum
 * of persons over the queue: the prefix whose sum fits the free places is promoted (the sum only grows,
 * so the first that does not fit ends it). `answered` is the invitee this statement answers for, with
 * their new state (the statement's other steps still see the old row): they are in the queue only when
 * now waiting, and never promoted here (they were waiting because they did not fit). Ends with the step
 * `promoted (id, persons)`; each promoted invitee gets a history row and a 'promotie' email.
 * Runs under the event's row lock.
 */
function promotionSteps(
  event: EventRow,
  acceptedPersons: number,
  now: Date,
  answered?: { id: number; guests: number; answeredAt: Date; waiting: boolean },
): SQL {
  const open = event.waitingList && (event.places === 0 || acceptedPersons < event.places);
  const excluded = answered ? sql`AND id <> ${answered.id}::bigint` : sql``;
  const answeredInQueue =
    answered?.waiting === true
      ? sql`UNION ALL SELECT ${answered.id}::bigint, ${answered.guests}::int, ${answered.answeredAt}::timestamptz`
      : sql``;
  const free = event.places === 0 ? sql`true` : sql`running <= ${event.places - acceptedPersons}::int`;
  return sql`queue AS (
      SELECT id, guests, answered_at FROM rsvp_invitees
      WHERE ${open ? sql`true` : sql`false`} AND publication_id = ${event.publicationId} AND answer = 'Ja' AND waiting ${excluded}
      ${answeredInQueue}
    ),
    ordered AS (
      SELECT id, guests, 1 + guests AS persons,
             sum(1 + guests) OVER (ORDER BY answered_at, id ROWS UNBOUNDED PRECEDING) AS running
      FROM queue
    ),
    promoted AS (
      SELECT id, guests, persons FROM ordered
      WHERE ${free} ${answered ? sql`AND id <> ${answered.id}::bigint` : sql``}
    ),
    promoted_invitees AS (
      UPDATE rsvp_invitees SET waiting = false WHERE id IN (SELECT id FROM promoted)
    ),
    promoted_history AS (
      INSERT INTO rsvp_answer_history (environment_id, publication_id, invitee_id, answer, waiting, guests, source, at)
      SELECT ${event.environmentId}::uuid, ${event.publicationId}::uuid, id, 'Ja', false, guests, 'wachtlijst',
             ${now}::timestamptz
      FROM promoted
    ),
    promoted_mail AS (
      INSERT INTO rsvp_mail_outbox (environment_id, publication_id, invitee_id, kind, sequence)
      SELECT ${event.environmentId}::uuid, ${event.publicationId}::uuid, id, 'promotie', ${event.sequence}::int
      FROM promoted
    )`;
}

/**
 * Gives free places to the waiting list after the settings changed (more places): one statement, the
 * same steps as an answer's. Runs under the event's row lock; answers how many were promoted.
 */
export async function promoteWaiting(tx: Transaction, event: EventRow, now: Date): Promise<number> {
  const [result] = await selectRows<{ promoted: number }>(
    tx,
    sql`WITH ${promotionSteps(event, event.acceptedPersons, now)}
        UPDATE rsvp_events SET accepted_persons = accepted_persons + (SELECT coalesce(sum(persons), 0) FROM promoted)
        WHERE publication_id = ${event.publicationId}
        RETURNING (SELECT count(*) FROM promoted)::int AS promoted`,
  );
  return result.promoted;
}

export type MailKind =
  | 'bevestiging'
  | 'wachtlijst'
  | 'promotie'
  | 'wijziging'
  | 'afgelast'
  | 'herinnering'
  | 'herinnering-bijeenkomst';

/** Queues an update (or cancellation) of the calendar entry to everyone who said Ja or Misschien. */
export async function queueEventChange(
  tx: Transaction,
  event: { environmentId: string; publicationId: string; sequence: number },
  kind: 'wijziging' | 'afgelast',
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO rsvp_mail_outbox (environment_id, publication_id, invitee_id, kind, sequence)
    SELECT environment_id, publication_id, id, ${kind}, ${event.sequence}
    FROM rsvp_invitees
    WHERE publication_id = ${event.publicationId} AND answer IN ('Ja', 'Misschien') AND NOT waiting`);
}
