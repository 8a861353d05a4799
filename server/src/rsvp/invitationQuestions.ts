import type { FormFieldDetail } from '../contract/forms';
import type { Database } from '../db/client';
import type { QuestionAnswer } from '../db/schema';
import { selectFieldDetails } from '../forms/details';
import { checkAnswers, type AnswerProblem, type PublicForm } from '../forms/publicForm';
import type { RsvpAnswer } from './rsvpAddress';

// The optional form of an invitation (rsvp_events.form_id): its questions are asked on the answer page
// with 'Ja' or 'Misschien' and checked like the form's own public page (forms/publicForm.ts). The answers
// are kept with the invitee's answer, not as a submission of the form: an invitee changes their answer
// as often as they like, so option places (maxAnswers) of the form do not apply here and are not shown.

/** The form's questions for the answer page, every option open; an empty list without a form. */
export async function invitationQuestions(db: Database, formId: string | null): Promise<FormFieldDetail[]> {
  if (formId === null) return [];
  const fields = await selectFieldDetails(db, formId);
  return fields.map((field) => ({
    ...field,
    options: field.options.map((option) => ({ ...option, left: null, isFull: false })),
  }));
}

/** Whether an answer asks the questions: 'Nee' does not (and empties earlier answers). */
export function asksQuestions(answer: RsvpAnswer): boolean {
  return answer !== 'Nee';
}

/**
 * Checks the answers given (question id → option id or text) for an RSVP answer, as the public form does:
 * the answers to store (question and answer text as they are now) or the problems, each naming its field
 * `answers.{fieldId}`.
 */
export function checkQuestionAnswers(
  fields: readonly FormFieldDetail[],
  given: Readonly<Record<string, string>>,
  answer: RsvpAnswer,
): { answers: QuestionAnswer[]; problems: AnswerProblem[] } {
  if (fields.length === 0 || !asksQuestions(answer)) return { answers: [], problems: [] };
  const form: PublicForm = {
    id: '',
    environmentId: '',
    title: '',
    description: '',
    closed: false,
    closedSince: null,
    closesAt: null,
    fields: [...fields],
  };
  const checked = checkAnswers(form, given);
  const answers = checked.answers.map((checkedAnswer): QuestionAnswer => {
    const field = fields.find((candidate) => candidate.id === checkedAnswer.fieldId) as FormFieldDetail;
    const text =
      checkedAnswer.kind === 'text'
        ? checkedAnswer.text
        : (field.options.find((option) => option.id === checkedAnswer.optionId)?.label ?? '');
    return { fieldId: field.id, question: field.label, answer: text };
  });
  return { answers, problems: checked.problems };
}
