import { sql, type SQL } from 'drizzle-orm';

/**
 * The jobs that send the recipients of the A/B test whose parent job is `parentJobId` (a uuid
 * expression): its variant jobs and, once the winner is chosen, its remainder job; none for any other
 * job. The parent is the test as a whole, so the job reads count and list its recipients together with
 * these jobs' (the recipients move to them and are never copied, testResolution.ts).
 */
export function sendingJobsOfTest(parentJobId: SQL): SQL {
  return sql`SELECT v.job_id FROM ab_test_variants v JOIN ab_tests t ON t.id = v.test_id
      WHERE t.parent_job_id = ${parentJobId}
    UNION ALL
    SELECT t.remainder_job_id FROM ab_tests t
      WHERE t.parent_job_id = ${parentJobId} AND t.remainder_job_id IS NOT NULL`;
}
