import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { trackedJobs, trackedLinks } from '../db/schema';
import type { DeliveryContent } from '../delivery/composeMessage';
import { isTrackableLink } from './linkRule';
import { isPersonal, publicationMeasuringOf, type MeasuringMode } from './measuringMode';
import { serverSecret } from '../delivery/serverSecret';
import { anonymousKeyLength, signTrackingToken, trackingKeyName, type MessageKey } from './trackingToken';

// Measurement in a delivered message: the pixel and the wrapped links. The job's HTML is split at its
// trackable links once per job (prepareJobTracking); per recipient only the tokens are signed and the
// pieces joined (contentFor), so the send path pays a few HMACs per message and no parsing.

export const trackingPathPrefix = '/t';
export const pixelPath = (token: string) => `${trackingPathPrefix}/o/${token}.gif`;
export const clickPath = (token: string) => `${trackingPathPrefix}/c/${token}`;

export interface JobTracking {
  mode: MeasuringMode;
  /** The content of one recipient's message: unchanged in 'Uit'. */
  contentFor(recipientId: number, sentAt: Date): DeliveryContent;
}

const hrefPattern = /(<a\b[^>]*?\bhref=")([^"]*)(")/gi;

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/**
 * Fixes the job's mode (the first preparation wins, so a restarted job keeps measuring the same way) and
 * its wrapped links, and returns the per-recipient composer.
 */
export async function prepareJobTracking(
  db: Database,
  job: { jobId: string; environmentId: string; publicationId: string },
  content: DeliveryContent,
  publicUrl: string,
): Promise<JobTracking> {
  const setting = await publicationMeasuringOf(db, job.environmentId, job.publicationId);
  await db
    .insert(trackedJobs)
    .values({
      jobId: job.jobId,
      environmentId: job.environmentId,
      publicationId: job.publicationId,
      mode: setting.mode,
    })
    .onConflictDoNothing();
  const [fixed] = await db
    .select({ mode: trackedJobs.mode })
    .from(trackedJobs)
    .where(eq(trackedJobs.jobId, job.jobId));
  const mode = fixed.mode as MeasuringMode;
  if (mode === 'Uit') return { mode, contentFor: () => content };

  // The HTML between links, and the link positions in order: pieces[0] link0 pieces[1] link1 … pieces[n].
  const pieces: string[] = [];
  const urls: string[] = [];
  let last = 0;
  for (const match of content.html.matchAll(hrefPattern)) {
    const url = decodeAttribute(match[2]);
    if (!isTrackableLink(url, publicUrl)) continue;
    const start = match.index + match[1].length;
    pieces.push(content.html.slice(last, start));
    last = start + match[2].length;
    urls.push(url);
  }
  const rest = content.html.slice(last);
  const bodyEnd = rest.toLowerCase().lastIndexOf('</body>');
  const [beforePixel, afterPixel] = bodyEnd < 0 ? [rest, ''] : [rest.slice(0, bodyEnd), rest.slice(bodyEnd)];
  if (urls.length > 0) {
    // A job prepared again after a restart renders the same content; its links keep their first targets.
    await db
      .insert(trackedLinks)
      .values(urls.map((url, position) => ({ jobId: job.jobId, position, url })))
      .onConflictDoNothing();
  }
  const key = await serverSecret(db, trackingKeyName);
  const base = publicUrl.replace(/\/+$/, '');
  const personal = isPersonal(mode);

  return {
    mode,
    contentFor(recipientId, sentAt) {
      const messageKey: MessageKey = personal
        ? { kind: 'recipient', recipientId }
        : { kind: 'anonymous', value: randomBytes(anonymousKeyLength).toString('base64url') };
      const claim = { jobId: job.jobId, sentAt: Math.floor(sentAt.getTime() / 1000), key: messageKey };
      let html = pieces[0] ?? '';
      for (let position = 0; position < urls.length; position++) {
        html += `${base}${clickPath(signTrackingToken(key, { ...claim, position }))}`;
        html += position + 1 < urls.length ? pieces[position + 1] : '';
      }
      const pixel = `${base}${pixelPath(signTrackingToken(key, { ...claim, position: -1 }))}`;
      html += `${beforePixel}<img src="${pixel}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">${afterPixel}`;
      return { ...content, html };
    },
  };
}
