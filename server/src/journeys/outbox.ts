import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

// The journeys' outbox: the writes that can start a journey add an event row in their own transaction
// (a rolled-back change leaves no event, a committed one always has its event). The ticker turns events
// into enrollments (enrollments.ts). An event is only written when an active journey listens for it, so
// writes in environments without journeys cost one index-free EXISTS on a handful of rows.

type Executor = Pick<Database, 'execute'>;

/** True (as SQL) when an active journey of the environment starts on a trigger containing `trigger`. */
export function journeyListens(environmentId: SQL | string, trigger: Record<string, string>): SQL {
  return sql`EXISTS (
    SELECT 1 FROM journeys AS j JOIN journey_versions AS jv ON jv.id = j.active_version_id
    WHERE j.environment_id = ${environmentId}::uuid AND j.state = 'Actief'
      AND jv.graph -> 'triggers' @> ${JSON.stringify([trigger])}::jsonb
  )`;
}

/** In the transaction that added the subscriber. */
export async function recordSubscriberAdded(
  tx: Executor,
  event: { environmentId: string; listId: string; subscriberId: string },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO journey_outbox (environment_id, kind, subscriber_id, list_id)
    SELECT ${event.environmentId}::uuid, 'subscriberAdded', ${event.subscriberId}::uuid, ${event.listId}::uuid
    WHERE ${journeyListens(event.environmentId, { kind: 'addedToList', listId: event.listId })}`);
}

/** In the transaction that stored the submission. */
export async function recordFormAnswered(
  tx: Executor,
  event: { environmentId: string; flowId: string; submissionId: string },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO journey_outbox (environment_id, kind, flow_id, submission_id)
    SELECT ${event.environmentId}::uuid, 'formAnswered', ${event.flowId}::uuid, ${event.submissionId}::uuid
    WHERE ${journeyListens(event.environmentId, { kind: 'formAnswered', flowId: event.flowId })}`);
}

/**
 * The CTE step of the statement that records an RSVP answer (rsvp/answers.ts): the answer as given (a
 * promotion from the waiting list is not an answer). `onlyIf`: a condition of the statement's other steps
 * (the answer may find that it records nothing).
 */
export function rsvpAnsweredOutbox(
  event: {
    environmentId: string;
    publicationId: string;
    inviteeId: number;
    answer: string;
  },
  onlyIf: SQL = sql`true`,
): SQL {
  return sql`journey_event AS (
    INSERT INTO journey_outbox (environment_id, kind, publication_id, invitee_id, answer)
    SELECT ${event.environmentId}::uuid, 'rsvpAnswered', ${event.publicationId}::uuid, ${event.inviteeId}::bigint,
      ${event.answer}
    WHERE ${onlyIf} AND ${journeyListens(event.environmentId, { kind: 'rsvpAnswered', publicationId: event.publicationId })}
  )`;
}

/**
 * The CTE step an import's insert ends with: one event per subscriber the batch added (`written` has the
 * new rows' `id` and `inserted`), marked as imported.
 */
export function importedSubscribersOutbox(environmentId: string, listId: string): SQL {
  return sql`outboxed AS (
    INSERT INTO journey_outbox (environment_id, kind, subscriber_id, list_id, imported)
    SELECT ${environmentId}::uuid, 'subscriberAdded', id, ${listId}::uuid, true FROM written
    WHERE inserted AND ${journeyListens(environmentId, { kind: 'addedToList', listId })}
  )`;
}
