import { logActorOfUser } from '../auditLog/logActor';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ApprovalRequest,
  ApprovalRequestPage,
  ApprovalRequestsQuery,
  ApprovalState,
  CreateApprovalRequestBody,
} from '../contract/approval';
import { voidedMessage } from '../contract/approval';
import { pageSize } from '../contract/paging';
import type { DeliveryJob } from '../contract/publications';
import type { Database } from '../db/client';
import { approvalRequests, audiences, publicationTemplates, publications, users } from '../db/schema';
import { readPage } from '../db/paging';
import { containsText } from '../db/textSearch';
import { countRecipientsToSend } from '../delivery/recipientResolution';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import { requiredText } from '../http/inputText';
import { refuseBlockedDelivery } from '../publications/deliverChecks';
import { createDeliveryJob, plannedMoment } from '../publications/deliveryJobs';
import { maySend, memberOf, membersWhoMaySend, type Member } from './approvers';
import { contentFingerprint, type SendChoice } from './contentFingerprint';
import { waitingState, writeRequestChange } from './requestStates';

// Approval requests ('Goedkeuring'): 'Verspreiden' of a send that needs approval asks for it here; another
// member who may send approves (the delivery job is created then, once) or rejects it with a reason. A
// request whose publication changed after it was asked is void: shown so at once, stored so on approval.

const unknownPublication = () => badRequest('publicationId', 'Deze publicatie bestaat niet.');

/** A participant group or 'accepted' for the spec's SendToOnlyAcceptedRsvp, as a job takes it. */
function participantGroupOf(body: CreateApprovalRequestBody) {
  return body.SendToOnlyAcceptedRsvp ? 'accepted' : (body.participantGroup ?? null);
}

const choiceOf = (row: {
  publicationId: string;
  publicationTemplateId: string;
  audienceId: string | null;
  participantGroup: SendChoice['participantGroup'];
}): SendChoice => ({
  publicationId: row.publicationId,
  publicationTemplateId: row.publicationTemplateId,
  audienceId: row.audienceId,
  participantGroup: row.participantGroup,
});

/**
 * Asks approval for a send (POST /approvalrequests): the body of POST /deliveryjobs, checked as a job is
 * (the template of the publication's type, an audience of the environment, no blocker, a moment ahead),
 * kept with its recipient count and the fingerprint of what would go out.
 */
export async function requestApproval(
  db: Database,
  environmentId: string,
  requestedBy: string,
  body: CreateApprovalRequestBody,
  { catcher }: { catcher: boolean },
  now: Date = new Date(),
): Promise<string> {
  const title = requiredText(body.title, 'title', 'Titel');
  const scheduledAt = body.scheduledAt ? plannedMoment(body.scheduledAt, now) : null;
  const participantGroup = participantGroupOf(body);
  const audienceId = body.audienceId ?? null;
  if (audienceId === null && !participantGroup) {
    throw badRequest('audienceId', 'Kies een doelgroep, of verstuur alleen naar aangemelde deelnemers.');
  }
  const [publication] = await db
    .select({ id: publications.id, publicationTypeId: publications.publicationTypeId })
    .from(publications)
    .where(and(eq(publications.id, body.publicationId), eq(publications.environmentId, environmentId)));
  if (!publication) throw unknownPublication();
  const [template] = await db
    .select({ publicationTypeId: publicationTemplates.publicationTypeId })
    .from(publicationTemplates)
    .where(eq(publicationTemplates.id, body.publicationTemplateId));
  if (template?.publicationTypeId !== publication.publicationTypeId) {
    throw badRequest(
      'publicationTemplateId',
      'Deze template hoort niet bij het publicatietype van deze publicatie.',
    );
  }
  if (audienceId !== null) {
    const [audience] = await db
      .select({ isDeleted: audiences.isDeleted })
      .from(audiences)
      .where(and(eq(audiences.id, audienceId), eq(audiences.environmentId, environmentId)));
    if (!audience) throw badRequest('audienceId', 'Deze doelgroep bestaat niet.');
    if (audience.isDeleted) throw badRequest('audienceId', 'Deze doelgroep is verwijderd.');
  }
  const choice: SendChoice = {
    publicationId: publication.id,
    publicationTemplateId: body.publicationTemplateId,
    audienceId,
    participantGroup,
  };
  await refuseBlockedDelivery(
    db,
    catcher,
    environmentId,
    publication.id,
    { audienceId, templateId: choice.publicationTemplateId, participantGroup },
    unknownPublication,
  );
  const recipientCount = await countRecipientsToSend(db, environmentId, {
    audienceId,
    participantGroup,
    publicationId: publication.id,
  });
  return db.transaction(async (tx) =>
    writeRequestChange(tx, {
      kind: 'requested',
      values: {
        environmentId,
        ...choice,
        title,
        ignoreRsvp: body.ignoreRsvp ?? false,
        scheduledAt,
        recipientCount,
        fingerprint: await contentFingerprint(tx, environmentId, choice),
        requestedBy,
        requestedAt: now,
      },
    }),
  );
}

