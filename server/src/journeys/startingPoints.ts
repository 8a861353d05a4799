import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { journeys, lists, subscribers } from '../db/schema';
import { selectAudienceRecipients } from '../receivers/audienceRecipients';
import { badRequest, conflict, notFound } from '../errors';
import { activeJourneys, enrollAll, type ActiveJourney } from './enrollments';
import type { Person } from './person';
import { addDays, fromLocal, timeOfDay, toLocal } from './amsterdamTime';

// The starting points that are no outbox event: 'Handmatig' (a list or an audience, now) and 'Datum'
// (the daily run in Europe/Amsterdam, queued by pg-boss's schedule, engine.ts).

/** 'Handmatig': everyone in the list or audience now enters (re-entry rules apply). Answers how many did. */
export async function enrollManually(
  db: Database,
  environmentId: string,
  journeyId: string,
  source: { listId?: string; audienceId?: string },
  now: Date,
): Promise<number> {
  const journey = (await activeJourneys(db, environmentId)).find((active) => active.journeyId === journeyId);
  if (!journey) {
    const [row] = await db
      .select({ id: journeys.id })
      .from(journeys)
      .where(and(eq(journeys.id, journeyId), eq(journeys.environmentId, environmentId)));
    if (!row) throw notFound('De journey');
    throw conflict('Alleen een actieve journey kan mensen opnemen.');
  }
  if (!journey.graph.triggers.some((trigger) => trigger.kind === 'manual'))
    throw badRequest('listId', "Deze journey heeft geen trigger 'Handmatig'.");
  let people: Array<{ email: string; subscriberId: string; listId: string }>;
  if (source.listId) {
    const [list] = await db
      .select({ id: lists.id })
      .from(lists)
      .where(
        and(eq(lists.id, source.listId), eq(lists.environmentId, environmentId), eq(lists.isDeleted, false)),
      );
    if (!list) throw badRequest('listId', 'Deze lijst bestaat niet (meer) in deze omgeving.');
    people = await db
      .select({ email: subscribers.email, subscriberId: subscribers.id, listId: subscribers.listId })
      .from(subscribers)
      .where(eq(subscribers.listId, list.id));
  } else if (source.audienceId) {
    people = await selectAudienceRecipients(db, environmentId, source.audienceId);
  } else throw badRequest('listId', 'Kies een lijst of een doelgroep.');
  return db.transaction((tx) =>
    enrollInChunks(
      tx as unknown as Database,
      journey,
      people.map((person) => ({
        email: person.email,
        subscriberId: person.subscriberId,
        triggerListId: person.listId,
      })),
      now,
    ),
  );
}

/** People enrolled per statement: a whole list or audience at once, in statements of a bounded size. */
const enrollChunk = 5_000;

async function enrollInChunks(
  tx: Database,
  journey: ActiveJourney,
  people: Person[],
  at: Date,
): Promise<number> {
  let enrolled = 0;
  for (let first = 0; first < people.length; first += enrollChunk)
    enrolled += await enrollAll(tx, journey, people.slice(first, first + enrollChunk), at);
  return enrolled;
}

/**
 * The daily date run for the Amsterdam date of `now`: each active journey's date triggers enroll the
 * subscribers whose attribute date matches, to start at the trigger's time that day (correct across DST:
 * the time is converted with that day's offset). Dates are read as YYYY-MM-DD or DD-MM-YYYY.
 */
export async function runDateTriggers(db: Database, now: Date): Promise<number> {
  const today = toLocal(now);
  const environments = (await db.execute(
    sql`SELECT DISTINCT environment_id FROM journeys WHERE state = 'Actief'`,
  )) as unknown as { rows: Array<{ environment_id: string }> };
  let enrolled = 0;
  for (const { environment_id: environmentId } of environments.rows) {
    for (const journey of await activeJourneys(db, environmentId))
      enrolled += await runJourneyDates(db, journey, today);
  }
  return enrolled;
}

async function runJourneyDates(
  db: Database,
  journey: ActiveJourney,
  today: ReturnType<typeof toLocal>,
): Promise<number> {
  let enrolled = 0;
  for (const trigger of journey.graph.triggers) {
    if (trigger.kind !== 'date') continue;
    // 'before': the date lies `days` ahead of today; 'after': behind; 'on' and 'yearly': today.
    const offset = trigger.mode === 'before' ? trigger.days : trigger.mode === 'after' ? -trigger.days : 0;
    const date = addDays(today, offset);
    const iso = sql`to_char(make_date(${date.year}, ${date.month}, ${date.day}), 'YYYY-MM-DD')`;
    const column = sql.raw(`attribute${trigger.attribute}`);
    const normalized = sql`CASE WHEN ${column} ~ '^\\d{4}-\\d{2}-\\d{2}' THEN left(${column}, 10)
                                WHEN ${column} ~ '^\\d{2}-\\d{2}-\\d{4}' THEN substr(${column}, 7, 4) || '-' || substr(${column}, 4, 2) || '-' || left(${column}, 2) END`;
    const matches =
      trigger.mode === 'yearly'
        ? sql`right(${normalized}, 5) = right(${iso}, 5)`
        : sql`${normalized} = ${iso}`;
    const rows = (await db.execute(
      sql`SELECT id, email, list_id FROM subscribers WHERE list_id = ${trigger.listId} AND ${matches}`,
    )) as unknown as {
      rows: Array<{ id: string; email: string; list_id: string }>;
    };
    const { hour, minute } = timeOfDay(trigger.time);
    const startAt = fromLocal(today.year, today.month, today.day, hour, minute);
    enrolled += await db.transaction((tx) =>
      enrollInChunks(
        tx as unknown as Database,
        journey,
        rows.rows.map((row) => ({ email: row.email, subscriberId: row.id, triggerListId: row.list_id })),
        startAt,
      ),
    );
  }
  return enrolled;
}
