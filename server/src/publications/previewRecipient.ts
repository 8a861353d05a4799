import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { lists, subscribers } from '../db/schema';
import { mergeColumns } from '../delivery/recipientResolution';
import { badRequest } from '../errors';
import { recipientMergeFields, type MergeValues } from '../rendering/mergeFields';

// 'Bekijken als': the preview with one recipient's own values in the merge fields, so staff see what the
// deliver check warned about ('Beste , …') before it goes out. The values are those a delivery would
// write for the address: its subscription in a list of the environment that changed last.

/** The merge values of the environment's subscriber with `email`; 400 naming `recipient` without one. */
export async function previewRecipientValues(
  db: Database,
  environmentId: string,
  email: string,
): Promise<MergeValues> {
  const [row] = await db
    .select(
      Object.fromEntries(
        recipientMergeFields.map((field) => [field, sql<string | null>`${mergeColumns[field]}`]),
      ),
    )
    .from(subscribers)
    .innerJoin(lists, eq(lists.id, subscribers.listId))
    .where(
      and(
        eq(lists.environmentId, environmentId),
        eq(lists.isDeleted, false),
        sql`lower(${subscribers.email}) = lower(${email.trim()})`,
      ),
    )
    .orderBy(desc(subscribers.updatedAt))
    .limit(1);
  if (!row) {
    throw badRequest(
      'recipient',
      'Er staat geen ontvanger met dit e-mailadres in de lijsten van deze omgeving.',
    );
  }
  return Object.fromEntries(
    Object.entries(row).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ) as MergeValues;
}