const requestColumns = {
  id: approvalRequests.id,
  publicationId: approvalRequests.publicationId,
  publicationName: publications.name,
  title: approvalRequests.title,
  publicationTemplateId: approvalRequests.publicationTemplateId,
  publicationTemplateName: publicationTemplates.name,
  audienceId: approvalRequests.audienceId,
  audienceName: audiences.name,
  participantGroup: approvalRequests.participantGroup,
  ignoreRsvp: approvalRequests.ignoreRsvp,
  scheduledAt: approvalRequests.scheduledAt,
  recipientCount: approvalRequests.recipientCount,
  fingerprint: approvalRequests.fingerprint,
  state: approvalRequests.state,
  requestedById: approvalRequests.requestedBy,
  requestedBy: sql<string | null>`coalesce(${users.name}, ${users.username})`,
  requestedAt: approvalRequests.requestedAt,
  decidedBy: sql<
    string | null
  >`(SELECT coalesce(decider.name, decider.username) FROM users decider WHERE decider.id = ${approvalRequests.decidedBy})`,
  decidedAt: approvalRequests.decidedAt,
  rejectionReason: approvalRequests.rejectionReason,
  jobId: approvalRequests.jobId,
};

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

function selectRequests(db: Database) {
  return db
    .select(requestColumns)
    .from(approvalRequests)
    .innerJoin(publications, eq(publications.id, approvalRequests.publicationId))
    .innerJoin(publicationTemplates, eq(publicationTemplates.id, approvalRequests.publicationTemplateId))
    .leftJoin(audiences, eq(audiences.id, approvalRequests.audienceId))
    .leftJoin(users, eq(users.id, approvalRequests.requestedBy));
}

/** The state as it stands: a waiting request whose publication changed since is void already. */
async function currentState(db: Database, environmentId: string, row: RequestRow): Promise<ApprovalState> {
  const state = row.state as ApprovalState;
  if (state !== waitingState) return state;
  const now = await contentFingerprint(db, environmentId, choiceOf(row));
  return now === row.fingerprint ? state : 'Vervallen';
}

/** Why `member` may not decide the request now; undefined when they may. */
function notDecidableReason(
  row: RequestRow,
  state: ApprovalState,
  member: Member | undefined,
): string | undefined {
  if (state === 'Vervallen') return voidedMessage;
  if (state !== waitingState) return `Over deze aanvraag is al besloten: ${state.toLowerCase()}.`;
  if (!member || !maySend(member)) return 'Alleen wie mag verzenden, kan deze aanvraag goedkeuren.';
  if (row.requestedById === member.id) return 'Je kunt je eigen aanvraag niet goedkeuren of afwijzen.';
  return undefined;
}

async function toApprovalRequest(
  db: Database,
  environmentId: string,
  row: RequestRow,
  viewer: Member | undefined,
  approvers: Member[],
): Promise<ApprovalRequest> {
  const state = await currentState(db, environmentId, row);
  const reason = notDecidableReason(row, state, viewer);
  return {
    id: row.id,
    publicationId: row.publicationId,
    publicationName: row.publicationName,
    title: row.title,
    publicationTemplateId: row.publicationTemplateId,
    publicationTemplateName: row.publicationTemplateName,
    audienceId: row.audienceId,
    audienceName: row.audienceName,
    participantGroup: row.participantGroup,
    ignoreRsvp: row.ignoreRsvp,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    recipientCount: row.recipientCount,
    state,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    jobId: row.jobId,
    approvers: approvers.filter((member) => member.id !== row.requestedById).map((member) => member.name),
    mayDecide: reason === undefined,
    notDecidableReason: reason ?? null,
  };
}

/** A page of the environment's requests, newest first; `state` filters on the stored state. */
export async function listApprovalRequests(
  db: Database,
  environmentId: string,
  viewerId: string,
  query: ApprovalRequestsQuery,
): Promise<ApprovalRequestPage> {
  const where = and(
    eq(approvalRequests.environmentId, environmentId),
    query.state ? eq(approvalRequests.state, query.state) : undefined,
    containsText(query.search, approvalRequests.title, publications.name),
  );
  const { rows, total } = await readPage(
    selectRequests(db)
      .where(where)
      .orderBy(
        query.order === 'ASC' ? approvalRequests.requestedAt : desc(approvalRequests.requestedAt),
        approvalRequests.id,
      )
      .offset(query.offset ?? 0)
      .limit(query.limit ?? pageSize),
    db
      .select({ total: count() })
      .from(approvalRequests)
      .innerJoin(publications, eq(publications.id, approvalRequests.publicationId))
      .where(where),
  );
  const approvers = await membersWhoMaySend(db, environmentId);
  const viewer = approvers.find((member) => member.id === viewerId);
  const data: ApprovalRequest[] = [];
  for (const row of rows) data.push(await toApprovalRequest(db, environmentId, row, viewer, approvers));
  return { data, total };
}

