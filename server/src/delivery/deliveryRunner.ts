import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deliveryJobs } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { renderPublicationForDelivery } from '../publications/publicationRendering';
import type { CdnLocation } from '../rendering/imageUrl';
import type { Clock } from './clock';
import { composeMessage, type DeliveryContent } from './composeMessage';
import { claimJob, finishJob, releaseLease, renewLease } from './jobStates';
import type { RateLimiter } from './rateLimiter';
import { resolveRecipients } from './recipientResolution';
import { hasWaitingRecipients, waitingRecipients, type WaitingRecipient } from './recipientResults';
import { createResultRecorder, type ResultRecorder } from './resultRecorder';
import { sendWithRetry, type RetryPolicy } from './sendWithRetry';
import { messageEnvelope } from '../mail/messageEnvelope';
import { prepareMessageSender, type MessageSender } from '../sending/messageSender';
import { signUnsubscribeToken } from './unsubscribeToken';
import { personalWebVersionUrl } from '../publicPages/webVersionAddress';
import { signWebVersionToken, webVersionKey } from '../publicPages/webVersionToken';
import { rsvpUrlPlaceholder } from '../rendering/mergeFields';
import { inviteeIdsByEmail } from '../rsvp/invitees';
import { rsvpUrl } from '../rsvp/rsvpAddress';
import { rsvpKey, signRsvpToken } from '../rsvp/rsvpToken';
import { prepareJobTracking, type JobTracking } from '../analytics/messageTracking';
import { preferenceUrl } from '../preferences/preferenceAddress';
import { preferenceKey, signAddressToken } from '../preferences/preferenceToken';
import { variantOverrides, variantValueOf } from '../abTests/variantContent';

// Runs one delivery job: claim it, resolve its recipients once, then send to the waiting recipients in
// batches, each message recorded as soon as the mail server accepted it (the lanes' results committed
// together, resultRecorder.ts).
//
// Exactly once: a recipient is 'Wachtend' until the statement recording its result commits, and only
// waiting recipients are sent to, so a restart after a crash neither skips anyone nor repeats a recorded
// send. The one gap no SMTP client can close is a crash between the server's '250 OK' and that commit: at
// most one message per lane (DELIVERY_CONCURRENCY) can then go out again, with the same Message-ID, which
// lets the receiving side (and the embedded catcher) recognise it.

export interface DeliverySettings {
  /** DELIVERY_CONCURRENCY: messages of one job in flight at once (lanes). */
  concurrency: number;
  retry: RetryPolicy;
  /** DELIVERY_LEASE_SECONDS (in ms): how long a worker's claim on a job holds without renewal. */
  leaseMs: number;
  /** Recipients read per batch; the job's state (cancelled?) is checked and the lease renewed in between. */
  batchSize: number;
  /** After this many recipients in a row failed temporarily, the mail server is taken to be down. */
  consecutiveFailureLimit: number;
}

export interface DeliveryContext {
  db: Database;
  mailer: Mailer;
  /** MAIL_FROM: the sender of environments without their own address. */
  from: string;
  /** The embedded development catcher receives the mail: it accepts any sender (sending/senderReadiness.ts). */
  catcher: boolean;
  /** Where unsubscribe links and images point (PUBLIC_URL, CDN_BASE). */
  cdn: CdnLocation;
  clock: Clock;
  rateLimiter: RateLimiter;
  settings: DeliverySettings;
  /** This process's name on the leases it holds. */
  owner: string;
  unsubscribeKey(): Promise<Buffer>;
  /** The key of the per-message bounce addresses (sending/bounceAddress.ts). */
  bounceKey(): Promise<Buffer>;
  /** True once the process is stopping: the job is left between batches for the next start. */
  stopping(): boolean;
}

export type RunOutcome =
  | { outcome: 'finished' }
  | { outcome: 'notDue'; scheduledAt: Date }
  | { outcome: 'held' }
  | { outcome: 'stopped' };

class MailServerDown extends Error {}

