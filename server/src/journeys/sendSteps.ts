import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mergeColumns } from '../delivery/recipientResolution';

// 'Verstuur publicatie' goes through the sending pipeline: the people of one ticker round at one send
// step become one delivery job, written in one statement with their step runs and their recipient rows
// (resolved), in the ticker's transaction. A step run exists once per (enrollment, step, visit): a row
// whose run exists already gets no recipient, so a retry or a second worker never sends twice. A crash
// before the commit leaves neither; after it, the delivery worker sends each row once and records a
// failed send on that row alone (retried there), the others go on.

export interface SendGroup {
  environmentId: string;
  publicationId: string;
  templateId: string;
  title: string;
}

export interface PendingSend {
  enrollmentId: string;
  journeyId: string;
  stepId: string;
  subscriberId: string | null;
  email: string;
}

export const sendResult = 'Publicatie klaargezet voor verzending.';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Writes the step runs, the delivery job and its recipients; answers the job id to queue, if any was sent. */
export async function queueSends(
  tx: Database,
  group: SendGroup,
  sends: PendingSend[],
  now: Date,
): Promise<string | null> {
  const mergeValues = sql.join(
    Object.entries(mergeColumns).map(([name, column]) => sql`${name}::text, ${column}`),
    sql`, `,
  );
  const input = JSON.stringify(
    sends.map((send) => ({
      enrollment_id: send.enrollmentId,
      journey_id: send.journeyId,
      step_id: send.stepId,
      subscriber_id: send.subscriberId,
      email: send.email,
    })),
  );
  // The recipient's id is drawn first, so the step run can point at it in the same statement.
  const [row] = rowsOf<{ job_id: string; sent: number }>(
    await tx.execute(sql`
      WITH job AS (
        INSERT INTO delivery_jobs (environment_id, publication_id, title, publication_template_id,
                                   recipient_count, status, resolved_at)
        VALUES (${group.environmentId}, ${group.publicationId}, ${group.title}, ${group.templateId},
                ${sends.length}, 'Gepland', now())
        RETURNING id
      ),
      input AS MATERIALIZED (
        SELECT send.*, nextval(pg_get_serial_sequence('delivery_recipients', 'id')) AS recipient_id,
               coalesce((SELECT max(earlier.visit) FROM journey_step_runs AS earlier
                         WHERE earlier.enrollment_id = send.enrollment_id AND earlier.step_id = send.step_id), 0) + 1 AS visit
        FROM jsonb_to_recordset(${input}::jsonb)
          AS send(enrollment_id uuid, journey_id uuid, step_id text, subscriber_id uuid, email text)
      ),
      runs AS (
        INSERT INTO journey_step_runs (enrollment_id, journey_id, step_id, step_kind, visit, status, result, at,
                                       delivery_job_id, delivery_recipient_id)
        SELECT input.enrollment_id, input.journey_id, input.step_id, 'send', input.visit, 'Gelukt', ${sendResult},
               ${now.toISOString()}::timestamptz, job.id, input.recipient_id
        FROM input CROSS JOIN job
        ON CONFLICT (enrollment_id, step_id, visit) DO NOTHING
        RETURNING delivery_recipient_id
      ),
      recipients AS (
        INSERT INTO delivery_recipients (id, job_id, environment_id, subscriber_id, email, merge_values, status)
        SELECT input.recipient_id, job.id, ${group.environmentId}::uuid, input.subscriber_id, input.email,
               CASE WHEN subscribers.id IS NULL THEN jsonb_build_object('email', input.email)
                    ELSE jsonb_strip_nulls(jsonb_build_object(${mergeValues})) END,
               'Wachtend'
        FROM runs JOIN input ON input.recipient_id = runs.delivery_recipient_id CROSS JOIN job
        LEFT JOIN subscribers ON subscribers.id = input.subscriber_id
        RETURNING 1
      )
      SELECT (SELECT id FROM job) AS job_id, (SELECT count(*) FROM recipients)::int AS sent`),
  );
  const sent = Number(row.sent);
  // Only when runs existed already (never in one claimed batch): the job holds exactly what was queued.
  if (sent === 0) {
    await tx.execute(sql`DELETE FROM delivery_jobs WHERE id = ${row.job_id}`);
    return null;
  }
  if (sent !== sends.length)
    await tx.execute(sql`UPDATE delivery_jobs SET recipient_count = ${sent} WHERE id = ${row.job_id}`);
  return row.job_id;
}
