import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  Journey,
  JourneyGraph,
  JourneyStep,
  StepCount,
  TimelineEntry,
  UpdateJourneyBody,
} from '../contract/journeys';
import type { Database } from '../db/client';
import {
  journeyVersions,
  journeys,
  publicationTemplates,
  publicationTypes,
  publications,
  lists,
} from '../db/schema';
import { sendFailure } from './sendFailures';
import { badRequest, conflict, notFound } from '../errors';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';
import { journeyPublishNeedsApproval, refuseUnapprovedPublish } from '../approval/approvalSettings';
import { conditionKindOf } from './conditionKinds';
import { emptyGraph, assertGraphShape } from './graph';
import { triggerKindOf } from './triggerKinds';

// The journeys of an environment: create, edit (an active journey's edits are a draft), activate,
// pause, stop, publish a draft (moving people off removed steps), and the counts and timelines read.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const unknownJourney = () => notFound('De journey');

export async function listJourneys(db: Database, environmentId: string): Promise<Journey[]> {
  const rows = await db
    .select()
    .from(journeys)
    .where(eq(journeys.environmentId, environmentId))
    .orderBy(desc(journeys.createdAt));
  const needsApproval = await journeyPublishNeedsApproval(db, environmentId);
  return Promise.all(rows.map((row) => describe(db, row, needsApproval)));
}

export async function getJourney(db: Database, environmentId: string, id: string): Promise<Journey> {
  return describe(
    db,
    await journeyRow(db, environmentId, id),
    await journeyPublishNeedsApproval(db, environmentId),
  );
}

async function journeyRow(db: Database, environmentId: string, id: string) {
  const [row] = await db
    .select()
    .from(journeys)
    .where(and(eq(journeys.id, id), eq(journeys.environmentId, environmentId)));
  if (!row) throw unknownJourney();
  return row;
}

async function activeGraph(db: Database, versionId: string | null) {
  if (!versionId) return undefined;
  const [version] = await db.select().from(journeyVersions).where(eq(journeyVersions.id, versionId));
  return version;
}

