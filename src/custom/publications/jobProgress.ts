import { activeDeliveryJobStatuses, type DeliveryJob } from '@contract/publications';

/** How far a job is: handled (sent or failed) of all, the pace since it started and the time left. */
export interface JobProgress {
  handled: number;
  total: number;
  /** 0–100. */
  percent: number;
  /** Messages per second since the job started; undefined before it started or without progress. */
  perSecond?: number;
  /** Seconds left at that pace; undefined when unknown. */
  secondsLeft?: number;
}

export function jobProgress(job: DeliveryJob, now: number = Date.now()): JobProgress {
  const handled = job.sentCount + job.failedCount;
  const total = Math.max(job.recipientCount, handled);
  const percent = total === 0 ? (job.status === 'Verzonden' ? 100 : 0) : Math.round((handled / total) * 100);
  if (!job.startedAt || handled === 0) return { handled, total, percent };
  const end = job.finishedAt ? new Date(job.finishedAt).getTime() : now;
  const seconds = Math.max((end - new Date(job.startedAt).getTime()) / 1000, 0.001);
  const perSecond = handled / seconds;
  return { handled, total, percent, perSecond, secondsLeft: (total - handled) / perSecond };
}

/** How often a running job's numbers are read again. */
export const liveRefreshMs = 2000;

/**
 * Whether a job's numbers can change any moment, so the console keeps them fresh: while it runs, and
 * while it is due to start (a planned job whose moment has come is picked up within seconds).
 */
export function isLive(job: Pick<DeliveryJob, 'status' | 'scheduledAt'>, now: number = Date.now()): boolean {
  return job.status === 'Bezig' || (job.status === 'Gepland' && Date.parse(job.scheduledAt) <= now);
}

/** A job that is planned or running: it has recipients waiting and can be cancelled. */
export function isActive(job: Pick<DeliveryJob, 'status'>): boolean {
  return (activeDeliveryJobStatuses as readonly DeliveryJob['status'][]).includes(job.status);
}
