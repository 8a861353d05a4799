import { createHash, createHmac } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { refusedPermanently } from '../bounces/sendRefusal';
import type {
  RecipientResult,
  RecipientResultPage,
  RecipientResultSortField,
  RecipientResultsQuery,
} from '../contract/analytics';
import { pageSize } from '../contract/paging';
import type { Database } from '../db/client';
import { keysetBatches } from '../db/keysetBatches';
import { deliveryJobs, trackedJobs } from '../db/schema';
import { containsText } from '../db/textSearch';
import { serverSecret } from '../delivery/serverSecret';
import { invitationOf, rsvpSummary } from '../rsvp/invitees';
import { isPersonal, publicationMeasuringOf, type MeasuringMode } from './measuringMode';
import { rollupMarkName, rowsOf } from './rollup';

// What the analytics page reads. Opens and clicks come from the hourly counts plus the events after the
// rollup mark, in one statement, so the tiles, the chart and the links table always add up alike.

export interface AnalyticsReport {
  mode: MeasuringMode;
  sending: boolean;
  jobs: Array<{ id: string; title: string; status: string; mode: MeasuringMode | null }>;
  sent: number;
  delivered: number;
  bounces: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
  unsubscribed: number;
  opens: { unique: number; total: number; machine: number };
  clicks: { unique: number; total: number; machine: number };
  series: Array<{ at: string; opens: number; clicks: number }>;
  links: Array<{ url: string; unique: number; total: number }>;
  rsvp: { yes: number; no: number; maybe: number; noAnswer: number } | null;
}

interface HourRow {
  hour: Date | string;
  kind: 'open' | 'click';
  position: number;
  machine: boolean;
  total: number;
  firsts: number;
  firsts_of_kind: number;
}

const hourMs = 60 * 60 * 1000;
/** The chart shows hours for the first 48 hours after the first send, days after that. */
const hourlySpanMs = 48 * hourMs;

/** The publication's jobs (one when `jobId` is given) in this environment. */
async function jobsOf(db: Database, environmentId: string, publicationId: string, jobId?: string) {
  return db
    .select({
      id: deliveryJobs.id,
      title: deliveryJobs.title,
      status: deliveryJobs.status,
      sent: deliveryJobs.sentCount,
      failed: deliveryJobs.failedCount,
      startedAt: deliveryJobs.startedAt,
      mode: trackedJobs.mode,
    })
    .from(deliveryJobs)
    .leftJoin(trackedJobs, eq(trackedJobs.jobId, deliveryJobs.id))
    .where(
      and(
        eq(deliveryJobs.environmentId, environmentId),
        eq(deliveryJobs.publicationId, publicationId),
        jobId ? eq(deliveryJobs.id, jobId) : undefined,
      ),
    )
    .orderBy(deliveryJobs.createdAt);
}