async function describe(
  db: Database,
  row: typeof journeys.$inferSelect,
  publishNeedsApproval: boolean,
): Promise<Journey> {
  const version = await activeGraph(db, row.activeVersionId);
  const graph = row.draft ?? version?.graph ?? emptyGraph;
  const [counted] = rowsOf<{ active: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS active FROM journey_enrollments WHERE journey_id = ${row.id} AND state = 'Actief'`,
    ),
  );
  return {
    id: row.id,
    name: row.name,
    state: row.state as Journey['state'],
    graph,
    hasDraft: row.draft !== null && version !== undefined,
    versionNumber: version?.number ?? null,
    triggerKinds: [...new Set(graph.triggers.map((trigger) => trigger.kind))],
    activePeople: counted.active,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    publishNeedsApproval,
  };
}

export async function createJourney(db: Database, environmentId: string, name: string): Promise<Journey> {
  const [row] = await db.insert(journeys).values({ environmentId, name, draft: emptyGraph }).returning();
  return describe(db, row, await journeyPublishNeedsApproval(db, environmentId));
}

/** Saves name and graph; the graph of an active (or paused) journey becomes its draft. */
export async function updateJourney(
  db: Database,
  environmentId: string,
  id: string,
  body: UpdateJourneyBody,
): Promise<Journey> {
  const row = await journeyRow(db, environmentId, id);
  if (body.graph) {
    assertGraphShape(body.graph);
    await assertNoForeignReferences(db, environmentId, body.graph);
    const mismatched = await templateMismatches(db, environmentId, body.graph);
    if (mismatched.length > 0) throw badRequest('graph', mismatched.join(' '));
  }
  if (row.state === 'Gestopt' && body.graph)
    throw conflict('Een gestopte journey kan niet meer worden gewijzigd.');
  await db
    .update(journeys)
    .set({ ...(body.name !== undefined && { name: body.name }), ...(body.graph && { draft: body.graph }) })
    .where(eq(journeys.id, id));
  return getJourney(db, environmentId, id);
}

export async function deleteJourney(
  db: Database,
  environmentId: string,
  id: string,
  actor: LogActor,
): Promise<void> {
  const row = await journeyRow(db, environmentId, id);
  if (row.state === 'Actief') throw conflict('Pauzeer of stop de journey voordat je hem verwijdert.');
  await db.transaction(async (tx) => {
    await tx.delete(journeys).where(eq(journeys.id, id));
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'journey.deleted',
      resource: { type: 'journey', id, label: row.name },
    });
  });
}

/** What a trigger or step refers to, by the kind of record (as its Dutch message names it). */
interface References {
  list?: string;
  publication?: string;
  template?: string;
}

const referenceNames: Record<keyof References, string> = {
  list: 'een lijst',
  publication: 'een publicatie',
  template: 'een template',
};

function stepReferences(step: JourneyStep): References {
  switch (step.kind) {
    case 'send':
      return { publication: step.publicationId, template: step.templateId };
    case 'addToList':
    case 'removeFromList':
      return { list: step.listId };
    case 'condition':
      return 'publicationId' in step.condition ? { publication: step.condition.publicationId } : {};
    default:
      return {};
  }
}

function triggerReferences(trigger: JourneyGraph['triggers'][number]): References {
  if ('listId' in trigger) return { list: trigger.listId };
  if ('publicationId' in trigger) return { publication: trigger.publicationId };
  return {};
}

/**
 * Refuses (400 naming the step) a graph that refers to another environment's list, publication or
 * template: saved, such a draft was only refused on publishing. A reference that exists nowhere (yet) is
 * left to the activation's problems, as before; both read the same to the caller.
 */
async function assertNoForeignReferences(
  db: Database,
  environmentId: string,
  graph: JourneyGraph,
): Promise<void> {
  const stepRefs = graph.steps.map((step) => ({ step, refs: stepReferences(step) }));
  const triggerRefs = graph.triggers.map(triggerReferences);
  const all = [...stepRefs.map(({ refs }) => refs), ...triggerRefs];
  const idsOf = (kind: keyof References) => [
    ...new Set(all.map((refs) => refs[kind]).filter((id): id is string => id !== undefined)),
  ];
  const [listIds, publicationIds, templateIds] = [idsOf('list'), idsOf('publication'), idsOf('template')];
  const [foreignLists, foreignPublications, foreignTemplates] = await Promise.all([
    listIds.length === 0
      ? []
      : db
          .select({ id: lists.id })
          .from(lists)
          .where(and(inArray(lists.id, listIds), ne(lists.environmentId, environmentId))),
    publicationIds.length === 0
      ? []
      : db
          .select({ id: publications.id })
          .from(publications)
          .where(
            and(inArray(publications.id, publicationIds), ne(publications.environmentId, environmentId)),
          ),
    templateIds.length === 0
      ? []
      : db
          .select({ id: publicationTemplates.id })
          .from(publicationTemplates)
          .innerJoin(publicationTypes, eq(publicationTypes.id, publicationTemplates.publicationTypeId))
          .where(
            and(
              inArray(publicationTemplates.id, templateIds),
              ne(publicationTypes.environmentId, environmentId),
            ),
          ),
  ]);
  const foreign: Record<keyof References, Set<string>> = {
    list: new Set(foreignLists.map((row) => row.id)),
    publication: new Set(foreignPublications.map((row) => row.id)),
    template: new Set(foreignTemplates.map((row) => row.id)),
  };
  const foreignKind = (refs: References) =>
    (Object.keys(referenceNames) as Array<keyof References>).find(
      (kind) => refs[kind] !== undefined && foreign[kind].has(refs[kind]),
    );
  for (const { step, refs } of stepRefs) {
    const kind = foreignKind(refs);
    if (kind)
      throw badRequest(
        'graph',
        `Stap '${step.id}' verwijst naar ${referenceNames[kind]} die niet in deze omgeving bestaat.`,
      );
  }
  for (const refs of triggerRefs) {
    const kind = foreignKind(refs);
    if (kind)
      throw badRequest(
        'graph',
        `De trigger verwijst naar ${referenceNames[kind]} die niet in deze omgeving bestaat.`,
      );
  }
}

/** Dutch reasons the graph cannot run: missing references, no trigger, no steps. */
export async function activationProblems(
  db: Database,
  environmentId: string,
  graph: JourneyGraph,
): Promise<string[]> {
  const problems: string[] = [];
  if (graph.triggers.length === 0) problems.push('Kies minstens één trigger.');
  if (graph.start === null) problems.push('Voeg minstens één stap toe.');
  for (const trigger of graph.triggers)
    problems.push(...(await triggerKindOf(trigger).missing(db, environmentId, trigger)));
  for (const step of graph.steps) problems.push(...(await stepProblems(db, environmentId, step)));
  return [...new Set(problems)];
}

async function stepProblems(db: Database, environmentId: string, step: JourneyStep): Promise<string[]> {
  switch (step.kind) {
    case 'send': {
      const [publication] = await db
        .select({ id: publications.id })
        .from(publications)
        .where(and(eq(publications.id, step.publicationId), eq(publications.environmentId, environmentId)));
      const [template] = await db
        .select({ id: publicationTemplates.id })
        .from(publicationTemplates)
        .where(eq(publicationTemplates.id, step.templateId));
      return [
        ...(publication ? [] : ['De publicatie van een verzendstap bestaat niet (meer).']),
        ...(template ? [] : ['Het sjabloon van een verzendstap bestaat niet (meer).']),
        ...(publication && template ? await templateMismatches(db, environmentId, { steps: [step] }) : []),
      ];
    }
    case 'addToList':
    case 'removeFromList': {
      const [list] = await db
        .select({ id: lists.id })
        .from(lists)
        .where(
          and(eq(lists.id, step.listId), eq(lists.environmentId, environmentId), eq(lists.isDeleted, false)),
        );
      return list ? [] : ['De lijst van een lijststap bestaat niet (meer).'];
    }
    case 'condition':
      return conditionKindOf(step.condition).missing(db, environmentId, step.condition);
    default:
      return [];
  }
}

/**
 * A send step whose template is not one of its publication's type: the delivery could not render it
 * and would fail for everyone the step sends to. One Dutch sentence per such step, naming it.
 */
export async function templateMismatches(
  db: Database,
  environmentId: string,
  graph: Pick<JourneyGraph, 'steps'>,
): Promise<string[]> {
  const sends = graph.steps.flatMap((step) => (step.kind === 'send' ? [step] : []));
  if (sends.length === 0) return [];
  const input = JSON.stringify(
    sends.map(({ id, publicationId, templateId }) => ({ id, publicationId, templateId })),
  );
  const rows = rowsOf<{ step_id: string; publication: string; template: string }>(
    await db.execute(sql`
      SELECT send.id AS step_id, p.name AS publication, t.name AS template
      FROM jsonb_to_recordset(${input}::jsonb) AS send(id text, "publicationId" uuid, "templateId" uuid)
      JOIN publications AS p ON p.id = send."publicationId" AND p.environment_id = ${environmentId}
      JOIN publication_templates AS t ON t.id = send."templateId"
      WHERE t.publication_type_id <> p.publication_type_id
      ORDER BY 1`),
  );
  return rows.map(
    (row) =>
      `Stap '${row.step_id}': het sjabloon '${row.template}' hoort niet bij het type van de publicatie '${row.publication}'. Kies een sjabloon van die publicatie.`,
  );
}

/**
 * The graph publishing would make active, checked: 409 for a stopped journey, 400 without steps or with
 * problems, or when people on a step the graph removes have no `moves` to a step it keeps.
 */
export async function publishableGraph(
  db: Database,
  environmentId: string,
  id: string,
  moves: Record<string, string>,
): Promise<JourneyGraph> {
  const row = await journeyRow(db, environmentId, id);
  if (row.state === 'Gestopt') throw conflict('Een gestopte journey kan niet opnieuw worden geactiveerd.');
  const version = await activeGraph(db, row.activeVersionId);
  const graph = row.draft ?? version?.graph;
  if (!graph) throw badRequest('graph', 'Deze journey heeft nog geen stappen.');
  assertGraphShape(graph);
  const problems = await activationProblems(db, environmentId, graph);
  if (problems.length > 0)
    throw badRequest('graph', `De journey kan niet worden geactiveerd: ${problems.join(' ')}`);
  await strandedSteps(db, id, graph, moves);
  return graph;
}

/** The steps people are on that `graph` removes; 400 for one without a move to a step it keeps. */
async function strandedSteps(
  db: Database,
  id: string,
  graph: JourneyGraph,
  moves: Record<string, string>,
): Promise<string[]> {
  const kept = new Set(graph.steps.map((step) => step.id));
  const stranded = rowsOf<{ step: string }>(
    await db.execute(sql`SELECT DISTINCT current_step_id AS step FROM journey_enrollments
                         WHERE journey_id = ${id} AND state = 'Actief' AND current_step_id IS NOT NULL`),
  )
    .map((row) => row.step)
    .filter((step) => !kept.has(step));
  for (const step of stranded) {
    if (!moves[step] || !kept.has(moves[step]))
      throw badRequest('moves', `Kies waar de mensen op de verwijderde stap '${step}' naartoe gaan.`);
  }
  return stranded;
}

/**
 * Activates the journey, or publishes its draft (POST /journeys/{id}/publish); 409 while publishing needs
 * approval ('Goedkeuring' with journeys on: the request's approval publishes).
 */
export async function publishJourney(
  db: Database,
  environmentId: string,
  id: string,
  moves: Record<string, string>,
  now: Date,
  actor: LogActor,
): Promise<Journey> {
  await refuseUnapprovedPublish(db, environmentId);
  const graph = await publishableGraph(db, environmentId, id, moves);
  await db.transaction(async (txn) => {
    await publishInTransaction(txn as unknown as Database, environmentId, id, graph, moves, now, actor);
  });
  return getJourney(db, environmentId, id);
}

/**
 * Makes `graph` the journey's new active version inside the caller's transaction (the journey's row
 * locked): a concept becomes active, an active journey's draft is frozen as a new version. People running
 * an older version move to the new one; those on a step it no longer has go where `moves` says. Writes 'journey.published' in the
 * Logboek. Answers the version's id.
 */
export async function publishInTransaction(
  tx: Database,
  environmentId: string,
  id: string,
  graph: JourneyGraph,
  moves: Record<string, string>,
  now: Date,
  actor: LogActor,
): Promise<string> {
  const [locked] = await tx
    .select({ id: journeys.id, name: journeys.name })
    .from(journeys)
    .where(eq(journeys.id, id))
    .for('update');
  if (!locked) throw unknownJourney();
  const stranded = await strandedSteps(tx, id, graph, moves);
  const [{ number }] = rowsOf<{ number: number }>(
    await tx.execute(
      sql`SELECT coalesce(max(number), 0) + 1 AS number FROM journey_versions WHERE journey_id = ${id}`,
    ),
  );
  const [created] = await tx
    .insert(journeyVersions)
    .values({ journeyId: id, number, graph })
    .returning({ id: journeyVersions.id });
  for (const step of stranded) {
    // Moved people start the chosen step afresh (a wait there is computed from now).
    await tx.execute(sql`UPDATE journey_enrollments SET current_step_id = ${moves[step]}, wait_until = NULL,
                           next_run_at = ${now.toISOString()}
                         WHERE journey_id = ${id} AND state = 'Actief' AND current_step_id = ${step}`);
  }
  await tx.execute(
    sql`UPDATE journey_enrollments SET version_id = ${created.id} WHERE journey_id = ${id} AND state = 'Actief'`,
  );
  await tx
    .update(journeys)
    .set({ activeVersionId: created.id, draft: null, state: 'Actief', lastError: null })
    .where(eq(journeys.id, id));
  await recordInLog(tx, {
    environmentId,
    actor,
    kind: 'journey.published',
    resource: { type: 'journey', id, label: locked.name },
    detail: `Versie ${number}`,
  });
  return created.id;
}

/** Pause (people stay where they are), resume, or stop (everyone leaves). */
export async function setJourneyState(
  db: Database,
  environmentId: string,
  id: string,
  state: 'Actief' | 'Gepauzeerd' | 'Gestopt',
  now: Date,
): Promise<Journey> {
  const row = await journeyRow(db, environmentId, id);
  if (!row.activeVersionId) throw conflict('Activeer de journey eerst.');
  if (row.state === 'Gestopt') throw conflict('Een gestopte journey kan niet meer worden gewijzigd.');
  await db.transaction(async (tx) => {
    await tx.update(journeys).set({ state }).where(eq(journeys.id, id));
    if (state === 'Gestopt')
      await tx.execute(sql`UPDATE journey_enrollments SET state = 'Verlaten', next_run_at = NULL, ended_at = ${now.toISOString()}
                           WHERE journey_id = ${id} AND state = 'Actief'`);
  });
  return getJourney(db, environmentId, id);
}

/**
 * Per step: people there now, people who passed it, and errors with the newest one's text: a step that
 * failed, or a send that failed afterwards (its message, or its whole delivery job).
 */
export async function stepCounts(db: Database, environmentId: string, id: string): Promise<StepCount[]> {
  await journeyRow(db, environmentId, id);
  const rows = rowsOf<{
    step_id: string;
    now: number;
    passed: number;
    errors: number;
    last_error: string | null;
  }>(
    await db.execute(sql`
      WITH here AS (
        SELECT current_step_id AS step_id, count(*)::int AS now FROM journey_enrollments
        WHERE journey_id = ${id} AND state = 'Actief' AND current_step_id IS NOT NULL GROUP BY 1
      ), runs AS (
        SELECT step_id, count(*) FILTER (WHERE status = 'Gelukt')::int AS passed FROM journey_step_runs
        WHERE journey_id = ${id} GROUP BY 1
      ), failures AS (
        SELECT run.step_id, run.at, run.id,
               CASE WHEN run.status = 'Fout' THEN run.result ELSE ${sendFailure} END AS message
        FROM journey_step_runs AS run
        LEFT JOIN delivery_recipients AS r ON r.id = run.delivery_recipient_id
        LEFT JOIN delivery_jobs AS job ON job.id = r.job_id
        WHERE run.journey_id = ${id}
      ), errors AS (
        SELECT step_id, count(*)::int AS errors, (array_agg(message ORDER BY at DESC, id DESC))[1] AS last_error
        FROM failures WHERE message IS NOT NULL GROUP BY 1
      )
      SELECT coalesce(here.step_id, runs.step_id) AS step_id, coalesce(here.now, 0) AS now,
             coalesce(runs.passed, 0) AS passed, coalesce(errors.errors, 0) AS errors, errors.last_error
      FROM here FULL JOIN runs ON runs.step_id = here.step_id
      LEFT JOIN errors ON errors.step_id = coalesce(here.step_id, runs.step_id)
      ORDER BY 1`),
  );
  return rows.map((row) => ({
    stepId: row.step_id,
    now: row.now,
    passed: row.passed,
    errors: row.errors,
    lastError: row.last_error,
  }));
}

/** Every step a person went through in the journey (all their enrollments), oldest first. */
export async function personTimeline(
  db: Database,
  environmentId: string,
  id: string,
  email: string,
): Promise<TimelineEntry[]> {
  await journeyRow(db, environmentId, id);
  const rows = rowsOf<{
    step_id: string;
    step_kind: string;
    visit: number;
    at: string | Date;
    result: string;
    status: string;
    send_status: string | null;
    send_detail: string | null;
    send_failure: string | null;
  }>(
    await db.execute(sql`
      SELECT run.step_id, run.step_kind, run.visit, run.at, run.result, run.status,
             r.status AS send_status, r.detail AS send_detail, ${sendFailure} AS send_failure
      FROM journey_step_runs AS run JOIN journey_enrollments AS e ON e.id = run.enrollment_id
      LEFT JOIN delivery_recipients AS r ON r.id = run.delivery_recipient_id
      LEFT JOIN delivery_jobs AS job ON job.id = r.job_id
      WHERE run.journey_id = ${id} AND lower(e.email) = lower(${email})
      ORDER BY run.at, run.id`),
  );
  return rows.map((row) => ({
    stepId: row.step_id,
    stepKind: row.step_kind,
    visit: row.visit,
    at: new Date(row.at).toISOString(),
    ...sendOutcome(row),
  }));
}

/** A send step's result is its delivery row's: queued, sent, failed (the message or its whole job), or skipped. */
function sendOutcome(row: {
  result: string;
  status: string;
  send_status: string | null;
  send_detail: string | null;
  send_failure: string | null;
}) {
  const status = row.status as TimelineEntry['status'];
  if (row.send_status === 'Verzonden') return { result: 'Publicatie verzonden.', status };
  if (row.send_failure !== null)
    return { result: `Verzenden mislukt: ${row.send_failure}`.trim(), status: 'Fout' as const };
  if (row.send_status === 'Overgeslagen')
    return { result: `Niet verzonden: ${row.send_detail ?? ''}`.trim(), status };
  return { result: row.result, status };
}
