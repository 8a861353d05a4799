import { eq } from 'drizzle-orm';
import type { ApprovalState } from '../contract/approval';
import type { Database } from '../db/client';
import { approvalRequests } from '../db/schema';

// Every change of an approval request's state is written here, inside the caller's transaction: asked,
// approved (with the job it created), rejected (with the reason), voided (its publication changed). One
// place, so whatever else a change must record (a log entry) is written with it or not at all.

export const waitingState: ApprovalState = 'Wacht op goedkeuring';

export type RequestChange =
  | { kind: 'requested'; values: typeof approvalRequests.$inferInsert }
  | { kind: 'approved'; id: string; by: string; at: Date; jobId: string }
  | { kind: 'rejected'; id: string; by: string; at: Date; reason: string }
  | { kind: 'voided'; id: string; by: string; at: Date };

/** Writes one change of a request; answers the request's id. Call it inside a transaction. */
export async function writeRequestChange(tx: Database, change: RequestChange): Promise<string> {
  switch (change.kind) {
    case 'requested': {
      const [row] = await tx
        .insert(approvalRequests)
        .values({ ...change.values, state: waitingState })
        .returning({ id: approvalRequests.id });
      return row.id;
    }
    case 'approved':
      return update(tx, change.id, {
        state: 'Goedgekeurd',
        decidedBy: change.by,
        decidedAt: change.at,
        jobId: change.jobId,
      });
    case 'rejected':
      return update(tx, change.id, {
        state: 'Afgewezen',
        decidedBy: change.by,
        decidedAt: change.at,
        rejectionReason: change.reason,
      });
    case 'voided':
      // Who tried to approve it found it void; the request records when, not by whom.
      return update(tx, change.id, { state: 'Vervallen', decidedAt: change.at });
  }
}

async function update(
  tx: Database,
  id: string,
  values: Partial<typeof approvalRequests.$inferInsert> & { state: ApprovalState },
): Promise<string> {
  await tx.update(approvalRequests).set(values).where(eq(approvalRequests.id, id));
  return id;
}
