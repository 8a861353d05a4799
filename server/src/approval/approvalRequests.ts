import { logActorOfUser } from '../auditLog/logActor';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ApprovalRequest,
  ApprovalRequestPage,
  ApprovalRequestsQuery,
  ApprovalState,
  CreateApprovalRequestBody,
} from '../contract/approval';
import { voidedMessages, type ApprovalKind } from '../contract/approval';
import type { Journey } from '../contract/journeys';
import { pageSize } from '../contract/paging';
import type { DeliveryJob } from '../contract/publications';
import type { Database } from '../db/client';
import {
  approvalRequests,
  audiences,
  journeyVersions,
  journeys,
  publicationTemplates,
  publications,
  users,
} from '../db/schema';
import { readPage } from '../db/paging';
import { containsText } from '../db/textSearch';
import { countRecipientsToSend } from '../delivery/recipientResolution';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import { requiredText } from '../http/inputText';
import { refuseBlockedDelivery } from '../publications/deliverChecks';
import { createDeliveryJob, plannedMoment } from '../publications/deliveryJobs';
import { getJourney, publishableGraph, publishInTransaction } from '../journeys/journeys';
import { refuseNeedlessPublishRequest } from './approvalSettings';
import { maySend, memberOf, membersWhoMaySend, type Member } from './approvers';
import { contentFingerprint, journeyFingerprint, type SendChoice } from './contentFingerprint';
import { waitingState, writeRequestChange } from './requestStates';

// Approval requests ('Goedkeuring'): 'Verspreiden' of a send that needs approval asks for it here, and so
// does 'Publiceren' of a journey with journeys on; another member who may send approves (the delivery job
// is created, or the journey published, then, once) or rejects it with a reason. A request whose
// publication or journey changed after it was asked is void: shown so at once, stored so on approval.

const unknownPublication = () => badRequest('publicationId', 'Deze publicatie bestaat niet.');

/** A participant group or 'accepted' for the spec's SendToOnlyAcceptedRsvp, as a job takes it. */
function participantGroupOf(body: CreateApprovalRequestBody) {
  return body.SendToOnlyAcceptedRsvp ? 'accepted' : (body.participantGroup ?? null);
}

/** What a request would send or publish, as the fingerprint it was asked with covers it. */
interface RequestSubject {
  kind: ApprovalKind;
  publicationId: string | null;
  publicationTemplateId: string | null;
  journeyId: string | null;
  audienceId: string | null;
  participantGroup: SendChoice['participantGroup'];
}

/** The fingerprint of what the request would send or publish now. */
function fingerprintNow(db: Database, environmentId: string, row: RequestSubject): Promise<string> {
  if (row.kind === 'journey') return journeyFingerprint(db, environmentId, row.journeyId ?? '');
  return contentFingerprint(db, environmentId, {
    publicationId: row.publicationId ?? '',
    publicationTemplateId: row.publicationTemplateId ?? '',
    audienceId: row.audienceId,
    participantGroup: row.participantGroup,
  });
}

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

/**
 * Asks approval to publish a journey (POST /journeys/{id}/approvalrequests; 'Goedkeuring' with journeys
 * on, else 409): checked as publishing is (steps, no problems, `moves` for people on removed steps), kept
 * with the fingerprint of the journey as it would be published.
 */
export async function requestJourneyPublish(
  db: Database,
  environmentId: string,
  requestedBy: string,
  journeyId: string,
  moves: Record<string, string>,
  now: Date = new Date(),
): Promise<string> {
  // Another environment's journey is unknown here (404) before anything else is said about it.
  const journey = await getJourney(db, environmentId, journeyId);
  await refuseNeedlessPublishRequest(db, environmentId);
  await publishableGraph(db, environmentId, journeyId, moves);
  return db.transaction(async (tx) =>
    writeRequestChange(tx, {
      kind: 'requested',
      values: {
        environmentId,
        kind: 'journey',
        journeyId,
        moves,
        title: `Traject '${journey.name}' publiceren`,
        fingerprint: await journeyFingerprint(tx, environmentId, journeyId),
        requestedBy,
        requestedAt: now,
      },
    }),
  );
}

const requestColumns = {
  id: approvalRequests.id,
  kind: approvalRequests.kind,
  publicationId: approvalRequests.publicationId,
  publicationName: publications.name,
  journeyId: approvalRequests.journeyId,
  journeyName: journeys.name,
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
  journeyVersionNumber: journeyVersions.number,
};

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

function selectRequests(db: Database) {
  return db
    .select(requestColumns)
    .from(approvalRequests)
    .leftJoin(publications, eq(publications.id, approvalRequests.publicationId))
    .leftJoin(publicationTemplates, eq(publicationTemplates.id, approvalRequests.publicationTemplateId))
    .leftJoin(journeys, eq(journeys.id, approvalRequests.journeyId))
    .leftJoin(journeyVersions, eq(journeyVersions.id, approvalRequests.journeyVersionId))
    .leftJoin(audiences, eq(audiences.id, approvalRequests.audienceId))
    .leftJoin(users, eq(users.id, approvalRequests.requestedBy));
}

