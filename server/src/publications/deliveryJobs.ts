import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { sendingJobsOfTest } from '../abTests/testJobs';
import type {
  CreateDeliveryJobBody,
  DeliveryJob,
  DeliveryJobPage,
  DeliveryJobSortField,
  DeliveryJobStatus,
  DeliveryJobsQuery,
  ParticipantGroup,
} from '../contract/publications';
import type { Database } from '../db/client';
import { users } from '../db/schema/core';
import { deliveryJobs, publicationTemplates, publications } from '../db/schema/publications';
import { audiences } from '../db/schema/receivers';
import { badRequest, notFound } from '../errors';
import { countRecipientsToSend } from '../delivery/recipientResolution';
import { refuseBlockedDelivery } from './deliverChecks';
import { violatesForeignKey } from '../db/constraintViolation';
import { pageSize } from '../contract/paging';
import { orderBy, readPage } from '../db/paging';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';
import { logMoment } from '../auditLog/logMoment';
import { requiredText } from '../http/inputText';
import { containsText } from '../db/textSearch';
import { requirePublication } from './publications';
import { refuseUnapprovedDelivery } from '../approval/approvalSettings';
import { fieldLabel } from '../contract/fieldLabels';
import { checkedAbTestSetup, createAbTest } from '../abTests/abTestSetup';

/** The status of every new job; the delivery worker takes it from there (delivery/jobStates.ts). */
export const plannedStatus: DeliveryJobStatus = 'Gepland';

/** How far ahead a job can be planned. */
const maxScheduleDays = 366;

/**
 * How far back a given moment still counts as now: the console's input has whole minutes, so the
 * current minute, picked a few seconds into it, is already past.
 */
const pastGraceMs = 60 * 1000;

/**
 * The moment a job may start: now when not given, else the given moment; 400 naming `field` for a moment
 * in the past ('Kies een moment in de toekomst') or more than a year ahead.
 */
export function plannedMoment(value: string | null | undefined, now: Date, field = 'scheduledAt'): Date {
  if (!value) return now;
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime()))
    throw badRequest(field, `${fieldLabel(field)} is geen geldig tijdstip.`);
  if (moment.getTime() < now.getTime() - pastGraceMs) {
    throw badRequest(field, 'Kies een moment in de toekomst');
  }
  if (moment.getTime() - now.getTime() > maxScheduleDays * 24 * 60 * 60 * 1000) {
    throw badRequest(field, 'Een verzending kan hoogstens een jaar vooruit worden gepland.');
  }
  return moment < now ? now : moment;
}

/**
 * The participants a job is for: `participantGroup`, or 'accepted' for the spec's `SendToOnlyAcceptedRsvp`;
 * the two may not contradict each other.
 */
function chosenParticipantGroup(body: CreateDeliveryJobBody): ParticipantGroup | null {
  const group = body.participantGroup ?? null;
  if (body.SendToOnlyAcceptedRsvp && group !== null && group !== 'accepted') {
    throw badRequest(
      'participantGroup',
      'Kies één groep deelnemers: alleen aangemelde deelnemers gaat niet samen met deze groep.',
    );
  }
  return body.SendToOnlyAcceptedRsvp ? 'accepted' : group;
}

const unknownPublication = () => badRequest('publicationId', 'Deze publicatie bestaat niet.');

/**
 * Creates a delivery job (spec §7 POST /deliveryjobs) after checking, each a 400 naming the field:
 * the publication is one of the environment's, the template belongs to the publication's type, and
 * the audience exists in the environment and is not deleted. The audience may be left out only when
 * `SendToOnlyAcceptedRsvp` is true or `participantGroup` is set (the console's 'Deelnemers - …' options).
 * Then the checks before sending (deliverChecks.ts): while a blocker holds (no blocks, a required field
 * empty, a sender the environment may not send as, …) the job is refused with a 400 naming its field;
 * `catcher` says mail goes to the embedded development catcher, which accepts any sender.
 * The recipient count is estimated now (the audience's recipients without global unsubscribers, or the
 * invitees of the participant group) and made exact when the job starts. A send that needs approval
 * ('Goedkeuring', approval/) is refused (409) unless `approval` says who approved it and when.
 */
