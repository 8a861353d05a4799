import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FieldOption, FieldOptionBody } from '../contract/forms';
import { fieldOptionFieldNames, formFieldTypes, unlimitedAnswers } from '../contract/formRules';
import type { Database } from '../db/client';
import { flowFieldOptions, flowFields, flows } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { lockField, requireField } from './fields';
import { requiredText } from './inputText';
import { applyOrder, closeGap, nextPosition } from './order';

const orderedOptions = {
  table: flowFieldOptions,
  id: flowFieldOptions.id,
  parentId: flowFieldOptions.fieldId,
  position: flowFieldOptions.position,
};

const optionColumns = {
  id: flowFieldOptions.id,
  flowId: flowFields.flowId,
  fieldId: flowFieldOptions.fieldId,
  label: flowFieldOptions.label,
  maxAnswers: flowFieldOptions.maxAnswers,
  position: flowFieldOptions.position,
  taken: flowFieldOptions.taken,
};

type OptionRow = Omit<FieldOption, 'left' | 'isFull'>;

export const optionNotFound = () => notFound('De optie');

/** The options of a question in order; 404 unless the question belongs to the environment's form. */
export async function listOptions(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
): Promise<FieldOption[]> {
  const field = await requireField(db, environmentId, flowId, fieldId);
  return selectOptions(db, field.flowId, [field.id]);
}

/** One option; 404 unless it belongs to question `fieldId` of the environment's form `flowId`. */
export async function getOption(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
  optionId: string,
): Promise<FieldOption> {
  const [row] = await db
    .select(optionColumns)
    .from(flowFieldOptions)
    .innerJoin(flowFields, eq(flowFields.id, flowFieldOptions.fieldId))
    .innerJoin(flows, eq(flows.id, flowFields.flowId))
    .where(
      and(
        eq(flowFieldOptions.id, optionId),
        eq(flowFieldOptions.fieldId, fieldId),
        eq(flowFields.flowId, flowId),
        eq(flows.environmentId, environmentId),
      ),
    );
  if (!row) throw optionNotFound();
  return toFieldOption(row);
}

/** Appends an option to a radio question; answers it. A text question has no options: 400 naming `fieldId`. */
export async function createOption(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
  body: FieldOptionBody,
): Promise<FieldOption> {
  const label = requiredText(body.label, 'label', fieldOptionFieldNames.label);
  const id = await db.transaction(async (tx) => {
    const field = await lockField(tx, environmentId, flowId, fieldId);
    if (field.type === formFieldTypes.text) {
      throw badRequest(
        'fieldId',
        'Een tekstvraag heeft geen opties; alleen een keuzevraag kan opties hebben.',
      );
    }
    const [created] = await tx
      .insert(flowFieldOptions)
      .values({
        fieldId: field.id,
        label,
        maxAnswers: body.maxAnswers,
        position: nextPosition(orderedOptions, field.id),
      })
      .returning({ id: flowFieldOptions.id });
    return created.id;
  });
  return getOption(db, environmentId, flowId, fieldId, id);
}

/**
 * Changes an option's label and places; answers it. Places below the number already taken are allowed:
 * the option is then full, and the answers given stay.
 */
export async function updateOption(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
  optionId: string,
  body: FieldOptionBody,
): Promise<FieldOption> {
  const label = requiredText(body.label, 'label', fieldOptionFieldNames.label);
  await db.transaction(async (tx) => {
    const field = await lockField(tx, environmentId, flowId, fieldId);
    const [updated] = await tx
      .update(flowFieldOptions)
      .set({ label, maxAnswers: body.maxAnswers })
      .where(and(eq(flowFieldOptions.id, optionId), eq(flowFieldOptions.fieldId, field.id)))
      .returning({ id: flowFieldOptions.id });
    if (!updated) throw optionNotFound();
  });
  return getOption(db, environmentId, flowId, fieldId, optionId);
}

/**
 * Deletes an option; the options after it move up. Answers that chose it keep its label as their value
 * (their option id becomes null).
 */
export async function deleteOption(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
  optionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const field = await lockField(tx, environmentId, flowId, fieldId);
    const [removed] = await tx
      .delete(flowFieldOptions)
      .where(and(eq(flowFieldOptions.id, optionId), eq(flowFieldOptions.fieldId, field.id)))
      .returning({ position: flowFieldOptions.position });
    if (!removed) throw optionNotFound();
    await closeGap(tx, orderedOptions, field.id, removed.position);
  });
}

/** Puts the options of a question in the given order (every option exactly once); answers them. */
export async function reorderOptions(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
  optionIds: readonly string[],
): Promise<FieldOption[]> {
  return db.transaction(async (tx) => {
    const field = await lockField(tx, environmentId, flowId, fieldId);
    const current = await tx
      .select({ id: flowFieldOptions.id })
      .from(flowFieldOptions)
      .where(eq(flowFieldOptions.fieldId, field.id));
    await applyOrder(tx, orderedOptions, field.id, {
      ids: optionIds,
      current: current.map((option) => option.id),
      field: 'optionIds',
      message: 'De nieuwe volgorde moet elke optie van de vraag precies één keer bevatten.',
    });
    return selectOptions(tx, field.flowId, [field.id]);
  });
}

/** The options of the given questions of one form, by question and position. */
export async function selectOptions(
  db: Database,
  flowId: string,
  fieldIds: readonly string[],
): Promise<FieldOption[]> {
  if (fieldIds.length === 0) return [];
  const rows = await db
    .select(optionColumns)
    .from(flowFieldOptions)
    .innerJoin(flowFields, eq(flowFields.id, flowFieldOptions.fieldId))
    .where(and(eq(flowFields.flowId, flowId), inArray(flowFieldOptions.fieldId, [...fieldIds])))
    .orderBy(asc(flowFields.position), asc(flowFieldOptions.position), asc(flowFieldOptions.createdAt));
  return rows.map(toFieldOption);
}

/** Places left and whether the option is full, from its places and the number taken (0 places = unlimited). */
export function toFieldOption(row: OptionRow): FieldOption {
  const unlimited = row.maxAnswers === unlimitedAnswers;
  const left = unlimited ? null : Math.max(row.maxAnswers - row.taken, 0);
  return { ...row, left, isFull: left === 0 };
}
