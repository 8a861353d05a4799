import { and, eq } from 'drizzle-orm';
import { variantOverrides, variantValueOf } from '../abTests/variantContent';
import type { Database } from '../db/client';
import { deliveryJobs, deliveryRecipients } from '../db/schema';
import type { MergeValues } from '../rendering/mergeFields';

/**
 * What a personal web-version link shows: the template the recipient's message was sent with, the
 * merge values it was filled with, and its content variant when an A/B test of content sent it.
 * Undefined unless the recipient row belongs to a job of exactly this environment and publication (a
 * signed link is checked against the row too, not only its signature).
 */
export async function webVersionRecipient(
  db: Database,
  environmentId: string,
  publicationId: string,
  recipientId: number,
): Promise<{ templateId: string; mergeValues: MergeValues; content?: string } | undefined> {
  const [row] = await db
    .select({
      jobId: deliveryJobs.id,
      templateId: deliveryJobs.publicationTemplateId,
      mergeValues: deliveryRecipients.mergeValues,
    })
    .from(deliveryRecipients)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, deliveryRecipients.jobId))
    .where(
      and(
        eq(deliveryRecipients.id, recipientId),
        eq(deliveryRecipients.environmentId, environmentId),
        eq(deliveryJobs.environmentId, environmentId),
        eq(deliveryJobs.publicationId, publicationId),
      ),
    );
  if (!row) return undefined;
  const { content } = variantOverrides(await variantValueOf(db, row.jobId));
  return { templateId: row.templateId, mergeValues: row.mergeValues, content };
}
