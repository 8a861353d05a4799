import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Static } from '@sinclair/typebox';
import type { AddToListStep, RemoveFromListStep, UpdateFieldStep } from '../contract/journeys';
import type { Database } from '../db/client';
import { lists, subscribers } from '../db/schema';
import { journeyListens } from './outbox';
import type { Person } from './person';

// The steps that change receivers: add the person to a list (a copy of their subscriber record, or only
// the address), remove them from one, or set a field of their subscriber. Each keeps the list's count
// right in the same transaction, as every subscriber write does (receivers/subscriberWrites.ts).

export interface StepResult {
  ok: boolean;
  message: string;
}

const copiedColumns = [
  'name',
  'email',
  'initials',
  'first_name',
  'middle_name',
  'last_name',
  'phone_number',
  'address',
  'postal_code',
  'city',
  'country',
  'is_organization',
  ...Array.from({ length: 9 }, (_, index) => `attribute${index + 1}`),
];

/** A person at the step in the ticker's batch, by enrollment. */
export interface AtStep {
  enrollmentId: string;
  person: Person;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The step for everyone of the batch at it, in one statement; answers each enrollment's result. */
export async function listStepActions(
  tx: Database,
  step: Static<typeof AddToListStep> | Static<typeof RemoveFromListStep>,
  environmentId: string,
  people: AtStep[],
): Promise<Map<string, StepResult>> {
  const results = new Map<string, StepResult>();
  const [list] = await tx
    .select({ id: lists.id })
    .from(lists)
    .where(
      and(eq(lists.id, step.listId), eq(lists.environmentId, environmentId), eq(lists.isDeleted, false)),
    );
  if (!list) {
    for (const { enrollmentId } of people)
      results.set(enrollmentId, { ok: false, message: 'De lijst bestaat niet meer.' });
    return results;
  }
  const input = JSON.stringify(
    people.map(({ person }) => ({ email: person.email, subscriber_id: person.subscriberId })),
  );
  const changed = new Set<string>();
  if (step.kind === 'removeFromList') {
    const removed = rowsOf<{ email: string }>(
      await tx.execute(sql`
        DELETE FROM subscribers
        WHERE list_id = ${list.id}::uuid AND lower(email) IN (
          SELECT lower(person.email) FROM jsonb_to_recordset(${input}::jsonb) AS person(email text, subscriber_id uuid))
        RETURNING lower(email) AS email`),
    );
    for (const row of removed) changed.add(row.email);
    if (removed.length > 0)
      await tx
        .update(lists)
        .set({ subscriberCount: sql`${lists.subscriberCount} - ${removed.length}` })
        .where(eq(lists.id, list.id));
  } else {
    // A copy of the subscriber record, or only the address for a person without one.
    const names = sql.raw(copiedColumns.join(', '));
    const addressOnly: Record<string, string> = {
      name: 'person.email',
      email: 'person.email',
      is_organization: 'false',
    };
    const copied = sql.raw(
      copiedColumns
        .map(
          (name) => `CASE WHEN source.id IS NULL THEN ${addressOnly[name] ?? 'NULL'} ELSE source.${name} END`,
        )
        .join(', '),
    );
    const inserted = rowsOf<{ id: string; email: string }>(
      await tx.execute(sql`
        WITH person AS (
          SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS person(email text, subscriber_id uuid)
        ),
        written AS (
          INSERT INTO subscribers (list_id, ${names})
          SELECT ${list.id}::uuid, ${copied}
          FROM person LEFT JOIN subscribers AS source ON source.id = person.subscriber_id
          WHERE person.subscriber_id IS NULL OR source.id IS NOT NULL
          ON CONFLICT (list_id, lower(email)) DO NOTHING
          RETURNING id, email
        ),
        outboxed AS (
          INSERT INTO journey_outbox (environment_id, kind, subscriber_id, list_id)
          SELECT ${environmentId}::uuid, 'subscriberAdded', id, ${list.id}::uuid FROM written
          WHERE ${journeyListens(environmentId, { kind: 'addedToList', listId: list.id })}
        )
        SELECT id, lower(email) AS email FROM written`),
    );
    for (const row of inserted) changed.add(row.email);
    if (inserted.length > 0)
      await tx
        .update(lists)
        .set({ subscriberCount: sql`${lists.subscriberCount} + ${inserted.length}` })
        .where(eq(lists.id, list.id));
  }
  const [done, unchanged] =
    step.kind === 'removeFromList'
      ? ['Verwijderd uit de lijst.', 'Stond niet in de lijst.']
      : ['Toegevoegd aan de lijst.', 'Stond al in de lijst.'];
  for (const { enrollmentId, person } of people)
    results.set(enrollmentId, {
      ok: true,
      message: changed.has(person.email.toLowerCase()) ? done : unchanged,
    });
  return results;
}

/** Sets the step's field on the subscriber of everyone of the batch at it, in one statement. */
export async function updateFieldActions(
  tx: Database,
  step: Static<typeof UpdateFieldStep>,
  people: AtStep[],
): Promise<Map<string, StepResult>> {
  const ids = people.flatMap(({ person }) => (person.subscriberId ? [person.subscriberId] : []));
  const updated =
    ids.length === 0
      ? []
      : await tx
          .update(subscribers)
          .set({ [step.field]: step.value, updatedAt: sql`now()` })
          .where(inArray(subscribers.id, ids))
          .returning({ id: subscribers.id });
  const found = new Set(updated.map((row) => row.id));
  return new Map(
    people.map(({ enrollmentId, person }) => [
      enrollmentId,
      !person.subscriberId
        ? { ok: false, message: 'Deze persoon heeft geen abonneegegevens om bij te werken.' }
        : found.has(person.subscriberId)
          ? { ok: true, message: 'Veld bijgewerkt.' }
          : { ok: false, message: 'De abonnee bestaat niet meer.' },
    ]),
  );
}
