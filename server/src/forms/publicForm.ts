import { and, eq } from 'drizzle-orm';
import type { FormFieldDetail } from '../contract/forms';
import { formFieldTypes, formTextLimits } from '../contract/formRules';
import type { Database } from '../db/client';
import { flows } from '../db/schema';
import { formClosure } from './closing';
import { selectFieldDetails } from './details';
import { flowNotFound } from './flows';

/** What the public page shows and the submission checks against: the form as it is now. */
export interface PublicForm {
  id: string;
  environmentId: string;
  /** The external title; the internal name when no title is set (a page needs a heading). */
  title: string;
  description: string;
  /** Takes no answers: closed by hand, or its closing moment has passed. */
  closed: boolean;
  /** The closing moment it closed at; null while open or when closed by hand. */
  closedSince: Date | null;
  /** The closing moment still to come; null when closed or without one. */
  closesAt: Date | null;
  fields: FormFieldDetail[];
}

/** A problem with one answer: `field` is `answers.{fieldId}` (the JSON body's path), `fieldId` the question. */
export interface AnswerProblem {
  field: string;
  fieldId: string | null;
  message: string;
}

/** A checked answer, ready to store: the chosen option (radio) or the trimmed text. */
export type CheckedAnswer =
  { fieldId: string; kind: 'option'; optionId: string } | { fieldId: string; kind: 'text'; text: string };

/**
 * A form of the environment for its public page, as it is at `now` (open or closed); 404 for an unknown
 * id or another environment's form.
 */
export async function loadPublicForm(
  db: Database,
  environmentId: string,
  flowId: string,
  now: Date,
): Promise<PublicForm> {
  const [flow] = await db
    .select({
      id: flows.id,
      name: flows.name,
      title: flows.title,
      description: flows.description,
      isClosed: flows.isClosed,
      closesAt: flows.closesAt,
    })
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.environmentId, environmentId)));
  if (!flow) throw flowNotFound();
  const { closed, closedSince } = formClosure(flow, now);
  return {
    id: flow.id,
    environmentId,
    title: flow.title || flow.name,
    description: flow.description,
    closed,
    closedSince,
    closesAt: closed ? null : flow.closesAt,
    fields: await selectFieldDetails(db, flow.id),
  };
}

/** The JSON path of the answer to a question, used as the `field` of a 400 or 409. */
export function answerField(fieldId: string): string {
  return `answers.${fieldId}`;
}

/**
 * Checks every question of the form against the answers given (question id → option id or text): each
 * required question needs an answer (an optional one left empty is simply not stored), a radio answer
 * must be one of the question's options and a text answer at most `formTextLimits.answer` characters. Answers to unknown questions are ignored (a form edited
 * while someone had it open). Whether an option still has places is decided when storing.
 */
export function checkAnswers(
  form: PublicForm,
  given: Readonly<Record<string, string>>,
): { answers: CheckedAnswer[]; problems: AnswerProblem[] } {
  if (form.fields.length === 0) {
    return {
      answers: [],
      problems: [{ field: 'answers', fieldId: null, message: 'Dit formulier heeft nog geen vragen.' }],
    };
  }
  const answers: CheckedAnswer[] = [];
  const problems: AnswerProblem[] = [];
  for (const field of form.fields) {
    const value = (given[field.id] ?? '').trim();
    const problem = (message: string) =>
      problems.push({ field: answerField(field.id), fieldId: field.id, message });
    if (!value && !field.required) continue;
    if (field.type === formFieldTypes.radio) {
      if (!value) problem(`Kies een antwoord bij '${field.label}'.`);
      else if (!field.options.some((option) => option.id === value.toLowerCase()))
        problem(`Kies een van de antwoorden bij '${field.label}'.`);
      else answers.push({ fieldId: field.id, kind: 'option', optionId: value.toLowerCase() });
    } else if (!value) {
      problem(`Vul een antwoord in bij '${field.label}'.`);
    } else if (value.length > formTextLimits.answer) {
      problem(`Je antwoord bij '${field.label}' mag hoogstens ${formTextLimits.answer} tekens lang zijn.`);
    } else {
      answers.push({ fieldId: field.id, kind: 'text', text: value });
    }
  }
  return { answers, problems };
}
