import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JourneyTrigger, TriggerKind } from '../contract/journeys';
import type { Database } from '../db/client';
import { flowAnswers, flowFields, flows, lists, rsvpEvents, rsvpInvitees, subscribers } from '../db/schema';
import type { Person } from './person';

// The kinds of trigger, one entry each: what event starts it, who that event enrolls, and what it refers
// to that must exist before the journey may be activated. A new kind (an outbox event written in the
// transaction of the change, and an entry here) needs no change elsewhere on the server.

type Executor = Database;

/** An outbox row as the ticker reads it (journey_outbox). */
export interface OutboxEvent {
  id: number;
  environmentId: string;
  kind: string;
  subscriberId: string | null;
  listId: string | null;
  flowId: string | null;
  submissionId: string | null;
  imported: boolean;
  publicationId: string | null;
  inviteeId: number | null;
  answer: string | null;
}

export interface TriggerKindEntry<T extends JourneyTrigger = JourneyTrigger> {
  /** The outbox event kind this trigger listens to; none for triggers started otherwise (date, manual). */
  event?: string;
  /** The person each of the events (all of kind `event`) enrolls for this trigger, by event id; none for an event that does not match. */
  peopleFor?(tx: Executor, trigger: T, events: OutboxEvent[]): Promise<Map<number, Person>>;
  /** Dutch messages for what the trigger refers to and does not exist (activation refuses then). */
  missing(db: Executor, environmentId: string, trigger: T): Promise<string[]>;
}

type Registry = { [K in TriggerKind]: TriggerKindEntry<Extract<JourneyTrigger, { kind: K }>> };

async function listMissing(db: Executor, environmentId: string, listId: string): Promise<string[]> {
  const [list] = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.environmentId, environmentId), eq(lists.isDeleted, false)));
  return list ? [] : ['De lijst van de trigger bestaat niet (meer).'];
}

/** For kinds whose events are few (forms, RSVP): the person of each event, one event at a time. */
function eachEvent<T extends JourneyTrigger>(
  personFor: (tx: Executor, trigger: T, event: OutboxEvent) => Promise<Person | null>,
): NonNullable<TriggerKindEntry<T>['peopleFor']> {
  return async (tx, trigger, events) => {
    const people = new Map<number, Person>();
    for (const event of events) {
      const person = await personFor(tx, trigger, event);
      if (person) people.set(event.id, person);
    }
    return people;
  };
}

export const triggerKinds: Registry = {
  addedToList: {
    event: 'subscriberAdded',
    // An import adds thousands at once: their subscribers are read in one query.
    async peopleFor(tx, trigger, events) {
      const matching = events.filter(
        (event) =>
          event.listId === trigger.listId &&
          event.subscriberId !== null &&
          (!event.imported || trigger.includeImports),
      );
      const people = new Map<number, Person>();
      if (matching.length === 0) return people;
      const rows = await tx
        .select({ id: subscribers.id, email: subscribers.email, listId: subscribers.listId })
        .from(subscribers)
        .where(
          inArray(
            subscribers.id,
            matching.map((event) => event.subscriberId!),
          ),
        );
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const event of matching) {
        const row = byId.get(event.subscriberId!);
        if (row) people.set(event.id, { email: row.email, subscriberId: row.id, triggerListId: row.listId });
      }
      return people;
    },
    missing: (db, environmentId, trigger) => listMissing(db, environmentId, trigger.listId),
  },
  formAnswered: {
    event: 'formAnswered',
    peopleFor: eachEvent(async (tx, trigger, event) => {
      if (event.flowId !== trigger.flowId || !event.submissionId) return null;
      const answers = await tx
        .select({ fieldId: flowAnswers.fieldId, optionId: flowAnswers.optionId, value: flowAnswers.value })
        .from(flowAnswers)
        .where(eq(flowAnswers.submissionId, event.submissionId));
      if (trigger.optionId && !answers.some((answer) => answer.optionId === trigger.optionId)) return null;
      const email = answers.find((answer) => answer.fieldId === trigger.emailFieldId)?.value.trim();
      if (!email || !email.includes('@')) return null;
      // The address's subscriber in the environment (the oldest), so field conditions and merge fields work.
      const [known] = await tx
        .select({ id: subscribers.id })
        .from(subscribers)
        .innerJoin(lists, eq(lists.id, subscribers.listId))
        .where(
          and(
            eq(lists.environmentId, event.environmentId),
            eq(lists.isDeleted, false),
            sql`lower(${subscribers.email}) = lower(${email})`,
          ),
        )
        .orderBy(subscribers.createdAt)
        .limit(1);
      return { email, subscriberId: known?.id ?? null, triggerListId: null };
    }),
    async missing(db, environmentId, trigger) {
      const [flow] = await db
        .select({ id: flows.id })
        .from(flows)
        .where(and(eq(flows.id, trigger.flowId), eq(flows.environmentId, environmentId)));
      if (!flow) return ['Het formulier van de trigger bestaat niet (meer).'];
      const [field] = await db
        .select({ type: flowFields.type })
        .from(flowFields)
        .where(and(eq(flowFields.id, trigger.emailFieldId), eq(flowFields.flowId, trigger.flowId)));
      return field ? [] : ['De vraag met het e-mailadres bestaat niet (meer) in het formulier.'];
    },
  },
  date: {
    missing: (db, environmentId, trigger) => listMissing(db, environmentId, trigger.listId),
  },
  manual: {
    missing: async () => [],
  },
  rsvpAnswered: {
    event: 'rsvpAnswered',
    // The invitee who answered (the answer as given, not as it stands when the ticker gets to it).
    peopleFor: eachEvent(async (tx, trigger, event) => {
      if (event.publicationId !== trigger.publicationId || event.inviteeId === null) return null;
      if (trigger.answer && event.answer !== trigger.answer) return null;
      const [invitee] = await tx
        .select({ email: rsvpInvitees.email, subscriberId: rsvpInvitees.subscriberId })
        .from(rsvpInvitees)
        .where(eq(rsvpInvitees.id, event.inviteeId));
      return invitee
        ? { email: invitee.email, subscriberId: invitee.subscriberId, triggerListId: null }
        : null;
    }),
    missing: (db, environmentId, trigger) => invitationMissing(db, environmentId, trigger.publicationId),
  },
};

/** Dutch message when the publication is not (or no longer) an invitation of the environment. */
export async function invitationMissing(
  db: Executor,
  environmentId: string,
  publicationId: string,
): Promise<string[]> {
  const [event] = await db
    .select({ id: rsvpEvents.publicationId })
    .from(rsvpEvents)
    .where(
      and(
        eq(rsvpEvents.publicationId, publicationId),
        eq(rsvpEvents.environmentId, environmentId),
        eq(rsvpEvents.enabled, true),
      ),
    );
  return event ? [] : ['De publicatie van een RSVP-trigger of -voorwaarde is (niet meer) een uitnodiging.'];
}

export function triggerKindOf<T extends JourneyTrigger>(trigger: T): TriggerKindEntry<T> {
  return triggerKinds[trigger.kind] as unknown as TriggerKindEntry<T>;
}
