import { and, count, eq, sql } from 'drizzle-orm';
import { sendingJobsOfTest } from '../abTests/testJobs';
import { pageSize } from '../contract/paging';
import type {
  DeliveryRecipientPage,
  DeliveryRecipientStatus,
  DeliveryRecipientsQuery,
} from '../contract/publications';
import type { Database } from '../db/client';
import { orderBy, readPage } from '../db/paging';
import { deliveryJobs, deliveryRecipients } from '../db/schema';
import { containsText } from '../db/textSearch';
import { notFound } from '../errors';

/**
 * A page of a job's recipients in the order they were resolved (by address), optionally only one status
 * and searched by address; 404 for a job that is not the environment's. An A/B test's parent job shows
 * every recipient of the test (testJobs.ts).
 */
export async function jobRecipientPage(
  db: Database,
  environmentId: string,
  jobId: string,
  query: DeliveryRecipientsQuery,
): Promise<DeliveryRecipientPage> {
  const [job] = await db
    .select({ id: deliveryJobs.id })
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.environmentId, environmentId)));
  if (!job) throw notFound('De verzendopdracht');
  // An A/B test's parent lists the test's recipients: its own and those moved to its variant and remainder jobs.
  const where = and(
    sql`${deliveryRecipients.jobId} IN (SELECT ${jobId}::uuid UNION ALL ${sendingJobsOfTest(sql`${jobId}::uuid`)})`,
    query.status ? eq(deliveryRecipients.status, query.status) : undefined,
    containsText(query.search, deliveryRecipients.email),
  );
  const { rows, total } = await readPage(
    db
      .select({
        id: deliveryRecipients.id,
        email: deliveryRecipients.email,
        status: deliveryRecipients.status,
        detail: deliveryRecipients.detail,
        attempts: deliveryRecipients.attempts,
        finishedAt: deliveryRecipients.finishedAt,
      })
      .from(deliveryRecipients)
      .where(where)
      .orderBy(...orderBy(deliveryRecipients.id, deliveryRecipients.id, query.order ?? 'ASC'))
      .offset(query.offset ?? 0)
      .limit(query.limit ?? pageSize),
    db.select({ total: count() }).from(deliveryRecipients).where(where),
  );
  return {
    data: rows.map((row) => ({
      ...row,
      status: row.status as DeliveryRecipientStatus,
      finishedAt: row.finishedAt?.toISOString() ?? null,
    })),
    total,
  };
}
