import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { journeyEnrollments, journeys } from '../db/schema';
import { notFound } from '../errors';

/** A page of the people in a journey, newest first. */
export async function listEnrollments(
  db: Database,
  environmentId: string,
  journeyId: string,
  { offset, limit }: { offset: number; limit: number },
) {
  const [journey] = await db
    .select({ id: journeys.id })
    .from(journeys)
    .where(and(eq(journeys.id, journeyId), eq(journeys.environmentId, environmentId)));
  if (!journey) throw notFound('De journey');
  const where = eq(journeyEnrollments.journeyId, journeyId);
  const rows = await db
    .select()
    .from(journeyEnrollments)
    .where(where)
    .orderBy(desc(journeyEnrollments.enrolledAt), desc(journeyEnrollments.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ total: count() }).from(journeyEnrollments).where(where);
  return {
    data: rows.map((row) => ({
      id: row.id,
      email: row.email,
      subscriberId: row.subscriberId,
      state: row.state as 'Actief' | 'Klaar' | 'Verlaten' | 'Fout',
      currentStepId: row.currentStepId,
      nextRunAt: row.nextRunAt?.toISOString() ?? null,
      enrolledAt: row.enrolledAt.toISOString(),
    })),
    total: Number(total.total),
  };
}
