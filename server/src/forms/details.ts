import type { FlowDetail, FormFieldDetail } from '../contract/forms';
import type { Database } from '../db/client';
import { getField, selectFields } from './fields';
import { getFlow, type FlowScope } from './flows';
import { selectOptions } from './options';

// The nested reads: a form with its questions and their options, a question with its options.

/** One form with its questions and their options, in order (with places taken and left per option). */
export async function getFlowDetail(db: Database, scope: FlowScope, id: string): Promise<FlowDetail> {
  const flow = await getFlow(db, scope, id);
  return { ...flow, fields: await selectFieldDetails(db, flow.id) };
}

/** One question with its options in order; 404 unless it belongs to the environment's form `flowId`. */
export async function getFieldDetail(
  db: Database,
  environmentId: string,
  flowId: string,
  fieldId: string,
): Promise<FormFieldDetail> {
  const field = await getField(db, environmentId, flowId, fieldId);
  return { ...field, options: await selectOptions(db, flowId, [field.id]) };
}

/** The questions of a form with their options, in order (the form detail and the public page). */
export async function selectFieldDetails(db: Database, flowId: string): Promise<FormFieldDetail[]> {
  const fields = await selectFields(db, flowId);
  const options = await selectOptions(
    db,
    flowId,
    fields.map((field) => field.id),
  );
  return fields.map((field) => ({
    ...field,
    options: options.filter((option) => option.fieldId === field.id),
  }));
}
