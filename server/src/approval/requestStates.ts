import { eq } from 'drizzle-orm';
import type { ApprovalKind, ApprovalState } from '../contract/approval';
import { logActorOfUser } from '../auditLog/logActor';
import { recordInLog } from '../auditLog/recordInLog';
import type { AuditLogKind } from '../contract/auditLogKinds';
import type { Database } from '../db/client';
import { approvalRequests } from '../db/schema';

// Every change of an approval request's state is written here, inside the caller's transaction: asked,
// approved (with the job it created or the journey version it published), rejected (with the reason), voided (its publication changed). One
// place, so whatever else a change must record (a log entry) is written with it or not at all.

export const waitingState: ApprovalState = 'Wacht op goedkeuring';

export type RequestChange =
  | { kind: 'requested'; values: typeof approvalRequests.$inferInsert }
  | {
      kind: 'approved';
      id: string;
      by: string;
      at: Date;
      made: { jobId: string } | { journeyVersionId: string };
    }
  | { kind: 'rejected'; id: string; by: string; at: Date; reason: string }
  | { kind: 'voided'; id: string; by: string; at: Date };

/** The Logboek's kind of each change, per kind of request; a voided request is no one's decision and is not logged. */
const loggedKinds: Record<ApprovalKind, Partial<Record<RequestChange['kind'], AuditLogKind>>> = {
  send: { requested: 'delivery.requested', approved: 'delivery.approved', rejected: 'delivery.rejected' },
  journey: { requested: 'journey.requested', approved: 'journey.approved', rejected: 'journey.rejected' },
};

/**
 * Writes one change of a request, and its Logboek entry in the same transaction; answers the request's
 * id. Call it inside a transaction.
 */
export async function writeRequestChange(tx: Database, change: RequestChange): Promise<string> {
  const id = await writeState(tx, change);
  await logChange(tx, id, change);
  return id;
}

async function logChange(tx: Database, id: string, change: RequestChange) {
  const [request] = await tx
    .select({
      kind: approvalRequests.kind,
      environmentId: approvalRequests.environmentId,
      publicationId: approvalRequests.publicationId,
      journeyId: approvalRequests.journeyId,
      title: approvalRequests.title,
      recipientCount: approvalRequests.recipientCount,
      requestedBy: approvalRequests.requestedBy,
    })
    .from(approvalRequests)
    .where(eq(approvalRequests.id, id));
  const kind = loggedKinds[request.kind][change.kind];
  const actorId = change.kind === 'requested' ? request.requestedBy : 'by' in change ? change.by : null;
  if (!kind || !actorId) return;
  await recordInLog(tx, {
    environmentId: request.environmentId,
    actor: await logActorOfUser(tx, actorId),
    kind,
    resource:
      request.kind === 'journey'
        ? { type: 'journey', id: request.journeyId, label: request.title }
        : { type: 'publication', id: request.publicationId, label: request.title },
    rowCount: request.recipientCount,
    detail: change.kind === 'rejected' ? change.reason : null,
  });
}

async function writeState(tx: Database, change: RequestChange): Promise<string> {
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
        ...change.made,
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