export async function createDeliveryJob(
  db: Database,
  environmentId: string,
  actor: LogActor,
  body: CreateDeliveryJobBody,
  { catcher, approval }: { catcher: boolean; approval?: { by: string; at: Date } },
  now: Date = new Date(),
): Promise<DeliveryJob> {
  const title = requiredText(body.title, 'title', 'Titel');
  const scheduledAt = plannedMoment(body.scheduledAt, now);
  const participantGroup = chosenParticipantGroup(body);
  const abTest = body.abTest && checkedAbTestSetup(body.abTest);
  const [publication] = await db
    .select({ id: publications.id, publicationTypeId: publications.publicationTypeId })
    .from(publications)
    .where(and(eq(publications.id, body.publicationId), eq(publications.environmentId, environmentId)));
  if (!publication) throw unknownPublication();

  const [template] = await db
    .select({ id: publicationTemplates.id, publicationTypeId: publicationTemplates.publicationTypeId })
    .from(publicationTemplates)
    .where(eq(publicationTemplates.id, body.publicationTemplateId));
  if (!template || template.publicationTypeId !== publication.publicationTypeId) {
    throw badRequest(
      'publicationTemplateId',
      'Deze template hoort niet bij het publicatietype van deze publicatie.',
    );
  }

  const audienceId = body.audienceId ?? null;
  if (audienceId === null && !participantGroup) {
    throw badRequest('audienceId', 'Kies een doelgroep, of verstuur alleen naar aangemelde deelnemers.');
  }
  if (audienceId !== null) {
    const [audience] = await db
      .select({ isDeleted: audiences.isDeleted })
      .from(audiences)
      .where(and(eq(audiences.id, audienceId), eq(audiences.environmentId, environmentId)));
    if (!audience) throw badRequest('audienceId', 'Deze doelgroep bestaat niet.');
    if (audience.isDeleted) throw badRequest('audienceId', 'Deze doelgroep is verwijderd.');
  }

  await refuseBlockedDelivery(
    db,
    catcher,
    environmentId,
    publication.id,
    {
      audienceId,
      templateId: template.id,
      participantGroup,
      contentVariants: abTest?.field === 'content' ? abTest.variants.length : 1,
    },
    unknownPublication,
  );

  const recipientCount = await countRecipientsToSend(db, environmentId, {
    audienceId,
    participantGroup,
    publicationId: publication.id,
  });
  if (!approval) await refuseUnapprovedDelivery(db, environmentId, recipientCount);
  // A test's parent, its test row and its variant jobs are written together or not at all.
  const created = await db.transaction(async (tx) => {
    const [parent] = await tx
      .insert(deliveryJobs)
      .values({
        environmentId,
        publicationId: publication.id,
        title,
        publicationTemplateId: template.id,
        audienceId,
        sendToOnlyAcceptedRsvp: participantGroup === 'accepted',
        participantGroup,
        ignoreRsvp: body.ignoreRsvp ?? false,
        recipientCount,
        status: plannedStatus,
        scheduledAt,
        createdBy: actor.userId,
        // The same moment as an immediate job's scheduledAt, so a reader can tell 'now' from 'planned'.
        createdAt: now,
        approvedBy: approval?.by ?? null,
        approvedAt: approval?.at ?? null,
      })
      .returning()
      .catch((error: unknown) => {
        // The publication was deleted after the check above (deletePublication locks it against this).
        if (violatesForeignKey(error, 'delivery_jobs_publication_id_publications_id_fk')) {
          throw unknownPublication();
        }
        throw error;
      });
    const immediate = scheduledAt.getTime() <= now.getTime();
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: immediate ? 'delivery.started' : 'delivery.planned',
      resource: { type: 'deliveryJob', id: parent.id, label: title },
      rowCount: recipientCount,
      detail: immediate ? null : `gepland op ${logMoment(scheduledAt)}`,
    });
    if (abTest) await createAbTest(tx, parent, abTest);
    return parent;
  });
  return getDeliveryJob(db, environmentId, created.id);
}

/**
 * A job's count, for an A/B test's parent with those of the jobs sending its recipients (testJobs.ts). The
 * sum is asked only of a parent (one index probe tells): every other job of a page is its own count.
 */
function withTestJobs(
  own: typeof deliveryJobs.sentCount | typeof deliveryJobs.failedCount | typeof deliveryJobs.skippedCount,
) {
  return sql<number>`CASE WHEN EXISTS (SELECT 1 FROM ab_tests WHERE ab_tests.parent_job_id = ${deliveryJobs.id})
    THEN (${own} + coalesce((
      SELECT sum(sending.${sql.identifier(own.name)}) FROM delivery_jobs sending
      WHERE sending.id IN (${sendingJobsOfTest(sql`${deliveryJobs.id}`)})), 0))::int
    ELSE ${own} END`;
}

