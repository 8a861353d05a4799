import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ConditionKind, JourneyCondition } from '../contract/journeys';
import type { Database } from '../db/client';
import { isPersonal, publicationMeasuringOf } from '../analytics/measuringMode';
import { flowFieldOptions, flowFields, publications } from '../db/schema';
import { filterCondition } from '../receivers/filterPredicate';
import { invitationMissing } from './triggerKinds';

// The kinds of condition of a 'Voorwaarde' step, one entry each: how it is answered for a person, and
// what it refers to that must exist at activation.

/** The columns of the ticker's batch a condition is asked about (one row per enrollment). */
export interface PersonColumns {
  enrollmentId: SQL;
  email: SQL;
  /** Null for a person from a form only. */
  subscriberId: SQL;
}

export interface ConditionKindEntry<C extends JourneyCondition = JourneyCondition> {
  /**
   * The condition as an SQL predicate on a row of the ticker's batch, so one statement answers it for the
   * whole batch. `enrollmentId`: the run through the journey the question is asked in (its own sends).
   */
  holds(condition: C, person: PersonColumns): SQL;
  missing(db: Database, environmentId: string, condition: C): Promise<string[]>;
}

type Registry = { [K in ConditionKind]: ConditionKindEntry<Extract<JourneyCondition, { kind: K }>> };

export const conditionKinds: Registry = {
  field: {
    // The audience filters' comparison (ignoring case, a missing value as ''), on the person's subscriber;
    // without one every field is empty except the address.
    holds: (condition, person) => sql`CASE WHEN ${person.subscriberId} IS NULL
      THEN ${filterOnValue(condition, condition.field === 'email' ? person.email : sql`''`)}
      ELSE EXISTS (SELECT 1 FROM subscribers WHERE subscribers.id = ${person.subscriberId}
                     AND ${filterCondition(condition)}) END`,
    missing: async () => [],
  },
  formAnswer: {
    // Any submission of the form whose e-mail question holds the address and which chose the option.
    holds: (condition, person) => sql`EXISTS (
      SELECT 1 FROM flow_submissions AS submission
      JOIN flow_answers AS address ON address.submission_id = submission.id AND address.field_id = ${condition.emailFieldId}::uuid
      WHERE submission.flow_id = ${condition.flowId}::uuid AND lower(trim(address.value)) = lower(${person.email})
        AND EXISTS (SELECT 1 FROM flow_answers AS chosen WHERE chosen.submission_id = submission.id
                      AND chosen.option_id = ${condition.optionId}::uuid))`,
    async missing(db, _environmentId, condition) {
      const [option] = await db
        .select({ id: flowFieldOptions.id })
        .from(flowFieldOptions)
        .innerJoin(flowFields, eq(flowFields.id, flowFieldOptions.fieldId))
        .where(and(eq(flowFieldOptions.id, condition.optionId), eq(flowFields.flowId, condition.flowId)));
      return option ? [] : ['Het antwoord van een voorwaarde bestaat niet (meer) in het formulier.'];
    },
  },
  rsvpAnswer: {
    // The invitee's answer as it stands now; no answer yet is none of the three.
    holds: (condition, person) => sql`EXISTS (
      SELECT 1 FROM rsvp_invitees AS invitee
      WHERE invitee.publication_id = ${condition.publicationId}::uuid AND lower(invitee.email) = lower(${person.email})
        AND invitee.answer = ${condition.answer})`,
    missing: (db, environmentId, condition) => invitationMissing(db, environmentId, condition.publicationId),
  },
  clickedIn: {
    // A person's click on any link of the publication as this enrollment sent it, known through the send's
    // delivery recipient (recorded only in the personal measuring modes). Clicks by link scanners (machine)
    // do not count; opens are not asked at all (images blocked or preloaded make them unreliable).
    holds: (condition, person) => sql`EXISTS (
      SELECT 1 FROM journey_step_runs AS run
      JOIN delivery_jobs AS job ON job.id = run.delivery_job_id
      WHERE run.enrollment_id = ${person.enrollmentId} AND job.publication_id = ${condition.publicationId}::uuid
        AND EXISTS (SELECT 1 FROM analytics_events AS event
                    WHERE event.recipient_id = run.delivery_recipient_id AND event.kind = 'click'
                      AND NOT event.machine))`,
    async missing(db, environmentId, condition) {
      const [publication] = await db
        .select({ id: publications.id })
        .from(publications)
        .where(
          and(eq(publications.id, condition.publicationId), eq(publications.environmentId, environmentId)),
        );
      if (!publication) return ['De publicatie van een klik-voorwaarde bestaat niet (meer).'];
      const measuring = await publicationMeasuringOf(db, environmentId, condition.publicationId);
      return isPersonal(measuring.mode)
        ? []
        : [
            'De publicatie van een klik-voorwaarde meet niet per persoon: wie klikt is dan niet bekend. Kies bij Meten een modus per persoon.',
          ];
    },
  },
};

/** A field condition for a person without a subscriber row: every field is empty except the address. */
function filterOnValue(condition: Extract<JourneyCondition, { kind: 'field' }>, value: SQL) {
  const actual = sql`lower(${value})`;
  const expected = sql`lower(${condition.value})`;
  switch (condition.operator) {
    case 'IsEqual':
      return sql`${actual} = ${expected}`;
    case 'IsNotEqual':
      return sql`${actual} <> ${expected}`;
    case 'StartsWith':
      return sql`starts_with(${actual}, ${expected})`;
    case 'EndsWith':
      return sql`right(${actual}, length(${expected})) = ${expected}`;
    case 'Contains':
      return sql`strpos(${actual}, ${expected}) > 0`;
  }
}

export function conditionKindOf<C extends JourneyCondition>(condition: C): ConditionKindEntry<C> {
  return conditionKinds[condition.kind] as unknown as ConditionKindEntry<C>;
}
