import { recordInLog, type LogActor } from '../auditLog/recordInLog';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Flow, FlowBody, FlowPage, FlowSortField, FlowsQuery } from '../contract/forms';
import { flowFieldNames } from '../contract/formRules';
import type { Database } from '../db/client';
import { flowFields, flowSubmissions, flows } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { pageSize } from '../contract/paging';
import { orderBy, readPage } from '../db/paging';
import { containsText } from '../db/textSearch';
import { qualifiedColumn } from '../receivers/qualifiedColumn';
import { formClosure } from './closing';
import { optionalText, requiredText } from './inputText';
import { publicFormUrl } from './publicAddress';

/** Where the area's reads learn the environment and the public address of its pages. */
export interface FlowScope {
  environmentId: string;
  /** `PUBLIC_URL`, the base of each form's public page address. */
  publicUrl: string;
}

// Correlated subqueries: the outer column is qualified, or it would bind to the subquery's own table.
const fieldCount = sql<number>`(SELECT count(*) FROM ${flowFields} WHERE ${flowFields.flowId} = ${qualifiedColumn(flows.id)})::int`;
const submissionCount = sql<number>`(SELECT count(*) FROM ${flowSubmissions} WHERE ${flowSubmissions.flowId} = ${qualifiedColumn(flows.id)})::int`;

const flowColumns = {
  id: flows.id,
  name: flows.name,
  title: flows.title,
  description: flows.description,
  isClosed: flows.isClosed,
  closesAt: flows.closesAt,
  fieldCount,
  submissionCount,
  createdAt: flows.createdAt,
  updatedAt: flows.updatedAt,
};

type FlowRow = Omit<Flow, 'createdAt' | 'updatedAt' | 'publicUrl' | 'closesAt' | 'isOpen'> & {
  closesAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const sortColumns: Record<FlowSortField, SQL> = {
  name: sql`lower(${flows.name})`,
  title: sql`lower(${flows.title})`,
  createdAt: sql`${flows.createdAt}`,
  submissionCount,
};

export const flowNotFound = () => notFound('Het formulier');

/** A page of the environment's forms (search in name and title), newest first unless another sort is asked. */
export async function listFlows(db: Database, scope: FlowScope, query: FlowsQuery): Promise<FlowPage> {
  const offset = query.offset ?? 0;
  const sort = query.sort ?? 'createdAt';
  const where = and(
    eq(flows.environmentId, scope.environmentId),
    containsText(query.search, flows.name, flows.title),
  );
  const { rows, total } = await readPage(
    db
      .select(flowColumns)
      .from(flows)
      .where(where)
      .orderBy(
        ...orderBy(sortColumns[sort], flows.id, query.order ?? (sort === 'createdAt' ? 'DESC' : 'ASC')),
      )
      .offset(offset)
      .limit(query.limit ?? pageSize),
    db.select({ total: count() }).from(flows).where(where),
  );
  return { data: rows.map((row) => toFlow(row, scope)), total };
}

/** One form of the environment; 404 for an unknown id or another environment's form. */
export async function getFlow(db: Database, scope: FlowScope, id: string): Promise<Flow> {
  const [row] = await db
    .select(flowColumns)
    .from(flows)
    .where(and(eq(flows.id, id), eq(flows.environmentId, scope.environmentId)));
  if (!row) throw flowNotFound();
  return toFlow(row, scope);
}

/** Creates a form; answers its id. The name is required ('Naam is een verplicht veld'). */
export async function createFlow(db: Database, environmentId: string, body: FlowBody): Promise<string> {
  const [created] = await db
    .insert(flows)
    .values({ environmentId, ...flowValues(body) })
    .returning({ id: flows.id });
  return created.id;
}

/**
 * Changes a form's name, title and description, and its closing when the body names it; answers the form
 * as stored.
 */
export async function updateFlow(db: Database, scope: FlowScope, id: string, body: FlowBody): Promise<Flow> {
  const [updated] = await db
    .update(flows)
    .set({ ...flowValues(body), updatedAt: new Date() })
    .where(and(eq(flows.id, id), eq(flows.environmentId, scope.environmentId)))
    .returning({ id: flows.id });
  if (!updated) throw flowNotFound();
  return getFlow(db, scope, id);
}

/** Deletes a form with its questions, options, submissions and answers (the foreign keys cascade). */
export async function deleteFlow(
  db: Database,
  environmentId: string,
  id: string,
  actor: LogActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(flows)
      .where(and(eq(flows.id, id), eq(flows.environmentId, environmentId)))
      .returning({ id: flows.id, name: flows.name });
    if (!deleted) throw flowNotFound();
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'form.deleted',
      resource: { type: 'form', id: deleted.id, label: deleted.name },
    });
  });
}

/** The id of a form of the environment, for calls below /flows/{flowId}; 404 otherwise. */
export async function requireFlow(db: Database, environmentId: string, flowId: string) {
  const [flow] = await db
    .select({ id: flows.id, name: flows.name })
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.environmentId, environmentId)));
  if (!flow) throw flowNotFound();
  return flow;
}

/** Reads a form of the environment and locks its row until the transaction ends; 404 if absent. */
export async function lockFlow(tx: Database, environmentId: string, flowId: string) {
  const [flow] = await tx
    .select({ id: flows.id })
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.environmentId, environmentId)))
    .for('update');
  if (!flow) throw flowNotFound();
  return flow;
}

function flowValues(body: FlowBody) {
  return {
    name: requiredText(body.name, 'name', flowFieldNames.name),
    title: optionalText(body.title),
    description: optionalText(body.description),
    // Left out: unchanged (a client of the spec's call knows nothing of closing).
    ...(body.isClosed === undefined ? {} : { isClosed: body.isClosed }),
    ...(body.closesAt === undefined ? {} : { closesAt: closingMoment(body.closesAt) }),
  };
}

/** The closing moment as stored, or null; 400 naming `closesAt` for a value that is no moment. */
function closingMoment(value: string | null): Date | null {
  if (value === null || value.trim() === '') return null;
  const moment = new Date(value);
  const year = moment.getUTCFullYear();
  if (Number.isNaN(moment.getTime()) || year < 2000 || year > 9999) {
    throw badRequest('closesAt', 'Sluit op is geen geldig tijdstip.');
  }
  return moment;
}

function toFlow(row: FlowRow, scope: FlowScope): Flow {
  return {
    ...row,
    closesAt: row.closesAt?.toISOString() ?? null,
    isOpen: !formClosure(row, new Date()).closed,
    publicUrl: publicFormUrl(scope.publicUrl, scope.environmentId, row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
