import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { ParticipantGroup } from '../contract/publications';
import type { RsvpInviteePage, RsvpInviteesQuery, RsvpSummary } from '../contract/rsvp';
import { pageSize } from '../contract/paging';
import type { Database } from '../db/client';
import { readPage } from '../db/paging';
import { containsText } from '../db/textSearch';
import { publications, rsvpEvents, rsvpInvitees, type QuestionAnswer } from '../db/schema';
import { notFound } from '../errors';

type Executor = Pick<Database, 'execute'>;

/**
 * Makes every recipient a job is about to send to an invitee of its publication, when the publication is
 * an invitation and the job does not ignore RSVP: called in the transaction that writes the job's
 * recipients (delivery/recipientResolution.ts), so a job's invitees exist exactly when its recipients do.
 * An address invited before keeps its invitee (and answer). Global unsubscribers were skipped already.
 */
export async function inviteJobRecipients(tx: Executor, jobId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO rsvp_invitees (environment_id, publication_id, job_id, subscriber_id, email, name)
    SELECT r.environment_id, j.publication_id, j.id, r.subscriber_id, r.email, r.merge_values ->> 'name'
    FROM delivery_recipients r
    JOIN delivery_jobs j ON j.id = r.job_id
    JOIN rsvp_events e ON e.publication_id = j.publication_id AND e.enabled
    WHERE r.job_id = ${jobId} AND r.status = 'Wachtend' AND NOT j.ignore_rsvp
    ON CONFLICT (publication_id, lower(email)) DO NOTHING`);
}

/**
 * Which invitees each 'Deelnemers - …' group holds: Ja with a place, no answer yet, on the waiting list
 * (a waiting invitee said Ja, so the groups do not overlap).
 */
const groupConditions: Record<ParticipantGroup, SQL> = {
  accepted: sql`rsvp_invitees.answer = 'Ja' AND NOT rsvp_invitees.waiting`,
  noAnswer: sql`rsvp_invitees.answer IS NULL AND NOT rsvp_invitees.waiting`,
  waiting: sql`rsvp_invitees.waiting`,
};

/**
 * The publication's invitees of one group (see above), as a SELECT for delivery to insert from in
 * the shape of `audienceAddressesQuery`: the subscriber's current merge values when it still exists,
 * `unsubscribed` for a global unsubscriber (kept in the counts, never sent to).
 */
export function participantAddressesQuery(
  environmentId: string,
  publicationId: string,
  group: ParticipantGroup,
  mergeColumns: Record<string, SQL>,
): SQL {
  const mergeValues = sql.join(
    Object.entries(mergeColumns).map(([name, column]) => sql`${name}::text, ${column}`),
    sql`, `,
  );
  return sql`
    SELECT rsvp_invitees.subscriber_id AS subscriber_id,
           rsvp_invitees.email AS email,
           CASE WHEN subscribers.id IS NULL
                THEN jsonb_strip_nulls(jsonb_build_object('email', rsvp_invitees.email, 'name', rsvp_invitees.name))
                ELSE jsonb_strip_nulls(jsonb_build_object(${mergeValues})) END AS merge_values,
           EXISTS (SELECT 1 FROM unsubscribers u
                   WHERE u.environment_id = ${environmentId} AND u.removed_at IS NULL
                     AND lower(u.email) = lower(rsvp_invitees.email)) AS unsubscribed,
           false AS duplicate
    FROM rsvp_invitees
    LEFT JOIN subscribers ON subscribers.id = rsvp_invitees.subscriber_id
    WHERE rsvp_invitees.environment_id = ${environmentId}
      AND rsvp_invitees.publication_id = ${publicationId}
      AND ${groupConditions[group]}
    ORDER BY lower(rsvp_invitees.email)`;
}

/** The invitee ids of a batch of a job's addresses (their RSVP links are signed per invitee). */
export async function inviteeIdsByEmail(
  db: Database,
  publicationId: string,
  emails: readonly string[],
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: rsvpInvitees.id, email: rsvpInvitees.email })
    .from(rsvpInvitees)
    .where(
      and(
        eq(rsvpInvitees.publicationId, publicationId),
        inArray(
          sql`lower(${rsvpInvitees.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}

/** Whether the publication is an open invitation (its messages carry the 'Aanmelden' buttons). */
export async function invitationOf(db: Database, publicationId: string) {
  const [event] = await db
    .select({
      allowMaybe: rsvpEvents.allowMaybe,
      cancelled: sql<boolean>`${rsvpEvents.cancelledAt} IS NOT NULL`,
    })
    .from(rsvpEvents)
    .where(and(eq(rsvpEvents.publicationId, publicationId), eq(rsvpEvents.enabled, true)));
  return event;
}

async function requireEvent(db: Database, environmentId: string, publicationId: string) {
  const [row] = await db
    .select({ id: publications.id, places: rsvpEvents.places, accepted: rsvpEvents.acceptedPersons })
    .from(publications)
    .leftJoin(rsvpEvents, eq(rsvpEvents.publicationId, publications.id))
    .where(and(eq(publications.id, publicationId), eq(publications.environmentId, environmentId)));
  if (!row) throw notFound('De publicatie');
  return row;
}

/** The tiles of the RSVP page, in one counting query over the publication's invitees. */
export async function rsvpSummary(
  db: Database,
  environmentId: string,
  publicationId: string,
): Promise<RsvpSummary> {
  const event = await requireEvent(db, environmentId, publicationId);
  const [counts] = await db
    .select({
      invited: sql<number>`count(*)::int`,
      yes: sql<number>`coalesce(sum(1 + ${rsvpInvitees.guests}) FILTER (WHERE ${rsvpInvitees.answer} = 'Ja' AND NOT ${rsvpInvitees.waiting}), 0)::int`,
      maybe: sql<number>`count(*) FILTER (WHERE ${rsvpInvitees.answer} = 'Misschien')::int`,
      no: sql<number>`count(*) FILTER (WHERE ${rsvpInvitees.answer} = 'Nee')::int`,
      noAnswer: sql<number>`count(*) FILTER (WHERE ${rsvpInvitees.answer} IS NULL)::int`,
      waiting: sql<number>`count(*) FILTER (WHERE ${rsvpInvitees.waiting})::int`,
    })
    .from(rsvpInvitees)
    .where(eq(rsvpInvitees.publicationId, publicationId));
  const places = event.places ?? 0;
  return {
    id: publicationId,
    ...counts,
    placesLeft: places === 0 ? null : Math.max(0, places - (event.accepted ?? 0)),
  };
}

function filterCondition(answer: RsvpInviteesQuery['answer']): SQL | undefined {
  switch (answer) {
    case undefined:
      return undefined;
    case 'Geen antwoord':
      return sql`${rsvpInvitees.answer} IS NULL`;
    case 'Wachtlijst':
      return eq(rsvpInvitees.waiting, true);
    case 'Ja':
      return and(eq(rsvpInvitees.answer, 'Ja'), eq(rsvpInvitees.waiting, false));
    default:
      return eq(rsvpInvitees.answer, answer);
  }
}

const inviteeColumns = {
  id: rsvpInvitees.id,
  name: rsvpInvitees.name,
  email: rsvpInvitees.email,
  answer: rsvpInvitees.answer,
  waiting: rsvpInvitees.waiting,
  guests: rsvpInvitees.guests,
  questionAnswers: rsvpInvitees.questionAnswers,
  answeredAt: rsvpInvitees.answeredAt,
  source: rsvpInvitees.source,
};

interface InviteeRow {
  id: number;
  name: string | null;
  email: string;
  answer: string | null;
  waiting: boolean;
  guests: number;
  questionAnswers: QuestionAnswer[];
  answeredAt: Date | null;
  source: string | null;
}

function toInvitee(row: InviteeRow): RsvpInviteePage['data'][number] {
  return {
    ...row,
    answer: row.answer as RsvpInviteePage['data'][number]['answer'],
    source: row.source as RsvpInviteePage['data'][number]['source'],
    questionAnswers: row.questionAnswers.map(({ question, answer }) => ({ question, answer })),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** A page of the invitees by address, searched by name or address and filtered by answer. */
export async function rsvpInviteePage(
  db: Database,
  environmentId: string,
  publicationId: string,
  query: RsvpInviteesQuery,
): Promise<RsvpInviteePage> {
  await requireEvent(db, environmentId, publicationId);
  const where = and(
    eq(rsvpInvitees.publicationId, publicationId),
    filterCondition(query.answer),
    containsText(query.search, rsvpInvitees.email, rsvpInvitees.name),
  );
  const direction = query.order === 'DESC' ? sql`DESC` : sql`ASC`;
  const { rows, total } = await readPage(
    db
      .select(inviteeColumns)
      .from(rsvpInvitees)
      .where(where)
      .orderBy(sql`lower(${rsvpInvitees.email}) ${direction}`, sql`${rsvpInvitees.id} ${direction}`)
      .offset(query.offset ?? 0)
      .limit(query.limit ?? pageSize),
    db.select({ total: count() }).from(rsvpInvitees).where(where),
  );
  return { data: rows.map(toInvitee), total };
}

/** Invitees read per query while the CSV streams: memory stays flat however many there are. */
const csvBatch = 1000;

/** Every invitee in id order, read by keyset in batches (for the CSV export). */
export async function* allInvitees(db: Database, environmentId: string, publicationId: string) {
  await requireEvent(db, environmentId, publicationId);
  let after = 0;
  for (;;) {
    const rows = await db
      .select(inviteeColumns)
      .from(rsvpInvitees)
      .where(and(eq(rsvpInvitees.publicationId, publicationId), gt(rsvpInvitees.id, after)))
      .orderBy(asc(rsvpInvitees.id))
      .limit(csvBatch);
    if (rows.length === 0) return;
    for (const row of rows) yield toInvitee(row);
    after = rows[rows.length - 1].id;
  }
}

/** Whether the publication has any invitee (a job to its participants needs them). */
export async function hasInvitees(db: Database, publicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rsvpInvitees.id })
    .from(rsvpInvitees)
    .where(eq(rsvpInvitees.publicationId, publicationId))
    .limit(1);
  return row !== undefined;
}