/** The state as it stands: a waiting request whose publication or journey changed since is void already. */
async function currentState(db: Database, environmentId: string, row: RequestRow): Promise<ApprovalState> {
  const state = row.state as ApprovalState;
  if (state !== waitingState) return state;
  const now = await fingerprintNow(db, environmentId, row);
  return now === row.fingerprint ? state : 'Vervallen';
}

/** Why `member` may not decide the request now; undefined when they may. */
function notDecidableReason(
  row: RequestRow,
  state: ApprovalState,
  member: Member | undefined,
): string | undefined {
  if (state === 'Vervallen') return voidedMessages[row.kind];
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
    kind: row.kind,
    publicationId: row.publicationId,
    publicationName: row.publicationName,
    journeyId: row.journeyId,
    journeyName: row.journeyName,
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
    journeyVersionNumber: row.journeyVersionNumber,
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
    containsText(query.search, approvalRequests.title, publications.name, journeys.name),
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
      .leftJoin(publications, eq(publications.id, approvalRequests.publicationId))
      .leftJoin(journeys, eq(journeys.id, approvalRequests.journeyId))
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
  row: { kind: ApprovalKind; state: string; requestedBy: string | null },
  deciderId: string,
): Promise<void> {
  if (row.state !== waitingState) {
    throw conflict(
      row.state === 'Vervallen'
        ? voidedMessages[row.kind]
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
 * Approves a request (POST /approvalrequests/{id}/approve) and does what it asked, exactly once: creates
 * its delivery job, or publishes its journey. The request's row is locked, so a second approval at the
 * same moment waits and then finds it decided (409). A publication or journey changed since the request
 * voids it (stored, then 409 with the reason). The job records who approved it and when; it is planned at
 * the requested moment, or now once that has passed. Answers the job, or the journey as published.
 */
export async function approveRequest(
  db: Database,
  environmentId: string,
  id: string,
  approverId: string,
  { catcher }: { catcher: boolean },
  now: Date = new Date(),
): Promise<{ job: DeliveryJob } | { journey: Journey }> {
  type Outcome = { voided: string } | { journeyId: string } | { job: DeliveryJob };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockRequest(tx, environmentId, id);
    await refuseUndecidable(tx, environmentId, row, approverId);
    if ((await fingerprintNow(tx, environmentId, row)) !== row.fingerprint) {
      await writeRequestChange(tx, { kind: 'voided', id, by: approverId, at: now });
      return { voided: voidedMessages[row.kind] };
    }
    // What is made is the requester's; the Logboek names them as who started or published it, after the approval.
    const actor = await logActorOfUser(tx, row.requestedBy ?? approverId);
    if (row.kind === 'journey' && row.journeyId) {
      const moves = row.moves ?? {};
      const graph = await publishableGraph(tx, environmentId, row.journeyId, moves);
      const versionId = await publishInTransaction(
        tx,
        environmentId,
        row.journeyId,
        graph,
        moves,
        now,
        actor,
      );
      await writeRequestChange(tx, {
        kind: 'approved',
        id,
        by: approverId,
        at: now,
        made: { journeyVersionId: versionId },
      });
      return { journeyId: row.journeyId };
    }
    const scheduledAt = row.scheduledAt && row.scheduledAt > now ? row.scheduledAt.toISOString() : null;
    const job = await createDeliveryJob(
      tx,
      environmentId,
      actor,
      {
        publicationId: row.publicationId ?? '',
        title: row.title,
        publicationTemplateId: row.publicationTemplateId ?? '',
        audienceId: row.audienceId,
        participantGroup: row.participantGroup,
        ignoreRsvp: row.ignoreRsvp,
        scheduledAt,
      },
      { catcher, approval: { by: approverId, at: now } },
      now,
    );
    await writeRequestChange(tx, { kind: 'approved', id, by: approverId, at: now, made: { jobId: job.id } });
    return { job };
  });
  if ('voided' in outcome) throw new ApiError(409, outcome.voided);
  if ('journeyId' in outcome) return { journey: await getJourney(db, environmentId, outcome.journeyId) };
  return outcome;
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

/**
 * What the request sends, for the review read (the deliver check and the From line of the publication);
 * 409 for a request to publish a journey (nothing goes out to check).
 */
export async function requestChoice(db: Database, environmentId: string, id: string) {
  const [row] = await db
    .select({
      kind: approvalRequests.kind,
      publicationId: approvalRequests.publicationId,
      templateId: approvalRequests.publicationTemplateId,
      audienceId: approvalRequests.audienceId,
      participantGroup: approvalRequests.participantGroup,
    })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.environmentId, environmentId)));
  if (!row) throw notFound('De aanvraag');
  if (row.kind !== 'send' || !row.publicationId || !row.templateId) {
    throw conflict('Deze aanvraag publiceert een traject: er gaat geen bericht uit om te controleren.');
  }
  return { ...row, publicationId: row.publicationId, templateId: row.templateId };
}
