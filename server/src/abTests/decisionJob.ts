import type { Database } from '../db/client';
import type { Delivery } from '../delivery/delivery';
import { startMinuteJob } from '../delivery/minuteJob';
import { decideDueTests } from './decision';

// The A/B tests' decisions as a job each minute (delivery/minuteJob.ts): however many processes run it,
// a test is decided once (decision.ts), and its remainder job goes on the delivery queue. Were the queue
// entry lost, the delivery sweep finds the planned job anyway.

export function startAbTestDecisions(
  delivery: Pick<Delivery, 'queue' | 'enqueue'>,
  db: Database,
  now: () => Date,
): Promise<{ stop(): Promise<void> }> {
  return startMinuteJob(delivery.queue.boss, 'ab-test-decisions', 'A/B test decisions', async () => {
    for (const jobId of await decideDueTests(db, now())) await delivery.enqueue(jobId);
  });
}