export async function runDeliveryJob(context: DeliveryContext, jobId: string): Promise<RunOutcome> {
  const { db, clock, settings, owner } = context;
  const claim = await claimJob(db, jobId, owner, clock.now(), settings.leaseMs);
  if (!claim.claimed) {
    if (claim.reason === 'notDue') return { outcome: 'notDue', scheduledAt: claim.scheduledAt! };
    return claim.reason === 'held' ? { outcome: 'held' } : { outcome: 'finished' };
  }
  try {
    if (!claim.resolved) await resolveRecipients(db, jobId, clock.now());
    const delivered = await deliveryContent(context, jobId, claim.environmentId);
    if (!delivered) {
      await finishJob(db, jobId, owner, clock.now(), {
        status: 'Mislukt',
        reason: 'De publicatie of de template bestaat niet meer.',
      });
      return { outcome: 'finished' };
    }
    const { content, publicationId, senderName } = delivered;
    const prepared = await prepareMessageSender(
      db,
      claim.environmentId,
      publicationId,
      { mailFrom: context.from, catcher: context.catcher },
      clock.now(),
      senderName,
    );
    if ('refused' in prepared) {
      await finishJob(db, jobId, owner, clock.now(), { status: 'Mislukt', reason: prepared.refused });
      return { outcome: 'finished' };
    }
    const key = await context.unsubscribeKey();
    const bounceKey = await context.bounceKey();
    const webKey = await webVersionKey(db);
    const preferencesKey = await preferenceKey(db);
    // Measurement (pixel, wrapped links) is prepared once per job; per message only its tokens are signed.
    const tracking = await prepareJobTracking(
      db,
      { jobId, environmentId: claim.environmentId, publicationId },
      content,
      context.cdn.publicUrl,
    );
    const failures = { consecutive: 0 };
    const recorder = createResultRecorder(db, jobId, clock);
    let afterId = 0;
    for (;;) {
      if (context.stopping()) {
        await releaseLease(db, jobId, owner);
        return { outcome: 'stopped' };
      }
      // Cancelled, or taken over after this worker stalled beyond its lease: stop without finishing.
      if (!(await renewLease(db, jobId, owner, clock.now(), settings.leaseMs)))
        return { outcome: 'finished' };
      const batch = await waitingRecipients(db, jobId, afterId, settings.batchSize);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1].id;
      const invitees = content.html.includes(rsvpUrlPlaceholder)
        ? await inviteeIdsByEmail(
            db,
            publicationId,
            batch.map((recipient) => recipient.email),
          )
        : undefined;
      const job = {
        invitees,
        rsvpKey: invitees && (await rsvpKey(db)),
        jobId,
        environmentId: claim.environmentId,
        publicationId,
        content,
        tracking,
        key,
        webKey,
        preferencesKey,
        bounceKey,
        sender: prepared.sender,
        recorder,
      };
      await sendBatch(context, job, batch, failures);
      await yieldToRequests();
    }
    // Rows skipped above were not yet waiting when read (none can appear later); anything left is a
    // recipient whose send was cut short by the stop check.
    if (await hasWaitingRecipients(db, jobId)) return { outcome: 'stopped' };
    await finishJob(db, jobId, owner, clock.now(), await finalOutcome(db, jobId));
    return { outcome: 'finished' };
  } catch (error) {
    if (error instanceof MailServerDown) {
      await finishJob(db, jobId, owner, clock.now(), { status: 'Mislukt', reason: error.message });
      return { outcome: 'finished' };
    }
    throw error;
  }
}

interface JobMail {
  jobId: string;
  environmentId: string;
  publicationId: string;
  content: DeliveryContent;
  tracking: JobTracking;
  key: Buffer;
  /** Signs each recipient's web-version link. */
  webKey: Buffer;
  /** Signs each recipient's preference link. */
  preferencesKey: Buffer;
  bounceKey: Buffer;
  sender: MessageSender;
  recorder: ResultRecorder;
  /** An invitation's batch: each recipient's invitee id, whose signed link the message carries. */
  invitees: Map<string, number> | undefined;
  rsvpKey: Buffer | undefined;
}

/** The recipient's own RSVP page in an invitation's message. */
function recipientRsvpUrl(publicUrl: string, job: JobMail, email: string): string | undefined {
  const inviteeId = job.invitees?.get(email.toLowerCase());
  if (inviteeId === undefined || !job.rsvpKey) return undefined;
  const ids = { environmentId: job.environmentId, publicationId: job.publicationId };
  return rsvpUrl(publicUrl, ids, signRsvpToken(job.rsvpKey, { ...ids, inviteeId }));
}

