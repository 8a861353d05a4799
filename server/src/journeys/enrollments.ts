import { sql } from 'drizzle-orm';
import type { JourneyGraph } from '../contract/journeys';
import type { Database } from '../db/client';
import type { Person } from './person';
import { triggerKindOf, type OutboxEvent } from './triggerKinds';

// Putting people into a journey: from outbox events (list, form, RSVP), the daily date run and by hand. The
// re-entry rule is checked here; the partial unique index (one running enrollment per address and journey)
// makes a second concurrent enrollment of the same person a no-op.

export interface ActiveJourney {
  journeyId: string;
  versionId: string;
  environmentId: string;
  graph: JourneyGraph;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Enrolls the people (one statement) except those running already or whom re-entry keeps out; answers how
 * many it enrolled. Two of them with one address: the running index lets the first in.
 */
export async function enrollAll(
  tx: Database,
  journey: ActiveJourney,
  people: Person[],
  at: Date,
  firstRunAt: Date = at,
): Promise<number> {
  if (people.length === 0) return 0;
  const { settings } = journey.graph;
  // Re-entry off: any earlier enrollment keeps the person out; else one that began within the interval.
  const since =
    settings.reentry === 'off'
      ? null
      : new Date(at.getTime() - settings.reentryMinutes * 60_000).toISOString();
  const input = JSON.stringify(
    people.map((person) => ({
      email: person.email,
      subscriber_id: person.subscriberId,
      trigger_list_id: person.triggerListId,
    })),
  );
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO journey_enrollments
        (environment_id, journey_id, version_id, subscriber_id, trigger_list_id, email, state,
         current_step_id, next_run_at, enrolled_at)
      SELECT ${journey.environmentId}::uuid, ${journey.journeyId}::uuid, ${journey.versionId}::uuid,
             person.subscriber_id, person.trigger_list_id, person.email, 'Actief', ${journey.graph.start},
             ${firstRunAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${input}::jsonb) AS person(email text, subscriber_id uuid, trigger_list_id uuid)
      WHERE NOT EXISTS (
        SELECT 1 FROM journey_enrollments AS earlier
        WHERE earlier.journey_id = ${journey.journeyId}::uuid AND lower(earlier.email) = lower(person.email)
          AND (earlier.state = 'Actief' OR ${since}::timestamptz IS NULL OR earlier.enrolled_at > ${since}::timestamptz))
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return inserted.length;
}

/** The active journeys of an environment with their running version. */
export async function activeJourneys(tx: Database, environmentId: string): Promise<ActiveJourney[]> {
  const rows = rowsOf<{
    journey_id: string;
    version_id: string;
    environment_id: string;
    graph: JourneyGraph;
  }>(
    await tx.execute(sql`
      SELECT j.id AS journey_id, jv.id AS version_id, j.environment_id, jv.graph
      FROM journeys AS j JOIN journey_versions AS jv ON jv.id = j.active_version_id
      WHERE j.environment_id = ${environmentId} AND j.state = 'Actief'`),
  );
  return rows.map((row) => ({
    journeyId: row.journey_id,
    versionId: row.version_id,
    environmentId: row.environment_id,
    graph: row.graph,
  }));
}

/**
 * Turns a batch of outbox events into enrollments (one insert per active journey) and deletes them, in one transaction; events another
 * worker holds are skipped. Answers the number of events handled.
 */
export async function drainOutbox(db: Database, now: Date, batchSize: number): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const events = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        SELECT id, environment_id, kind, subscriber_id, list_id, flow_id, submission_id, imported,
          publication_id, invitee_id, answer
        FROM journey_outbox ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`),
    ).map((row): OutboxEvent => ({
      id: Number(row.id),
      environmentId: row.environment_id as string,
      kind: row.kind as string,
      subscriberId: row.subscriber_id as string | null,
      listId: row.list_id as string | null,
      flowId: row.flow_id as string | null,
      submissionId: row.submission_id as string | null,
      imported: Boolean(row.imported),
      publicationId: row.publication_id as string | null,
      inviteeId: row.invitee_id === null ? null : Number(row.invitee_id),
      answer: row.answer as string | null,
    }));
    if (events.length === 0) return 0;
    const environments = new Set(events.map((event) => event.environmentId));
    for (const environmentId of environments) {
      const inEnvironment = events.filter((event) => event.environmentId === environmentId);
      for (const journey of await activeJourneys(tx, environmentId)) {
        // Per event the person of the journey's first trigger it matches, then one insert for all of them.
        const people = new Map<number, Person>();
        for (const trigger of journey.graph.triggers) {
          const kind = triggerKindOf(trigger);
          const open = inEnvironment.filter((event) => event.kind === kind.event && !people.has(event.id));
          if (open.length === 0 || !kind.peopleFor) continue;
          for (const [eventId, person] of await kind.peopleFor(tx, trigger, open))
            people.set(eventId, person);
        }
        await enrollAll(tx, journey, [...people.values()], now);
      }
    }
    await tx.execute(
      sql`DELETE FROM journey_outbox WHERE id IN (${sql.join(
        events.map((event) => sql`${event.id}`),
        sql`, `,
      )})`,
    );
    return events.length;
  });
}
