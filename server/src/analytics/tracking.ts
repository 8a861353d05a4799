import { and, eq } from 'drizzle-orm';
import type { AnalyticsSettings } from './analyticsSettings';
import type { Database } from '../db/client';
import { trackedJobs, trackedLinks } from '../db/schema';
import { serverSecret } from '../delivery/serverSecret';
import { isMachineClick, isMachineOpen, RecentClicks } from './classifier';
import { createEventWriter, type EventWriter } from './eventWriter';
import {
  maxTrackingTokenLength,
  trackingKeyName,
  verifyTrackingToken,
  type TrackingClaim,
} from './trackingToken';

// What the public tracking endpoints do (routes/tracking.ts): check the token, classify, queue the event.
// Jobs and link targets are cached (bounded), so a hit costs an HMAC and, once per job, two lookups;
// once the key and the job are at hand nothing is awaited and the answer comes synchronously (a promise
// only when something must be loaded): the endpoints answer thousands a second, and each promise and
// its microtask showed in their CPU a request.

/** A value now, or its loading. */
export type Maybe<T> = T | Promise<T>;

export interface Tracking {
  key(): Promise<Buffer>;
  /** Records an open of a genuine token; false (nothing recorded) for any other. */
  open(token: string, userAgent: string | undefined, at: Date): Maybe<boolean>;
  /** The link's target for a genuine token (recording the click when `record`); undefined otherwise. */
  click(token: string, userAgent: string | undefined, at: Date, record: boolean): Maybe<string | undefined>;
  writer: EventWriter;
  close(): Promise<void>;
}

interface Job {
  environmentId: string;
  mode: string;
}

const cacheLimit = 10_000;

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

export function createTracking(db: Database, settings: AnalyticsSettings): Tracking {
  let key: Promise<Buffer> | undefined;
  let loadedKey: Buffer | undefined;
  const trackingKey = () => (key ??= serverSecret(db, trackingKeyName).then((value) => (loadedKey = value)));
  const writer = createEventWriter(db);
  const jobs = new Map<string, Job | null>();
  const links = new Map<string, string | null>();
  const recent = new RecentClicks();

  const loadJob = async (jobId: string) => {
    const [row] = await db
      .select({ environmentId: trackedJobs.environmentId, mode: trackedJobs.mode })
      .from(trackedJobs)
      .where(eq(trackedJobs.jobId, jobId));
    return remember(jobs, jobId, row ?? null);
  };
  /** The cached job (null: not tracked), or its loading. */
  const jobOf = (jobId: string) => jobs.get(jobId) ?? (jobs.has(jobId) ? null : loadJob(jobId));
  const loadLink = async (linkKey: string, claim: TrackingClaim) => {
    const [row] = await db
      .select({ url: trackedLinks.url })
      .from(trackedLinks)
      .where(and(eq(trackedLinks.jobId, claim.jobId), eq(trackedLinks.position, claim.position)));
    return remember(links, linkKey, row?.url ?? null);
  };
  /** The cached link target (null: no such link), or its loading. */
  const linkOf = (claim: TrackingClaim) => {
    const linkKey = `${claim.jobId} ${claim.position}`;
    const url = links.get(linkKey);
    return url !== undefined ? url : loadLink(linkKey, claim);
  };
  const claimOf = (token: string, key: Buffer): TrackingClaim | undefined =>
    token.length <= maxTrackingTokenLength ? verifyTrackingToken(key, token) : undefined;
  const messageKeyOf = (claim: TrackingClaim) =>
    claim.key.kind === 'anonymous' ? `a:${claim.key.value}` : `r:${claim.key.recipientId}`;
  const recipientOf = (claim: TrackingClaim) =>
    claim.key.kind === 'recipient' ? claim.key.recipientId : null;

  const recordOpen = (claim: TrackingClaim, job: Job | null, userAgent: string | undefined, at: Date) => {
    if (!job) return false;
    writer.add({
      environmentId: job.environmentId,
      jobId: claim.jobId,
      kind: 'open',
      position: -1,
      messageKey: messageKeyOf(claim),
      recipientId: recipientOf(claim),
      machine: isMachineOpen(userAgent),
      occurredAt: at,
    });
    return true;
  };
  const open = (key: Buffer, token: string, userAgent: string | undefined, at: Date): Maybe<boolean> => {
    const claim = claimOf(token, key);
    if (!claim || claim.position !== -1) return false;
    const job = jobOf(claim.jobId);
    return job instanceof Promise
      ? job.then((loaded) => recordOpen(claim, loaded, userAgent, at))
      : recordOpen(claim, job, userAgent, at);
  };

  const recordClick = (
    claim: TrackingClaim,
    url: string | null,
    job: Job | null,
    click: { userAgent: string | undefined; at: Date; record: boolean },
  ) => {
    if (url === null || !job) return undefined;
    if (click.record) {
      const messageKey = messageKeyOf(claim);
      const previous = recent.note(messageKey, claim.position, click.at.getTime());
      writer.add({
        environmentId: job.environmentId,
        jobId: claim.jobId,
        kind: 'click',
        position: claim.position,
        messageKey,
        recipientId: recipientOf(claim),
        machine: isMachineClick(
          { userAgent: click.userAgent, sentAt: claim.sentAt, at: click.at, previousOtherLinkAt: previous },
          settings,
        ),
        occurredAt: click.at,
      });
    }
    return url;
  };
  const withJob = (claim: TrackingClaim, url: string | null, click: Parameters<typeof recordClick>[3]) => {
    const job = url === null ? null : jobOf(claim.jobId);
    return job instanceof Promise
      ? job.then((loaded) => recordClick(claim, url, loaded, click))
      : recordClick(claim, url, job, click);
  };
  const click = (
    key: Buffer,
    token: string,
    click: Parameters<typeof recordClick>[3],
  ): Maybe<string | undefined> => {
    const claim = claimOf(token, key);
    if (!claim || claim.position < 0) return undefined;
    const url = linkOf(claim);
    return url instanceof Promise
      ? url.then((loaded) => withJob(claim, loaded, click))
      : withJob(claim, url, click);
  };

  return {
    key: trackingKey,
    writer,
    open: (token, userAgent, at) =>
      loadedKey
        ? open(loadedKey, token, userAgent, at)
        : trackingKey().then((key) => open(key, token, userAgent, at)),
    click: (token, userAgent, at, record) =>
      loadedKey
        ? click(loadedKey, token, { userAgent, at, record })
        : trackingKey().then((key) => click(key, token, { userAgent, at, record })),
    close: () => writer.close(),
  };
}