async function deliveryContent(
  context: DeliveryContext,
  jobId: string,
  environmentId: string,
): Promise<{ content: DeliveryContent; publicationId: string; senderName?: string } | undefined> {
  const [job] = await context.db
    .select({
      publicationId: deliveryJobs.publicationId,
      templateId: deliveryJobs.publicationTemplateId,
      ignoreRsvp: deliveryJobs.ignoreRsvp,
    })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.id, jobId));
  // A job of an A/B test sends its variant's subject, preheader or sender name (abTests/).
  const { senderName, ...overrides } = variantOverrides(await variantValueOf(context.db, jobId));
  const content = await renderPublicationForDelivery(
    context.db,
    context.cdn,
    environmentId,
    job.publicationId,
    job.templateId,
    !job.ignoreRsvp,
    overrides,
  );
  return content && { content, publicationId: job.publicationId, senderName };
}

/** Sends a batch over `concurrency` lanes; each lane takes the next recipient when its send is recorded. */
async function sendBatch(
  context: DeliveryContext,
  job: JobMail,
  batch: WaitingRecipient[],
  failures: { consecutive: number },
): Promise<void> {
  const { clock, settings } = context;
  const envelopeDomain = job.sender.domain ?? new URL(context.cdn.publicUrl).hostname;
  let next = 0;
  const lane = async () => {
    while (next < batch.length && !context.stopping()) {
      const recipient = batch[next++];
      const token = signUnsubscribeToken(job.key, recipient.id);
      const message = composeMessage(job.tracking.contentFor(recipient.id, clock.now()), recipient, {
        environmentId: job.environmentId,
        sender: job.sender,
        unsubscribeUrl: `${context.cdn.publicUrl}/u/${token}`,
        preferencesUrl: preferenceUrl(
          context.cdn.publicUrl,
          job.environmentId,
          signAddressToken(job.preferencesKey, job.environmentId, recipient.email),
        ),
        webVersionUrl: personalWebVersionUrl(context.cdn.publicUrl, {
          environmentId: job.environmentId,
          publicationId: job.publicationId,
          token: signWebVersionToken(job.webKey, {
            environmentId: job.environmentId,
            publicationId: job.publicationId,
            recipientId: recipient.id,
          }),
        }),
        rsvpUrl: recipientRsvpUrl(context.cdn.publicUrl, job, recipient.email),
        envelope: messageEnvelope(
          job.bounceKey,
          { kind: 'delivery', jobId: job.jobId, id: recipient.id },
          envelopeDomain,
        ),
      });
      await context.rateLimiter.take(job.environmentId);
      const outcome = await sendWithRetry(context.mailer, message, settings.retry, clock);
      if (outcome.sent) {
        failures.consecutive = 0;
        await job.recorder.record(recipient.id, { status: 'Verzonden', ...outcome });
      } else if (outcome.temporary && ++failures.consecutive >= settings.consecutiveFailureLimit) {
        // The server keeps failing for everyone: stop instead of failing every recipient one by one. The
        // recipients not yet recorded stay waiting.
        throw new MailServerDown(`De mailserver is niet bereikbaar: ${outcome.error}`);
      } else {
        await job.recorder.record(recipient.id, { status: 'Mislukt', ...outcome });
      }
    }
  };
  const lanes = Array.from({ length: Math.min(settings.concurrency, batch.length) }, lane);
  const results = await Promise.allSettled(lanes);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

async function finalOutcome(
  db: Database,
  jobId: string,
): Promise<{ status: 'Verzonden' } | { status: 'Mislukt'; reason: string }> {
  const [counts] = await db
    .select({ sent: deliveryJobs.sentCount, failed: deliveryJobs.failedCount })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.id, jobId));
  if (counts.sent === 0 && counts.failed > 0) {
    return { status: 'Mislukt', reason: 'Geen enkel bericht is door de mailserver aangenomen.' };
  }
  return { status: 'Verzonden' };
}
