import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { OptionCount, Submission, SubmissionPage, SubmissionsQuery } from '../contract/forms';
import {
  formClosedMessage,
  formFieldTypes,
  optionFullMessage,
  unlimitedAnswers,
} from '../contract/formRules';
import type { Database } from '../db/client';
import { flowAnswers, flowFieldOptions, flowFields, flowSubmissions, flows } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { pageSize } from '../contract/paging';
import { violatesForeignKey } from '../db/constraintViolation';
import { readPage } from '../db/paging';
import { recordFormAnswered } from '../journeys/outbox';
import { formClosure } from './closing';
import { selectFieldDetails } from './details';
import { requireFlow } from './flows';
import { answerField, type CheckedAnswer, type PublicForm } from './publicForm';

/**
 * Stores one submission with its answers, in one transaction; answers its id.
 *
 * The places of an option are taken with a conditional UPDATE (`max_answers = 0 OR taken < max_answers`)
 * inside that transaction. PostgreSQL locks the option's row for the update and re-checks the condition
 * once a concurrent submission holding the lock has committed, so with M places left exactly M
 * submissions succeed; the others are refused with 409 'Deze keuze is vol.' and store nothing (the
 * transaction rolls back). PGlite runs one transaction at a time, so the same holds there. Options are
 * taken in id order, so two submissions choosing the same options cannot deadlock.
 *
 * A form closed at `now` (by hand, or its closing moment passed) refuses with 409: the form's row is read
 * with a share lock, so a submission and closing the form meanwhile do not cross.
 */
export async function storeSubmission(
  db: Database,
  form: PublicForm,
  answers: readonly CheckedAnswer[],
  now: Date,
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [flow] = await tx
        .select({ isClosed: flows.isClosed, closesAt: flows.closesAt })
        .from(flows)
        .where(eq(flows.id, form.id))
        .for('share');
      if (!flow) throw formChangedError();
      if (formClosure(flow, now).closed) throw formClosedError();
      const [submission] = await tx
        .insert(flowSubmissions)
        .values({ flowId: form.id })
        .returning({ id: flowSubmissions.id });
      const values = new Map<string, { optionId: string | null; value: string }>();
      const chosen = answers
        .filter((answer) => answer.kind === 'option')
        .sort((a, b) => a.optionId.localeCompare(b.optionId));
      for (const answer of chosen) {
        const [option] = await tx
          .update(flowFieldOptions)
          .set({ taken: sql`${flowFieldOptions.taken} + 1` })
          .where(
            and(
              eq(flowFieldOptions.id, answer.optionId),
              eq(flowFieldOptions.fieldId, answer.fieldId),
              or(
                eq(flowFieldOptions.maxAnswers, unlimitedAnswers),
                lt(flowFieldOptions.taken, flowFieldOptions.maxAnswers),
              ),
            ),
          )
          .returning({ label: flowFieldOptions.label });
        if (!option) throw await refusedOption(tx, answer);
        values.set(answer.fieldId, { optionId: answer.optionId, value: option.label });
      }
      for (const answer of answers) {
        if (answer.kind === 'text') values.set(answer.fieldId, { optionId: null, value: answer.text });
      }
      // Only optional questions, all left empty: the submission itself is the answer.
      if (values.size > 0) {
        await tx
          .insert(flowAnswers)
          .values(
            [...values].map(([fieldId, answer]) => ({ submissionId: submission.id, fieldId, ...answer })),
          );
      }
      await recordFormAnswered(tx, {
        environmentId: form.environmentId,
        flowId: form.id,
        submissionId: submission.id,
      });
      return submission.id;
    });
  } catch (error) {
    // The form or one of its questions was deleted between loading the page and storing.
    if (violatesForeignKey(error)) throw formChangedError();
    throw error;
  }
}

/** A page of a form's submissions with their answers in question order, newest first by default. */
export async function listSubmissions(
  db: Database,
  environmentId: string,
  flowId: string,
  query: SubmissionsQuery,
): Promise<SubmissionPage> {
  const flow = await requireFlow(db, environmentId, flowId);
  const offset = query.offset ?? 0;
  const direction = query.order === 'ASC' ? asc : desc;
  const { rows, total } = await readPage(
    db
      .select({ id: flowSubmissions.id, createdAt: flowSubmissions.createdAt })
      .from(flowSubmissions)
      .where(eq(flowSubmissions.flowId, flow.id))
      .orderBy(direction(flowSubmissions.createdAt), direction(flowSubmissions.id))
      .offset(offset)
      .limit(query.limit ?? pageSize),
    db.select({ total: count() }).from(flowSubmissions).where(eq(flowSubmissions.flowId, flow.id)),
  );
  const answers = await selectAnswers(
    db,
    rows.map((row) => row.id),
  );
  const data: Submission[] = rows.map((row) => ({
    id: row.id,
    flowId: flow.id,
    createdAt: row.createdAt.toISOString(),
    answers: answers
      .filter((answer) => answer.submissionId === row.id)
      .map(({ fieldId, optionId, value }) => ({ fieldId, optionId, value })),
  }));
  return { data, total };
}

/** Every option of every radio question of a form, in form order, with places taken and left. */
export async function listOptionCounts(
  db: Database,
  environmentId: string,
  flowId: string,
): Promise<OptionCount[]> {
  const flow = await requireFlow(db, environmentId, flowId);
  const fields = await selectFieldDetails(db, flow.id);
  return fields
    .filter((field) => field.type === formFieldTypes.radio)
    .flatMap((field) => field.options.map((option) => ({ ...option, fieldLabel: field.label })));
}

/** The answers of the given submissions, in question order. */
export async function selectAnswers(db: Database, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  return db
    .select({
      submissionId: flowAnswers.submissionId,
      fieldId: flowAnswers.fieldId,
      optionId: flowAnswers.optionId,
      value: flowAnswers.value,
    })
    .from(flowAnswers)
    .innerJoin(flowFields, eq(flowFields.id, flowAnswers.fieldId))
    .where(inArray(flowAnswers.submissionId, [...submissionIds]))
    .orderBy(asc(flowFields.position));
}

/** Why an option could not be taken: it is full (409), or it was deleted meanwhile (400). */
async function refusedOption(
  tx: Database,
  answer: Extract<CheckedAnswer, { kind: 'option' }>,
): Promise<ApiError> {
  const [option] = await tx
    .select({ id: flowFieldOptions.id })
    .from(flowFieldOptions)
    .where(and(eq(flowFieldOptions.id, answer.optionId), eq(flowFieldOptions.fieldId, answer.fieldId)));
  if (!option) return badRequest(answerField(answer.fieldId), 'Deze keuze bestaat niet meer. Kies opnieuw.');
  return new ApiError(409, optionFullMessage, answerField(answer.fieldId));
}

/** The form takes no more answers (409, `answers`). */
export function formClosedError(): ApiError {
  return new ApiError(409, formClosedMessage, 'answers');
}

function formChangedError(): ApiError {
  return new ApiError(409, 'Het formulier is intussen gewijzigd. Laad de pagina opnieuw.', 'answers');
}
