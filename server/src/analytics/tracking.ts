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
// once the key and the job are at hand nothing is awaited.

export interface Tracking {
  key(): Promise<Buffer>;
  /** Records an open of a genuine token; false (nothing recorded) for any other. */
  open(token: string, userAgent: string | undefined, at: Date): Promise<boolean>;
  /** The link's target for a genuine token (recording the click when `record`); undefined otherwise. */
  click(token: string, userAgent: string | undefined, at: Date, record: boolean): Promise<string | undefined>;
  writer: EventWriter;
  close(): Promise<void>;
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
  const jobs = new Map<string, { environmentId: string; mode: string } | null>();
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
  const claimOf = (token: string, key: Buffer): TrackingClaim | undefined =>
    token.length <= maxTrackingTokenLength ? verifyTrackingToken(key, token) : undefined;
  const messageKeyOf = (claim: TrackingClaim) =>
    claim.key.kind === 'anonymous' ? `a:${claim.key.value}` : `r:${claim.key.recipientId}`;
  const recipientOf = (claim: TrackingClaim) =>
    claim.key.kind === 'recipient' ? claim.key.recipientId : null;

  return {
    key: trackingKey,
    writer,
    async open(token, userAgent, at) {
      const claim = claimOf(token, loadedKey ?? (await trackingKey()));
      if (!claim || claim.position !== -1) return false;
      const cached = jobOf(claim.jobId);
      const job = cached instanceof Promise ? await cached : cached;
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
    },
    async click(token, userAgent, at, record) {
      const claim = claimOf(token, loadedKey ?? (await trackingKey()));
      if (!claim || claim.position < 0) return undefined;
      const linkKey = `${claim.jobId} ${claim.position}`;
      let url = links.get(linkKey);
      if (url === undefined) {
        const [row] = await db
          .select({ url: trackedLinks.url })
          .from(trackedLinks)
          .where(and(eq(trackedLinks.jobId, claim.jobId), eq(trackedLinks.position, claim.position)));
        url = remember(links, linkKey, row?.url ?? null);
      }
      const cached = url === null ? null : jobOf(claim.jobId);
      const job = cached instanceof Promise ? await cached : cached;
      if (url === null || !job) return undefined;
      if (record) {
        const messageKey = messageKeyOf(claim);
        const previous = recent.note(messageKey, claim.position, at.getTime());
        writer.add({
          environmentId: job.environmentId,
          jobId: claim.jobId,
          kind: 'click',
          position: claim.position,
          messageKey,
          recipientId: recipientOf(claim),
          machine: isMachineClick(
            { userAgent, sentAt: claim.sentAt, at, previousOtherLinkAt: previous },
            settings,
          ),
          occurredAt: at,
        });
      }
      return url;
    },
    close: () => writer.close(),
  };
}
