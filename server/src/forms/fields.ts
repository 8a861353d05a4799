import { and, asc, eq, sql } from 'drizzle-orm';
import type { FormField, FormFieldBody } from '../contract/forms';
import { formFieldFieldNames, formFieldTypes, type FormFieldType } from '../contract/formRules';
import type { Database } from '../db/client';
import { flowFieldOptions, flowFields, flows } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { qualifiedColumn } from '../receivers/qualifiedColumn';
import { lockFlow, requireFlow } from './flows';
import { requiredText } from './inputText';
import { applyOrder, closeGap, nextPosition } from './order';

const orderedFields = {
  table: flowFields,
  id: flowFields.id,
  parentId: flowFields.flowId,
  position: flowFields.position,
};

const optionCount = sql<number>`(SELECT count(*) FROM ${flowFieldOptions} WHERE ${flowFieldOptions.fieldId} = ${qualifiedColumn(flowFields.id)})::int`;

const fieldColumns = {
  id: flowFields.id,
  flowId: flowFields.flowId,
  label: flowFields.label,
  type: sql<FormFieldType>`${flowFields.type}`,
  required: flowFields.required,
  position: flowFields.position,
  optionCount,
};

export const fieldNotFound = () => notFound('De vraag');

/** The questions of a form in order; 404 for another environment's form. */
export async function listFields(db: Database, environmentId: string, flowId: string): Promise<FormField[]> {
  const flow = await requireFlow(db, environmentId, flowId);
  return selectFields(db, flow.id);
}

/** Appends a question to a form; answers it. */
export async function createField(
  db: Database,
  environmentId: string,
  flowId: string,
  body: FormFieldBody,
): Promise<FormField> {
  const label = requiredText(body.label, 'label', formFieldFieldNames.label);
  const id = await db.transaction(async (tx) => {
    const flow = await lockFlow(tx, environmentId, flowId);
    const [created] = await tx
      .insert(flowFields)
      .values({
        flowId: flow.id,
        label,
        type: body.type,
        required: body.required ?? true,
        position: nextPosition(orderedFields, flow.id),
      })
      .returning({ id: flowFields.id });
    return created.id;
  });
  return getField(db, environmentId, flowId, id);
}

/**
 * Changes a question's label and type, and whether it needs an answer when the body says; answers it. A question with options cannot become a text
 * question (400 naming `type`): its options would be left without meaning.
 */
export async function updateField(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
  body: FormFieldBody,
): Promise<FormField> {
  const label = requiredText(body.label, 'label', formFieldFieldNames.label);
  await db.transaction(async (tx) => {
    const field = await lockField(tx, environmentId, flowId, fieldId);
    if (body.type === formFieldTypes.text && field.type !== formFieldTypes.text) {
      const [option] = await tx
        .select({ id: flowFieldOptions.id })
        .from(flowFieldOptions)
        .where(eq(flowFieldOptions.fieldId, field.id))
        .limit(1);
      if (option) {
        throw badRequest(
          'type',
          'Deze vraag heeft opties en kan geen tekstvraag worden. Verwijder eerst de opties.',
        );
      }
    }
    await tx
      .update(flowFields)
      .set({ label, type: body.type, ...(body.required === undefined ? {} : { required: body.required }) })
      .where(eq(flowFields.id, field.id));
  });
  return getField(db, environmentId, flowId, fieldId);
}

/** Deletes a question with its options and answers; the questions after it move up. */
export async function deleteField(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const flow = await lockFlow(tx, environmentId, flowId);
    const [removed] = await tx
      .delete(flowFields)
      .where(and(eq(flowFields.id, fieldId), eq(flowFields.flowId, flow.id)))
      .returning({ position: flowFields.position });
    if (!removed) throw fieldNotFound();
    await closeGap(tx, orderedFields, flow.id, removed.position);
  });
}

/** Puts the questions of a form in the given order (every question exactly once); answers them. */
export async function reorderFields(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldIds: readonly string[],
): Promise<FormField[]> {
  return db.transaction(async (tx) => {
    const flow = await lockFlow(tx, environmentId, flowId);
    const current = await tx
      .select({ id: flowFields.id })
      .from(flowFields)
      .where(eq(flowFields.flowId, flow.id));
    await applyOrder(tx, orderedFields, flow.id, {
      ids: fieldIds,
      current: current.map((field) => field.id),
      field: 'fieldIds',
      message: 'De nieuwe volgorde moet elke vraag van het formulier precies één keer bevatten.',
    });
    return selectFields(tx, flow.id);
  });
}

/**
 * Reads a question of the environment's form `flowId` and locks its row until the transaction ends
 * (changes of its options take this lock); 404 otherwise.
 */
export async function lockField(tx: Database, environmentId: string, flowId: string, fieldId: string) {
  const [field] = await tx
    .select({ id: flowFields.id, flowId: flowFields.flowId, type: flowFields.type })
    .from(flowFields)
    .innerJoin(flows, eq(flows.id, flowFields.flowId))
    .where(
      and(eq(flowFields.id, fieldId), eq(flowFields.flowId, flowId), eq(flows.environmentId, environmentId)),
    )
    .for('update', { of: flowFields });
  if (!field) throw fieldNotFound();
  return field;
}

/** One question of the environment's form `flowId`; 404 otherwise. */
export async function getField(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
): Promise<FormField> {
  const [field] = await db
    .select(fieldColumns)
    .from(flowFields)
    .innerJoin(flows, eq(flows.id, flowFields.flowId))
    .where(
      and(eq(flowFields.id, fieldId), eq(flowFields.flowId, flowId), eq(flows.environmentId, environmentId)),
    );
  if (!field) throw fieldNotFound();
  return field;
}

/** The questions of a form in order. */
export async function selectFields(db: Database, flowId: string): Promise<FormField[]> {
  return db
    .select(fieldColumns)
    .from(flowFields)
    .where(eq(flowFields.flowId, flowId))
    .orderBy(asc(flowFields.position), asc(flowFields.createdAt));
}

/** The id of a question of the environment's form `flowId`, for calls below it; 404 otherwise. */
export async function requireField(db: Database, environmentId: string, flowId: string, fieldId: string) {
  const [field] = await db
    .select({ id: flowFields.id, flowId: flowFields.flowId })
    .from(flowFields)
    .innerJoin(flows, eq(flows.id, flowFields.flowId))
    .where(
      and(eq(flowFields.id, fieldId), eq(flowFields.flowId, flowId), eq(flows.environmentId, environmentId)),
    );
  if (!field) throw fieldNotFound();
  return field;
}