/** One request of the environment, as `viewerId` sees it; 404 for another environment's. */
export async function getApprovalRequest(
  db: Database,
  environmentId: string,
  id: string,
  viewerId: string,
): Promise<ApprovalRequest> {
  const [row] = await selectRequests(db).where(
    and(eq(approvalRequests.id, id), eq(approvalRequests.environmentId, environmentId)),
  );
  if (!row) throw notFound('De aanvraag');
  const approvers = await membersWhoMaySend(db, environmentId);
  return toApprovalRequest(
    db,
    environmentId,
    row,
    approvers.find((member) => member.id === viewerId),
    approvers,
  );
}

/** The badge of 'Goed te keuren': requests waiting that `viewerId` may decide (not their own, not void). */
export async function countDecidable(db: Database, environmentId: string, viewerId: string): Promise<number> {
  const viewer = await memberOf(db, environmentId, viewerId);
  if (!viewer || !maySend(viewer)) return 0;
  const rows = await selectRequests(db).where(
    and(eq(approvalRequests.environmentId, environmentId), inArray(approvalRequests.state, [waitingState])),
  );
  let waiting = 0;
  for (const row of rows) {
    if (notDecidableReason(row, await currentState(db, environmentId, row), viewer) === undefined) waiting++;
  }
  return waiting;
}

/** The request row locked for a decision (FOR UPDATE: concurrent decisions take turns); 404 when unknown. */
async function lockRequest(tx: Database, environmentId: string, id: string) {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.environmentId, environmentId)))
    .for('update');
  if (!row) throw notFound('De aanvraag');
  return row;
}

/** 403 for one's own request or a member who may not send; 409 once decided. */
async function refuseUndecidable(
  tx: Database,
  environmentId: string,
  row: { state: string; requestedBy: string | null },
  deciderId: string,
): Promise<void> {
  if (row.state !== waitingState) {
    throw conflict(
      row.state === 'Vervallen'
        ? voidedMessage
        : `Over deze aanvraag is al besloten: ${row.state.toLowerCase()}.`,
    );
  }
  const decider = await memberOf(tx, environmentId, deciderId);
  if (!decider || !maySend(decider)) {
    throw forbidden('Alleen wie mag verzenden, kan deze aanvraag goedkeuren of afwijzen.');
  }
  if (row.requestedBy === deciderId) {
    throw forbidden('Je kunt je eigen aanvraag niet goedkeuren of afwijzen: dat doet een ander lid.');
  }
}

/**
 * Approves a request (POST /approvalrequests/{id}/approve) and creates its delivery job, exactly once: the
 * request's row is locked, so a second approval at the same moment waits and then finds it decided (409).
 * A publication changed since the request voids it (stored, then 409 with the reason). The job records
 * who approved it and when; it is planned at the requested moment, or now once that has passed.
 */
export async function approveRequest(
  db: Database,
  environmentId: string,
  id: string,
  approverId: string,
  { catcher }: { catcher: boolean },
  now: Date = new Date(),
): Promise<DeliveryJob> {
  const outcome = await db.transaction(async (tx) => {
    const row = await lockRequest(tx, environmentId, id);
    await refuseUndecidable(tx, environmentId, row, approverId);
    if ((await contentFingerprint(tx, environmentId, choiceOf(row))) !== row.fingerprint) {
      await writeRequestChange(tx, { kind: 'voided', id, by: approverId, at: now });
      return { voided: true as const };
    }
    const scheduledAt = row.scheduledAt && row.scheduledAt > now ? row.scheduledAt.toISOString() : null;
    const job = await createDeliveryJob(
      tx,
      environmentId,
      // The job is the requester's; the Logboek names them as who started it, after the approval.
      await logActorOfUser(tx, row.requestedBy ?? approverId),
      {
        publicationId: row.publicationId,
        title: row.title,
        publicationTemplateId: row.publicationTemplateId,
        audienceId: row.audienceId,
        participantGroup: row.participantGroup,
        ignoreRsvp: row.ignoreRsvp,
        scheduledAt,
      },
      { catcher, approval: { by: approverId, at: now } },
      now,
    );
    await writeRequestChange(tx, { kind: 'approved', id, by: approverId, at: now, jobId: job.id });
    return { voided: false as const, job };
  });
  if (outcome.voided) throw new ApiError(409, voidedMessage);
  return outcome.job;
}

/**
 * Rejects a request with a reason (POST /approvalrequests/{id}/reject); answers the requester's id, whom
 * the route mails after.
 */
export async function rejectRequest(
  db: Database,
  environmentId: string,
  id: string,
  deciderId: string,
  reason: string,
  now: Date = new Date(),
): Promise<string | null> {
  const text = requiredText(reason, 'reason', 'Reden');
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, environmentId, id);
    await refuseUndecidable(tx, environmentId, row, deciderId);
    await writeRequestChange(tx, { kind: 'rejected', id, by: deciderId, at: now, reason: text });
    return row.requestedBy;
  });
}

/** What the request sends, for the review read (the deliver check and the From line of the publication). */
export async function requestChoice(db: Database, environmentId: string, id: string) {
  const [row] = await db
    .select({
      publicationId: approvalRequests.publicationId,
      templateId: approvalRequests.publicationTemplateId,
      audienceId: approvalRequests.audienceId,
      participantGroup: approvalRequests.participantGroup,
    })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.environmentId, environmentId)));
  if (!row) throw notFound('De aanvraag');
  return row;
}