const jobColumns = {
  id: deliveryJobs.id,
  publicationId: deliveryJobs.publicationId,
  publicationName: publications.name,
  title: deliveryJobs.title,
  publicationTemplateId: deliveryJobs.publicationTemplateId,
  publicationTemplateName: publicationTemplates.name,
  audienceId: deliveryJobs.audienceId,
  audienceName: audiences.name,
  ignoreRsvp: deliveryJobs.ignoreRsvp,
  SendToOnlyAcceptedRsvp: deliveryJobs.sendToOnlyAcceptedRsvp,
  participantGroup: deliveryJobs.participantGroup,
  recipientCount: deliveryJobs.recipientCount,
  status: deliveryJobs.status,
  failureReason: deliveryJobs.failureReason,
  scheduledAt: deliveryJobs.scheduledAt,
  startedAt: deliveryJobs.startedAt,
  finishedAt: deliveryJobs.finishedAt,
  sentCount: withTestJobs(deliveryJobs.sentCount),
  failedCount: withTestJobs(deliveryJobs.failedCount),
  skippedCount: withTestJobs(deliveryJobs.skippedCount),
  createdAt: deliveryJobs.createdAt,
  createdBy: sql<string | null>`coalesce(${users.name}, ${users.username})`,
  approvedBy: sql<
    string | null
  >`(SELECT coalesce(approver.name, approver.username) FROM users approver WHERE approver.id = ${deliveryJobs.approvedBy})`,
  approvedAt: deliveryJobs.approvedAt,
  abTestId: sql<string | null>`(SELECT t.id FROM ab_tests t WHERE t.parent_job_id = ${deliveryJobs.id}
    OR t.remainder_job_id = ${deliveryJobs.id}
    OR t.id = (SELECT v.test_id FROM ab_test_variants v WHERE v.job_id = ${deliveryJobs.id}))`,
};

const sortColumns: Record<DeliveryJobSortField, SQL> = {
  createdAt: sql`${deliveryJobs.createdAt}`,
  title: sql`lower(${deliveryJobs.title})`,
  publicationName: sql`lower(${publications.name})`,
  audienceName: sql`lower(${audiences.name})`,
  recipientCount: sql`${deliveryJobs.recipientCount}`,
  status: sql`${deliveryJobs.status}`,
};

/** The job reads join the publication, template, audience and creator for display. */
function selectJobs(db: Database) {
  return db
    .select(jobColumns)
    .from(deliveryJobs)
    .innerJoin(publications, eq(publications.id, deliveryJobs.publicationId))
    .innerJoin(publicationTemplates, eq(publicationTemplates.id, deliveryJobs.publicationTemplateId))
    .leftJoin(audiences, eq(audiences.id, deliveryJobs.audienceId))
    .leftJoin(users, eq(users.id, deliveryJobs.createdBy));
}

/**
 * A page of the environment's delivery jobs, newest first unless another sort is asked; 404 when filtered by
 * a publication that is not the environment's.
 */
export async function listDeliveryJobs(
  db: Database,
  environmentId: string,
  query: DeliveryJobsQuery,
): Promise<DeliveryJobPage> {
  // Filtering by a publication of another environment is a 404, as reading that publication would be.
  if (query.publicationId) await requirePublication(db, environmentId, query.publicationId);
  const offset = query.offset ?? 0;
  const sort = query.sort ?? 'createdAt';
  const where = and(
    eq(deliveryJobs.environmentId, environmentId),
    query.publicationId ? eq(deliveryJobs.publicationId, query.publicationId) : undefined,
    containsText(query.search, deliveryJobs.title, publications.name, audiences.name),
  );
  const { rows, total } = await readPage(
    selectJobs(db)
      .where(where)
      .orderBy(
        ...orderBy(
          sortColumns[sort],
          deliveryJobs.id,
          query.order ?? (sort === 'createdAt' ? 'DESC' : 'ASC'),
        ),
      )
      .offset(offset)
      .limit(query.limit ?? pageSize),
    db
      .select({ total: count() })
      .from(deliveryJobs)
      .innerJoin(publications, eq(publications.id, deliveryJobs.publicationId))
      .leftJoin(audiences, eq(audiences.id, deliveryJobs.audienceId))
      .where(where),
  );
  return { data: rows.map(toDeliveryJob), total };
}

/** One delivery job of the environment; 404 for an unknown id or another environment's job. */
export async function getDeliveryJob(db: Database, environmentId: string, id: string): Promise<DeliveryJob> {
  const [row] = await selectJobs(db).where(
    and(eq(deliveryJobs.id, id), eq(deliveryJobs.environmentId, environmentId)),
  );
  if (!row) throw notFound('De verzendopdracht');
  return toDeliveryJob(row);
}

type JobRow = Omit<
  DeliveryJob,
  'createdAt' | 'status' | 'scheduledAt' | 'startedAt' | 'finishedAt' | 'approvedAt'
> & {
  status: string;
  approvedAt: Date | null;
  createdAt: Date;
  scheduledAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

function toDeliveryJob({
  createdAt,
  status,
  scheduledAt,
  startedAt,
  finishedAt,
  approvedAt,
  ...job
}: JobRow): DeliveryJob {
  return {
    ...job,
    approvedAt: approvedAt?.toISOString() ?? null,
    status: status as DeliveryJobStatus,
    scheduledAt: scheduledAt.toISOString(),
    startedAt: startedAt?.toISOString() ?? null,
    finishedAt: finishedAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
  };
}
