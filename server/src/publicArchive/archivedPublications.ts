import { and, desc, eq, inArray, isNotNull, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deliveryJobs, publications } from '../db/schema';
import { messageSubject } from '../publications/publicationRendering';
import { fillMergeFields } from '../rendering/mergeFields';

// What an environment's public archive lists: its publications marked public that were sent (a delivery
// job of theirs started: 'Bezig' or 'Verzonden'), newest first by the moment they were first sent.
// Nothing personal: the title and summary are the subject and preview text with every merge field at
// its fallback, as the public web version shows the publication.

/** Publications on one page of the archive, and in the feed. */
export const archivePageSize = 20;

/** The archive's last page: deeper pages answer 404, so one request reads at most this many rows. */
export const archiveMaxPages = 50;

/** The states of a job whose messages went out (or are going out). */
const sentStatuses = ['Bezig', 'Verzonden'];

export interface ArchivedPublication {
  id: string;
  title: string;
  summary: string | null;
  /** When its first message went out. */
  sentAt: Date;
}

export interface ArchivePage {
  publications: ArchivedPublication[];
  hasMore: boolean;
}

const asText = (value: string) => value;

/** One page (1-based) of the environment's archive; `page` must be within 1..archiveMaxPages. */
export async function archivedPublications(
  db: Database,
  environmentId: string,
  page: number,
): Promise<ArchivePage> {
  const sentAt = min(deliveryJobs.startedAt);
  const rows = await db
    .select({
      id: publications.id,
      name: publications.name,
      subject: publications.subject,
      preheader: publications.preheader,
      sentAt: sql<Date | string>`${sentAt}`,
    })
    .from(publications)
    .innerJoin(
      deliveryJobs,
      and(
        eq(deliveryJobs.publicationId, publications.id),
        eq(deliveryJobs.environmentId, environmentId),
        inArray(deliveryJobs.status, sentStatuses),
        isNotNull(deliveryJobs.startedAt),
      ),
    )
    .where(and(eq(publications.environmentId, environmentId), eq(publications.isPublic, true)))
    .groupBy(publications.id)
    .orderBy(desc(sentAt), desc(publications.id))
    .limit(archivePageSize + 1)
    .offset((page - 1) * archivePageSize);
  return {
    publications: rows.slice(0, archivePageSize).map((row) => ({
      id: row.id,
      title: fillMergeFields(messageSubject(row), {}, asText),
      summary: row.preheader === null ? null : fillMergeFields(row.preheader, {}, asText) || null,
      sentAt: new Date(row.sentAt),
    })),
    hasMore: rows.length > archivePageSize,
  };
}
