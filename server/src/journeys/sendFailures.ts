import { sql } from 'drizzle-orm';

// Why a journey's send did not reach a person, as one SQL expression over the step run's delivery row
// (`r`) and its job (`job`): the mail server's refusal of that message, or the whole job's end (it
// failed, e.g. a template of another publication type, or it was cancelled) while the message still
// waited. Null: not failed (queued, sent or skipped). The step's counts and the timeline both use it.

export const cancelledJob = 'De verzendopdracht is geannuleerd.';

export const sendFailure = sql`CASE
  WHEN r.status = 'Mislukt' THEN coalesce(r.detail, 'Onbekende fout.')
  WHEN r.status = 'Wachtend' AND job.status = 'Mislukt' THEN coalesce(job.failure_reason, 'Onbekende fout.')
  WHEN r.status = 'Wachtend' AND job.status = 'Geannuleerd' THEN ${cancelledJob}
END`;