/** Counts per job-agnostic hour, kind, link and machine flag: rollups plus the tail, in one statement. */
async function hourRows(db: Database, jobIds: string[]): Promise<HourRow[]> {
  if (jobIds.length === 0) return [];
  const ids = sql.join(
    jobIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await rowsOf<HourRow>(
    db,
    sql`WITH mark AS (
      SELECT coalesce((SELECT last_event_id FROM analytics_rollup_mark WHERE name = ${rollupMarkName}), 0) AS id
    ), combined AS (
      SELECT job_id, hour, kind, position, machine, total, firsts, firsts_of_kind
      FROM analytics_hourly WHERE job_id IN (${ids})
      UNION ALL
      SELECT e.job_id, date_trunc('hour', e.occurred_at), e.kind, e.position, e.machine,
             count(*)::int, (count(*) FILTER (WHERE e.first))::int, (count(*) FILTER (WHERE e.first_of_kind))::int
      FROM analytics_events e, mark WHERE e.job_id IN (${ids}) AND e.id > mark.id
      GROUP BY 1, 2, 3, 4, 5
    )
    SELECT c.hour, c.kind,
           CASE WHEN c.kind = 'click' THEN (SELECT url FROM tracked_links l WHERE l.job_id = c.job_id AND l.position = c.position) END AS url,
           c.position, c.machine,
           sum(c.total)::int AS total, sum(c.firsts)::int AS firsts, sum(c.firsts_of_kind)::int AS firsts_of_kind
    FROM combined c GROUP BY c.hour, c.kind, c.job_id, c.position, c.machine`,
  );
  return rows;
}

export async function analyticsReport(
  db: Database,
  environmentId: string,
  publicationId: string,
  jobId?: string,
): Promise<AnalyticsReport> {
  const setting = await publicationMeasuringOf(db, environmentId, publicationId);
  const jobs = await jobsOf(db, environmentId, publicationId, jobId);
  const jobIds = jobs.map((job) => job.id);
  const rows = (await hourRows(db, jobIds)) as Array<HourRow & { url: string | null }>;
  const opens = { unique: 0, total: 0, machine: 0 };
  const clicks = { unique: 0, total: 0, machine: 0 };
  const links = new Map<string, { url: string; unique: number; total: number }>();
  const start = jobs
    .map((job) => job.startedAt?.getTime())
    .filter((time): time is number => time !== undefined)
    .reduce((earliest, time) => Math.min(earliest, time), Infinity);
  const buckets = new Map<number, { opens: number; clicks: number }>();
  for (const row of rows) {
    const counts = row.kind === 'open' ? opens : clicks;
    if (row.machine) {
      counts.machine += row.total;
      continue;
    }
    counts.total += row.total;
    counts.unique += row.firsts_of_kind;
    if (row.kind === 'click' && row.url) {
      const link = links.get(row.url) ?? { url: row.url, unique: 0, total: 0 };
      link.unique += row.firsts;
      link.total += row.total;
      links.set(row.url, link);
    }
    const hour = new Date(row.hour).getTime();
    const bucketStart = Number.isFinite(start) && hour - start >= hourlySpanMs ? dayStart(hour) : hour;
    const bucket = buckets.get(bucketStart) ?? { opens: 0, clicks: 0 };
    bucket[row.kind === 'open' ? 'opens' : 'clicks'] += row.total;
    buckets.set(bucketStart, bucket);
  }
  const sent = jobs.reduce((sum, job) => sum + job.sent + job.failed, 0);
  const { hard, soft, complaints } = await bounceCounts(db, jobIds);
  const bounces = hard + soft;
  return {
    mode: setting.mode,
    sending: jobs.some((job) => job.status === 'Bezig'),
    jobs: jobs.map((job) => ({
      id: job.id,
      title: job.title,
      status: job.status,
      mode: (job.mode as MeasuringMode | null) ?? null,
    })),
    sent,
    delivered: sent - bounces,
    bounces,
    hardBounces: hard,
    softBounces: soft,
    complaints,
    unsubscribed: await unsubscribedCount(db, environmentId, jobIds),
    opens,
    clicks,
    series: [...buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([at, counts]) => ({ at: new Date(at).toISOString(), ...counts })),
    links: [...links.values()].sort(
      (a, b) => b.unique - a.unique || b.total - a.total || a.url.localeCompare(b.url),
    ),
    rsvp: await rsvpCounts(db, environmentId, publicationId),
  };
}

/** An invitation's answers, the same figures as its RSVP page (rsvp/invitees.ts); null for other publications. */
async function rsvpCounts(db: Database, environmentId: string, publicationId: string) {
  if (!(await invitationOf(db, publicationId))) return null;
  const { yes, no, maybe, noAnswer } = await rsvpSummary(db, environmentId, publicationId);
  return { yes, no, maybe, noAnswer };
}

function dayStart(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/**
 * Messages that bounced, hard or soft (a message with both is hard), and complaints: refusals when sending
 * ('Mislukt') and the reports the bounce listener recorded (bounces/), each message counted once.
 */
async function bounceCounts(db: Database, jobIds: string[]) {
  if (jobIds.length === 0) return { hard: 0, soft: 0, complaints: 0 };
  const ids = sql.join(
    jobIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [row] = await rowsOf<{ hard: number; soft: number; complaints: number }>(
    db,
    sql`WITH bounced AS (${bouncedRecipients(ids)})
      SELECT count(*) FILTER (WHERE bounce = 'hard')::int AS hard,
             count(*) FILTER (WHERE bounce = 'soft')::int AS soft,
             (SELECT count(*) FROM delivery_bounces WHERE job_id IN (${ids}) AND kind = 'complaint')::int AS complaints
      FROM bounced`,
  );
  return row;
}

/**
 * One row per bounced message of the jobs (of the recipient rows in `within` only, when given): its
 * recipient row id and 'hard' or 'soft'.
 */
function bouncedRecipients(ids: SQL, within?: SQL) {
  const only = (column: SQL) => (within ? sql`AND ${column} IN (${within})` : sql``);
  return sql`SELECT id, min(bounce) AS bounce FROM (
      SELECT r.id, CASE WHEN ${refusedPermanently(sql`r.detail`)} THEN 'hard' ELSE 'soft' END AS bounce
      FROM delivery_recipients r WHERE r.job_id IN (${ids}) AND r.status = 'Mislukt' ${only(sql`r.id`)}
      UNION ALL
      SELECT b.recipient_id, b.kind FROM delivery_bounces b
      WHERE b.job_id IN (${ids}) AND b.kind IN ('hard', 'soft') ${only(sql`b.recipient_id`)}
    ) AS any_bounce GROUP BY id`;
}

/** Addresses the jobs delivered to that unsubscribed (and are still) since the job started. */
async function unsubscribedCount(db: Database, environmentId: string, jobIds: string[]): Promise<number> {
  if (jobIds.length === 0) return 0;
  const ids = sql.join(
    jobIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT lower(r.email))::int AS n
      FROM delivery_recipients r
      JOIN delivery_jobs j ON j.id = r.job_id
      JOIN unsubscribers u ON u.environment_id = ${environmentId} AND lower(u.email) = lower(r.email)
        AND u.removed_at IS NULL AND u.created_at >= coalesce(j.started_at, j.created_at)
        AND u.cause <> 'Onbestelbaar'
      WHERE r.job_id IN (${ids}) AND r.status = 'Verzonden'`,
  );
  return row.n;
}

/** Recipients read per statement while the CSV streams: memory stays flat however many there are. */
const csvBatchSize = 1000;

/** The jobs whose recipients the table shows, and how it names them; undefined outside the personal modes. */
interface PersonalScope {
  /** The publication's jobs (or the one asked) that were sent in a personal mode, as an SQL list. */
  ids: SQL | undefined;
  /** The row's label: the address when both the publication and the job are 'Per persoon', else a pseudonym. */
  label: SQL;
  /** A stable key of the row: the keyed hash the pseudonym is cut from. */
  key: SQL;
}

async function personalScope(
  db: Database,
  environmentId: string,
  publicationId: string,
  jobId: string | undefined,
): Promise<PersonalScope | undefined> {
  const setting = await publicationMeasuringOf(db, environmentId, publicationId);
  if (!isPersonal(setting.mode)) return undefined;
  const jobs = await jobsOf(db, environmentId, publicationId, jobId);
  const personalJobs = jobs
    .filter((job) => job.mode && isPersonal(job.mode as MeasuringMode))
    .map((job) => job.id);
  const key = sql`encode(${hmacSql(await serverSecret(db, 'analytics-pseudonym'), sql`r.id::text`)}, 'hex')`;
  const pseudonymSql = sql`'Lezer ' || left(${key}, ${pseudonymLength})`;
  return {
    ids:
      personalJobs.length === 0
        ? undefined
        : sql.join(
            personalJobs.map((id) => sql`${id}::uuid`),
            sql`, `,
          ),
    label:
      setting.mode === 'Per persoon'
        ? sql`CASE WHEN t.mode = 'Per persoon' THEN r.email ELSE ${pseudonymSql} END`
        : pseudonymSql,
    key,
  };
}

/**
 * Human opens and clicks per recipient row of the jobs. With `within` (a relation with `id`, such as a CSV
 * batch, whose rows are the jobs' own), of those rows only, each looked up by the covering recipient index:
 * a batch reads its own events, not the job's. No job condition there: a recipient row's events are its
 * job's, and with one the planner (without statistics yet, as right after a send) may walk the job's
 * events for every row instead.
 */
function eventsPerRecipient(ids: SQL, within?: SQL): SQL {
  const figures = sql`count(*) FILTER (WHERE e.kind = 'open')::int AS opens,
      count(*) FILTER (WHERE e.kind = 'click')::int AS clicks,
      min(e.occurred_at) FILTER (WHERE e.kind = 'open') AS first_open`;
  if (within)
    return sql`SELECT w.id, ev.opens, ev.clicks, ev.first_open
      FROM (${within}) AS w
      CROSS JOIN LATERAL (
        SELECT ${figures}, count(*) AS events FROM analytics_events e
        WHERE e.recipient_id = w.id AND NOT e.machine
      ) AS ev
      WHERE ev.events > 0`;
  return sql`SELECT e.recipient_id AS id, ${figures}
    FROM analytics_events e
    WHERE e.job_id IN (${ids}) AND NOT e.machine AND e.recipient_id IS NOT NULL
    GROUP BY e.recipient_id`;
}

/**
 * The table's rows for the recipient rows `candidates` gives (a relation with their `id`, `email` and
 * `job_id`), next to the CTEs `events` and `bounced`: label, key, figures, and whether the row is shown at
 * all (it had an event or bounced; the others are not in the table). The candidates bring their own
 * columns: joined here again, the planner would hash all of the table's recipients for one CSV batch.
 */
function resultRows(scope: PersonalScope, candidates: SQL): SQL {
  return sql`SELECT r.id, ${scope.key} AS key, ${scope.label} AS recipient,
      coalesce(ev.opens, 0) AS opens, coalesce(ev.clicks, 0) AS clicks, ev.first_open, b.bounce,
      (ev.id IS NOT NULL OR b.id IS NOT NULL) AS shown
    FROM (${candidates}) AS r
    JOIN tracked_jobs t ON t.job_id = r.job_id
    LEFT JOIN events ev ON ev.id = r.id
    LEFT JOIN bounced b ON b.id = r.id`;
}

interface ResultRow {
  id: string;
  key: string;
  recipient: string;
  opens: number;
  clicks: number;
  first_open: Date | string | null;
  bounce: 'hard' | 'soft' | null;
}

function toResult(row: ResultRow): RecipientResult {
  return {
    id: row.key,
    recipient: row.recipient,
    opens: row.opens,
    clicks: row.clicks,
    firstOpenedAt: row.first_open === null ? null : new Date(row.first_open).toISOString(),
    bounce: row.bounce,
  };
}

const sortColumns: Record<RecipientResultSortField, SQL> = {
  recipient: sql`recipient`,
  opens: sql`opens`,
  clicks: sql`clicks`,
  firstOpenedAt: sql`first_open`,
};

/**
 * One page of the recipient table (personal modes only; undefined otherwise): the address in
 * 'Per persoon', a stable pseudonym in 'Per persoon gepseudonimiseerd'. Human opens and clicks only, as
 * the tiles count them, and the messages that bounced. Searched, sorted, paged and counted in one
 * statement. Names from A, figures from the highest, unless another order is asked.
 */
export async function recipientResultPage(
  db: Database,
  environmentId: string,
  publicationId: string,
  query: RecipientResultsQuery,
): Promise<RecipientResultPage | undefined> {
  const scope = await personalScope(db, environmentId, publicationId, query.jobId);
  if (!scope) return undefined;
  if (!scope.ids) return { data: [], total: 0 };
  const { sort = 'recipient', offset = 0, limit = pageSize } = query;
  const order = query.order ?? (sort === 'recipient' ? 'ASC' : 'DESC');
  const direction = order === 'DESC' ? sql`DESC` : sql`ASC`;
  const rows = await rowsOf<ResultRow & { total: number }>(
    db,
    sql`WITH events AS (${eventsPerRecipient(scope.ids)}),
      bounced AS (${bouncedRecipients(scope.ids)}),
      results AS (${resultRows(
        scope,
        sql`SELECT r.id, r.email, r.job_id FROM delivery_recipients r
          JOIN (SELECT id FROM events UNION SELECT id FROM bounced) AS shown ON shown.id = r.id`,
      )}),
      found AS (SELECT * FROM results WHERE ${containsText(query.search, sql`recipient`) ?? sql`true`}),
      page AS (
        SELECT * FROM found ORDER BY ${sortColumns[sort]} ${direction} NULLS LAST, id ${direction}
        OFFSET ${offset} LIMIT ${limit}
      )
      SELECT (SELECT count(*) FROM found)::int AS total, page.*
      FROM (SELECT 1) AS one LEFT JOIN page ON true
      ORDER BY ${sortColumns[sort]} ${direction} NULLS LAST, page.id ${direction}`,
  );
  return {
    data: rows.filter((row) => row.id !== null).map(toResult),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * Every row of the recipient table (searched like the page), in sending order, read by keyset on the
 * recipient row a batch at a time: for the CSV, whose memory stays flat. Undefined outside the personal
 * modes.
 */
export async function allRecipientResults(
  db: Database,
  environmentId: string,
  publicationId: string,
  query: { jobId?: string; search?: string },
): Promise<AsyncIterable<RecipientResult> | undefined> {
  const scope = await personalScope(db, environmentId, publicationId, query.jobId);
  if (!scope) return undefined;
  const { ids } = scope;
  if (!ids) return (async function* () {})();
  const matches = containsText(query.search, sql`recipient`) ?? sql`true`;
  // The batch's figures are computed once (MATERIALIZED). Inlined, a planner without fresh statistics (right
  // after a send; PGlite has no autovacuum) took the batch for one row and ran the events' lateral per
  // pair of rows: 1.7 s a batch of 1,000 instead of milliseconds.
  const batches = keysetBatches(
    (after: string | undefined) =>
      rowsOf<ResultRow & { shown: boolean; included: boolean }>(
        db,
        sql`WITH batch AS (
            SELECT r.id, r.email, r.job_id FROM delivery_recipients r
            WHERE r.job_id IN (${ids}) ${after === undefined ? sql`` : sql`AND r.id > ${after}::bigint`}
            ORDER BY r.id LIMIT ${csvBatchSize}
          ),
          events AS MATERIALIZED (${eventsPerRecipient(ids, sql`SELECT id FROM batch`)}),
          bounced AS MATERIALIZED (${bouncedRecipients(ids, sql`SELECT id FROM batch`)}),
          results AS (${resultRows(scope, sql`SELECT * FROM batch`)})
          SELECT *, (shown AND ${matches}) AS included FROM results ORDER BY id`,
      ),
    (last) => String(last.id),
  );
  return (async function* () {
    for await (const batch of batches) for (const row of batch) if (row.included) yield toResult(row);
  })();
}

/** A random-looking, stable label for a recipient row: not the address, not reversible without the key. */
export function pseudonym(key: Buffer, recipientId: string | number): string {
  return `Lezer ${createHmac('sha256', key).update(String(recipientId)).digest('hex').slice(0, pseudonymLength)}`;
}

const pseudonymLength = 10;

/**
 * HMAC-SHA256 (RFC 2104) of `message` under `key`, computed by the database, so the pseudonym can be
 * searched and sorted in SQL: the same bytes as `createHmac('sha256', key)`. The key's inner and outer
 * pads travel as parameters; PostgreSQL (and PGlite) has `sha256()` built in.
 */
function hmacSql(key: Buffer, message: SQL): SQL {
  const blockSize = 64;
  const block = Buffer.alloc(blockSize);
  (key.length > blockSize ? createHash('sha256').update(key).digest() : key).copy(block);
  const pad = (byte: number) => Buffer.from(block.map((value) => value ^ byte)).toString('hex');
  return sql`sha256(decode(${pad(0x5c)}, 'hex') || sha256(decode(${pad(0x36)}, 'hex') || convert_to(${message}, 'UTF8')))`;
}
