import type { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { dutchCsv } from '../csv/dutchCsv';
import type { Database } from '../db/client';
import { keysetBatches } from '../db/keysetBatches';
import { flowSubmissions } from '../db/schema';
import { selectFields } from './fields';
import { requireFlow } from './flows';
import { selectAnswers } from './submissions';

/** Submissions read per query while the file streams: memory stays bounded however many there are. */
const batchSize = 500;

/** Dates in the file as Dutch staff read them: local time, sortable (2026-11-23 14:05:09). */
const timestampFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'short',
  timeStyle: 'medium',
});

export interface AnswersCsv {
  fileName: string;
  content: Readable;
}

/**
 * A form's answers as CSV for Excel in Dutch settings (csv/dutchCsv.ts: a public answer such as
 * `=HYPERLINK(…)` stays text): one row per submission (oldest first), the time it came in and one column
 * per question in form order.
 */
export async function answersCsv(db: Database, environmentId: string, flowId: string): Promise<AnswersCsv> {
  const flow = await requireFlow(db, environmentId, flowId);
  const fields = await selectFields(db, flow.id);
  const header = ['Ingezonden op', ...fields.map((field) => field.label)];
  const rows = submissionRows(
    db,
    flow.id,
    fields.map((field) => field.id),
  );
  return { fileName: `${flow.name} - antwoorden.csv`, content: dutchCsv(header, rows) };
}

/**
 * The rows, read in batches by keyset (time, id). The cursor's time travels as text: a JavaScript Date
 * would cut PostgreSQL's microseconds and repeat rows.
 */
async function* submissionRows(db: Database, flowId: string, fieldIds: readonly string[]) {
  const batches = keysetBatches(
    (after: { createdAt: string; id: string } | undefined) =>
      db
        .select({
          id: flowSubmissions.id,
          createdAt: flowSubmissions.createdAt,
          cursor: sql<string>`${flowSubmissions.createdAt}::text`,
        })
        .from(flowSubmissions)
        .where(
          and(
            eq(flowSubmissions.flowId, flowId),
            after
              ? sql`(${flowSubmissions.createdAt}, ${flowSubmissions.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(flowSubmissions.createdAt), asc(flowSubmissions.id))
        .limit(batchSize),
    (last) => ({ createdAt: last.cursor, id: last.id }),
  );
  for await (const submissions of batches) {
    const answers = await selectAnswers(
      db,
      submissions.map((submission) => submission.id),
    );
    for (const submission of submissions) {
      const values = new Map(
        answers
          .filter((answer) => answer.submissionId === submission.id)
          .map((answer) => [answer.fieldId, answer.value]),
      );
      yield [timestampFormat.format(submission.createdAt), ...fieldIds.map((id) => values.get(id) ?? '')];
    }
  }
}
